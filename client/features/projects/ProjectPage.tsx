import { t } from '@lingui/core/macro';
import { categoryName } from '../../lib/categories';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Text } from '@chakra-ui/react/text';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { ArrowLeft, FolderX, KeyRound, Layers, Plus } from 'lucide-react';
import { Suspense, lazy, useEffect, useState } from 'react';
import { EmptyState } from '../../components/ui/EmptyState';
import { errorMessage } from '../../lib/api';
import { serverError } from '../../lib/serverError';
import { LIVE_QUERY, useLiveSubscription } from '../../lib/live';
import type { CampaignPreset } from '../campaigns/CreateCampaignDialog';
import { useLiveCampaignStats } from '../campaigns/useLiveCampaignStats';
import { ResourceTable, resourceRows } from './ResourceTable';
import { ProjectQuery, ProjectTasksQuery, TaskUpdatedSubscription } from './projectsApi';
import { RESOURCE_PAGE_SIZE } from './constants';
import { Trans } from '@lingui/react/macro';
import { PresenceBar } from '../teams/PresenceBar';
import { ObjectHistory } from '../teams/ActivityTable';

// The resource form (zod, react-hook-form) and the key modal load after the page; they mount closed.
const ResourceDialog = lazy(() => import('./ResourceDialog').then((m) => ({ default: m.ResourceDialog })));
const ApiKeyDialog = lazy(() => import('./ProjectModals').then((m) => ({ default: m.ProjectKeyDialog })));
const CreateCampaignDialog = lazy(() =>
  import('../campaigns/CreateCampaignDialog').then((m) => ({ default: m.CreateCampaignDialog })),
);

/** The project and the pages of its resources on screen, following the server live. */
function useProjectResources(id: string) {
  const client = useApolloClient();
  // Pages `from`..`to` are on screen: 'Show more' extends `to`, a page button shows one page.
  const [range, setRange] = useState({ from: 1, to: 1 });

  const project = useQuery(ProjectQuery, { variables: { id }, context: LIVE_QUERY });
  const first = useQuery(ProjectTasksQuery, {
    variables: { projectId: id, page: range.from, limit: RESOURCE_PAGE_SIZE },
    notifyOnNetworkStatusChange: false,
    context: LIVE_QUERY,
  });

  const refresh = () => void client.refetchQueries({ include: [ProjectTasksQuery, ProjectQuery] });

  // Live: a created, verified or deleted resource shows without reload.
  useLiveSubscription(TaskUpdatedSubscription, {
    variables: { projectId: id },
    skip: Boolean(project.error),
    onData: () => refresh(),
    onLive: refresh,
  });
  // Campaign statuses in the Campaign column follow the server.
  useLiveCampaignStats(id, Boolean(project.error), refresh);

  const total = first.data?.projectTasks.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / RESOURCE_PAGE_SIZE));
  useEffect(() => {
    if (first.data && range.from > pages) setRange({ from: pages, to: pages });
  }, [first.data, range.from, pages]);
  return { project, first, range, setRange, refresh, total, pages };
}

/** Project detail: title and its resources, 10 a page, with show more and page change. */
export function ProjectPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const { sdk } = useSearch({ strict: false }) as { sdk?: 1 };
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const [keyOpen, setKeyOpen] = useState(false);
  const [campaignFor, setCampaignFor] = useState<CampaignPreset | null>(null);
  const { project, first, range, setRange, refresh, total, pages } = useProjectResources(id);

  if (project.error && !project.data) return <ProjectUnavailable error={project.error} />;

  const title = project.data?.project.title;
  const rows = first.data ? resourceRows(first.data.projectTasks.data) : [];

  return (
    <Stack gap="6">
      <ProjectHeader
        title={title}
        category={project.data ? categoryName(project.data.project.category.title) : undefined}
        onKey={() => setKeyOpen(true)}
        onAdd={() => setAdding(true)}
      />
      <PresenceBar objectType="project" objectId={id} />

      {first.loading && !first.data ? (
        <Stack gap="2" data-testid="resources-loading">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h="12" borderRadius="md" />
          ))}
        </Stack>
      ) : first.error && !first.data ? (
        <EmptyState icon={<Layers />} title={t`Could not load resources`} description={errorMessage(first.error)}>
          <Button onClick={() => void first.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </EmptyState>
      ) : total === 0 ? (
        <EmptyState
          icon={<Layers />}
          title={t`You don't have any resources`}
          description={t`Add a bot, channel, chat or link to advertise it.`}
        >
          <Button colorPalette="brand" onClick={() => setAdding(true)}>
            <Plus /> <Trans>Add New Resource</Trans>
          </Button>
        </EmptyState>
      ) : (
        <ResourceTable
          projectId={id}
          firstPageRows={rows}
          range={range}
          pages={pages}
          onShowMore={() => setRange((r) => ({ ...r, to: Math.min(pages, r.to + 1) }))}
          onPage={(page) => setRange({ from: page, to: page })}
          onChanged={refresh}
          openSdkDetails={sdk === 1}
          onSdkDetailsOpened={() => void navigate({ to: '.', search: {}, replace: true })}
          onAddCampaign={(task) =>
            setCampaignFor({
              projectId: id,
              task: { id: task.id, title: task.title, logo: task.logo, type: task.type },
            })
          }
        />
      )}

      <ObjectHistory objectType="project" objectId={id} />

      <ProjectDialogs
        projectId={id}
        adding={adding}
        onAddClosed={() => setAdding(false)}
        onCreated={refresh}
        campaignFor={campaignFor}
        onCampaignClosed={() => setCampaignFor(null)}
        keyOpen={keyOpen}
        onKeyClosed={() => setKeyOpen(false)}
      />
    </Stack>
  );
}

