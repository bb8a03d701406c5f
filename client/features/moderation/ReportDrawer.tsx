import { t } from '@lingui/core/macro';
import { useMutation, useQuery } from '@apollo/client/react';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button, CloseButton } from '@chakra-ui/react/button';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { Dialog } from '@chakra-ui/react/dialog';
import { Drawer } from '@chakra-ui/react/drawer';
import { Heading } from '@chakra-ui/react/heading';
import { Portal } from '@chakra-ui/react/portal';
import { SegmentGroup } from '@chakra-ui/react/segment-group';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { Ban } from 'lucide-react';
import { useState } from 'react';
import { FormField } from '../../components/ui/FormField';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { useFragment as unmask } from '../../gql';
import type { PlayerReportDecision, PlayerReportDetailQuery as DetailQuery } from '../../gql/graphql';
import { errorMessage } from '../../lib/api';
import { formatMoney } from '../../lib/money';
import { formatDecimal } from '../../lib/locale';
import { DecidePlayerReportMutation, PlayerReportDetailQuery, PlayerReportRowFragment } from './moderationApi';
import type { ReportRow, useReportClaims } from './PlayerReportsTab';
import { ClaimedBy, History, ReportStatusBadge, reasonLabels, ruleLabels } from './parts';
import { useOpenItemEvents } from './useModerationLive';
import { reportText } from './ruleText';
import { typeLabels } from '../projects/constants';
import { LIVE_QUERY } from '../../lib/live';
import { formatShortDate } from '../../lib/dates';
import { Trans } from '@lingui/react/macro';

const conversionLook = { HOLD: 'orange', POSTED: 'green', VOIDED: 'gray' } as const;

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

/** The report's status, reason, text, date and claimer. */
function ReportSummary({ report, blocked, myId }: { report: ReportRow; blocked: boolean; myId?: string }) {
  return (
    <Stack gap="2">
      <HStack gap="2" wrap="wrap">
        <ReportStatusBadge status={report.status} />
        <Badge variant="outline">{reasonLabels[report.reason]}</Badge>
        {report.rule && <Badge variant="outline">{ruleLabels[report.rule] ?? report.rule}</Badge>}
        {blocked && (
          <Badge colorPalette="red" variant="subtle" data-testid="player-blocked">
            <Ban size={12} /> <Trans>Blocked in this app</Trans>
          </Badge>
        )}
      </HStack>
      {report.text && (
        <Text fontSize="md" data-testid="report-text">
          {reportText(report)}
        </Text>
      )}
      <Text fontSize="sm" color="fg.muted">
        <Trans>Filed {formatShortDate(report.createdAt)}</Trans>
      </Text>
      <HStack gap="2" fontSize="sm">
        <Text color="fg.muted">
          <Trans>Claimed by</Trans>
        </Text>
        <ClaimedBy claimedBy={report.claimedBy} myId={myId} />
      </HStack>
    </Stack>
  );
}

type Conversions = NonNullable<DetailQuery['playerReport']>['conversions'];

