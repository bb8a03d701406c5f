import { t } from '@lingui/core/macro';
import { Button } from '@chakra-ui/react/button';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { type FieldErrors, type UseFormReturn, useForm } from 'react-hook-form';
import { notifyError } from '../../components/ui/toaster';
import type { PlatformTaskType } from '../../gql/graphql';
import { AwardDialog, type AwardDialogMode } from './AwardDialog';
import {
  type AwardAction,
  type PlatformValues,
  type ServiceAwardItem,
  type ServiceItem,
  awardsReducer,
  platformMessages,
} from './platform';
import { platformSchema } from './platformSchema';
import { AwardsSection } from './AwardsSection';
import { ShowcaseSection } from './ShowcaseSection';
import { AppSection, ThemeSection, IntegrationSection } from './AppSection';

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
  /** Told when the form starts or stops differing from what it opened with (presence's "editing"). */
  onDirtyChange?: (dirty: boolean) => void;
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
  onDirtyChange,
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
  useEffect(() => onDirtyChange?.(formState.isDirty), [formState.isDirty, onDirtyChange]);

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

export type FormErrors = FieldErrors<PlatformValues>;

export type ServiceErrors = NonNullable<FieldErrors<PlatformValues>['services']>[number];

export interface ServicePanelProps {
  /** Create hides the toggles that only make sense for a running app (edit only). */
  mode?: 'create' | 'edit';
  networkFeePercent?: number;
  service: ServiceItem;
  awards: PlatformValues['awards'];
  errors?: ServiceErrors;
  onChange: (patch: Partial<ServiceItem>) => void;
  onAwardChange: (row: number, patch: Partial<ServiceAwardItem>) => void;
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
