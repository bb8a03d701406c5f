import { t } from '@lingui/core/macro';
import { Avatar } from '@chakra-ui/react/avatar';
import { Box } from '@chakra-ui/react/box';
import { Button, IconButton } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { Field } from '@chakra-ui/react/field';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { SegmentGroup } from '@chakra-ui/react/segment-group';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { zodResolver } from '@hookform/resolvers/zod';
import { Gift, Pencil, Plus, Trash2 } from 'lucide-react';
import { type KeyboardEvent, type RefObject, useRef, useState } from 'react';
import { type FieldErrors, type UseFormRegister, type UseFormReturn, useForm } from 'react-hook-form';
import { FormField } from '../../components/ui/FormField';
import { notifyError } from '../../components/ui/toaster';
import type { PlatformTaskType } from '../../gql/graphql';
import { LogoField } from '../projects/ResourceFields';
import { toTelegramLink } from '../projects/resource';
import { AwardDialog, type AwardDialogMode } from './AwardDialog';
import { ShowcasePreview } from './ShowcasePreview';
import {
  type AwardAction,
  type PlatformValues,
  type ServiceAwardItem,
  type ServiceItem,
  awardsReducer,
  platformMessages,
  taskTabLabels,
} from './platform';
import { platformSchema } from './platformSchema';
import { roundMoney } from '../../lib/money';
import { Trans } from '@lingui/react/macro';

export interface PlatformFormProps {
  mode: 'create' | 'edit';
  initialValues: PlatformValues;
  categories: Array<{ id: string; title: string }>;
  upload: (file: File) => Promise<string>;
  onSubmit: (values: PlatformValues) => Promise<void>;
  /** Edit: the app already has a bot token (the token itself is never sent back). */
  hasBotToken?: boolean;
  /** Settings' networkFeePercent: the tier prices say what the publisher earns after it. */
  networkFeePercent?: number;
}

const TOP_FIELDS = ['title', 'logo', 'categoryId', 'tgBotUrl', 'webappUrl', 'awards'] as const;

