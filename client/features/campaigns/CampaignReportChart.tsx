import { plural, t } from '@lingui/core/macro';
import { Box } from '@chakra-ui/react/box';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { formatCount } from '../../lib/locale';
import { formatMoney } from '../../lib/money';
import { type ReportDay, axisLabel, formatAxisDay, formatDay, niceCeiling, reportTotals } from './campaignReport';
import { Trans } from '@lingui/react/macro';

// Hand-made SVG: a chart library would weigh more than the whole page. The plot stretches to
// its box (preserveAspectRatio="none"), so every text sits in HTML around it and the line
// keeps its width with vector-effect. The table under the chart is the accessible data.
const SLOT = 10;
const BAR = 7;
const HEIGHT = 100;
const BAR_FILL = 'var(--chakra-colors-brand-solid)';
const LINE_STROKE = 'var(--chakra-colors-orange-solid)';
const GRID_STROKE = 'var(--chakra-colors-border)';

function chartSummary(days: readonly ReportDay[], money: string): string {
  if (days.length === 0) return t`No data`;
  const totals = reportTotals(days);
  const first = formatDay(days[0].day);
  const last = formatDay(days[days.length - 1].day);
  const count = formatCount(totals.conversions);
  const amount = formatMoney(totals.spend);
  const summary =
    money === 'spend'
      ? t`Conversions and spend per day, ${first} to ${last}: ${count} conversions, ${amount} spent`
      : t`Conversions and profit per day, ${first} to ${last}: ${count} conversions, ${amount} profit`;
  const busiest = days.reduce((best, d) => (d.conversions > best.conversions ? d : best), days[0]);
  if (busiest.conversions === 0) return `${summary}.`;
  const day = formatDay(busiest.day);
  const most = formatCount(busiest.conversions);
  return `${summary}; ${t`most conversions on ${day} (${most})`}.`;
}

function Swatch({ line }: { line?: boolean }) {
  return (
    <Box
      as="span"
      display="inline-block"
      w="3"
      h={line ? '0.5' : '3'}
      borderRadius={line ? 'full' : 'sm'}
      style={{ background: line ? LINE_STROKE : BAR_FILL }}
      aria-hidden
    />
  );
}

function Axis({ ticks, align }: { ticks: [top: string, middle: string, bottom: string]; align: 'start' | 'end' }) {
  const [top, middle, bottom] = ticks;
  return (
    <Stack
      justify="space-between"
      h="full"
      fontSize="xs"
      color="fg.muted"
      textAlign={align}
      fontVariantNumeric="tabular-nums"
      aria-hidden
      minW="6"
      flexShrink={0}
      // Centre each tick on its grid line.
      my="-0.5em"
      lineHeight="1"
    >
      <Text as="span">{top}</Text>
      <Text as="span">{middle}</Text>
      <Text as="span">{bottom}</Text>
    </Stack>
  );
}

interface CampaignReportChartProps {
  days: readonly ReportDay[];
  money?: 'spend' | 'profit';
}

/**
 * Conversions as bars (left axis) and money as a line (right axis), one slot per day: the
 * advertiser's spend, or (with `money="profit"`) the publisher's profit in the `spend` field.
 * Right to left, time runs right to left as the reading does: the plot is mirrored (`_rtl`), so
 * the oldest day stands at the right under its mirrored date label and today's at the left, next
 * to the conversions axis (the row's start), as Material's bidirectionality guidance does for
 * time axes.
 */
