import { t } from '@lingui/core/macro';
import { useMutation, useQuery } from '@apollo/client/react';
import { Card } from '@chakra-ui/react/card';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Receipt } from 'lucide-react';
import { useEffect } from 'react';
import { Page } from '../../components/ui/Page';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { graphql } from '../../gql';
import { AddFundsForm } from './AddFundsForm';
import { BalanceCard } from './BalanceCard';
import { serverError } from '../../lib/serverError';
import { TransactionHistory } from './TransactionHistory';
import { pageHeadings } from '../../lib/pageHeadings';
import { Trans } from '@lingui/react/macro';
import { useAccountAccess } from '../teams/useAccountAccess';

const AddFundsMeQuery = graphql(`
  query AddFundsMe {
    me {
      id
      advertiserBalance
    }
  }
`);

const CreateTopUpMutation = graphql(`
  mutation CreateTopUp($amount: Money!) {
    createTopUp(amount: $amount) {
      url
      transaction {
        id
        ...TransactionRow_transaction
      }
    }
  }
`);

// The checkout sends the browser back with ?payment=<id>&status=paid|failed; each outcome is
// announced once even if the page renders twice (StrictMode, a quick re-mount).
const announced = new Set<string>();

const route = getRouteApi('/home/advertiser/payments');

function usePaymentOutcomeToast() {
  const { payment, status } = route.useSearch() as { payment?: unknown; status?: unknown };
  const navigate = useNavigate();
  useEffect(() => {
    if (payment === undefined || (status !== 'paid' && status !== 'failed')) return;
    const key = `${String(payment)}:${status}`;
    if (!announced.has(key)) {
      announced.add(key);
      const id = String(payment);
      if (status === 'paid') notifySuccess(t`Payment #${id} completed, your balance is topped up`);
      else notifyError(t`Payment #${id} failed, no money was charged`);
    }
    void navigate({ to: '/advertiser/payments', search: {}, replace: true });
  }, [payment, status, navigate]);
}

/** Add Funds: balance, amount with quick picks, Go to Payment and the live history. */
export function AddFundsPage() {
  const access = useAccountAccess();
  usePaymentOutcomeToast();
  const { data } = useQuery(AddFundsMeQuery);
  const [createTopUp] = useMutation(CreateTopUpMutation);

  const pay = async (amount: string): Promise<string | undefined> => {
    try {
      const result = await createTopUp({ variables: { amount } });
      const url = result.data?.createTopUp.url;
      if (url) window.location.assign(url);
      return undefined;
    } catch (error) {
      const { message, field } = serverError(error);
      if (field === 'amount') return message;
      notifyError(message);
      return undefined;
    }
  };

  return (
    <Page {...pageHeadings['/advertiser/payments']}>
      <Stack direction={{ base: 'column', md: 'row' }} gap="4" align={{ base: 'stretch', md: 'flex-start' }}>
        <Stack flex={{ md: '0 0 18rem' }}>
          <BalanceCard
            label={t`Current balance`}
            amount={data?.me.advertiserBalance}
            testId="advertiser-balance"
            hint={t`Updates as soon as a payment completes`}
            emphasized
          />
        </Stack>
        <Card.Root variant="outline" flex="1">
          <Card.Body gap="4">
            <Stack gap="1">
              <Heading as="h2" size="md">
                <Trans>Top up</Trans>
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                <Trans>
                  You will be taken to the payment page; the balance is credited once the payment is confirmed.
                </Trans>
              </Text>
            </Stack>
            <AddFundsForm onSubmit={pay} moneyBlocked={access.why('money')} />
          </Card.Body>
        </Card.Root>
      </Stack>
      <TransactionHistory
        kind="TOP_UP"
        title={t`Transaction history`}
        empty={{
          icon: <Receipt />,
          title: t`No transactions yet`,
          description: t`Top-ups and their statuses will be listed here.`,
        }}
      />
    </Page>
  );
}
