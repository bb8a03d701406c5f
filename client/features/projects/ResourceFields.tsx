import { t } from '@lingui/core/macro';
import { Avatar } from '@chakra-ui/react/avatar';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button, IconButton } from '@chakra-ui/react/button';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { SegmentGroup } from '@chakra-ui/react/segment-group';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { ImageUp, Lock, Search, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { FormField } from '../../components/ui/FormField';
import { notifyError } from '../../components/ui/toaster';
import type { TaskType } from '../../gql/graphql';
import { errorMessage } from '../../lib/api';
import { serverError } from '../../lib/serverError';
import { isBotLink } from './constants';
import {
  IMAGE_ACCEPT,
  type ResourceValues,
  checkImage,
  hasInviteLink,
  resourceMessages,
  selectableTypes,
  toTelegramLink,
  typeLabels,
} from './resource';
import { Trans } from '@lingui/react/macro';

export interface ResourceSuggestion {
  title: string;
  logo?: string | null;
  taskType: TaskType;
  url: string;
}

/** What the form needs from the outside: the link search and the image upload. */
export interface ResourceServices {
  search(url: string): Promise<ResourceSuggestion>;
  upload(file: File): Promise<string>;
  /** The initials picture of a resource with no logo (default: drawn on a canvas). */
  drawInitials?(title: string): Promise<File | null>;
}

type WithTasks = { tasks: ResourceValues[] };

/**
 * One resource of a form holding `tasks[]`: link with search that fills title, logo and type;
 * the details stay hidden until a search result or manual entry. Existing resources
 * (no 'new' flag) are shown read-only.
 */
/** The name field's example, by the resource's type. */
const TITLE_PLACEHOLDERS: Record<TaskType, string> = {
  get BOT() {
    return t`My bot`;
  },
  get CHANNEL() {
    return t`My channel`;
  },
  get CHAT() {
    return t`My chat`;
  },
  get CUSTOM() {
    return t`My offer`;
  },
  get SMART_LINK() {
    return t`My offer`;
  },
};

export function ResourceFields({
  index,
  services,
  onRemove,
}: {
  index: number;
  services: ResourceServices;
  onRemove?: () => void;
}) {
  const form = useResourceForm(index);
  const { register, resource, name, fieldErrors, set } = form;
  const { search, searching } = useResourceSearch(form, services);
  if (!resource) return null;

  if (!resource.isNew) return <ExistingResource resource={resource} />;

  // Custom resources are any https page (players arrive with ?click=<code>); the others live in Telegram.
  const custom = resource.revealed && resource.type === 'CUSTOM';
  const urlField = register(name('url'), {
    onBlur: (e) => {
      const value = String(e.target.value ?? '');
      if (value.trim().startsWith('@')) set('url', toTelegramLink(value));
    },
  });

  return (
    <Stack
      gap="4"
      p="4"
      borderWidth="1px"
      borderRadius="xl"
      data-testid="resource-form"
      role="group"
      aria-label={t`Resource ${index + 1}`}
    >
      <HStack justify="space-between">
        <Text fontWeight="semibold">{t`Resource ${index + 1}`}</Text>
        {onRemove && (
          <IconButton aria-label={t`Remove resource`} variant="ghost" size="sm" onClick={onRemove}>
            <Trash2 />
          </IconButton>
        )}
      </HStack>
      <FormField
        label={t`Link`}
        error={fieldErrors?.url?.message}
        helperText={
          custom
            ? t`Any https page: players arrive there with ?click=<code>, which your server reports`
            : t`A t.me link or @name; search fills in the name and type, and the picture Telegram shares (a channel’s or group’s photo; a bot’s logo you add)`
        }
      >
        <HStack w="full" gap="2">
          <Input
            dir="ltr"
            placeholder={custom ? 'https://your.site/offer' : 'https://t.me/your_link or @name'}
            autoComplete="off"
            {...urlField}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void search();
              }
            }}
          />
          <Button variant="outline" onClick={() => void search()} loading={searching}>
            <Search /> <Trans>Search</Trans>
          </Button>
        </HStack>
      </FormField>
      {!resource.revealed ? (
        <Button variant="plain" alignSelf="flex-start" px="0" color="brand.fg" onClick={() => set('revealed', true)}>
          <Trans>Fill in manually</Trans>
        </Button>
      ) : (
        <ResourceDetails form={form} services={services} />
      )}
    </Stack>
  );
}

/** One resource of the form (`tasks.<index>`): its values, errors and a setter that validates once submitted. */
function useResourceForm(index: number) {
  const {
    register,
    setValue,
    getValues,
    clearErrors,
    setError,
    control,
    formState: { errors, isSubmitted },
  } = useFormContext<WithTasks>();
  const resource = useWatch({ control, name: `tasks.${index}` });
  const name = (field: keyof ResourceValues) => `tasks.${index}.${field}` as const;
  const fieldErrors = errors.tasks?.[index];
  const set = <K extends keyof ResourceValues>(field: K, value: ResourceValues[K]) =>
    setValue(`tasks.${index}.${field}` as `tasks.${number}.${K}`, value as never, {
      shouldDirty: true,
      shouldValidate: isSubmitted,
    });

  return { register, getValues, clearErrors, setError, resource, name, fieldErrors, set };
}

type ResourceForm = ReturnType<typeof useResourceForm>;

