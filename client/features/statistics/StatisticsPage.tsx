import { t } from '@lingui/core/macro';
import { useQuery } from '@apollo/client/react';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Stat } from '@chakra-ui/react/stat';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { CsvButton } from '../../components/ui/CsvButton';
import { DataTable, TableFilter, type TableState } from '../../components/ui/DataTable';
import { Page } from '../../components/ui/Page';
import type { StatisticsSortField, TaskType } from '../../gql/graphql';
import { errorMessage } from '../../lib/api';
import { formatCount } from '../../lib/locale';
import { formatAmount, formatMoney } from '../../lib/money';
import { useThrottledCallback } from '../../lib/useThrottledCallback';
import { CampaignReportChart, ReportChartPlaceholder } from '../campaigns/CampaignReportChart';
import { addDays, cpa, formatDay, rangeLength } from '../campaigns/campaignReport';
import { typeLabels } from '../projects/constants';
import { AppQualityCard } from '../quality/AppQualityCard';
import { scorePalette } from '../quality/quality';
import {
  PublisherStatisticsQuery,
  STAT_LIVE_REFETCH_MS,
  STAT_PAGE_SIZES,
  StatisticsAppsQuery,
  StatisticsLiveSubscription,
  statisticsFirstState,
  statisticsVariables,
} from './statisticsApi';
import { refetchQuietly, useLiveQuery } from '../../lib/live';
import { pageHeadings } from '../../lib/pageHeadings';
import { Trans } from '@lingui/react/macro';

/** One UTC day of the publisher's apps (profit is Money: a decimal string). */
interface Row {
  createdAt: string;
  conversions: number;
  profit: string;
}
const column = createColumnHelper<Row>();

// Made at render: the headers in the reader's language.
const columns = () => [
  column.accessor('createdAt', {
    id: 'createdAt',
    header: t`Date`,
    cell: (c) => formatDay(c.getValue()),
  }),
  column.accessor('conversions', {
    id: 'conversions',
    header: t`Conversions`,
    meta: { align: 'end' },
    cell: (c) => formatCount(c.getValue()),
  }),
  column.accessor('profit', {
    id: 'profit',
    header: t`Profit $`,
    meta: { align: 'end' },
    cell: (c) => formatMoney(c.getValue()),
  }),
  // Sorted by the server; the accessor only lets the header cycle like the others.
  column.accessor((r) => cpa(r.profit, r.conversions), {
    id: 'cpa',
    header: t`CPA`,
    meta: { align: 'end' },
    cell: (c) => formatAmount(c.getValue()),
  }),
];

const TASK_TYPES = Object.keys(typeLabels) as TaskType[];

/**
 * Publisher statistics: conversions, profit and CPA of the publisher's apps per UTC
 * day, filtered by task type and app, with today ticking live from the conversion events.
 */
export function StatisticsPage() {
  const tableColumns = useMemo(columns, []);
  const [state, setState] = useState<TableState<StatisticsSortField>>(statisticsFirstState);
  const [taskType, setTaskType] = useState<TaskType | ''>('');
  const [platformId, setPlatformId] = useState('');

  const apps = useQuery(StatisticsAppsQuery, { fetchPolicy: 'cache-and-network' });
  const stats = useLiveQuery(
    PublisherStatisticsQuery,
    {
      variables: statisticsVariables(state, { taskType, platformId }),
      fetchPolicy: 'cache-and-network',
      notifyOnNetworkStatusChange: true,
    },
    {
      subscription: StatisticsLiveSubscription,
      onEvent: (event) => {
        const e = event?.platformStatsChanged;
        if (e && (!platformId || e.platformId === platformId)) refetchSoon();
      },
    },
  );
  const refetchSoon = useThrottledCallback(() => refetchQuietly(stats), STAT_LIVE_REFETCH_MS);
  const current = stats.data ?? stats.previousData;

  const rows = current?.publisherStatistics.data;
  const today = current?.publisherStatisticsToday;
  const chartDays = useMemo(() => chartRange(rows ?? []), [rows]);
  const csvPath = `/v1/statistics/publishers/transactions.csv${statisticsCsvQuery(state, { taskType, platformId })}`;
  const change = (f: () => void) => {
    f();
    setState((s) => ({ ...s, page: 1 }));
  };

  return (
    <Page {...pageHeadings['/publisher/statistics']}>
      <Stack gap="5">
        <TodayStats today={today} />
        {/* Its place is kept while the first page loads (the table under it stays put). */}
        {(chartDays.length > 0 || !current) && (
          <Card.Root variant="outline">
            <Card.Body p={{ base: '4', md: '6' }}>
              {current ? <CampaignReportChart days={chartDays} money="profit" /> : <ReportChartPlaceholder />}
            </Card.Body>
          </Card.Root>
        )}
        <DataTable<Row, StatisticsSortField>
          label={t`Statistics`}
          caption={t`Conversions, profit and CPA per day`}
          testId="statistics-table"
          columns={tableColumns}
          data={rows}
          totalCount={current?.publisherStatistics.totalCount ?? 0}
          loading={stats.loading}
          error={stats.error ? errorMessage(stats.error) : null}
          onRetry={() => void stats.refetch()}
          state={state}
          onStateChange={setState}
          searchable={false}
          pageSizes={STAT_PAGE_SIZES}
          minW="0"
          getRowId={(r) => r.createdAt}
          rowProps={(r) => ({ 'data-testid': 'statistics-row', 'data-day': r.createdAt })}
          toolbar={
            <HStack gap="2" wrap="wrap" w="full">
              <TableFilter
                label={t`Task type`}
                value={taskType}
                onChange={(v) => change(() => setTaskType(v as TaskType | ''))}
                options={[
                  { value: '', label: t`All task types` },
                  ...TASK_TYPES.map((t) => ({ value: t, label: typeLabels[t] })),
                ]}
                testId="filter-task-type"
              />
              <TableFilter
                label={t`App`}
                value={platformId}
                onChange={(v) => change(() => setPlatformId(v))}
                options={[
                  { value: '', label: t`All apps` },
                  ...(apps.data?.platforms.data ?? []).map((p) => ({ value: p.id, label: p.title })),
                ]}
                testId="filter-app"
              />
              <CsvButton path={csvPath} ms={{ sm: 'auto' }} disabled={!rows?.length} />
            </HStack>
          }
        />
        {platformId ? (
          <AppQualityCard platformId={platformId} />
        ) : (
          <AppScores apps={apps.data?.platforms.data ?? []} onChoose={(id) => change(() => setPlatformId(id))} />
        )}
      </Stack>
    </Page>
  );
}

