import { plural, t } from '@lingui/core/macro';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Heading } from '@chakra-ui/react/heading';
import { Text } from '@chakra-ui/react/text';
import { ShieldCheck } from 'lucide-react';
import { LiveValue } from '../../components/ui/LiveValue';
import { formatCount } from '../../lib/locale';
import { useFragment as unmask } from '../../gql';
import type { QualityFieldsFragment as QualityFields } from '../../gql/graphql';
import { useLiveQuery } from '../../lib/live';
import { componentText, percent, perThousand, scorePalette } from './quality';
import { AppQualityFieldsFragment, AppQualityQuery, AppQualitySubscription, QualityFieldsFragment } from './qualityApi';
import { dateFormat } from '../../lib/dates';
import { Trans } from '@lingui/react/macro';

/** "92% of 1,204": a share of a sample, in the reader's words and digits. */
function shareOf(share: string, sample: number): string {
  const count = formatCount(sample);
  return t`${share} of ${count}`;
}

/** "88% of 400 checked". */
function shareChecked(share: string, sample: number): string {
  const count = formatCount(sample);
  return t`${share} of ${count} checked`;
}

/** "−4 points": what a component took off the score. */
function pointsOff(points: number): string {
  return plural(points, { one: '−# point', other: '−# points' });
}

/** "3.2 per 1,000". */
function perThousandText(rate: string): string {
  const thousand = formatCount(1000);
  return t`${rate} per ${thousand}`;
}
/**
 * The publisher's view of an app's traffic quality (last 30 days): the score or "not enough
 * data", each component with the points it takes off, what lowers it most, and how many
 * campaigns exclude the app. Live from `platformQualityChanged`.
 */
export function AppQualityCard({ platformId }: { platformId: string }) {
  const result = useLiveQuery(
    AppQualityQuery,
    { variables: { platformId } },
    {
      subscription: AppQualitySubscription,
      variables: { platformId },
      onEvent: (event, { client }) => {
        const changed = event?.platformQualityChanged;
        if (!changed || changed.platformId !== platformId) return;
        client.cache.writeQuery({
          query: AppQualityQuery,
          variables: { platformId },
          data: { __typename: 'Query', appQuality: changed },
        });
      },
    },
  );
  const app = result.data?.appQuality ? unmask(AppQualityFieldsFragment, result.data.appQuality) : undefined;
  // A failed load leaves the card out: the statistics below still work.
  if (result.error && !app) return null;
  if (!app) return <Skeleton h="28" borderRadius="xl" data-testid="quality-loading" aria-busy="true" />;
  const q = unmask(QualityFieldsFragment, app.quality);
  const worst = q.penalties[0];
  const worstLabel = worst ? componentText[worst.component].label.toLowerCase() : '';
  const rows = componentRows(q);

  const points = new Map<string, number>(q.penalties.map((p) => [p.component, p.points]));
  return (
    <Box
      as="section"
      aria-labelledby="quality-heading"
      borderWidth="1px"
      borderRadius="xl"
      p="4"
      data-testid="app-quality"
    >
      <Stack gap="3">
        <HStack justify="space-between" align="start" wrap="wrap" gap="3">
          <HStack gap="3">
            <ShieldCheck aria-hidden />
            <Stack gap="0">
              <Heading as="h2" size="md" id="quality-heading">
                <Trans>Traffic quality</Trans>
              </Heading>
              <Text textStyle="sm" color="fg.muted">
                {plural(q.conversions, {
                  one: 'Last 30 days, from # paid conversion',
                  other: 'Last 30 days, from # paid conversions',
                })}
              </Text>
            </Stack>
          </HStack>
          <HStack gap="3">
            <ScoreBadge score={q.score} />
            <Text
              textStyle="sm"
              data-testid="quality-exclusions"
              title={t`Their ads are not shown to this app's players; which campaigns stays private`}
            >
              <LiveValue value={app.excludedByCampaigns}>
                {plural(app.excludedByCampaigns, {
                  one: 'Excluded by # campaign',
                  other: 'Excluded by # campaigns',
                })}
              </LiveValue>
            </Text>
          </HStack>
        </HStack>
        {app.pause && <PauseNotice pause={app.pause} />}
        {q.score === null && (
          <Text textStyle="sm" color="fg.muted">
            <Trans>
              A score needs {q.minSample} paid conversions in 30 days; this app has {q.conversions}. Advertisers decide
              whether their campaigns show in apps without a score.
            </Trans>
          </Text>
        )}
        {worst && (
          <Text textStyle="sm" data-testid="quality-advice">
            <strong>
              <Trans>What lowers it most: {worstLabel}.</Trans>
            </strong>{' '}
            {componentText[worst.component].advice}
          </Text>
        )}
        <ComponentList rows={rows} points={points} />
      </Stack>
    </Box>
  );
}

