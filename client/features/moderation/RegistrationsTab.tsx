import { t } from '@lingui/core/macro';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { SegmentGroup } from '@chakra-ui/react/segment-group';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Text } from '@chakra-ui/react/text';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../../components/ui/EmptyState';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { graphql } from '../../gql';
import type { RegistrationStatus } from '../../gql/graphql';
import { errorMessage } from '../../lib/api';
import { DeclineDialog } from './DeclineDialog';
import { RegistrationRequestCard } from './RegistrationRequestCard';
import { useModerationEvents } from './useModerationLive';
import { LIVE_QUERY } from '../../lib/live';
import { Trans } from '@lingui/react/macro';

const PAGE_SIZE = 20;

const RegistrationQueueQuery = graphql(`
  query RegistrationQueue($status: RegistrationStatus, $page: Int, $limit: Int) {
    registrationRequests(status: $status, page: $page, limit: $limit) {
      total
      data {
        id
        ...RegistrationRequestCard_request
      }
    }
  }
`);

const ApproveMutation = graphql(`
  mutation ApproveRegistrationRequest($id: ID!) {
    approveRegistrationRequest(id: $id) {
      id
      ...RegistrationRequestCard_request
    }
  }
`);

const DeclineMutation = graphql(`
  mutation DeclineRegistrationRequest($id: ID!, $reason: String) {
    declineRegistrationRequest(id: $id, reason: $reason) {
      id
      ...RegistrationRequestCard_request
    }
  }
`);

const filters: Array<{ value: RegistrationStatus; label: string }> = [
  {
    value: 'PENDING',
    get label() {
      return t`Pending`;
    },
  },
  {
    value: 'APPROVED',
    get label() {
      return t`Approved`;
    },
  },
  {
    value: 'DECLINED',
    get label() {
      return t`Declined`;
    },
  },
];

/** The live registration-request queue: new requests appear without a reload. */
export function RegistrationsTab() {
  const [status, setStatus] = useState<RegistrationStatus>('PENDING');
  const [page, setPage] = useState(1);
  const [busyId, setBusyId] = useState<string>();
  const [declining, setDeclining] = useState<{ id: string; name: string } | null>(null);

  const { data, loading, error, refetch } = useQuery(RegistrationQueueQuery, {
    variables: { status, page: 1, limit: PAGE_SIZE * page },
    notifyOnNetworkStatusChange: false,

    context: LIVE_QUERY,
  });

  // A filed or decided request changes which list it belongs to and the totals; refetching
  // the page keeps order and counts exactly as the server has them.
  useModerationEvents('registrations', () => void refetch());

  const [approve] = useMutation(ApproveMutation);
  const [decline] = useMutation(DeclineMutation);

  const run = async (id: string, action: () => Promise<unknown>, done: string) => {
    setBusyId(id);
    try {
      await action();
      notifySuccess(done);
      await refetch();
    } catch (e) {
      notifyError(errorMessage(e));
    } finally {
      setBusyId(undefined);
    }
  };

  const requests = data?.registrationRequests.data ?? [];
  const total = data?.registrationRequests.total ?? 0;

  return (
    <Stack gap="4">
      <QueueHeader
        status={status}
        total={total}
        onStatus={(next) => {
          setStatus(next);
          setPage(1);
        }}
      />
      {loading && !data ? (
        <Stack gap="3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h="28" borderRadius="lg" />
          ))}
        </Stack>
      ) : error && !data ? (
        <EmptyState icon={<Inbox />} title={t`Could not load requests`} description={errorMessage(error)}>
          <Button onClick={() => void refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </EmptyState>
      ) : requests.length === 0 ? (
        <EmptyState
          icon={<Inbox />}
          title={t`No requests here`}
          description={t`New requests appear here as soon as they are filed.`}
        />
      ) : (
        <Stack gap="3" data-testid="registration-queue">
          {requests.map((request) => (
            <RegistrationRequestCard
              key={request.id}
              request={request}
              busy={busyId === request.id}
              onApprove={(id) =>
                void run(id, () => approve({ variables: { id } }), t`Request approved, the account is active`)
              }
              onDecline={(id, name) => setDeclining({ id, name })}
            />
          ))}
          {requests.length < total && (
            <Button variant="outline" alignSelf="center" onClick={() => setPage((p) => p + 1)}>
              <Trans>Show more</Trans>
            </Button>
          )}
        </Stack>
      )}
      <DeclineDialog
        target={declining}
        busy={busyId === declining?.id}
        onClose={() => setDeclining(null)}
        onConfirm={(id, reason) =>
          void run(id, () => decline({ variables: { id, reason } }), t`Request declined`).then(() => setDeclining(null))
        }
      />
    </Stack>
  );
}

/** Which requests are listed (pending, approved, declined), and how many. */
function QueueHeader({
  status,
  total,
  onStatus,
}: {
  status: RegistrationStatus;
  total: number;
  onStatus: (status: RegistrationStatus) => void;
}) {
  return (
    <HStack justify="space-between" wrap="wrap" gap="3">
      <SegmentGroup.Root value={status} onValueChange={(e) => onStatus(e.value as RegistrationStatus)} size="sm">
        <SegmentGroup.Indicator />
        <SegmentGroup.Items items={filters} />
      </SegmentGroup.Root>
      <Text fontSize="sm" color="fg.muted" data-testid="queue-total">
        {total} {total === 1 ? 'request' : 'requests'}
      </Text>
    </HStack>
  );
}