/** The link's search: fills in the type, name, link and logo it finds, or lets the user fill them in. */
function useResourceSearch(form: ResourceForm, services: ResourceServices) {
  const { getValues, clearErrors, setError, name, set } = form;
  const [searching, setSearching] = useState(false);
  const search = async () => {
    const url = toTelegramLink(String(getValues(name('url')) ?? ''));
    if (!url) {
      setError(name('url'), { message: resourceMessages.urlRequired });
      return;
    }
    set('url', url);
    setSearching(true);
    try {
      const found = await services.search(url);
      set('type', found.taskType === 'SMART_LINK' ? 'CUSTOM' : found.taskType);
      set('title', found.title);
      set('url', found.url);
      if (found.logo) set('logo', found.logo);
      clearErrors([name('url'), name('title'), ...(found.logo ? [name('logo')] : [])]);
    } catch (err) {
      // Not found, Telegram unreachable, or lookups not configured here: the server's reason is
      // said as it is, and the user fills in the fields. Telegram keeps names ending in "bot" for
      // bots, so such a link is a bot; any other is a channel or a chat, which the user picks.
      notifyError(serverError(err).message);
      if (isBotLink(url)) set('type', 'BOT');
      else if (!hasInviteLink(getValues(name('type')) as TaskType)) set('type', 'CHANNEL');
    } finally {
      setSearching(false);
      set('revealed', true);
    }
  };
  return { search, searching };
}

/** A resource the project already has: shown, not edited. */
function ExistingResource({ resource }: { resource: ResourceValues }) {
  return (
    <HStack
      gap="3"
      p="3"
      borderWidth="1px"
      borderRadius="lg"
      bg="bg.subtle"
      data-testid="existing-resource"
      aria-label={t`${resource.title} (read-only)`}
    >
      <Avatar.Root size="sm">
        <Avatar.Image src={resource.logo} alt="" />
        <Avatar.Fallback name={resource.title} />
      </Avatar.Root>
      <Stack gap="0" flex="1" minW="0">
        <Text fontWeight="medium" truncate>
          {resource.title}
        </Text>
        <Text fontSize="sm" color="fg.muted" truncate>
          {resource.url}
        </Text>
      </Stack>
      <Badge variant="outline">{typeLabels[resource.type]}</Badge>
      <Lock size={14} aria-hidden />
    </HStack>
  );
}

/** A resource's type, name, logo and type's options, once searched for or filled in by hand. */
function ResourceDetails({ form, services }: { form: ResourceForm; services: ResourceServices }) {
  const { register, clearErrors, setError, resource, name, fieldErrors, set } = form;
  if (!resource) return null;
  return (
    <>
      <Field.Root>
        <Field.Label>
          <Trans>Type</Trans>
        </Field.Label>
        <SegmentGroup.Root
          size="sm"
          value={resource.type}
          onValueChange={(e) => e.value && set('type', e.value as TaskType)}
          aria-label={t`Resource type`}
        >
          <SegmentGroup.Indicator />
          <SegmentGroup.Items items={selectableTypes} />
        </SegmentGroup.Root>
      </Field.Root>
      <FormField label={t`Resource name`} error={fieldErrors?.title?.message}>
        <Input placeholder={TITLE_PLACEHOLDERS[resource.type]} {...register(name('title'))} />
      </FormField>
      <LogoField
        logo={resource.logo}
        title={resource.title}
        error={fieldErrors?.logo?.message}
        upload={services.upload}
        onUploaded={(path) => {
          set('logo', path);
          clearErrors(name('logo'));
        }}
        onRejected={(message) => setError(name('logo'), { message })}
      />
      {resource.type === 'BOT' && (
        <Checkbox.Root checked={resource.isMiniApp} onCheckedChange={(e) => set('isMiniApp', e.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>
            <Trans>This bot is a mini app</Trans>
          </Checkbox.Label>
        </Checkbox.Root>
      )}
      {hasInviteLink(resource.type) && (
        <FormField label={t`Invite link`} error={fieldErrors?.inviteLink?.message} helperText={t`Optional`}>
          <Input
            dir="ltr"
            placeholder={t`https://t.me/+invite`}
            autoComplete="off"
            {...register(name('inviteLink'), {
              onBlur: (e) => {
                const value = String(e.target.value ?? '');
                if (value.trim().startsWith('@')) set('inviteLink', toTelegramLink(value));
              },
            })}
          />
        </FormField>
      )}
    </>
  );
}

/** Logo picker: the spec's checks run before anything is sent. */
export function LogoField({
  logo,
  title,
  error,
  upload,
  onUploaded,
  onRejected,
}: {
  logo: string;
  title: string;
  error?: string;
  upload: (file: File) => Promise<string>;
  onUploaded: (path: string) => void;
  onRejected: (message: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const problem = checkImage(file);
    if (problem) {
      notifyError(problem);
      onRejected(problem);
      return;
    }
    setBusy(true);
    try {
      onUploaded(await upload(file));
    } catch (e) {
      const message = errorMessage(e);
      notifyError(message);
      onRejected(message);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>
        <Trans>Logo</Trans>
      </Field.Label>
      <HStack gap="3">
        <Avatar.Root size="lg" shape="rounded">
          {logo && <Avatar.Image src={logo} alt="" />}
          <Avatar.Fallback name={title || undefined} />
        </Avatar.Root>
        <Box>
          <input
            ref={input}
            type="file"
            accept={IMAGE_ACCEPT}
            hidden
            data-testid="logo-input"
            onChange={(e) => void pick(e.target.files?.[0])}
          />
          <Button variant="outline" size="sm" loading={busy} onClick={() => input.current?.click()}>
            <ImageUp /> {logo ? t`Change logo` : t`Upload logo`}
          </Button>
          <Text fontSize="xs" color="fg.muted" mt="1">
            <Trans>PNG, JPG, WEBP, SVG or AVIF, up to 1 MB</Trans>
          </Text>
          {!logo && title.trim() && (
            <Text fontSize="xs" color="fg.muted" data-testid="initials-hint">
              <Trans>No logo yet: the initials shown here are used unless you upload one.</Trans>
            </Text>
          )}
        </Box>
      </HStack>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