function PauseNotice({
  pause,
}: {
  pause: { since: string; score: number; floor: number; liftedAt?: string | null; liftNote?: string | null };
}) {
  const since = dayMonth(new Date(pause.since));
  const { score, floor } = pause;
  return (
    <Box
      role="status"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      bg={pause.liftedAt ? 'bg.subtle' : 'bg.error'}
      borderColor={pause.liftedAt ? 'border' : 'border.error'}
      data-testid="quality-pause"
    >
      {pause.liftedAt ? (
        <Text textStyle="sm">
          <strong>
            <Trans>A moderator lifted the pause:</Trans>
          </strong>{' '}
          <Trans>
            paid campaigns show in this app again, though its score {score} is under the network’s floor of {floor}.
          </Trans>
          {pause.liftNote ? ` “${pause.liftNote}”` : ''}
        </Text>
      ) : (
        <Text textStyle="sm" color="fg.error">
          <Trans>
            <strong>Paid campaigns are paused in this app</strong> since {since}: its score {score} is under the
            network’s floor of {floor}. Swaps you agreed to go on. The pause ends once the score is back at {floor}; a
            moderator reviews it too.
          </Trans>
        </Text>
      )}
    </Box>
  );
}

type Quality = QualityFields;

/** Each component of the score with what it measured. */
function componentRows(q: Quality): { key: string; value: string }[] {
  return [
    {
      key: 'RETENTION',
      value: q.retentionSample ? shareOf(percent(q.retention), q.retentionSample) : t`No channel or chat holds ended`,
    },
    {
      key: 'RETENTION_30D',
      value: q.retention30dSample
        ? shareChecked(percent(q.retention30d), q.retention30dSample)
        : t`Not checked yet (players are checked again a month after joining)`,
    },
    { key: 'VOIDS', value: percent(q.voidRate) },
    { key: 'REPORTS', value: perThousandText(perThousand(q.reportsPer1000)) },
    { key: 'FRAUD_RULES', value: perThousandText(perThousand(q.fraudHitsPer1000)) },
    { key: 'FAST', value: percent(q.fastShare) },
  ];
}

/** The components, their values and the points each takes off. */
function ComponentList({ rows, points }: { rows: { key: string; value: string }[]; points: Map<string, number> }) {
  return (
    <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr auto', md: '1fr auto auto' }} gapX="4" gapY="1">
      {rows.map((r) => (
        <Box key={r.key} display="contents" data-testid="quality-component" data-component={r.key}>
          <Text as="dt" textStyle="sm" color="fg.muted">
            {componentText[r.key].label}
          </Text>
          <Text as="dd" textStyle="sm" textAlign="end">
            {r.value}
          </Text>
          <Text
            as="dd"
            textStyle={{ base: 'xs', md: 'sm' }}
            textAlign={{ base: 'start', md: 'end' }}
            gridColumn={{ base: '1 / -1', md: 'auto' }}
            mt={{ base: '-1', md: '0' }}
            mb={{ base: '1', md: '0' }}
            color={points.get(r.key) ? 'fg.error' : 'fg.muted'}
            data-testid="quality-points"
          >
            {r.key === 'RETENTION_30D'
              ? t`part of retention`
              : points.get(r.key)
                ? pointsOff(points.get(r.key) ?? 0)
                : t`no points off`}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

const dayMonth = dateFormat({ day: 'numeric', month: 'short' });

function ScoreBadge({ score }: { score: number | null }) {
  return (
    <Badge
      size="lg"
      colorPalette={scorePalette(score)}
      variant="subtle"
      data-testid="quality-score"
      aria-label={score === null ? t`Score: not enough data` : t`Score ${score} of 100`}
    >
      <LiveValue value={score ?? ''}>{score === null ? t`Not enough data` : `${score} / 100`}</LiveValue>
    </Badge>
  );
}
