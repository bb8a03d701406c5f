import { t } from '@lingui/core/macro';
import { countryName, formatCount, formatList, formatLocale, languageName } from '../../lib/locale';
import { Button } from '@chakra-ui/react/button';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { Code } from '@chakra-ui/react/code';
import { Field } from '@chakra-ui/react/field';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { InputGroup } from '@chakra-ui/react/input-group';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useMemo } from 'react';
import {
  type Control,
  Controller,
  type FieldErrors,
  type UseFormRegister,
  type UseFormReturn,
  useForm,
  useWatch,
} from 'react-hook-form';
import { FormField } from '../../components/ui/FormField';
import type { CreateCampaignInput, TaskType } from '../../gql/graphql';
import { formatMoney } from '../../lib/money';
import { typeLabels } from '../projects/constants';
import {
  type CampaignValues,
  type TierOption,
  emptyCampaign,
  formFieldOf,
  priceError,
  premiumPrice,
  tierMinimum,
  toCreateInput,
} from './campaign';
import { AddFundsHint } from './AddFundsHint';
import { campaignSchema } from './campaignSchema';
import type { Choice } from './ChoiceList';
import { ChoiceList } from './ChoiceList';
import { ResourceSummary } from './ResourceSummary';
import { Trans } from '@lingui/react/macro';

export interface ResourceOption {
  id: string;
  title: string;
  logo: string;
  type: TaskType;
}

/** Picking the resource: the projects, and the resources of the chosen one (null while loading). */
export interface ResourcePicker {
  projects: Array<{ id: string; title: string }>;
  resources: ResourceOption[] | null;
  onProjectChange: (projectId: string) => void;
}

export interface CampaignFormProps {
  tiers: TierOption[];
  languages: Array<{ code: string; title: string }>;
  countries: Array<{ id: string; title: string }>;
  /** Settings' onlyPremiumUserCommission, in percent. */
  premiumCommission: number;
  /** The advertiser balance, when loaded. */
  balance?: string | null;
  /** A resource chosen before the dialog opened (the resource table's button)… */
  preset?: { projectId: string; task: ResourceOption };
  /** …or the pickers. */
  picker?: ResourcePicker;
  /** Resolves with a server error to show under its field, or nothing. */
  onSubmit: (
    target: { projectId: string; taskId: string },
    input: CreateCampaignInput,
  ) => Promise<{ field?: string; message: string } | undefined>;
  onCancel?: () => void;
  /**
   * Edit an existing campaign (the campaign update modal): its values, no resource pickers
   * and no initial budget (Add budget and Return budget move money), Save instead of Create.
   */
  edit?: { values: CampaignValues; task: ResourceOption };
  /** Told when the form starts or stops differing from what it opened with (presence's "editing"). */
  onDirtyChange?: (dirty: boolean) => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="3" as="section">
      <Heading as="h3" size="sm" color="fg.muted" fontWeight="semibold">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/**
 * The countries to pick, each with its tier, in the reader's language and alphabet. A country
 * outside every tier is priced as the cheapest tier (the highest level).
 */
function countryChoicesOf(
  countries: readonly { id: string; title: string }[],
  tiers: readonly { level: number; countryIds: readonly string[] }[],
): Choice[] {
  const tierOf = new Map<string, number>();
  for (const tier of tiers) for (const id of tier.countryIds) tierOf.set(id, tier.level);
  const cheapest = Math.max(...tiers.map((t) => t.level));
  return countries
    .map((c) => ({
      value: c.id,
      label: countryName(c.id, c.title),
      hint: t`Tier ${formatCount(tierOf.get(c.id) ?? cheapest)}`,
    }))
    .sort((a, b) => a.label.localeCompare(b.label, formatLocale()));
}

/** New campaign (or its edit): resource, name, a price per tier, daily cap, targeting and the initial budget. */
export function CampaignForm({
  tiers,
  languages,
  countries,
  premiumCommission,
  balance,
  preset,
  picker,
  onSubmit,
  onCancel,
  edit,
  onDirtyChange,
}: CampaignFormProps) {
  const schema = useMemo(() => campaignSchema(tiers, balance), [tiers, balance]);
  const form = useForm<CampaignValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues:
      edit?.values ?? emptyCampaign(tiers, preset && { projectId: preset.projectId, taskId: preset.task.id }),
  });
  const {
    register,
    control,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  const [prices, projectId] = useWatch({ control, name: ['prices', 'projectId'] });

  const countryChoices = useMemo(() => countryChoicesOf(countries, tiers), [countries, tiers]);
  const languageChoices = useMemo<Choice[]>(
    () => languages.map((l) => ({ value: l.code, label: languageName(l.code, l.title) })),
    [languages],
  );

  const premiumPrices = tiers
    .map((tier, i) => {
      const price = prices?.[i] ?? '';
      return priceError(price, tier) ? null : `${premiumPrice(price, premiumCommission)} $`;
    })
    .filter(Boolean);

  const submit = form.handleSubmit(async (values) => {
    const failure = await onSubmit(
      { projectId: values.projectId, taskId: values.taskId },
      toCreateInput(values, tiers),
    );
    const field = formFieldOf(failure, tiers);
    if (failure && field) setError(field, { message: failure.message }, { shouldFocus: true });
  });

  return (
    <form onSubmit={submit} noValidate aria-label={edit ? t`Edit campaign` : t`New campaign`}>
      <Stack gap="6">
        <Section title={t`Resource`}>
          {edit || preset ? (
            <ResourceSummary task={(edit?.task ?? preset?.task)!} testId="campaign-resource" />
          ) : picker ? (
            <ResourcePickers picker={picker} form={form} projectId={projectId} />
          ) : null}
        </Section>

        <FormField label={t`Campaign name`} error={errors.name?.message} required>
          <Input autoComplete="off" placeholder={t`e.g. Spring launch`} {...register('name')} />
        </FormField>

        <PricesSection tiers={tiers} register={register} errors={errors} />

        <TargetingSection
          control={control}
          countryChoices={countryChoices}
          languageChoices={languageChoices}
          premiumCommission={premiumCommission}
          premiumPrices={premiumPrices.length === tiers.length ? (premiumPrices as string[]) : []}
        />

        <LimitsSection
          register={register}
          control={control}
          errors={errors}
          editing={Boolean(edit)}
          balance={balance}
        />

        <FormButtons onCancel={onCancel} submitting={isSubmitting} editing={Boolean(edit)} />
      </Stack>
    </form>
  );
}

