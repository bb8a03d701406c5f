import { t } from '@lingui/core/macro';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button } from '@chakra-ui/react/button';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Stack } from '@chakra-ui/react/stack';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { ArrowLeft, Smartphone } from 'lucide-react';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../components/ui/EmptyState';
import { Page } from '../../components/ui/Page';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/api';
import { uploadImage } from '../projects/projectsApi';
import { PlatformForm } from './PlatformForm';
import { type PlatformValues, emptyPlatform, platformMessages, toFormValues, toPlatformInput } from './platform';
import {
  CreatePlatformMutation,
  PlatformCategoriesQuery,
  PlatformQuery,
  PlatformTierListQuery,
  PlatformsQuery,
  UpdatePlatformMutation,
} from './platformsApi';
import { Trans } from '@lingui/react/macro';
import { PresenceBar } from '../teams/PresenceBar';
import { ObjectHistory } from '../teams/ActivityTable';
import { StaleNotice, changedFields, myChanges, staleCurrent } from '../teams/StaleNotice';

function BackToApps() {
  return (
    <Button asChild variant="ghost" size="sm">
      <Link to="/publisher">
        <ArrowLeft /> <Trans>My Apps</Trans>
      </Link>
    </Button>
  );
}

function FormSkeleton() {
  return (
    <Stack gap="6" data-testid="platform-form-loading">
      <Skeleton h="64" borderRadius="2xl" />
      <Skeleton h="28" borderRadius="2xl" />
      <Skeleton h="96" borderRadius="2xl" />
    </Stack>
  );
}

/** New App: four task types (no custom); tier prices come from the settings' tier list. */
export function CreatePlatformPage() {
  const navigate = useNavigate();
  const categories = useQuery(PlatformCategoriesQuery);
  const tiers = useQuery(PlatformTierListQuery);
  const [create] = useMutation(CreatePlatformMutation, { refetchQueries: [PlatformsQuery] });

  const tierList = tiers.data?.settings.tierList;
  const initial = useMemo(
    () => (tierList || tiers.error ? emptyPlatform([...(tierList ?? [])].sort((a, b) => a.level - b.level)) : null),
    [tierList, tiers.error],
  );

  const submit = async (values: PlatformValues) => {
    try {
      await create({ variables: { input: toPlatformInput(values, 'create') } });
      notifySuccess(platformMessages.created);
      void navigate({ to: '/publisher' });
    } catch (e) {
      notifyError(errorMessage(e));
    }
  };

  return (
    <Page title={t`New App`} actions={<BackToApps />}>
      {!initial || (categories.loading && !categories.data) ? (
        <FormSkeleton />
      ) : (
        <PlatformForm
          mode="create"
          networkFeePercent={tiers.data?.settings.networkFeePercent}
          initialValues={initial}
          categories={categories.data?.categories.data ?? []}
          upload={uploadImage}
          onSubmit={submit}
        />
      )}
    </Page>
  );
}

/** What the Edit App form's save sends, compared field by field when someone else saved first. */
type PlatformInput = ReturnType<typeof toPlatformInput>;

function appFieldLabels(): Record<string, string> {
  return {
    title: t`the name`,
    logo: t`the logo`,
    categoryId: t`the category`,
    webappUrl: t`the web app link`,
    isDarkTheme: t`the dark theme`,
    rewardCallbackUrl: t`the reward callback URL`,
  };
}

/** The awards and services changed as a whole: said without listing them. */
function listChanges(shown: PlatformInput, current: PlatformInput): string[] {
  const same = (k: 'rewards' | 'services') => JSON.stringify(shown[k]) === JSON.stringify(current[k]);
  return [...(same('rewards') ? [] : [t`the awards`]), ...(same('services') ? [] : [t`the showcase services`])].map(
    (what) => t`${what}: changed`,
  );
}

/**
 * Edit App's save on the version the form showed; when someone else saved first, the notice says
 * who changed what and offers to apply this form's changes on top of theirs or to take theirs
 * (the form then shows the app as it is: `round` remounts it).
 */
