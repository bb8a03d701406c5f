import { t } from '@lingui/core/macro';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQuery } from '@apollo/client/react';
import { Lock } from 'lucide-react';
import { type FragmentType, graphql, useFragment } from '../../gql';
import type { PlayerReportReason, PlayerReportStatus } from '../../gql/graphql';
import { formatMoney } from '../../lib/money';
import { ModerationHistoryFragment } from './moderationApi';
import { formatShortDate } from '../../lib/dates';

export const reportStatusLook: Record<PlayerReportStatus, { label: string; colorPalette: string }> = {
  NEW: {
    get label() {
      return t`New`;
    },
    colorPalette: 'blue',
  },
  IN_REVIEW: {
    get label() {
      return t`In review`;
    },
    colorPalette: 'orange',
  },
  RESOLVED: {
    get label() {
      return t`Resolved`;
    },
    colorPalette: 'green',
  },
  REJECTED: {
    get label() {
      return t`Rejected`;
    },
    colorPalette: 'gray',
  },
};

export const reasonLabels: Record<PlayerReportReason, string> = {
  get NOT_REWARDED() {
    return t`Not rewarded`;
  },
  get BROKEN() {
    return t`Task broken`;
  },
  get INAPPROPRIATE() {
    return t`Inappropriate`;
  },
  get OTHER() {
    return t`Other`;
  },
  get FRAUD_RULE() {
    return t`Fraud rule`;
  },
};

export const ruleLabels: Record<string, string> = {
  get FAST_COMPLETION() {
    return t`Too fast`;
  },
  get HOURLY_COMPLETIONS() {
    return t`Too many per hour`;
  },
  get APP_LEAVE_RATE() {
    return t`App leave rate`;
  },
  get QUALITY_FLOOR() {
    return t`Under the quality floor`;
  },
};

export function ReportStatusBadge({ status }: { status: PlayerReportStatus }) {
  const look = reportStatusLook[status];
  return (
    <Badge colorPalette={look.colorPalette} variant="subtle" data-testid="report-status" data-status={status}>
      {look.label}
    </Badge>
  );
}

const MeIdQuery = graphql(`
  query ModerationMe {
    me {
      id
    }
  }
`);

/** The signed-in moderator's id (cached with the layout's account query). */
export function useMyId(): string | undefined {
  return useQuery(MeIdQuery).data?.me.id;
}

/** Who holds the claim: everyone sees it, live; the holder sees 'You'. */
export function ClaimedBy({ claimedBy, myId }: { claimedBy: { id: string; name: string } | null; myId?: string }) {
  if (!claimedBy) {
    return (
      <Text fontSize="sm" color="fg.muted">
        —
      </Text>
    );
  }
  const mine = claimedBy.id === myId;
  return (
    <HStack gap="1" fontSize="sm" data-testid="claimed-by" data-mine={mine || undefined} whiteSpace="nowrap">
      <Lock size={12} aria-hidden />
      <Text as="span" fontWeight={mine ? 'semibold' : undefined}>
        {mine ? t`You` : claimedBy.name}
      </Text>
    </HStack>
  );
}

const actionLabels: Record<string, string> = {
  get filed() {
    return t`Filed by the player`;
  },
  get flagged() {
    return t`Flagged by a fraud rule`;
  },
  get claimed() {
    return t`Claimed`;
  },
  get released() {
    return t`Released`;
  },
  get resolved() {
    return t`Resolved`;
  },
  get rejected() {
    return t`Rejected`;
  },
  get approved() {
    return t`Approved`;
  },
  get submitted() {
    return t`Submitted for review`;
  },
};

/** Effects of a decision in words: what moved and what was blocked. */
function describeEffects(json: string | null | undefined): string[] {
  if (!json) return [];
  const e = JSON.parse(json) as {
    voidConversion?: {
      conversionId?: number | null;
      result?: string;
      players?: number;
      conversions?: { VOIDED?: number; NOT_ON_HOLD?: number };
    };
    blockPlayer?: { appId: number; playerId?: number; players?: number };
    pauseCampaign?: { campaignId: number; result: 'PAUSED' | 'ALREADY_OFF' };
    askAdvertiser?: { email: string };
    budgetReturned?: string;
  };
  const out: string[] = [];
  if (e.voidConversion?.players !== undefined) {
    const { VOIDED = 0, NOT_ON_HOLD = 0 } = e.voidConversion.conversions ?? {};
    const players = e.voidConversion.players;
    out.push(
      NOT_ON_HOLD
        ? t`Conversions of ${players} flagged players: ${VOIDED} voided, ${NOT_ON_HOLD} no longer on hold`
        : t`Conversions of ${players} flagged players: ${VOIDED} voided`,
    );
  } else if (e.voidConversion) {
    out.push(
      e.voidConversion.result === 'VOIDED'
        ? t`Conversion #${String(e.voidConversion.conversionId ?? '')} voided: the price went back to the campaign`
        : e.voidConversion.result === 'NOT_ON_HOLD'
          ? t`Conversion #${String(e.voidConversion.conversionId ?? '')} was no longer on hold: nothing voided`
          : t`No conversion of the player on this campaign: nothing voided`,
    );
  }
  if (e.blockPlayer) {
    out.push(
      e.blockPlayer.players !== undefined
        ? t`${e.blockPlayer.players} flagged players blocked in the app`
        : t`Player ${String(e.blockPlayer.playerId ?? '')} blocked in the app`,
    );
  }
  if (e.pauseCampaign) {
    out.push(
      e.pauseCampaign.result === 'PAUSED'
        ? t`Campaign #${e.pauseCampaign.campaignId} paused until its advertiser turns it on again`
        : t`Campaign #${e.pauseCampaign.campaignId} was already off`,
    );
  }
  if (e.askAdvertiser) out.push(t`The advertiser was mailed the report (${e.askAdvertiser.email})`);
  if (e.budgetReturned !== undefined) {
    const micros = BigInt(e.budgetReturned);
    const usd = `${micros / 1_000_000n}.${(micros % 1_000_000n).toString().padStart(6, '0')}`;
    out.push(t`Budget of ${formatMoney(usd)} returned to the advertiser`);
  }
  return out;
}

