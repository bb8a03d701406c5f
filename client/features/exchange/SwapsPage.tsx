import { t } from '@lingui/core/macro';
import { formatCount } from '../../lib/locale';
import { formatDate } from '../../lib/dates';
import { useMutation } from '@apollo/client/react';
import { Button } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { Progress } from '@chakra-ui/react/progress';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { ArrowLeftRight, CloudOff, Pause, Play, Square } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { EmptyState } from '../../components/ui/EmptyState';
import { LiveValue } from '../../components/ui/LiveValue';
import { Page } from '../../components/ui/Page';
import { Pagination } from '../../components/ui/Pagination';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { type FragmentType, useFragment } from '../../gql';
import type { DealAction } from '../../gql/graphql';
import { errorMessage } from '../../lib/api';
import { serverError } from '../../lib/serverError';
import {
  ChangeDealMutation,
  DEALS_PAGE_SIZE,
  DealCardFragment,
  DealUpdatedSubscription,
  DealsQuery,
} from './exchangeApi';
import { JoinExchange, useExchangeMe } from './JoinExchange';
import { mySide } from './offer';
import { AppLine, ExchangeStatusBadge } from './parts';
import { useLiveQuery } from '../../lib/live';
import { pageHeadings } from '../../lib/pageHeadings';
import { Trans } from '@lingui/react/macro';

const done: Record<DealAction, string> = {
  get PAUSE() {
    return t`Swap paused: neither app shows the other’s tasks until you resume`;
  },
  get RESUME() {
    return t`Swap resumed`;
  },
  get END() {
    return t`Swap ended`;
  },
};