/** New App / Edit App form: app fields, awards, showcase tabs, theme and preview. */
export function PlatformForm({
  mode,
  initialValues,
  categories,
  upload,
  onSubmit,
  hasBotToken = false,
  networkFeePercent,
}: PlatformFormProps) {
  const form = useForm<PlatformValues>({
    resolver: zodResolver(platformSchema),
    defaultValues: initialValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, setValue, watch, formState } = form;
  const errors = formState.errors;
  const root = useRef<HTMLFormElement>(null);
  const [tab, setTab] = useState<PlatformTaskType>(initialValues.services[0]?.taskType ?? 'BOT');
  const [awardDialog, setAwardDialog] = useState<AwardDialogMode | null>(null);

  const [logo, title, awards, services, isDarkTheme] = watch(['logo', 'title', 'awards', 'services', 'isDarkTheme']);
  const validate = formState.isSubmitted;

  const { applyAwards, setService, setServiceAward } = useServiceEditing(form, validate);

  const submit = form.handleSubmit(
    async (values) => {
      await onSubmit(values);
    },
    (found) => {
      notifyError(platformMessages.notValid);
      showFirstError(found, { form, root, setTab });
    },
  );

  return (
    <form ref={root} onSubmit={submit} noValidate aria-label={mode === 'edit' ? t`Edit App` : t`New App`}>
      <Stack gap="6">
        <AppSection
          mode={mode}
          categories={categories}
          register={register}
          errors={errors}
          logo={logo}
          title={title}
          upload={upload}
          onTelegramLink={(link) => setValue('tgBotUrl', link)}
          onLogo={(path) => setValue('logo', path, { shouldDirty: true, shouldValidate: validate })}
        />

        <AwardsSection
          awards={awards}
          errors={errors}
          onAdd={() => setAwardDialog({ kind: 'create' })}
          onEdit={(award) => setAwardDialog({ kind: 'edit', award })}
        />

        <SimpleGrid columns={{ base: 1, lg: 5 }} gap="6" alignItems="start">
          <ShowcaseSection
            mode={mode}
            services={services}
            awards={awards}
            errors={errors}
            tab={tab}
            onTab={setTab}
            networkFeePercent={networkFeePercent}
            onChange={setService}
            onAwardChange={setServiceAward}
          />

          <ThemeSection
            isDark={isDarkTheme}
            onChange={(dark) => setValue('isDarkTheme', dark, { shouldDirty: true })}
            title={title}
            logo={logo}
            awards={awards}
            services={services}
          />
        </SimpleGrid>

        <IntegrationSection register={register} errors={errors} hasBotToken={hasBotToken} />

        <SubmitBar label={mode === 'edit' ? t`Save App` : t`Create App`} submitting={formState.isSubmitting} />
      </Stack>

      <AwardDialog
        mode={awardDialog}
        awards={awards}
        upload={upload}
        onClose={() => setAwardDialog(null)}
        onCreate={(award) => applyAwards({ type: 'add', award })}
        onUpdate={(key, t, l) => applyAwards({ type: 'update', key, title: t, logo: l })}
        onDelete={(key) => applyAwards({ type: 'delete', key })}
      />
    </form>
  );
}

/** The form's awards and services, changed as a whole (an award renamed or deleted reaches every service). */
function useServiceEditing(form: UseFormReturn<PlatformValues>, validate: boolean) {
  const { setValue } = form;
  const applyAwards = (action: AwardAction) => {
    const next = awardsReducer({ awards: form.getValues('awards'), services: form.getValues('services') }, action);
    setValue('awards', next.awards, { shouldDirty: true });
    setValue('services', next.services, { shouldDirty: true, shouldValidate: validate });
  };

  const setService = (index: number, patch: Partial<ServiceItem>) => {
    const list = form.getValues('services');
    setValue(
      'services',
      list.map((s, i) => (i === index ? { ...s, ...patch } : s)),
      { shouldDirty: true, shouldValidate: validate },
    );
  };

  const setServiceAward = (index: number, row: number, patch: Partial<ServiceAwardItem>) => {
    const service = form.getValues('services')[index];
    setService(index, { awards: service.awards.map((a, j) => (j === row ? { ...a, ...patch } : a)) });
  };
  return { applyAwards, setService, setServiceAward };
}

/** Opens the tab holding the first error (when no field above has one) and scrolls to it. */
function showFirstError(
  found: FieldErrors<PlatformValues>,
  {
    form,
    root,
    setTab,
  }: {
    form: UseFormReturn<PlatformValues>;
    root: RefObject<HTMLFormElement | null>;
    setTab: (tab: PlatformTaskType) => void;
  },
) {
  const topError = TOP_FIELDS.some((f) => found[f]);
  if (!topError && Array.isArray(found.services)) {
    const index = found.services.findIndex(Boolean);
    const service = form.getValues('services')[index];
    if (service) setTab(service.taskType);
  }
  setTimeout(() => {
    const invalid = Array.from(root.current?.querySelectorAll<HTMLElement>('[data-invalid]') ?? []);
    const first = invalid.find((el) => !el.closest('[hidden]')) ?? invalid[0];
    if (!first) return;
    first.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    first.querySelector<HTMLElement>('input:not([type=file]), select, button')?.focus({ preventScroll: true });
  }, 60);
}

type FormErrors = FieldErrors<PlatformValues>;

/** The app itself: name, category, Telegram link, web app URL and logo. */
function AppSection({
  mode,
  categories,
  register,
  errors,
  logo,
  title,
  upload,
  onTelegramLink,
  onLogo,
}: {
  mode: PlatformFormProps['mode'];
  categories: PlatformFormProps['categories'];
  register: UseFormRegister<PlatformValues>;
  errors: FormErrors;
  logo: string;
  title: string;
  upload: PlatformFormProps['upload'];
  /** The link as typed, normalised when the field is left (new apps only). */
  onTelegramLink: (link: string) => void;
  onLogo: (path: string) => void;
}) {
  return (
    <Card.Root borderRadius="2xl">
      <Card.Body gap="5">
        <Heading size="md">
          <Trans>App</Trans>
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <FormField label={t`App name`} error={errors.title?.message}>
            <Input placeholder={t`My mini app`} autoComplete="off" {...register('title')} />
          </FormField>
          <FormField label={t`Category`} error={errors.categoryId?.message}>
            <NativeSelect.Root>
              <NativeSelect.Field placeholder={t`Choose a category`} {...register('categoryId')}>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField
            label={t`Telegram direct link`}
            error={errors.tgBotUrl?.message}
            helperText={
              mode === 'edit' ? t`The Telegram link cannot change after creation` : 'https://t.me/your_bot/app'
            }
          >
            <Input
              placeholder={t`https://t.me/your_link`}
              autoComplete="off"
              readOnly={mode === 'edit'}
              bg={mode === 'edit' ? 'bg.muted' : undefined}
              {...register('tgBotUrl', {
                onBlur: (e) => {
                  const value = String(e.target.value ?? '');
                  if (mode === 'create' && value.trim()) onTelegramLink(toTelegramLink(value));
                },
              })}
            />
          </FormField>
          <FormField label={t`Web app URL`} error={errors.webappUrl?.message}>
            <Input placeholder={t`https://your-app.example`} autoComplete="off" {...register('webappUrl')} />
          </FormField>
        </SimpleGrid>
        <Box data-invalid={errors.logo ? '' : undefined}>
          <LogoField
            logo={logo}
            title={title}
            error={errors.logo?.message}
            upload={upload}
            onUploaded={onLogo}
            onRejected={() => {}}
          />
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

/** The in-app awards players earn, as chips that open the award dialog. */
function AwardsSection({
  awards,
  errors,
  onAdd,
  onEdit,
}: {
  awards: PlatformValues['awards'];
  errors: FormErrors;
  onAdd: () => void;
  onEdit: (award: PlatformValues['awards'][number]) => void;
}) {
  return (
    <Card.Root borderRadius="2xl">
      <Card.Body gap="4">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Stack gap="0">
            <Heading size="md">
              <Trans>Awards</Trans>
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              <Trans>The in-app rewards (coins, gems…) your players get for completing tasks.</Trans>
            </Text>
          </Stack>
          <Button variant="outline" size="sm" onClick={onAdd}>
            <Plus /> <Trans>Add award</Trans>
          </Button>
        </HStack>
        {awards.length === 0 ? (
          <Text fontSize="sm" color="fg.muted" data-testid="no-awards">
            <Trans>No awards yet. Add one to choose it in the task types below.</Trans>
          </Text>
        ) : (
          <Flex gap="3" wrap="wrap" data-testid="awards-list">
            {awards.map((a, i) => (
              <HStack
                key={a.key}
                data-testid="award-chip"
                data-title={a.title}
                data-invalid={errors.awards?.[i] ? '' : undefined}
                borderWidth="1px"
                borderColor={errors.awards?.[i] ? 'border.error' : 'border'}
                borderRadius="full"
                ps="1"
                pe="1"
                py="1"
                gap="2"
              >
                <Avatar.Root size="xs">
                  {a.logo && <Avatar.Image src={a.logo} alt="" />}
                  <Avatar.Fallback name={a.title} />
                </Avatar.Root>
                <Text fontSize="sm" fontWeight="medium">
                  {a.title}
                </Text>
                <IconButton
                  size="2xs"
                  variant="ghost"
                  borderRadius="full"
                  aria-label={t`Edit award ${a.title}`}
                  onClick={() => onEdit(a)}
                >
                  <Pencil />
                </IconButton>
              </HStack>
            ))}
          </Flex>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** One tab per task type (arrow keys move between them), each with its ServicePanel. */
function ShowcaseSection({
  mode,
  services,
  awards,
  errors,
  tab,
  onTab,
  networkFeePercent,
  onChange,
  onAwardChange,
}: {
  mode: PlatformFormProps['mode'];
  services: ServiceItem[];
  awards: PlatformValues['awards'];
  errors: FormErrors;
  tab: PlatformTaskType;
  onTab: (tab: PlatformTaskType) => void;
  networkFeePercent?: number;
  onChange: (index: number, patch: Partial<ServiceItem>) => void;
  onAwardChange: (index: number, row: number, patch: Partial<ServiceAwardItem>) => void;
}) {
  const tablist = useRef<HTMLDivElement>(null);
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = services[(index + step + services.length) % services.length];
    onTab(next.taskType);
    tablist.current?.querySelector<HTMLElement>(`#service-tab-${next.taskType}`)?.focus();
  };
  return (
    <Card.Root borderRadius="2xl" gridColumn={{ lg: 'span 3' }}>
      <Card.Body gap="4">
        <Stack gap="0">
          <Heading size="md">
            <Trans>Showcase customization</Trans>
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            <Trans>Choose what your players get for each task type.</Trans>
          </Text>
        </Stack>
        <Flex
          ref={tablist}
          role="tablist"
          aria-label={t`Task types`}
          gap="1"
          wrap="wrap"
          borderBottomWidth="1px"
          pb="2"
        >
          {services.map((s, i) => {
            const selected = s.taskType === tab;
            const hasError = Boolean(errors.services?.[i]);
            return (
              <Button
                key={s.taskType}
                id={`service-tab-${s.taskType}`}
                role="tab"
                aria-selected={selected}
                aria-controls={`service-panel-${s.taskType}`}
                tabIndex={selected ? 0 : -1}
                size="sm"
                variant={selected ? 'subtle' : 'ghost'}
                colorPalette={hasError ? 'red' : selected ? 'brand' : 'gray'}
                onClick={() => onTab(s.taskType)}
                onKeyDown={(e) => onTabKey(e, i)}
              >
                {taskTabLabels[s.taskType]}
                {hasError && ' •'}
              </Button>
            );
          })}
        </Flex>
        {services.map((s, i) => (
          <Box
            key={s.taskType}
            id={`service-panel-${s.taskType}`}
            role="tabpanel"
            aria-labelledby={`service-tab-${s.taskType}`}
            hidden={s.taskType !== tab}
            data-testid={`service-panel-${s.taskType}`}
          >
            <ServicePanel
              mode={mode}
              networkFeePercent={networkFeePercent}
              service={s}
              awards={awards}
              errors={errors.services?.[i]}
              onChange={(patch) => onChange(i, patch)}
              onAwardChange={(row, patch) => onAwardChange(i, row, patch)}
            />
          </Box>
        ))}
      </Card.Body>
    </Card.Root>
  );
}

/** Light or dark, with the live preview of the showcase. */
function ThemeSection({
  isDark,
  onChange,
  title,
  logo,
  awards,
  services,
}: {
  isDark: boolean;
  onChange: (dark: boolean) => void;
  title: string;
  logo: string;
  awards: PlatformValues['awards'];
  services: ServiceItem[];
}) {
  return (
    <Card.Root borderRadius="2xl" gridColumn={{ lg: 'span 2' }}>
      <Card.Body gap="4">
        <Stack gap="0">
          <Heading size="md">
            <Trans>Theme</Trans>
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            <Trans>How the showcase looks inside your app.</Trans>
          </Text>
        </Stack>
        <SegmentGroup.Root
          size="sm"
          alignSelf="flex-start"
          value={isDark ? 'dark' : 'light'}
          onValueChange={(e) => e.value && onChange(e.value === 'dark')}
          aria-label={t`Showcase theme`}
        >
          <SegmentGroup.Indicator />
          <SegmentGroup.Items
            items={[
              { value: 'light', label: t`Light` },
              { value: 'dark', label: t`Dark` },
            ]}
          />
        </SegmentGroup.Root>
        <ShowcasePreview title={title} logo={logo} isDark={isDark} awards={awards} services={services} />
      </Card.Body>
    </Card.Root>
  );
}

/** Optional: the bot id and token that check initData, and the reward callback. */
function IntegrationSection({
  register,
  errors,
  hasBotToken,
}: {
  register: UseFormRegister<PlatformValues>;
  errors: FormErrors;
  hasBotToken: boolean;
}) {
  return (
    <Card.Root borderRadius="2xl" data-testid="integration-section">
      <Card.Body gap="5">
        <Stack gap="0">
          <Heading size="md">
            <Trans>Integration (optional)</Trans>
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            <Trans>For apps that check players' Telegram data or credit awards from their own server.</Trans>
          </Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <FormField
            label={t`Telegram bot id`}
            error={errors.tgBotId?.message}
            helperText={t`Your bot's numeric id (the digits before the colon in its token). It is used to check the signature of the Telegram data your app passes to the showcase; we fill it in from Telegram when we can.`}
          >
            <Input placeholder="123456789" inputMode="numeric" autoComplete="off" {...register('tgBotId')} />
          </FormField>
          <FormField
            label={t`Bot token`}
            error={errors.botToken?.message}
            helperText={
              hasBotToken
                ? t`A bot token is saved. Leave this empty to keep it, or enter a new one to replace it.`
                : t`Your app's bot token from @BotFather. It is stored encrypted and used to validate the Telegram initData your app passes to the showcase.`
            }
          >
            <Input
              type="password"
              placeholder={hasBotToken ? '••••••••' : '123456:ABC-DEF…'}
              autoComplete="new-password"
              spellCheck={false}
              {...register('botToken')}
            />
          </FormField>
        </SimpleGrid>
        <FormField
          label={t`Reward callback URL`}
          error={errors.rewardCallbackUrl?.message}
          helperText={t`When a player completes a task, our server sends a signed request to this address so your server can credit the award.`}
        >
          <Input
            type="url"
            placeholder={t`https://your-server.example/rewards`}
            autoComplete="off"
            {...register('rewardCallbackUrl')}
          />
        </FormField>
      </Card.Body>
    </Card.Root>
  );
}

type ServiceErrors = NonNullable<FieldErrors<PlatformValues>['services']>[number];

interface ServicePanelProps {
  /** Create hides the toggles that only make sense for a running app (edit only). */
  mode?: 'create' | 'edit';
  networkFeePercent?: number;
  service: ServiceItem;
  awards: PlatformValues['awards'];
  errors?: ServiceErrors;
  onChange: (patch: Partial<ServiceItem>) => void;
  onAwardChange: (row: number, patch: Partial<ServiceAwardItem>) => void;
}

/** One task type: its awards with quantities, display switches and tier prices. */
export function ServicePanel({
  mode = 'edit',
  networkFeePercent,
  service,
  awards,
  errors,
  onChange,
  onAwardChange,
}: ServicePanelProps) {
  const label = taskTabLabels[service.taskType];
  return (
    <Stack gap="5">
      <Stack gap="3">
        <Text fontWeight="semibold">
          <Trans>Awards for {label}</Trans>
        </Text>
        {service.awards.length === 0 && (
          <Text fontSize="sm" color="fg.muted">
            <Trans>No awards for this task type yet.</Trans>
          </Text>
        )}
        {service.awards.map((row, j) => (
          <AwardRow
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are plain values edited in place; position is their identity
            key={`${service.taskType}-${j}`}
            row={row}
            index={j}
            label={label}
            awards={awards}
            errors={errors?.awards?.[j]}
            onChange={(patch) => onAwardChange(j, patch)}
            onRemove={() => onChange({ awards: service.awards.filter((_, k) => k !== j) })}
          />
        ))}
        <Button
          variant="outline"
          size="sm"
          alignSelf="flex-start"
          onClick={() => onChange({ awards: [...service.awards, { awardKey: '', awardTitle: '', value: '' }] })}
        >
          <Trans>
            <Gift /> Add award to {label}
          </Trans>
        </Button>
      </Stack>

      {/* The edit screen has these; a new app shows every task type. */}
      {mode === 'edit' && (
        <Stack gap="2">
          <Checkbox.Root
            checked={service.isExcluded}
            onCheckedChange={(e) => onChange({ isExcluded: e.checked === true })}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              <Trans>Disable task type display</Trans>
            </Checkbox.Label>
          </Checkbox.Root>
          {service.taskType === 'SMART_LINK' && (
            <Checkbox.Root
              checked={service.shouldConfirmWithoutPayout}
              onCheckedChange={(e) => onChange({ shouldConfirmWithoutPayout: e.checked === true })}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                <Trans>Award the user in any case</Trans>
              </Checkbox.Label>
            </Checkbox.Root>
          )}
        </Stack>
      )}

      <TierPrices tiers={service.tiers} feePercent={networkFeePercent} />
    </Stack>
  );
}

/**
 * What the publisher earns per action in each tier: the tier price less the network fee, as
 * each conversion credits it; the tier price advertisers pay and the fee are said beside it.
 */
function TierPrices({ tiers, feePercent: fee }: { tiers: ServiceItem['tiers']; feePercent?: number }) {
  return (
    <Field.Root>
      <Field.Label>
        <Trans>You earn per action, by tier</Trans>
      </Field.Label>
      {tiers.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          <Trans>Tier prices appear once the tiers are set up.</Trans>
        </Text>
      ) : (
        <Stack gap="2" w="full" data-testid="tier-list">
          {tiers.map((tier) => (
            <HStack
              key={tier.level}
              align="flex-start"
              justify="space-between"
              gap="3"
              borderWidth="1px"
              borderRadius="lg"
              px="3"
              py="2"
              data-testid="tier-row"
            >
              <Stack gap="0" minW="0">
                <Text fontSize="sm" fontWeight="semibold">
                  <Trans>Tier {tier.level}</Trans>
                </Text>
                <Text fontSize="xs" color="fg.muted" lineClamp={2}>
                  {tier.prices.length ? tier.prices.map((p) => p.country.title).join(', ') : t`All other countries`}
                </Text>
              </Stack>
              <Stack gap="0" align="flex-end" flexShrink={0}>
                <Text fontSize="sm" fontWeight="semibold" whiteSpace="nowrap" data-testid="tier-earning">
                  ${roundMoney(tier.publisherValue ?? tier.value)}
                </Text>
                {tier.publisherValue && (
                  <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap" data-testid="tier-price">
                    <Trans>advertiser pays ${roundMoney(tier.value)}</Trans>
                  </Text>
                )}
              </Stack>
            </HStack>
          ))}
          {fee !== undefined && (
            <Text fontSize="xs" color="fg.muted" data-testid="tier-fee-note">
              <Trans>
                At least. Advertisers pay the tier price or more; the network keeps {fee}% of each action as its fee,
                and you earn the rest. Campaigns that pay more earn you more.
              </Trans>
            </Text>
          )}
        </Stack>
      )}
    </Field.Root>
  );
}

/** One award of a task type: which award and how many, with a remove button. */
function AwardRow({
  row,
  index,
  label,
  awards,
  errors,
  onChange,
  onRemove,
}: {
  row: ServiceAwardItem;
  index: number;
  label: string;
  awards: ServicePanelProps['awards'];
  errors: NonNullable<NonNullable<ServiceErrors>['awards']>[number] | undefined;
  onChange: (patch: Partial<ServiceAwardItem>) => void;
  onRemove: () => void;
}) {
  return (
    <SimpleGrid
      columns={{ base: 1, sm: 2 }}
      gap="3"
      alignItems="start"
      data-testid="service-award-row"
      css={{ gridTemplateColumns: { sm: '1fr 140px auto' } }}
    >
      <FormField label={t`Award`} error={errors?.awardKey?.message}>
        <NativeSelect.Root>
          <NativeSelect.Field
            aria-label={t`${label} award ${index + 1}`}
            placeholder={t`Choose an award`}
            value={row.awardKey}
            onChange={(e) => {
              const award = awards.find((a) => a.key === e.target.value);
              onChange({ awardKey: e.target.value, awardTitle: award?.title ?? '' });
            }}
          >
            {awards.map((a) => (
              <option key={a.key} value={a.key}>
                {a.title}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <FormField label={t`Quantity`} error={errors?.value?.message}>
        <Input
          aria-label={t`${label} award ${index + 1} quantity`}
          inputMode="numeric"
          placeholder="100"
          value={row.value}
          onChange={(e) => onChange({ value: e.target.value.replace(/[^\d]/g, '') })}
        />
      </FormField>
      <IconButton
        aria-label={t`Remove ${label} award ${index + 1}`}
        variant="ghost"
        mt={{ sm: '6' }}
        onClick={onRemove}
      >
        <Trash2 />
      </IconButton>
    </SimpleGrid>
  );
}

/** The form's submit button, kept in view at the bottom while scrolling. */
function SubmitBar({ label, submitting }: { label: string; submitting: boolean }) {
  return (
    <HStack justify="flex-end" position="sticky" bottom="0" py="3" bg="bg" zIndex="1">
      <Button type="submit" colorPalette="brand" size="lg" loading={submitting}>
        {label}
      </Button>
    </HStack>
  );
}