export function CampaignReportChart({ days, money = 'spend' }: CampaignReportChartProps) {
  const width = Math.max(1, days.length) * SLOT;
  const spends = days.map((d) => Number(d.spend));
  const topConversions = niceCeiling(Math.max(0, ...days.map((d) => d.conversions)));
  const topSpend = niceCeiling(Math.max(0, ...spends));
  const y = (value: number, top: number) => HEIGHT - (value / top) * HEIGHT;
  const linePoints = spends.map((s, i) => `${i * SLOT + SLOT / 2},${y(s, topSpend)}`).join(' ');
  const middle = days[Math.floor((days.length - 1) / 2)];

  return (
    <Stack gap="3" data-testid="report-chart">
      <HStack gap="4" fontSize="sm" color="fg.muted" wrap="wrap" aria-hidden>
        <HStack gap="1.5">
          <Swatch /> <Trans>Conversions</Trans>
        </HStack>
        <HStack gap="1.5">
          <Swatch line /> {money === 'spend' ? t`Spend` : t`Profit`} $
        </HStack>
      </HStack>
      <HStack align="stretch" gap="2" h={{ base: '40', md: '56' }}>
        <Axis align="end" ticks={[axisLabel(topConversions), axisLabel(topConversions / 2), axisLabel(0)]} />
        <Box flex="1" minW="0" position="relative" _rtl={{ transform: 'scaleX(-1)' }} data-testid="report-plot">
          <svg
            role="img"
            aria-label={chartSummary(days, money)}
            viewBox={`0 0 ${width} ${HEIGHT}`}
            preserveAspectRatio="none"
            width="100%"
            height="100%"
            style={{ display: 'block', overflow: 'visible' }}
          >
            {[0, 0.5, 1].map((f) => (
              <line
                key={f}
                x1="0"
                x2={width}
                y1={HEIGHT * f}
                y2={HEIGHT * f}
                stroke={GRID_STROKE}
                strokeWidth="1"
                vectorEffect="non-scaling-stroke"
                strokeDasharray={f === 1 ? undefined : '3 3'}
              />
            ))}
            {days.map((d, i) => {
              const top = y(d.conversions, topConversions);
              return (
                <rect
                  key={d.day}
                  data-testid="report-bar"
                  data-day={d.day}
                  data-value={d.conversions}
                  x={i * SLOT + (SLOT - BAR) / 2}
                  y={top}
                  width={BAR}
                  height={HEIGHT - top}
                  fill={BAR_FILL}
                >
                  <title>{barTitle(formatDay(d.day), d.conversions, formatMoney(d.spend))}</title>
                </rect>
              );
            })}
            {days.length > 1 ? (
              <polyline
                data-testid="report-spend-line"
                points={linePoints}
                fill="none"
                stroke={LINE_STROKE}
                strokeWidth="2"
                strokeLinejoin="round"
                vectorEffect="non-scaling-stroke"
              />
            ) : (
              days.length === 1 && (
                <line
                  data-testid="report-spend-line"
                  x1="0"
                  x2={width}
                  y1={y(spends[0], topSpend)}
                  y2={y(spends[0], topSpend)}
                  stroke={LINE_STROKE}
                  strokeWidth="2"
                  vectorEffect="non-scaling-stroke"
                />
              )
            )}
          </svg>
        </Box>
        <Axis align="start" ticks={[axisLabel(topSpend), axisLabel(topSpend / 2), axisLabel(0)]} />
      </HStack>
      {days.length > 0 && (
        <HStack justify="space-between" fontSize="xs" color="fg.muted" px="8" aria-hidden>
          <Text as="span">{formatAxisDay(days[0].day)}</Text>
          {days.length > 2 && <Text as="span">{formatAxisDay(middle.day)}</Text>}
          {days.length > 1 && <Text as="span">{formatAxisDay(days[days.length - 1].day)}</Text>}
        </HStack>
      )}
    </Stack>
  );
}

/** The chart's place while its days load: the same height, so nothing under it moves when they come. */
export function ReportChartPlaceholder() {
  return (
    <Stack gap="3" aria-hidden data-testid="report-chart-loading">
      <Skeleton h="5" w="48" />
      <Skeleton h={{ base: '40', md: '56' }} />
      <Skeleton h="4" />
    </Stack>
  );
}

/** A bar's tooltip: its day, conversions and spend, in the reader's words and digits. */
function barTitle(day: string, conversions: number, spend: string): string {
  return plural(conversions, {
    one: `${day}: # conversion, ${spend}`,
    other: `${day}: # conversions, ${spend}`,
  });
}
