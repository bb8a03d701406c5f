import { plural, t } from '@lingui/core/macro';
import { useMutation, useQuery } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Input } from '@chakra-ui/react/input';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { Portal } from '@chakra-ui/react/portal';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { type FieldErrors, type UseFormRegister, useForm } from 'react-hook-form';
import { FormField } from '../../components/ui/FormField';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { serverError } from '../../lib/serverError';
import { AwaitingOffersQuery, CreateOfferMutation, OfferChoicesQuery } from './exchangeApi';
import { emptyOffer, type OfferValues, offerSchema, toOfferInput } from './offer';
import { Trans } from '@lingui/react/macro';

export interface OfferTarget {
  id: string;
  title: string;
  ownerName: string;
}

type Field = keyof OfferValues;
const FIELDS: Field[] = [
  'platformId',
  'projectId',
  'partnerProjectId',
  'quantity',
  'partnerQuantity',
  'expiresOn',
  'message',
];
const SERVER_FIELDS: Record<string, Field> = {
  platformId: 'platformId',
  projectId: 'projectId',
  partnerProjectId: 'partnerProjectId',
  partnerPlatformId: 'partnerProjectId',
  quantity: 'quantity',
  partnerQuantity: 'partnerQuantity',
  expiresAt: 'expiresOn',
  message: 'message',
};

/** "Make an offer" from a catalog card: my app and project, their project, quantities, expiry, message. */
export function OfferDialog({ target, onClose }: { target: OfferTarget | null; onClose: () => void }) {
  return (
    <Dialog.Root open={target !== null} onOpenChange={(e) => !e.open && onClose()} size="md" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="offer-dialog">
            <Dialog.Header>
              <Stack gap="0.5" minW="0">
                <Dialog.Title>
                  <Trans>Make an offer</Trans>
                </Dialog.Title>
                <Text fontSize="sm" color="fg.muted" truncate>
                  {target ? offerTarget(target.title, target.ownerName) : ''}
                </Text>
              </Stack>
            </Dialog.Header>
            <Dialog.Body pb="6">{target && <OfferForm key={target.id} target={target} onDone={onClose} />}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export function OfferForm({ target, onDone }: { target: OfferTarget; onDone: () => void }) {
  const choices = useQuery(OfferChoicesQuery, {
    variables: { partnerPlatformId: target.id },
    fetchPolicy: 'cache-and-network',
  });
  const [create] = useMutation(CreateOfferMutation, { refetchQueries: [AwaitingOffersQuery, 'ExchangeOffers'] });
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<OfferValues>({ resolver: zodResolver(offerSchema), defaultValues: emptyOffer, mode: 'onTouched' });
  const quantity = watch('quantity');
  const apps = (choices.data?.platforms.data ?? []).filter((p) => p.isActive);
  const mine = choices.data?.mine ?? [];
  const theirs = choices.data?.theirs ?? [];

  const submit = handleSubmit(async (values) => {
    try {
      await create({ variables: { input: toOfferInput(values, target.id) } });
      notifySuccess(t`Offer sent to ${target.ownerName}`);
      onDone();
    } catch (error) {
      const { message, field } = serverError(error);
      const formField = field ? SERVER_FIELDS[field] : undefined;
      if (formField && FIELDS.includes(formField)) setError(formField, { message });
      else notifyError(message);
    }
  });

  const select = (name: OfferSelectName, placeholder: string, options: OfferOption[]) => (
    <OfferSelect
      name={name}
      placeholder={placeholder}
      options={options}
      register={register}
      invalid={Boolean(errors[name])}
    />
  );
  const resources = (n: number) => plural(n, { one: '# resource', other: '# resources' });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t`Make an offer`}>
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label={t`My app shows their tasks`} error={errors.platformId?.message} required>
            {select(
              'platformId',
              choices.loading && !choices.data ? 'Loading…' : apps.length ? t`Select an app` : t`You have no apps`,
              apps,
            )}
          </FormField>
          <FormField label={t`Their project`} error={errors.partnerProjectId?.message} required>
            {select(
              'partnerProjectId',
              theirs.length ? t`Select a project` : t`No projects to ask for`,
              theirs.map((p) => ({ id: p.id, title: p.title, note: resources(p.resources) })),
            )}
          </FormField>
          <FormField label={t`My project, shown in their app`} error={errors.projectId?.message} required>
            {select(
              'projectId',
              mine.length ? t`Select a project` : t`You have no projects`,
              mine.map((p) => ({ id: p.id, title: p.title, note: resources(p.resources) })),
            )}
          </FormField>
          <FormField
            label={t`Expires on`}
            error={errors.expiresOn?.message}
            helperText={t`Leave empty to wait for an answer`}
          >
            <Input type="date" {...register('expiresOn')} data-testid="offer-expires" />
          </FormField>
          <QuantityFields register={register} errors={errors} quantity={quantity} />
        </SimpleGrid>
        <FormField label={t`Message`} error={errors.message?.message}>
          <Textarea rows={3} placeholder={t`Optional: a word to the partner`} {...register('message')} />
        </FormField>
        <Stack direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end" gap="3">
          <Button variant="outline" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" colorPalette="brand" loading={isSubmitting} data-testid="offer-submit">
            <Trans>Send offer</Trans>
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

type OfferSelectName = 'platformId' | 'projectId' | 'partnerProjectId';
type OfferOption = { id: string; title: string; note?: string };

/** One of the offer's choices (my app, their project, my project) as a select. */
function OfferSelect({
  name,
  placeholder,
  options,
  register,
  invalid,
}: {
  name: OfferSelectName;
  placeholder: string;
  options: OfferOption[];
  register: UseFormRegister<OfferValues>;
  invalid: boolean;
}) {
  return (
    <NativeSelect.Root invalid={invalid}>
      <NativeSelect.Field placeholder={placeholder} {...register(name)} data-testid={`offer-${name}`}>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.title}
            {o.note ? ` (${o.note})` : ''}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** How many completions each side's app delivers (theirs: the same unless said). */
function QuantityFields({
  register,
  errors,
  quantity,
}: {
  register: UseFormRegister<OfferValues>;
  errors: FieldErrors<OfferValues>;
  quantity: string;
}) {
  return (
    <>
      <FormField
        label={t`Completions my app delivers`}
        error={errors.quantity?.message}
        required
        helperText={t`Players of your app who do their tasks`}
      >
        <Input inputMode="numeric" placeholder="e.g. 500" {...register('quantity')} data-testid="offer-quantity" />
      </FormField>
      <FormField
        label={t`Completions their app delivers`}
        error={errors.partnerQuantity?.message}
        helperText={t`Empty: the same${quantity.trim() ? ` (${quantity.trim()})` : ''}`}
      >
        <Input
          inputMode="numeric"
          placeholder={t`Same as mine`}
          {...register('partnerQuantity')}
          data-testid="offer-partner-quantity"
        />
      </FormField>
    </>
  );
}

/** Whom the offer goes to: the app and its owner. */
function offerTarget(title: string, owner: string): string {
  return t`To ${title} by ${owner}`;
}
