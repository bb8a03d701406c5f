import { t } from '@lingui/core/macro';
import { Avatar } from '@chakra-ui/react/avatar';
import { Box } from '@chakra-ui/react/box';
import { Badge } from '@chakra-ui/react/badge';
import { Button, IconButton } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { Menu } from '@chakra-ui/react/menu';
import { Portal } from '@chakra-ui/react/portal';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link, useNavigate } from '@tanstack/react-router';
import { ChartColumn, Code, EllipsisVertical, KeyRound, Pencil, Plus, Smartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { AddCard } from '../../components/ui/AddCard';
import { useAccountAccess } from '../teams/useAccountAccess';
import { EmptyState } from '../../components/ui/EmptyState';
import { LiveValue } from '../../components/ui/LiveValue';
import { Page } from '../../components/ui/Page';
import { notifyError } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/api';
import { formatMoney } from '../../lib/money';
import { PlatformKeyDialog, ShowcaseCodeDialog } from './PlatformModals';
import { PLATFORM_PAGE_SIZE, PlatformStatsSubscription, PlatformsQuery, writePlatformTotals } from './platformsApi';
import { useLiveQuery } from '../../lib/live';
import { pageHeadings } from '../../lib/pageHeadings';
import { Trans } from '@lingui/react/macro';

const GRID = { base: 1, sm: 2, lg: 3, xl: 4 } as const;

/** My Apps: app cards plus the Add New App card, paged by 11. */
export function MyAppsPage() {
  const navigate = useNavigate();
  // Every conversion in any of my apps moves that app's card (Platform:<id> in the cache).
  const platformsQuery = useLiveQuery(
    PlatformsQuery,
    { variables: { page: 1, limit: PLATFORM_PAGE_SIZE }, fetchPolicy: 'cache-and-network' },
    {
      subscription: PlatformStatsSubscription,
      variables: {},
      skip: (r) => (r.data?.platforms.data.length ?? 0) === 0,
      onEvent: (event, { client }) => {
        const stats = event?.platformStatsChanged;
        if (stats) writePlatformTotals(client.cache, stats);
      },
    },
  );
  const { data, loading, error, fetchMore } = platformsQuery;
  const [page, setPage] = useState(1);
  const [loadingMore, setLoadingMore] = useState(false);
  const [keyFor, setKeyFor] = useState<string | null>(null);
  const [codeFor, setCodeFor] = useState<string | null>(null);

  useEffect(() => {
    if (error) notifyError(errorMessage(error));
  }, [error]);

  const platforms = data?.platforms.data ?? [];
  const total = data?.platforms.total ?? 0;

  const showMore = async () => {
    setLoadingMore(true);
    try {
      const next = page + 1;
      await fetchMore({
        variables: { page: next, limit: PLATFORM_PAGE_SIZE },
        updateQuery: (prev, { fetchMoreResult }) => {
          if (!fetchMoreResult) return prev as typeof fetchMoreResult;
          const seen = new Set(prev.platforms?.data.map((p) => p.id));
          return {
            ...fetchMoreResult,
            platforms: {
              ...fetchMoreResult.platforms,
              data: [...(prev.platforms?.data ?? []), ...fetchMoreResult.platforms.data.filter((p) => !seen.has(p.id))],
            },
          } as typeof fetchMoreResult;
        },
      });
      setPage(next);
    } catch (e) {
      notifyError(errorMessage(e));
    } finally {
      setLoadingMore(false);
    }
  };

  const goCreate = () => void navigate({ to: '/publisher/platforms/create' });

  return (
    <Page {...pageHeadings['/publisher']}>
      {loading && !data ? (
        <SimpleGrid columns={GRID} gap="5" data-testid="apps-loading">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h="44" borderRadius="2xl" />
          ))}
        </SimpleGrid>
      ) : platforms.length === 0 ? (
        <EmptyState
          icon={<Smartphone />}
          title={t`You don't have any platforms`}
          description={t`Add your mini app to show paid tasks to your players and earn from every completed action.`}
        >
          <Button colorPalette="brand" onClick={goCreate}>
            <Plus /> <Trans>Add App</Trans>
          </Button>
        </EmptyState>
      ) : (
        <Stack gap="6">
          <SimpleGrid columns={GRID} gap="5" data-testid="apps-grid">
            <AddAppCard onClick={goCreate} />
            {platforms.map((p) => (
              <AppCard key={p.id} platform={p} onApiKey={() => setKeyFor(p.id)} onCode={() => setCodeFor(p.id)} />
            ))}
          </SimpleGrid>
          {total > platforms.length && (
            <Button variant="outline" alignSelf="center" loading={loadingMore} onClick={() => void showMore()}>
              <Trans>Show more Apps</Trans>
            </Button>
          )}
        </Stack>
      )}
      <PlatformKeyDialog platformId={keyFor} onClose={() => setKeyFor(null)} />
      <ShowcaseCodeDialog platformId={codeFor} onClose={() => setCodeFor(null)} />
    </Page>
  );
}

