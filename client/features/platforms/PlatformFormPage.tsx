import { t } from '@lingui/core/macro';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button } from '@chakra-ui/react/button';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Stack } from '@chakra-ui/react/stack';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { ArrowLeft, Smartphone } from 'lucide-react';
import { useMemo } from 'react';
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

/** Edit App: all five task types; the Telegram link is read-only. */
export function EditPlatformPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const navigate = useNavigate();
  const categories = useQuery(PlatformCategoriesQuery);
  const platform = useQuery(PlatformQuery, { variables: { id }, fetchPolicy: 'network-only' });
  // The network fee, for what the publisher earns per tier (cached with the tier list).
  const fee = useQuery(PlatformTierListQuery).data?.settings.networkFeePercent;
  const [update] = useMutation(UpdatePlatformMutation, { refetchQueries: [PlatformsQuery] });

  const loaded = platform.data?.platform;
  const initial = useMemo(() => (loaded ? toFormValues(loaded) : null), [loaded]);

  const submit = async (values: PlatformValues) => {
    try {
      await update({ variables: { id, input: toPlatformInput(values, 'edit') } });
      notifySuccess(platformMessages.updated);
      void navigate({ to: '/publisher' });
    } catch (e) {
      notifyError(errorMessage(e));
    }
  };

  return (
    <Page title={t`Edit App`} actions={<BackToApps />}>
      <PresenceBar objectType="app" objectId={id} editing />
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
          key={id}
          mode="edit"
          initialValues={initial}
          categories={categories.data?.categories.data ?? []}
          upload={uploadImage}
          onSubmit={submit}
          hasBotToken={loaded?.hasBotToken ?? false}
          networkFeePercent={fee}
        />
      )}
    </Page>
  );
}
