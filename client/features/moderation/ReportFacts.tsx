import { t } from '@lingui/core/macro';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import { Ban } from 'lucide-react';
import type { PlayerReportDetailQuery as DetailQuery } from '../../gql/graphql';
import { formatMoney } from '../../lib/money';
import { formatDecimal } from '../../lib/locale';
import type { ReportRow } from './PlayerReportsTab';
import { ClaimedBy, ReportStatusBadge, reasonLabels, ruleLabels } from './parts';
import { reportText } from './ruleText';
import { typeLabels } from '../projects/constants';
import { formatShortDate } from '../../lib/dates';
import { Trans } from '@lingui/react/macro';

export const conversionLook = { HOLD: 'orange', POSTED: 'green', VOIDED: 'gray' } as const;

/** The report's status, reason, text, date and claimer. */
export function ReportSummary({ report, blocked, myId }: { report: ReportRow; blocked: boolean; myId?: string }) {
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

export type Conversions = NonNullable<DetailQuery['playerReport']>['conversions'];

/** The player's recent conversions (a report about the whole app says so instead). */
export function PlayerConversions({ report, conversions }: { report: ReportRow; conversions: Conversions }) {
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

export function Facts({ report }: { report: ReportRow }) {
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

/** A fraud rule's report about an app lists the players it flagged (evidence `{ hits, players }`). */
export function flaggedPlayers(evidence: string | null | undefined) {
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
export function campaignText(c: NonNullable<ReportRow['campaign']>): string {
  const { name, taskTitle: task, ownerName: owner } = c;
  const type = typeLabels[c.taskType as keyof typeof typeLabels] ?? c.taskType;
  return t`${name} — ${task} (${type}), by ${owner}`;
}

/** A flagged player's details, in the reader's words. */
export function conversionText(conversionId: string | number): string {
  return t`conversion ${conversionId}`;
}

export function secondsText(value: number): string {
  const seconds = formatDecimal(value);
  return t`${seconds} s`;
}

export function inAnHour(completions: number): string {
  return t`${completions} in an hour`;
}