/** "Add New App", disabled with the reason where the access level cannot change apps. */
function AddAppCard({ onClick }: { onClick: () => void }) {
  const access = useAccountAccess();
  return (
    <AddCard
      label={t`Add New App`}
      icon={<Plus size={28} />}
      testId="add-app-card"
      disabledWhy={access.why('work')}
      onClick={onClick}
    />
  );
}

function AppCard({
  platform,
  onApiKey,
  onCode,
}: {
  platform: {
    id: string;
    title: string;
    logo: string;
    isActive: boolean;
    status: string;
    completed: number;
    revenue: string;
  };
  onApiKey: () => void;
  onCode: () => void;
}) {
  const navigate = useNavigate();
  return (
    <Card.Root borderRadius="2xl" minH="44" data-testid="app-card" data-title={platform.title}>
      <Card.Body gap="4">
        <HStack justify="space-between" align="flex-start">
          <Avatar.Root size="xl" shape="rounded">
            {platform.logo && <Avatar.Image src={platform.logo} alt="" />}
            <Avatar.Fallback name={platform.title} />
          </Avatar.Root>
          <Menu.Root positioning={{ placement: 'bottom-end' }}>
            <Menu.Trigger asChild>
              <IconButton variant="ghost" size="sm" aria-label={t`Actions for ${platform.title}`}>
                <EllipsisVertical />
              </IconButton>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content>
                  <Menu.Item
                    value="edit"
                    onSelect={() => void navigate({ to: '/publisher/platforms/edit/$id', params: { id: platform.id } })}
                  >
                    <Pencil size={14} /> <Trans>Edit</Trans>
                  </Menu.Item>
                  <Menu.Item value="api-key" onSelect={onApiKey}>
                    <KeyRound size={14} /> <Trans>Get API key</Trans>
                  </Menu.Item>
                  <Menu.Item value="code" onSelect={onCode}>
                    <Code size={14} /> <Trans>Get code</Trans>
                  </Menu.Item>
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
        </HStack>
        <Text fontWeight="semibold" fontSize="lg" truncate title={platform.title} flex="1">
          {platform.title}
        </Text>
        <AppCardStats completed={platform.completed} revenue={platform.revenue} />
        <HStack justify="space-between">
          <Badge colorPalette={platform.isActive ? 'green' : 'gray'} variant="subtle" borderRadius="full" px="2.5">
            {platform.isActive ? t`Active` : t`Inactive`}
          </Badge>
          <IconButton
            asChild
            variant="subtle"
            size="sm"
            borderRadius="full"
            aria-label={t`Statistics of ${platform.title}`}
          >
            <Link to="/publisher/$id/campaigns" params={{ id: platform.id }}>
              <ChartColumn />
            </Link>
          </IconButton>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** All time, where Statistics counts per day: said on the card, so the two never seem to disagree. */
function AppCardStats({ completed, revenue }: { completed: number; revenue: string }) {
  return (
    <Box
      as="dl"
      display="flex"
      gap="6"
      fontSize="sm"
      data-testid="app-card-stats"
      title={t`Since the app was added: actions its players completed (voided ones not counted) and what they earned. Statistics shows them day by day.`}
    >
      <div>
        <Text as="dt" color="fg.muted" fontSize="xs">
          <Trans>Completed, all time</Trans>
        </Text>
        <Text as="dd" fontWeight="semibold" data-testid="app-card-completed">
          <LiveValue value={completed} />
        </Text>
      </div>
      <div>
        <Text as="dt" color="fg.muted" fontSize="xs">
          <Trans>Revenue, all time</Trans>
        </Text>
        <Text as="dd" fontWeight="semibold" data-testid="app-card-revenue">
          <LiveValue value={formatMoney(revenue)} />
        </Text>
      </div>
    </Box>
  );
}