/** The project could not be read: not found (deleted, or another account's), or another failure said under it. */
function ProjectUnavailable({ error }: { error: Parameters<typeof serverError>[0] }) {
  // The server's message is the title when it says the same ("Project not found"); any other
  // failure (a network error) is said under it.
  const { message, code } = serverError(error);
  const notFound = code === 'PROJECT_NOT_FOUND';
  return (
    <EmptyState
      icon={<FolderX />}
      title={notFound ? t`Project not found` : t`This project could not be loaded`}
      description={
        notFound
          ? t`It may have been deleted, or it belongs to another account.`
          : t`${message}. Try again in a moment.`
      }
    >
      <Button asChild variant="outline">
        <Link to="/advertiser/projects">
          <Trans>Back to My Projects</Trans>
        </Link>
      </Button>
    </EmptyState>
  );
}

/** Back to the list, the project's title and category, its API key and the add button. */
function ProjectHeader({
  title,
  category,
  onKey,
  onAdd,
}: {
  title: string | undefined;
  category: string | undefined;
  onKey: () => void;
  onAdd: () => void;
}) {
  return (
    <Stack gap="3">
      <Button asChild variant="plain" size="sm" alignSelf="flex-start" px="0" color="fg.muted">
        <Link to="/advertiser/projects">
          <ArrowLeft /> <Trans>My Projects</Trans>
        </Link>
      </Button>
      <HStack justify="space-between" align="flex-end" wrap="wrap" gap="4">
        <Stack gap="1" minW="0">
          {title ? (
            <Heading as="h1" size="2xl" letterSpacing="-0.01em" data-testid="project-title" wordBreak="break-word">
              {title}
            </Heading>
          ) : (
            <Skeleton h="9" w="64" />
          )}
          <Text color="fg.muted">{category ?? ' '}</Text>
        </Stack>
        <HStack gap="2" wrap="wrap">
          <Button variant="outline" onClick={onKey}>
            <KeyRound /> <Trans>API key</Trans>
          </Button>
          <Button colorPalette="brand" onClick={onAdd}>
            <Plus /> <Trans>Add New Resource</Trans>
          </Button>
        </HStack>
      </HStack>
    </Stack>
  );
}

/** The dialogs the page opens: add a resource, create a campaign for one, the API key (lazily loaded). */
function ProjectDialogs(p: {
  projectId: string;
  adding: boolean;
  onAddClosed: () => void;
  onCreated: () => void;
  campaignFor: CampaignPreset | null;
  onCampaignClosed: () => void;
  keyOpen: boolean;
  onKeyClosed: () => void;
}) {
  return (
    <>
      <Suspense fallback={null}>
        <ResourceDialog projectId={p.projectId} open={p.adding} onClose={p.onAddClosed} onCreated={p.onCreated} />
      </Suspense>
      <Suspense fallback={null}>
        <CreateCampaignDialog open={p.campaignFor !== null} preset={p.campaignFor} onClose={p.onCampaignClosed} />
      </Suspense>
      <Suspense fallback={null}>
        <ApiKeyDialog projectId={p.keyOpen ? p.projectId : null} onClose={p.onKeyClosed} />
      </Suspense>
    </>
  );
}