function useAppUpdate(
  id: string,
  platform: ReturnType<typeof usePlatformDetails>,
  categories: { id: string; title: string }[],
) {
  const navigate = useNavigate();
  const [update] = useMutation(UpdatePlatformMutation, { refetchQueries: [PlatformsQuery] });
  // Someone else saved first: what they changed, and what was typed here, kept to apply on top.
  const [conflict, setConflict] = useState<{
    message: string;
    changes: string[];
    mine: Partial<PlatformInput>;
    current: PlatformInput;
    version: number;
  } | null>(null);
  const [round, setRound] = useState(0);
  const loaded = platform.data?.platform;
  const categoryTitle = (categoryId: unknown) => categories.find((c) => c.id === categoryId)?.title ?? categoryId;

  const save = async (input: PlatformInput, expectedVersion: number) => {
    await update({ variables: { id, input, expectedVersion } });
    notifySuccess(platformMessages.updated);
    void navigate({ to: '/publisher' });
  };

  const submit = async (values: PlatformValues) => {
    if (!loaded) return;
    const input = toPlatformInput(values, 'edit');
    try {
      // The version shown: a change someone else saved meanwhile is not overwritten unseen.
      await save(input, conflict?.version ?? loaded.version);
    } catch (e) {
      if (!staleCurrent(e)) return notifyError(errorMessage(e));
      // The app as it is now, in this form's terms (the form keeps what was typed).
      const shown = toPlatformInput(toFormValues(loaded), 'edit');
      const fresh = (await platform.refetch()).data?.platform;
      if (!fresh) return notifyError(errorMessage(e));
      const current = toPlatformInput(toFormValues(fresh), 'edit');
      const label = (v: PlatformInput) => ({ ...v, categoryId: categoryTitle(v.categoryId) });
      setConflict({
        message: errorMessage(e),
        changes: [...changedFields(label(shown), label(current), appFieldLabels()), ...listChanges(shown, current)],
        mine: myChanges(input, shown),
        current,
        version: fresh.version,
      });
    }
  };

  const notice = conflict && (
    <StaleNotice
      message={conflict.message}
      changes={conflict.changes}
      onMine={async () => {
        try {
          await save({ ...conflict.current, ...conflict.mine }, conflict.version);
        } catch (e) {
          notifyError(errorMessage(e));
        }
      }}
      onTheirs={async () => {
        setConflict(null);
        await platform.refetch();
        setRound((r) => r + 1);
      }}
    />
  );
  return { submit, notice, round };
}

const usePlatformDetails = (id: string) => useQuery(PlatformQuery, { variables: { id }, fetchPolicy: 'network-only' });

/** Edit App: all five task types; the Telegram link is read-only. */
export function EditPlatformPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const categories = useQuery(PlatformCategoriesQuery);
  const platform = usePlatformDetails(id);
  // The network fee, for what the publisher earns per tier (cached with the tier list).
  const fee = useQuery(PlatformTierListQuery).data?.settings.networkFeePercent;
  const [dirty, setDirty] = useState(false);
  const categoryList = categories.data?.categories.data ?? [];
  const { submit, notice, round } = useAppUpdate(id, platform, categoryList);

  const loaded = platform.data?.platform;
  const initial = useMemo(() => (loaded ? toFormValues(loaded) : null), [loaded]);

  return (
    <Page title={t`Edit App`} actions={<BackToApps />}>
      <PresenceBar objectType="app" objectId={id} editing={dirty} />
      {notice}
      {platform.error && !loaded ? (
        // Failures to load a single platform are silent: only the empty state shows.
        <EmptyState icon={<Smartphone />} title={t`This app could not be loaded`}>
          <Button asChild variant="outline">
            <Link to="/publisher">
              <Trans>Go to My Apps</Trans>
            </Link>
          </Button>
        </EmptyState>
      ) : !initial || (categories.loading && !categories.data) ? (
        <FormSkeleton />
      ) : (
        <PlatformForm
          key={`${id}:${round}`}
          mode="edit"
          initialValues={initial}
          categories={categoryList}
          upload={uploadImage}
          onSubmit={submit}
          hasBotToken={loaded?.hasBotToken ?? false}
          networkFeePercent={fee}
          onDirtyChange={setDirty}
        />
      )}
      {loaded && <ObjectHistory objectType="app" objectId={id} />}
    </Page>
  );
}