/** The project and resource pickers of a new campaign: the resource list follows the project. */
function ResourcePickers({
  picker,
  form,
  projectId,
}: {
  picker: ResourcePicker;
  form: UseFormReturn<CampaignValues>;
  projectId: string | undefined;
}) {
  const {
    register,
    setValue,
    formState: { errors },
  } = form;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      <FormField label={t`Project`}>
        <NativeSelect.Root>
          <NativeSelect.Field
            placeholder={t`Choose a project`}
            {...register('projectId', {
              onChange: (e) => {
                setValue('taskId', '');
                picker.onProjectChange(e.target.value);
              },
            })}
          >
            {picker.projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <FormField
        label={t`Resource`}
        error={errors.taskId?.message}
        helperText={projectId && picker.resources?.length === 0 ? t`This project has no resources yet` : undefined}
      >
        <NativeSelect.Root disabled={!projectId || picker.resources === null}>
          <NativeSelect.Field placeholder={t`Choose a resource`} {...register('taskId')}>
            {(picker.resources ?? []).map((r) => (
              <option key={r.id} value={r.id}>
                {r.title} ({typeLabels[r.type]})
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
    </SimpleGrid>
  );
}

/** Cancel (when the form is in a dialog) and Create, or Save when editing. */
function FormButtons({
  onCancel,
  submitting,
  editing,
}: {
  onCancel?: () => void;
  submitting: boolean;
  editing: boolean;
}) {
  return (
    <Stack direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end" gap="3">
      {onCancel && (
        <Button variant="outline" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      )}
      <Button type="submit" colorPalette="brand" loading={submitting}>
        {editing ? t`Save campaign` : t`Create campaign`}
      </Button>
    </Stack>
  );
}

type FormErrors = FieldErrors<CampaignValues>;

/** A price per tier, never under the tier's floor. */
function PricesSection({
  tiers,
  register,
  errors,
}: {
  tiers: TierOption[];
  register: UseFormRegister<CampaignValues>;
  errors: FormErrors;
}) {
  return (
    <Section title={t`Price per action`}>
      <SimpleGrid columns={{ base: 1, sm: Math.min(3, Math.max(1, tiers.length)) }} gap="4">
        {tiers.map((tier, i) => (
          <Field.Root key={tier.level} invalid={Boolean(errors.prices?.[i])}>
            <Field.Label>
              <Trans>Tier {tier.level}</Trans>
            </Field.Label>
            <InputGroup endElement="USD">
              <Input inputMode="decimal" autoComplete="off" {...register(`prices.${i}`)} />
            </InputGroup>
            {errors.prices?.[i] ? (
              <Field.ErrorText>{errors.prices[i]?.message}</Field.ErrorText>
            ) : (
              <Field.HelperText>
                <Trans>From {tierMinimum(tier)} USD</Trans>
                {tier.countryIds.length > 0 &&
                  ` · ${formatList(tier.countryIds.slice(0, 3).map((id) => countryName(id)))}${tier.countryIds.length > 3 ? ` +${formatCount(tier.countryIds.length - 3)}` : ''}`}
              </Field.HelperText>
            )}
          </Field.Root>
        ))}
      </SimpleGrid>
    </Section>
  );
}

/** Who sees the campaign: countries, languages, Premium only, new users only. */
function TargetingSection({
  control,
  countryChoices,
  languageChoices,
  premiumCommission,
  premiumPrices,
}: {
  control: Control<CampaignValues>;
  countryChoices: Choice[];
  languageChoices: Choice[];
  premiumCommission: number;
  /** The Premium prices of every tier, or none while a price is invalid. */
  premiumPrices: string[];
}) {
  const premiumList = premiumPrices.join(' / ');
  return (
    <Section title={t`Targeting`}>
      <Controller
        control={control}
        name="countries"
        render={({ field, fieldState }) => (
          <ChoiceList
            label={t`Countries`}
            allLabel={t`All countries`}
            options={countryChoices}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            searchable
            testId="campaign-countries"
          />
        )}
      />
      <Controller
        control={control}
        name="languages"
        render={({ field, fieldState }) => (
          <ChoiceList
            label={t`Languages`}
            allLabel={t`All languages`}
            options={languageChoices}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            testId="campaign-languages"
          />
        )}
      />
      <Controller
        control={control}
        name="isPremiumOnly"
        render={({ field }) => (
          <Stack gap="1">
            <Checkbox.Root checked={field.value} onCheckedChange={(e) => field.onChange(e.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                <Trans>Only Telegram Premium users</Trans>
              </Checkbox.Label>
            </Checkbox.Root>
            <Text fontSize="sm" color="fg.muted" ps="7" data-testid="premium-note">
              {premiumPrices.length > 0
                ? t`Premium-only actions cost ${premiumCommission}% more: ${premiumList} with the prices above.`
                : t`Premium-only actions cost ${premiumCommission}% more.`}
            </Text>
          </Stack>
        )}
      />
      <Controller
        control={control}
        name="newUsersOnly"
        render={({ field }) => (
          <Stack gap="1">
            <Checkbox.Root
              checked={field.value}
              onCheckedChange={(e) => field.onChange(e.checked === true)}
              data-testid="campaign-new-users-only"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                <Trans>New users only</Trans>
              </Checkbox.Label>
            </Checkbox.Root>
            <Text fontSize="sm" color="fg.muted" ps="7">
              <Trans>
                Players already in the channel or chat, or reported by your server with{' '}
                <Code fontSize="xs">
                  <Trans>isNew: false</Trans>
                </Code>
                , are not paid for.
              </Trans>
            </Text>
          </Stack>
        )}
      />
    </Section>
  );
}

/** The daily cap and, for a new campaign, its initial budget. */
function LimitsSection({
  register,
  control,
  errors,
  editing,
  balance,
}: {
  register: UseFormRegister<CampaignValues>;
  control: Control<CampaignValues>;
  errors: FormErrors;
  editing: boolean;
  balance?: string | null;
}) {
  return (
    <Section title={editing ? t`Limits` : t`Limits and budget`}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField
          label={t`Daily cap`}
          error={errors.dailyCap?.message}
          helperText={t`Actions a day at most. Empty: no limit`}
        >
          <Input inputMode="numeric" autoComplete="off" placeholder={t`No limit`} {...register('dailyCap')} />
        </FormField>
        {!editing && (
          <FormField
            label={t`Initial budget`}
            error={errors.budget?.message}
            helperText={t`Optional. Advertiser balance: ${balance != null ? formatMoney(balance) : '…'}`}
          >
            <InputGroup endElement="USD">
              <Input inputMode="decimal" autoComplete="off" placeholder="0.00" {...register('budget')} />
            </InputGroup>
          </FormField>
        )}
        {!editing && <AddFundsHint message={errors.budget?.message} />}
        <FormField
          label={t`Minimum app quality`}
          error={errors.minQuality?.message}
          helperText={t`Apps scored below it (0–100) do not show the campaign. Empty: every app`}
        >
          <Input
            inputMode="numeric"
            autoComplete="off"
            placeholder={t`Any`}
            data-testid="campaign-min-quality"
            {...register('minQuality')}
          />
        </FormField>
        <Controller
          control={control}
          name="unscoredAllowed"
          render={({ field }) => (
            <Stack gap="1" justify="center">
              <Checkbox.Root checked={field.value} onCheckedChange={(e) => field.onChange(e.checked === true)}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  <Trans>Also apps without a score yet</Trans>
                </Checkbox.Label>
              </Checkbox.Root>
              <Text fontSize="sm" color="fg.muted" ps="7">
                <Trans>New apps have no score until they have enough conversions in 30 days.</Trans>
              </Text>
            </Stack>
          )}
        />
      </SimpleGrid>
    </Section>
  );
}