/** Running and past swaps: what my app delivered and what I received, ticking live. */
export function SwapsPage() {
  const { me } = useExchangeMe();
  const [page, setPage] = useState(1);
  const [ending, setEnding] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // Deliveries and status changes land in the cached Deal:<id> by themselves (same fields);
  // a deal not on screen yet (just confirmed by the partner) brings the list up to date.
  const dealsQuery = useLiveQuery(
    DealsQuery,
    { variables: { page, limit: DEALS_PAGE_SIZE }, fetchPolicy: 'cache-and-network', skip: !me?.isExchangeReady },
    {
      subscription: DealUpdatedSubscription,
      skip: !me?.isExchangeReady,
      onEvent: (event, { refetch, result }) => {
        const id = event?.dealUpdated.id;
        if (id && !result.data?.exchangeDeals.data.some((d) => d.id === id)) refetch();
      },
    },
  );
  const { data, loading, error, refetch } = dealsQuery;
  const deals = data?.exchangeDeals.data ?? [];
  const [change] = useMutation(ChangeDealMutation);

  const act = async (id: string, action: DealAction) => {
    setBusy(id);
    try {
      await change({ variables: { id, action } });
      notifySuccess(done[action]);
    } catch (err) {
      notifyError(serverError(err).message);
    } finally {
      setBusy(null);
      setEnding(null);
    }
  };
  const pages = Math.ceil((data?.exchangeDeals.total ?? 0) / DEALS_PAGE_SIZE);

  return (
    <Page {...pageHeadings['/exchange/swaps']}>
      {me && !me.isExchangeReady ? (
        <JoinExchange />
      ) : error && !data ? (
        <EmptyState icon={<CloudOff />} title={t`Could not load your swaps`} description={errorMessage(error)}>
          <Button onClick={() => void refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </EmptyState>
      ) : (loading || !me) && !data ? (
        <Stack gap="3">
          {[0, 1].map((i) => (
            <Skeleton key={i} h="40" borderRadius="xl" />
          ))}
        </Stack>
      ) : deals.length === 0 ? (
        <EmptyState
          icon={<ArrowLeftRight />}
          title={t`No swaps yet`}
          description={t`A swap starts when an offer is confirmed.`}
        >
          <Button asChild variant="outline">
            <Link to="/exchange/catalog">
              <Trans>Find a partner in the catalog</Trans>
            </Link>
          </Button>
        </EmptyState>
      ) : (
        <Stack gap="3" data-testid="deals">
          {deals.map((d) => (
            <DealCard
              key={d.id}
              deal={d}
              meId={me?.id}
              busy={busy === d.id}
              onAction={(action) => (action === 'END' ? setEnding(d.id) : void act(d.id, action))}
            />
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Stack align="center">
          <Pagination current={{ from: page, to: page }} pages={pages} onPage={setPage} label={t`Swap pages`} />
        </Stack>
      )}
      <ConfirmDialog
        open={ending !== null}
        title={t`End this swap?`}
        confirmLabel={t`End swap`}
        loading={busy !== null}
        iconColor="orange-500"
        testId="end-deal-dialog"
        onConfirm={() => ending && void act(ending, 'END')}
        onCancel={() => setEnding(null)}
      >
        <Trans>Both apps stop showing each other’s tasks for good. What was delivered stays counted.</Trans>
      </ConfirmDialog>
    </Page>
  );
}

function DealCard({
  deal: ref,
  meId,
  busy,
  onAction,
}: {
  deal: FragmentType<typeof DealCardFragment>;
  meId: string | undefined;
  busy: boolean;
  onAction: (action: DealAction) => void;
}) {
  const d = useFragment(DealCardFragment, ref);
  const side = mySide(d, meId);
  const myApp = side.proposer ? d.platform : d.partnerPlatform;
  const theirApp = side.proposer ? d.partnerPlatform : d.platform;
  const myProject = side.proposer ? d.project : d.partnerProject;
  const theirProject = side.proposer ? d.partnerProject : d.project;
  const partner = side.proposer ? d.partner : d.proposer;
  const open = d.status === 'ACTIVE' || d.status === 'PAUSED';
  return (
    <Card.Root size="sm" data-testid="deal-card">
      <Card.Body gap="3">
        <HStack justify="space-between" wrap="wrap" gap="2">
          {/* The date on its own line: on a phone the title stays one line (it was the page's largest paint, waiting on the data). */}
          <Stack gap="0">
            <Text fontWeight="semibold">{t`Swap with ${partner.name}`}</Text>
            <Text color="fg.muted" fontSize="sm">
              {t`Since ${formatDate(d.createdAt)}`}
            </Text>
          </Stack>
          <ExchangeStatusBadge status={d.status} />
        </HStack>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <Progressed
            label={t`Delivered by my app`}
            app={myApp}
            caption={t`shows ${theirProject.title}`}
            done={side.give.done ?? 0}
            of={side.give.quantity}
            testId="deal-delivered"
          />
          <Progressed
            label={t`Received from their app`}
            app={theirApp}
            caption={t`shows ${myProject.title}`}
            done={side.get.done ?? 0}
            of={side.get.quantity}
            testId="deal-received"
          />
        </SimpleGrid>
      </Card.Body>
      {open && (
        <Card.Footer justifyContent="flex-end" gap="2">
          {d.status === 'ACTIVE' ? (
            <Button size="sm" variant="outline" loading={busy} onClick={() => onAction('PAUSE')}>
              <Pause /> <Trans>Pause</Trans>
            </Button>
          ) : (
            <Button size="sm" variant="outline" loading={busy} onClick={() => onAction('RESUME')}>
              <Play /> <Trans>Resume</Trans>
            </Button>
          )}
          <Button size="sm" variant="ghost" colorPalette="red" disabled={busy} onClick={() => onAction('END')}>
            <Square /> <Trans>End</Trans>
          </Button>
        </Card.Footer>
      )}
    </Card.Root>
  );
}

function Progressed({
  label,
  app,
  caption,
  done,
  of,
  testId,
}: {
  label: string;
  app: { title: string; logo: string };
  caption: string;
  done: number;
  of: number;
  testId: string;
}) {
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="lg" p="3">
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" fontWeight="semibold">
        {label}
      </Text>
      <AppLine app={app} caption={caption} />
      <Progress.Root
        value={of ? Math.min(100, (done / of) * 100) : 0}
        size="sm"
        colorPalette="brand"
        aria-label={label}
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" fontVariantNumeric="tabular-nums" data-testid={testId}>
        <Trans>
          <LiveValue value={done}>{formatCount(done)}</LiveValue> of {formatCount(of)} completions
        </Trans>
      </Text>
    </Stack>
  );
}
