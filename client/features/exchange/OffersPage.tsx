import { plural, t } from '@lingui/core/macro';
import { formatDate } from '../../lib/dates';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link, useParams } from '@tanstack/react-router';
import { ArrowLeft, ArrowLeftRight, CloudOff, Inbox, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { EmptyState } from '../../components/ui/EmptyState';
import { Page } from '../../components/ui/Page';
import { Pagination } from '../../components/ui/Pagination';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { type FragmentType, useFragment } from '../../gql';
import { errorMessage } from '../../lib/api';
import { useThrottledCallback } from '../../lib/useThrottledCallback';
import { serverError } from '../../lib/serverError';
import {
  AwaitingOffersQuery,
  ConfirmOfferMutation,
  ExchangeOfferQuery,
  OFFERS_PAGE_SIZE,
  OfferCardFragment,
  OffersQuery,
  RejectOfferMutation,
  WithdrawOfferMutation,
} from './exchangeApi';
import { JoinExchange, useExchangeMe } from './JoinExchange';
import { AppLine, ExchangeStatusBadge } from './parts';
import { pageHeadings } from '../../lib/pageHeadings';
import { Trans } from '@lingui/react/macro';
import { PresenceBar } from '../teams/PresenceBar';
import { useAccountAccess } from '../teams/useAccountAccess';

type Direction = 'incoming' | 'outgoing';
type Action = 'confirm' | 'reject' | 'withdraw';

const copy = {
  incoming: {
    ...pageHeadings['/exchange/incoming'],
    get empty() {
      return t`No incoming requests`;
    },
    icon: <Inbox />,
  },
  outgoing: {
    ...pageHeadings['/exchange/outgoing'],
    get empty() {
      return t`No outgoing requests`;
    },
    icon: <Send />,
  },
} as const;

const done: Record<Action, string> = {
  get confirm() {
    return t`Offer confirmed: the swap has started`;
  },
  get reject() {
    return t`Offer rejected`;
  },
  get withdraw() {
    return t`Offer withdrawn`;
  },
};

function OffersPage({ direction }: { direction: Direction }) {
  const { me } = useExchangeMe();
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<{ id: string; action: Action } | null>(null);
  const { data, loading, error, refetch } = useQuery(OffersQuery, {
    variables: {
      direction: direction === 'incoming' ? 'INCOMING' : 'OUTGOING',
      page,
      limit: OFFERS_PAGE_SIZE,
    },
    fetchPolicy: 'cache-and-network',
    skip: !me?.isExchangeReady,
  });
  useRefreshOnNewCounts(Boolean(me?.isExchangeReady), refetch);
  const { busy, act } = useOfferActions(() => setPending(null));

  const offers = data?.exchangeOffers.data ?? [];
  const pages = Math.ceil((data?.exchangeOffers.total ?? 0) / OFFERS_PAGE_SIZE);
  const text = copy[direction];

  return (
    <Page title={text.title} description={text.description}>
      {me && !me.isExchangeReady ? (
        <JoinExchange />
      ) : error && !data ? (
        <EmptyState icon={<CloudOff />} title={t`Could not load the offers`} description={errorMessage(error)}>
          <Button onClick={() => void refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </EmptyState>
      ) : (loading || !me) && !data ? (
        <Stack gap="3">
          {[0, 1].map((i) => (
            <Skeleton key={i} h="36" borderRadius="xl" />
          ))}
        </Stack>
      ) : offers.length === 0 ? (
        <EmptyState
          icon={text.icon}
          title={text.empty}
          description={direction === 'incoming' ? t`Offers to your apps appear here at once.` : undefined}
        >
          {direction === 'outgoing' && (
            <Button asChild variant="outline">
              <Link to="/exchange/catalog">
                <Trans>Find a partner in the catalog</Trans>
              </Link>
            </Button>
          )}
        </EmptyState>
      ) : (
        <Stack gap="3" data-testid="offers">
          {offers.map((o) => (
            <OfferCard
              key={o.id}
              offer={o}
              direction={direction}
              busy={busy === o.id}
              onAction={(action) => (action === 'confirm' ? void act(o.id, action) : setPending({ id: o.id, action }))}
            />
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Stack align="center">
          <Pagination current={{ from: page, to: page }} pages={pages} onPage={setPage} label={t`Offer pages`} />
        </Stack>
      )}
      <OfferDecisionDialog
        pending={pending?.action ?? null}
        busy={busy !== null}
        onConfirm={() => pending && void act(pending.id, pending.action)}
        onCancel={() => setPending(null)}
      />
    </Page>
  );
}

/** "Reject this offer?" or "Withdraw this offer?": confirm is immediate, these two ask first. */
function OfferDecisionDialog({
  pending,
  busy,
  onConfirm,
  onCancel,
}: {
  pending: Action | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      open={pending !== null}
      title={pending === 'reject' ? t`Reject this offer?` : t`Withdraw this offer?`}
      confirmLabel={pending === 'reject' ? t`Reject` : t`Withdraw`}
      loading={busy}
      iconColor="orange-500"
      testId="offer-decision-dialog"
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {pending === 'reject'
        ? t`The partner is told at once. They can make a new offer later.`
        : t`The partner will no longer be able to confirm it.`}
    </ConfirmDialog>
  );
}

function OfferCard({
  offer: ref,
  direction,
  busy,
  onAction,
  linked = true,
}: {
  offer: FragmentType<typeof OfferCardFragment>;
  direction: Direction;
  busy: boolean;
  onAction: (action: Action) => void;
  /** In a list the card links to the offer's own page (a link to send a teammate). */
  linked?: boolean;
}) {
  const o = useFragment(OfferCardFragment, ref);
  const incoming = direction === 'incoming';
  // From my point of view: which app shows what, and how many completions each way.
  const myApp = incoming ? o.partnerPlatform : o.platform;
  const theirApp = incoming ? o.platform : o.partnerPlatform;
  const myProject = incoming ? o.partnerProject : o.project;
  const theirProject = incoming ? o.project : o.partnerProject;
  const iGive = incoming ? o.partnerQuantity : o.quantity;
  const iGet = incoming ? o.quantity : o.partnerQuantity;
  const other = incoming ? o.proposer : o.partner;
  const heading = incoming ? t`From ${other.name}` : t`To ${other.name}`;
  return (
    <Card.Root size="sm" data-testid="offer-card">
      <Card.Body gap="3">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Text fontWeight="semibold">
            {linked ? (
              <Link to="/exchange/offers/$id" params={{ id: o.id }} data-testid="offer-link">
                {heading}
              </Link>
            ) : (
              heading
            )}
            <Text as="span" color="fg.muted" fontWeight="normal" fontSize="sm">
              {' '}
              · {formatDate(o.createdAt)}
              {o.expiresAt ? ` · ${t`expires ${formatDate(o.expiresAt)}`}` : ''}
            </Text>
          </Text>
          <ExchangeStatusBadge status={o.status} />
        </HStack>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <Stack gap="1" borderWidth="1px" borderRadius="lg" p="3">
            <Text fontSize="xs" color="fg.muted" textTransform="uppercase" fontWeight="semibold">
              <Trans>You give</Trans>
            </Text>
            <AppLine app={myApp} caption={t`shows ${theirProject.title}`} />
            <Text fontSize="sm" data-testid="offer-give">
              {plural(iGive, { one: '# completion', other: '# completions' })}
            </Text>
          </Stack>
          <Stack gap="1" borderWidth="1px" borderRadius="lg" p="3">
            <Text fontSize="xs" color="fg.muted" textTransform="uppercase" fontWeight="semibold">
              <Trans>You get</Trans>
            </Text>
            <AppLine app={theirApp} caption={t`shows ${myProject.title}`} />
            <Text fontSize="sm" data-testid="offer-get">
              {plural(iGet, { one: '# completion', other: '# completions' })}
            </Text>
          </Stack>
        </SimpleGrid>
        {o.message && (
          <Text fontSize="sm" color="fg.muted" fontStyle="italic">
            “{o.message}”
          </Text>
        )}
      </Card.Body>
      <OfferCardActions status={o.status} dealId={o.dealId} incoming={incoming} busy={busy} onAction={onAction} />
    </Card.Root>
  );
}

/** A pending offer's decisions (the partner confirms or rejects, the proposer withdraws), or its swap. */
function OfferCardActions({
  status,
  dealId,
  incoming,
  busy,
  onAction,
}: {
  status: string;
  dealId?: string | null;
  incoming: boolean;
  busy: boolean;
  onAction: (action: Action) => void;
}) {
  return status === 'PENDING' ? (
    <Card.Footer justifyContent="flex-end" gap="2">
      {incoming ? (
        <>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => onAction('reject')}>
            <Trans>Reject</Trans>
          </Button>
          <Button size="sm" colorPalette="brand" loading={busy} onClick={() => onAction('confirm')}>
            <Trans>Confirm</Trans>
          </Button>
        </>
      ) : (
        <Button size="sm" variant="outline" loading={busy} onClick={() => onAction('withdraw')}>
          <Trans>Withdraw</Trans>
        </Button>
      )}
    </Card.Footer>
  ) : dealId ? (
    <Card.Footer justifyContent="flex-end">
      <Button asChild size="sm" variant="ghost">
        <Link to="/exchange/swaps">
          <ArrowLeftRight /> <Trans>See the swap</Trans>
        </Link>
      </Button>
    </Card.Footer>
  ) : null;
}

export const IncomingPage = () => <OffersPage direction="incoming" />;

/**
 * One offer on its own page (the link a teammate sends): the card with its decisions, who else
 * from the account has it open, and its status following the server live.
 */
export function OfferPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const { me } = useExchangeMe();
  const { account } = useAccountAccess();
  const [pending, setPending] = useState<Action | null>(null);
  const { data, loading, error, refetch } = useQuery(ExchangeOfferQuery, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  useRefreshOnNewCounts(Boolean(me?.isExchangeReady), refetch);
  const { busy, act } = useOfferActions(() => setPending(null));
  const offer = data?.exchangeOffer;
  const direction: Direction = offer && account && offer.proposer.id !== account.id ? 'incoming' : 'outgoing';
  const back = direction === 'incoming' ? '/exchange/incoming' : '/exchange/outgoing';

  return (
    <Page title={t`Offer`} description={t`An exchange offer between your app and a partner’s.`}>
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Button asChild size="sm" variant="ghost">
          <Link to={back}>
            <ArrowLeft /> {direction === 'incoming' ? t`Incoming requests` : t`Outgoing requests`}
          </Link>
        </Button>
        {offer && <PresenceBar objectType="offer" objectId={offer.id} />}
      </HStack>
      {error && !data ? (
        <EmptyState icon={<CloudOff />} title={t`Could not load the offer`} description={serverError(error).message}>
          <Button onClick={() => void refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </EmptyState>
      ) : loading && !offer ? (
        <Skeleton h="36" borderRadius="xl" />
      ) : offer ? (
        <OfferCard
          offer={offer}
          direction={direction}
          busy={busy === offer.id}
          linked={false}
          onAction={(action) => (action === 'confirm' ? void act(offer.id, action) : setPending(action))}
        />
      ) : null}
      <OfferDecisionDialog
        pending={pending}
        busy={busy !== null}
        onConfirm={() => offer && pending && void act(offer.id, pending)}
        onCancel={() => setPending(null)}
      />
    </Page>
  );
}
export const OutgoingPage = () => <OffersPage direction="outgoing" />;

/**
 * Every change of an offer I am party to moves a pending count, which the layout's one
 * awaitingOffersChanged subscription keeps in the cache: a new count refreshes the list.
 */
function useRefreshOnNewCounts(enabled: boolean, refetch: () => Promise<unknown>) {
  const refresh = useThrottledCallback(() => void refetch(), 300);
  const counts = useQuery(AwaitingOffersQuery, { fetchPolicy: 'cache-only', skip: !enabled }).data?.awaitingOffers;
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (!counts) return;
    const key = `${counts.incoming}:${counts.outgoing}`;
    if (seen.current !== null && seen.current !== key) refresh();
    seen.current = key;
  }, [counts, refresh]);
}

/** Confirm, reject or withdraw an offer, with the busy offer and what happened said. */
function useOfferActions(onSettled: () => void) {
  const refetchQueries = [AwaitingOffersQuery, 'ExchangeOffers', 'ExchangeOffer', 'ExchangeDeals'];
  const [confirm] = useMutation(ConfirmOfferMutation, { refetchQueries });
  const [reject] = useMutation(RejectOfferMutation, { refetchQueries });
  const [withdraw] = useMutation(WithdrawOfferMutation, { refetchQueries });
  const [busy, setBusy] = useState<string | null>(null);

  const act = async (id: string, action: Action) => {
    setBusy(id);
    try {
      const variables = { id };
      if (action === 'confirm') await confirm({ variables });
      if (action === 'reject') await reject({ variables });
      if (action === 'withdraw') await withdraw({ variables });
      notifySuccess(done[action]);
    } catch (err) {
      notifyError(serverError(err).message);
    } finally {
      setBusy(null);
      onSettled();
    }
  };

  return { busy, act };
}