/** Every app's traffic quality score at a glance; choosing one shows its details. */
function AppScores({
  apps,
  onChoose,
}: {
  apps: readonly { id: string; title: string; quality: { score?: number | null; conversions: number } }[];
  onChoose: (id: string) => void;
}) {
  if (!apps.length) return null;
  return (
    <Box
      as="section"
      aria-labelledby="app-scores-heading"
      borderWidth="1px"
      borderRadius="xl"
      p="4"
      data-testid="app-scores"
    >
      <Stack gap="2">
        <Heading as="h2" size="sm" id="app-scores-heading">
          <Trans>Traffic quality of your apps (last 30 days)</Trans>
        </Heading>
        <HStack gap="2" wrap="wrap">
          {apps.map((a) => (
            <Button key={a.id} size="sm" variant="outline" onClick={() => onChoose(a.id)} data-testid="app-score">
              {a.title}
              <Badge colorPalette={scorePalette(a.quality.score)} variant="subtle">
                {a.quality.score == null ? t`Not enough data` : `${a.quality.score} / 100`}
              </Badge>
            </Button>
          ))}
        </HStack>
      </Stack>
    </Box>
  );
}

/** Days between the oldest and newest shown, at least a week. */
const CHART_MIN_DAYS = 7;
const CHART_MAX_DAYS = 120;

/**
 * The chart's days: the page's days in time order, with the days between them (and before a
 * short page, up to a week) as zeros, so bars keep their width and gaps read as gaps.
 */
export function chartRange(rows: readonly Row[]): { day: string; conversions: number; spend: string }[] {
  if (rows.length === 0) return [];
  const sorted = [...rows].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const last = sorted[sorted.length - 1].createdAt;
  // The earlier of the oldest day shown and a week before the newest (ISO days sort as text).
  const [first] = [sorted[0].createdAt, addDays(last, 1 - CHART_MIN_DAYS)].sort();
  const span = rangeLength({ from: first, to: last });
  if (span > CHART_MAX_DAYS)
    return sorted.map((d) => ({ day: d.createdAt, conversions: d.conversions, spend: d.profit }));
  const byDay = new Map(sorted.map((d) => [d.createdAt, d]));
  return Array.from({ length: span }, (_, i) => {
    const day = addDays(first, i);
    const d = byDay.get(day);
    return { day, conversions: d?.conversions ?? 0, spend: d?.profit ?? '0' };
  });
}

function TodayStat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card.Root variant="outline">
      <Card.Body p={{ base: '3', md: '4' }}>
        <Stat.Root>
          <Stat.Label fontSize={{ base: 'xs', md: 'sm' }}>{label}</Stat.Label>
          <Stat.ValueText
            data-testid={testId}
            fontVariantNumeric="tabular-nums"
            fontSize={{ base: 'lg', md: '2xl' }}
            aria-live="polite"
          >
            {value}
          </Stat.ValueText>
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}

/** The export's query: the filters and sort of the table (every page). */
function statisticsCsvQuery(state: TableState<StatisticsSortField>, f: { taskType: string; platformId: string }) {
  const csv = new URLSearchParams();
  if (f.taskType) csv.set('taskType', f.taskType);
  if (f.platformId) csv.set('platformId', f.platformId);
  if (state.sortField) {
    csv.set('sortField', state.sortField);
    csv.set('sortOrder', state.sortOrder ?? 'asc');
  }
  return csv.size ? `?${csv}` : '';
}

/** A CPA with its currency ('-' stays as it is: no conversions). */
const withUsd = (value: string) => (value === '-' ? value : formatMoney(value));

/** Today's conversions, profit and CPA, live. */
function TodayStats({ today }: { today: { conversions: number; profit: string } | null | undefined }) {
  return (
    <SimpleGrid columns={3} gap={{ base: '2', md: '3' }} data-testid="statistics-today">
      <TodayStat
        label={t`Conversions today`}
        value={today ? formatCount(today.conversions) : '…'}
        testId="today-conversions"
      />
      <TodayStat label={t`Profit today`} value={today ? formatMoney(today.profit) : '…'} testId="today-profit" />
      <TodayStat
        label={t`CPA today`}
        value={today ? withUsd(cpa(today.profit, today.conversions)) : '…'}
        testId="today-cpa"
      />
    </SimpleGrid>
  );
}
