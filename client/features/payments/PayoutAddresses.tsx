import { t } from '@lingui/core/macro';
import { useMutation, useQuery } from '@apollo/client/react';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { BookmarkPlus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { FormField } from '../../components/ui/FormField';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { graphql } from '../../gql';
import { serverError } from '../../lib/serverError';
import { Trans } from '@lingui/react/macro';

export const PayoutAddressesQuery = graphql(`
  query PayoutAddresses {
    payoutAddresses {
      id
      address
      label
      paidAt
    }
  }
`);

const AddPayoutAddressMutation = graphql(`
  mutation AddPayoutAddress($address: String!, $label: String!) {
    addPayoutAddress(address: $address, label: $label) {
      id
      address
      label
      paidAt
    }
  }
`);

const RemovePayoutAddressMutation = graphql(`
  mutation RemovePayoutAddress($id: ID!) {
    removePayoutAddress(id: $id)
  }
`);

/**
 * The publisher's saved payout addresses, each with a label: a withdrawal picks one. Adding one
 * asks for a fresh proof (the "Confirm it’s you" dialog); saved is not paid at, so the first
 * withdrawal to it is held like any new address's.
 */
export function PayoutAddressesCard() {
  const { data, loading } = useQuery(PayoutAddressesQuery);
  const [remove] = useMutation(RemovePayoutAddressMutation, { refetchQueries: ['PayoutAddresses'] });
  const [removing, setRemoving] = useState<string | null>(null);
  const addresses = data?.payoutAddresses ?? [];
  return (
    <Card.Root variant="outline" data-testid="payout-addresses">
      <Card.Body gap="4">
        <Heading as="h2" size="md">
          <Trans>
            <Trans>Your payout addresses</Trans>
          </Trans>
        </Heading>
        {!loading && !addresses.length && (
          <Text color="fg.muted" fontSize="sm">
            <Trans>
              <Trans>
                No saved addresses yet: save the wallets you withdraw to, with a label, and pick one when you withdraw.
              </Trans>
            </Trans>
          </Text>
        )}
        <Stack gap="2">
          {addresses.map((a) => (
            <HStack
              key={a.id}
              justify="space-between"
              gap="3"
              wrap="wrap"
              borderWidth="1px"
              borderRadius="md"
              p="3"
              data-testid="payout-address"
            >
              <Stack gap="0.5" minW="0">
                <HStack gap="2">
                  <Text fontWeight="medium">{a.label}</Text>
                  <Badge size="sm" colorPalette={a.paidAt ? 'green' : 'orange'} variant="subtle">
                    {a.paidAt ? t`Paid before` : t`New: first withdrawal held`}
                  </Badge>
                </HStack>
                <Box fontFamily="mono" fontSize="xs" color="fg.muted" wordBreak="break-all">
                  {a.address}
                </Box>
              </Stack>
              <Button
                size="sm"
                variant="ghost"
                colorPalette="red"
                aria-label={t`Remove ${a.label}`}
                loading={removing === a.id}
                onClick={async () => {
                  setRemoving(a.id);
                  try {
                    await remove({ variables: { id: a.id } });
                    notifySuccess(t`${a.label} removed`);
                  } catch (e) {
                    notifyError(serverError(e).message);
                  } finally {
                    setRemoving(null);
                  }
                }}
              >
                <Trash2 />
              </Button>
            </HStack>
          ))}
        </Stack>
        <AddAddressForm />
      </Card.Body>
    </Card.Root>
  );
}

function AddAddressForm() {
  const [add, { loading }] = useMutation(AddPayoutAddressMutation, { refetchQueries: ['PayoutAddresses'] });
  const [label, setLabel] = useState('');
  const [address, setAddress] = useState('');
  const [errors, setErrors] = useState<{ label?: string; address?: string }>({});
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const missing = {
      ...(label.trim() ? {} : { label: t`Enter a label of 1 to 60 characters, e.g. “My Tonkeeper”` }),
      ...(address.trim() ? {} : { address: t`Enter a valid TON wallet address (USDT on TON)` }),
    };
    setErrors(missing);
    if (Object.keys(missing).length) return;
    try {
      await add({ variables: { address: address.trim(), label: label.trim() } });
      notifySuccess(t`${label.trim()} saved`);
      setLabel('');
      setAddress('');
    } catch (err) {
      const { message, field } = serverError(err);
      if (field === 'label' || field === 'address') setErrors({ [field]: message });
      else notifyError(message);
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t`Save a payout address`}>
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'flex-end' }}>
        <Box flex="1">
          <FormField label={t`Label`} error={errors.label}>
            <Input
              value={label}
              maxLength={60}
              placeholder={t`My Tonkeeper`}
              onChange={(e) => setLabel(e.target.value)}
            />
          </FormField>
        </Box>
        <Box flex="2">
          <FormField label={t`Address to save`} error={errors.address}>
            <Input
              value={address}
              dir="ltr"
              spellCheck={false}
              autoComplete="off"
              placeholder={t`USDT (TON) wallet address`}
              onChange={(e) => setAddress(e.target.value)}
            />
          </FormField>
        </Box>
        <Button type="submit" variant="outline" loading={loading}>
          <BookmarkPlus /> <Trans>Save address</Trans>
        </Button>
      </Stack>
    </form>
  );
}