/** A report's or a campaign's status as the pages name it ('IN_REVIEW' → 'In review'). */
function statusWord(status: string): string {
  return (
    reportStatusLook[status as PlayerReportStatus]?.label ??
    status.charAt(0) + status.slice(1).toLowerCase().replace(/_/g, ' ')
  );
}

/** What was done, and by whom when a person did it. */
function historyAction(action: string, actor: string | undefined): string {
  return actor ? t`${action} by ${actor}` : action;
}

/** The audit trail: who did what, when, from which state to which, with the note and effects. */
export function History({ entries }: { entries: FragmentType<typeof ModerationHistoryFragment>[] }) {
  const list = useFragment(ModerationHistoryFragment, entries);
  return (
    <Stack as="ol" gap="3" data-testid="history" listStyleType="none" ps="0">
      {list.map((h) => (
        <Box as="li" key={h.id} borderStartWidth="2px" borderColor="border.emphasized" ps="3">
          <Text fontSize="sm" fontWeight="medium">
            {historyAction(actionLabels[h.action] ?? h.action, h.actor?.name)}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {formatShortDate(h.at)}
            {h.from ? ` · ${statusWord(h.from)} → ${statusWord(h.to)}` : ` · ${statusWord(h.to)}`}
          </Text>
          {h.note && (
            <Text fontSize="sm" mt="1">
              “{h.note}”
            </Text>
          )}
          {describeEffects(h.effects).map((line) => (
            <Text key={line} fontSize="xs" color="fg.muted">
              {line}
            </Text>
          ))}
        </Box>
      ))}
    </Stack>
  );
}

/** Tab label with its waiting count. */
export function TabCount({ count, testId }: { count: number | undefined; testId: string }) {
  if (!count) return null;
  return (
    <Badge colorPalette="red" variant="solid" borderRadius="full" size="xs" data-testid={testId}>
      {count}
    </Badge>
  );
}

/**
 * Phones: one queue item as a card (the table's columns would put its action off-screen): what
 * it is, its badges, and its action in view; a press elsewhere opens it.
 */
export function QueueCard({
  title,
  lines,
  badges,
  actions,
  onOpen,
  rowProps,
}: {
  title: string;
  lines: string[];
  badges: React.ReactNode;
  actions: React.ReactNode;
  onOpen: () => void;
  rowProps: Record<string, string>;
}) {
  return (
    <Box
      borderWidth="1px"
      borderRadius="lg"
      p="3"
      cursor="pointer"
      _hover={{ bg: 'bg.subtle' }}
      onClick={onOpen}
      {...rowProps}
    >
      <Stack gap="2">
        <HStack justify="space-between" align="flex-start" gap="2">
          <Text fontWeight="medium" lineClamp={2}>
            {title}
          </Text>
          <HStack gap="1" flexShrink={0}>
            {badges}
          </HStack>
        </HStack>
        {lines.map((line) => (
          <Text key={line} fontSize="sm" color="fg.muted" lineClamp={1}>
            {line}
          </Text>
        ))}
        <HStack justify="flex-end">{actions}</HStack>
      </Stack>
    </Box>
  );
}

/** A queue card's last line: when it was filed or created, and who claimed it. */
export function queueWhen(
  kind: 'filed' | 'created',
  at: string,
  claimedBy: { id: string; name: string } | null | undefined,
  myId: string | undefined,
): string {
  const when = formatShortDate(at);
  const who = claimedBy ? (claimedBy.id === myId ? t`you` : claimedBy.name) : null;
  if (kind === 'filed') return who ? t`Filed ${when} · claimed by ${who}` : t`Filed ${when}`;
  return who ? t`Created ${when} · claimed by ${who}` : t`Created ${when}`;
}