/** The player's recent conversions (a report about the whole app says so instead). */
function PlayerConversions({ report, conversions }: { report: ReportRow; conversions: Conversions }) {
  return !report.playerId ? (
    <Text fontSize="sm" color="fg.muted" data-testid="whole-app-note">
      {flaggedPlayers(report.evidence)
        ? t`This report is about the whole app, not one player: a decision acts on the flagged players listed above.`
        : t`This report is about the whole app, not one player.`}
    </Text>
  ) : (
    <Stack gap="2">
      <Heading size="sm">
        <Trans>The player’s recent conversions</Trans>
      </Heading>
      {conversions.length ? (
        <Box overflowX="auto" borderWidth="1px" borderRadius="lg">
          <Table.Root size="sm" data-testid="player-conversions">
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader>
                  <Trans>When</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Campaign</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>App</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Trans>Price</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Status</Trans>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {conversions.map((c) => (
                <Table.Row key={c.id}>
                  <Table.Cell whiteSpace="nowrap">{formatShortDate(c.createdAt)}</Table.Cell>
                  <Table.Cell>{c.campaignName}</Table.Cell>
                  <Table.Cell>{c.appTitle}</Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {formatMoney(c.price)}
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={conversionLook[c.status]} variant="subtle">
                      {c.status === 'HOLD' ? t`On hold` : c.status === 'POSTED' ? t`Paid` : t`Voided`}
                    </Badge>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          <Trans>No conversions of this player.</Trans>
        </Text>
      )}
    </Stack>
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

function Facts({ report }: { report: ReportRow }) {
  const rows: [string, string][] = [
    [
      t`Player`,
      report.playerName ? `${report.playerName} · ${report.playerId}` : (report.playerId ?? t`The whole app`),
    ],
    [t`App`, report.app.title],
    [t({ message: 'Campaign', context: 'one campaign' }), report.campaign ? campaignText(report.campaign) : '—'],
  ];
  const flagged = flaggedPlayers(report.evidence);
  const evidence = t`Evidence`;
  if (report.evidence && !flagged) rows.push([evidence, report.evidence]);
  return (
    <Stack as="dl" gap="2" fontSize="sm">
      {rows.map(([k, v]) => (
        <HStack key={k} align="flex-start" gap="3">
          <Text as="dt" color="fg.muted" minW="20">
            {k}
          </Text>
          <Text as="dd" wordBreak="break-word" fontFamily={k === evidence ? 'mono' : undefined} fontSize="sm">
            {v}
          </Text>
        </HStack>
      ))}
      {flagged && (
        <HStack align="flex-start" gap="3">
          <Text as="dt" color="fg.muted" minW="20">
            <Trans>Players</Trans>
          </Text>
          <Stack as="dd" gap="0.5" data-testid="flagged-players">
            <Text>
              {flagged.hits > flagged.players.length
                ? t`${flagged.hits} flagged, the first ${flagged.players.length}:`
                : t`${flagged.hits} flagged:`}
            </Text>
            {flagged.players.map((p) => (
              <Text key={p.playerId} fontFamily="mono" fontSize="xs">
                {p.playerId}
                {p.conversionId ? ` · ${conversionText(p.conversionId)}` : ''}
                {p.seconds !== undefined ? ` · ${secondsText(p.seconds)}` : ''}
                {p.completions !== undefined ? ` · ${inAnHour(p.completions)}` : ''}
              </Text>
            ))}
          </Stack>
        </HStack>
      )}
    </Stack>
  );
}

/** The checkbox of one effect of a decision. */
function Effect({
  checked,
  onChange,
  disabled,
  testId,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <Checkbox.Root
      checked={checked}
      disabled={disabled}
      onCheckedChange={(e) => onChange(e.checked === true)}
      data-testid={testId}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{children}</Checkbox.Label>
    </Checkbox.Root>
  );
}

type Effects = { voidConversion: boolean; blockPlayer: boolean; pauseCampaign: boolean; askAdvertiser: boolean };
const NO_EFFECTS: Effects = { voidConversion: false, blockPlayer: false, pauseCampaign: false, askAdvertiser: false };

/**
 * What a resolution can do for this report. A player's report is about the task: its campaign
 * can be paused and its advertiser asked to fix it (the reporter helped; nothing is done to
 * them). A fraud rule's report is about players: their conversions voided, they blocked.
 */
export function effectsFor(report: Pick<ReportRow, 'reason' | 'playerId' | 'campaign'>): (keyof Effects)[] {
  const task: (keyof Effects)[] = report.campaign ? ['pauseCampaign', 'askAdvertiser'] : [];
  if (report.reason !== 'FRAUD_RULE') return task;
  const players: (keyof Effects)[] = ['voidConversion', 'blockPlayer'];
  return [...players, ...task];
}

/** Resolve (with the effects that fit the report) or dismiss, with a note for the history. */
function DecisionDialog({
  report,
  open,
  onClose,
  onDone,
}: {
  report: ReportRow;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const [status, setStatus] = useState<PlayerReportDecision>('RESOLVED');
  const [note, setNote] = useState('');
  const [effects, setEffects] = useState<Effects>(NO_EFFECTS);
  const [decide, { loading }] = useMutation(DecidePlayerReportMutation);
  const resolving = status === 'RESOLVED';
  const offered = effectsFor(report);
  const set = (key: keyof Effects) => (checked: boolean) => setEffects((e) => ({ ...e, [key]: checked }));
  const submit = async () => {
    try {
      const chosen = Object.fromEntries(offered.map((k) => [k, resolving && effects[k]]));
      await decide({ variables: { id: report.id, status, note: note.trim() || null, ...chosen } });
      notifySuccess(resolving ? t`Report resolved` : t`Report dismissed`);
      onDone();
    } catch (e) {
      notifyError(errorMessage(e));
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      onExitComplete={() => {
        setStatus('RESOLVED');
        setNote('');
        setEffects(NO_EFFECTS);
      }}
      size="sm"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="decision-dialog">
            {/* Clear of the close button: a long title ("Reject …?") does not run under it. */}
            <Dialog.Header pe="12">
              <Dialog.Title>
                <Trans>Decide report #{report.id}</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <DecisionFields
                report={report}
                status={status}
                onStatus={setStatus}
                note={note}
                onNote={setNote}
                effects={effects}
                onEffect={set}
              />
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                <Trans>Cancel</Trans>
              </Button>
              <Button
                colorPalette={resolving ? 'brand' : 'red'}
                loading={loading}
                onClick={() => void submit()}
                data-testid="decision-submit"
              >
                {resolving ? t`Resolve` : t`Dismiss`}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** What a decision is: resolve or dismiss, the effects a resolution has, a note. */
function DecisionFields({
  report,
  status,
  onStatus: setStatus,
  note,
  onNote: setNote,
  effects,
  onEffect: set,
}: {
  report: ReportRow;
  status: PlayerReportDecision;
  onStatus: (status: PlayerReportDecision) => void;
  note: string;
  onNote: (note: string) => void;
  effects: Effects;
  onEffect: (key: keyof Effects) => (checked: boolean) => void;
}) {
  const resolving = status === 'RESOLVED';
  const offered = effectsFor(report);
  const labels = effectLabels(report);
  return (
    <Stack gap="4">
      <SegmentGroup.Root value={status} onValueChange={(e) => setStatus(e.value as PlayerReportDecision)} size="sm">
        <SegmentGroup.Indicator />
        <SegmentGroup.Items
          items={[
            { value: 'RESOLVED', label: t`Resolve` },
            { value: 'REJECTED', label: t`Dismiss` },
          ]}
        />
      </SegmentGroup.Root>
      <Text fontSize="sm" color="fg.muted">
        {!resolving
          ? t`The report is unfounded: nothing changes for the player, the app or the advertiser.`
          : offered.length
            ? t`The report is right. Choose what happens, in the same step:`
            : t`The report is right. It names no campaign or player to act on: the note records what was done.`}
      </Text>
      {resolving && offered.length > 0 && (
        <Stack gap="3">
          {offered.map((key) => (
            <Effect key={key} checked={effects[key]} onChange={set(key)} testId={`effect-${key}`}>
              {labels[key]}
            </Effect>
          ))}
        </Stack>
      )}
      <FormField
        label={t`Note (optional)`}
        helperText={
          resolving && effects.askAdvertiser
            ? t`Kept in the history and sent to the advertiser`
            : t`Kept in the report’s history`
        }
      >
        <Textarea value={note} onChange={(e) => setNote(e.target.value)} rows={3} maxLength={1000} />
      </FormField>
    </Stack>
  );
}

/** What each effect does, said for this report (a whole app's flagged players, or one player). */
function effectLabels(report: ReportRow): Record<keyof Effects, string> {
  const wholeApp = !report.playerId;
  return {
    voidConversion: wholeApp
      ? t`Void the flagged players’ conversions (those still on hold: the price goes back to the campaign)`
      : t`Void the player’s conversion on this campaign (if still on hold: the price goes back to the campaign, the app’s share is cancelled)`,
    blockPlayer: wholeApp
      ? t`Block the flagged players in ${report.app.title}`
      : t`Block the player in ${report.app.title} (no more tasks there)`,
    pauseCampaign: t`Pause the campaign${report.campaign ? ` “${report.campaign.name}”` : ''} until its advertiser turns it on again`,
    askAdvertiser: t`Ask the advertiser${report.campaign ? `, ${report.campaign.ownerName},` : ''} to look: they are mailed the report and your note`,
  };
}

/** A fraud rule's report about an app lists the players it flagged (evidence `{ hits, players }`). */
function flaggedPlayers(evidence: string | null | undefined) {
  if (!evidence) return null;
  try {
    const parsed = JSON.parse(evidence) as {
      hits?: number;
      players?: { playerId: number; conversionId?: number | null; seconds?: number; completions?: number }[];
    };
    return Array.isArray(parsed.players) && typeof parsed.hits === 'number'
      ? { hits: parsed.hits, players: parsed.players }
      : null;
  } catch {
    return null;
  }
}

/** The reported campaign: its name, task, type and owner. */
function campaignText(c: NonNullable<ReportRow['campaign']>): string {
  const { name, taskTitle: task, ownerName: owner } = c;
  const type = typeLabels[c.taskType as keyof typeof typeLabels] ?? c.taskType;
  return t`${name} — ${task} (${type}), by ${owner}`;
}

/** A flagged player's details, in the reader's words. */
function conversionText(conversionId: string | number): string {
  return t`conversion ${conversionId}`;
}
function secondsText(value: number): string {
  const seconds = formatDecimal(value);
  return t`${seconds} s`;
}
function inAnHour(completions: number): string {
  return t`${completions} in an hour`;
}
