import { useQuery } from '@apollo/client/react';
import { Button, CloseButton } from '@chakra-ui/react/button';
import { Drawer } from '@chakra-ui/react/drawer';
import { Heading } from '@chakra-ui/react/heading';
import { Portal } from '@chakra-ui/react/portal';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import { useFragment as unmask } from '../../gql';
import { errorMessage } from '../../lib/api';
import { PlayerReportDetailQuery, PlayerReportRowFragment } from './moderationApi';
import type { ReportRow, useReportClaims } from './PlayerReportsTab';
import { History } from './parts';
import { useOpenItemEvents } from './useModerationLive';
import { LIVE_QUERY } from '../../lib/live';
import { Trans } from '@lingui/react/macro';
import { DecisionDialog } from './ReportDecision';
import { ReportSummary, PlayerConversions, Facts } from './ReportFacts';

/** One report: the player, app and campaign, the player's recent conversions, the history, the actions. */
export function ReportDrawer({
  id,
  onClose,
  claims,
  myId,
}: {
  id: string | null;
  onClose: () => void;
  claims: ReturnType<typeof useReportClaims>;
  myId?: string;
}) {
  const [deciding, setDeciding] = useState(false);
  const { data, loading, error, refetch } = useQuery(PlayerReportDetailQuery, {
    variables: { id: id ?? '' },
    skip: !id,
    fetchPolicy: 'cache-and-network',

    context: LIVE_QUERY,
  });
  // Another moderator's claim or decision shows here at once, with its history entry.
  useOpenItemEvents('reports', id, refetch);
  const detail = data?.playerReport;
  const report = detail ? unmask(PlayerReportRowFragment, detail.report) : undefined;
  const mine = report?.status === 'IN_REVIEW' && report.claimedBy?.id === myId;

  return (
    <>
      <Drawer.Root
        open={id !== null}
        onOpenChange={(e) => !e.open && onClose()}
        size={{ base: 'full', sm: 'md' }}
        placement="end"
      >
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content data-testid="report-drawer">
              <Drawer.Header>
                <Drawer.Title>
                  <Trans>Report #{id}</Trans>
                </Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>
                {!report ? (
                  error ? (
                    <Text color="fg.error">{errorMessage(error)}</Text>
                  ) : (
                    <Stack gap="3">
                      <Skeleton h="6" />
                      <Skeleton h="24" />
                      <Skeleton h="24" />
                    </Stack>
                  )
                ) : (
                  <Stack gap="6">
                    <ReportSummary report={report} blocked={Boolean(detail?.blocked)} myId={myId} />
                    <Facts report={report} />
                    <PlayerConversions report={report} conversions={detail?.conversions ?? []} />
                    <Stack gap="2">
                      <Heading size="sm">
                        <Trans>History</Trans>
                      </Heading>
                      {detail && <History entries={detail.history} />}
                    </Stack>
                  </Stack>
                )}
              </Drawer.Body>
              <Drawer.Footer>
                {report && (
                  <DrawerActions report={report} mine={mine} claims={claims} onDecide={() => setDeciding(true)} />
                )}
                {loading && report && (
                  <Text fontSize="xs" color="fg.muted">
                    <Trans>Refreshing…</Trans>
                  </Text>
                )}
              </Drawer.Footer>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
      {report && (
        <DecisionDialog
          report={report}
          open={deciding}
          onClose={() => setDeciding(false)}
          onDone={() => {
            setDeciding(false);
            void refetch();
          }}
        />
      )}
    </>
  );
}

/** Claim a new report; release or decide one of mine. */
function DrawerActions({
  report,
  mine,
  claims,
  onDecide,
}: {
  report: ReportRow;
  mine: boolean;
  claims: ReturnType<typeof useReportClaims>;
  onDecide: () => void;
}) {
  return (
    <>
      {report.status === 'NEW' && (
        <Button
          colorPalette="brand"
          loading={claims.busy === report.id}
          onClick={() => void claims.claim(report.id)}
          data-testid="drawer-claim"
        >
          <Trans>Claim</Trans>
        </Button>
      )}
      {mine && (
        <>
          <Button variant="outline" loading={claims.busy === report.id} onClick={() => void claims.release(report.id)}>
            <Trans>Release</Trans>
          </Button>
          <Button colorPalette="brand" onClick={onDecide} data-testid="drawer-decide">
            <Trans>Decide</Trans>
          </Button>
        </>
      )}
    </>
  );
}
