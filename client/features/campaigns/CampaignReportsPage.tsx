import { t } from '@lingui/core/macro';
import { useQuery } from '@apollo/client/react';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { CloudOff, FileChartColumn } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { CsvButton } from '../../components/ui/CsvButton';
import { EmptyState } from '../../components/ui/EmptyState';
import { Page } from '../../components/ui/Page';
import { graphql } from '../../gql';
import type { TaskType } from '../../gql/graphql';
import { errorMessage } from '../../lib/api';
import { useThrottledCallback } from '../../lib/useThrottledCallback';
import { typeLabels } from '../projects/constants';
import { CampaignReportChart } from './CampaignReportChart';
import { ExcludedApps } from '../quality/ExcludedApps';
import { useAppExclusions } from '../quality/useAppExclusions';
import { CampaignReportTable } from './CampaignReportTable';
import {
  type ReportRange,
  formatDay,
  matchingPreset,
  presetRange,
  rangeError,
  rangeIncludesToday,
  reportPresets,
} from './campaignReport';
import { refetchQuietly, useLiveSubscription } from '../../lib/live';
import { pageHeadings } from '../../lib/pageHeadings';
import { Trans } from '@lingui/react/macro';

/** Limit of the filter lists (projects are fetched with limit 100). */
const FILTER_LIMIT = 100;
/** Live events arrive per conversion; the report is refetched at most this often. */
export const LIVE_REFETCH_MS = 1000;

export const CampaignReportFiltersQuery = graphql(`
  query CampaignReportFilters($limit: Int!) {
    projects(page: 1, limit: $limit) {
      data {
        id
        title
      }
    }
    campaigns(page: 1, limit: $limit) {
      total
      data {
        id
        name
        projectId
      }
    }
  }
`);

export const CampaignReportQuery = graphql(`
  query CampaignReport($from: String!, $to: String!, $projectId: ID, $campaignId: ID) {
    campaignReport(from: $from, to: $to, projectId: $projectId, campaignId: $campaignId) {
      day
      conversions
      spend
    }
  }
`);

export const CampaignReportBreakdownQuery = graphql(`
  query CampaignReportBreakdown(
    $groupBy: CampaignReportGroup!
    $from: String!
    $to: String!
    $projectId: ID
    $campaignId: ID
  ) {
    campaignReportBreakdown(groupBy: $groupBy, from: $from, to: $to, projectId: $projectId, campaignId: $campaignId) {
      key
      label
      conversions
      spend
      quality {
        score
        conversions
      }
    }
  }
`);

type Group = 'DAY' | 'TIER' | 'APP' | 'TASK_TYPE';
const GROUPS: { value: Group; label: string; title: string }[] = [
  {
    value: 'DAY',
    get label() {
      return t`By day`;
    },
    get title() {
      return t`Day`;
    },
  },
  {
    value: 'TIER',
    get label() {
      return t`By country tier`;
    },
    get title() {
      return t`Country tier`;
    },
  },
  {
    value: 'APP',
    get label() {
      return t`By app`;
    },
    get title() {
      return t`App`;
    },
  },
  {
    value: 'TASK_TYPE',
    get label() {
      return t`By task type`;
    },
    get title() {
      return t`Task type`;
    },
  },
];

const CampaignReportLiveSubscription = graphql(`
  subscription CampaignReportLive {
    campaignStatsChanged {
      id
      projectId
    }
  }
`);

/** The breakdown's table (by app, task type, country…): rows keyed by what they group, with their labels and quality. */
function breakdownTable(
  group: Group,
  rows: {
    key: string;
    label: string;
    conversions: number;
    spend: string;
    quality?: { score: number | null; conversions: number } | null;
  }[],
): Breakdown {
  const g = GROUPS.find((x) => x.value === group)!;
  const labels = new Map(
    rows.map((r) => [r.key, group === 'TASK_TYPE' ? (typeLabels[r.key as TaskType] ?? r.label) : r.label]),
  );
  return {
    title: g.title,
    labels,
    days: rows.map((r) => ({ day: r.key, conversions: r.conversions, spend: r.spend })),
    quality: new Map(rows.map((r) => [r.key, r.quality])),
  };
}

/**
 * Today's figures tick: a conversion of a campaign in the filters refetches the report (at most
 * once a LIVE_REFETCH_MS); a campaign the page has not listed yet brings the filters up to date.
 */
function useLiveReport({
  range,
  invalid,
  hasCampaigns,
  campaigns,
  projectId,
  campaignId,
  group,
  report,
  breakdown,
  filters,
}: {
  range: ReportRange;
  invalid: string | null | undefined;
  hasCampaigns: boolean;
  campaigns: { total: number; data: { id: string }[] } | undefined;
  projectId: string;
  campaignId: string;
  group: Group;
  report: () => void;
  breakdown: () => void;
  filters: () => void;
}) {
  const refetchReport = useThrottledCallback(() => {
    report();
    if (group !== 'DAY') breakdown();
  }, LIVE_REFETCH_MS);
  const refetchFilters = useThrottledCallback(() => filters(), LIVE_REFETCH_MS);
  const knownCampaigns = useMemo(() => new Set(campaigns?.data.map((c) => c.id)), [campaigns]);

  useLiveSubscription(CampaignReportLiveSubscription, {
    skip: Boolean(invalid) || !rangeIncludesToday(range),
    onLive: () => {
      refetchFilters();
      if (hasCampaigns) refetchReport();
    },
    onData: ({ data }) => {
      const stats = data.data?.campaignStatsChanged;
      if (!stats) return;
      // A campaign this page has not listed yet: its first conversion brings it into the filters.
      const complete = campaigns && campaigns.data.length >= campaigns.total;
      if (complete && !knownCampaigns.has(stats.id)) refetchFilters();
      if ((projectId && stats.projectId !== projectId) || (campaignId && stats.id !== campaignId)) return;
      if (hasCampaigns) refetchReport();
    },
  });
}

/** The filters' lists and the report for the chosen range, project, campaign and grouping. */
function useReportQueries(
  range: ReportRange,
  invalid: string | null | undefined,
  projectId: string,
  campaignId: string,
  group: Group,
) {
  const filters = useQuery(CampaignReportFiltersQuery, {
    variables: { limit: FILTER_LIMIT },
    fetchPolicy: 'cache-and-network',
  });
  const campaigns = filters.data?.campaigns;
  const hasCampaigns = (campaigns?.total ?? 0) > 0;

  const report = useQuery(CampaignReportQuery, {
    variables: { ...range, projectId: projectId || null, campaignId: campaignId || null },
    skip: Boolean(invalid) || !hasCampaigns,
    fetchPolicy: 'cache-and-network',
  });
  const breakdown = useQuery(CampaignReportBreakdownQuery, {
    variables: { ...range, groupBy: group, projectId: projectId || null, campaignId: campaignId || null },
    skip: Boolean(invalid) || !hasCampaigns || group === 'DAY',
    fetchPolicy: 'cache-and-network',
  });
  return { filters, campaigns, hasCampaigns, report, breakdown };
}

/** The CSV of what the page shows (range, grouping, project and campaign). */
function reportCsvPath(range: ReportRange, group: Group, projectId: string, campaignId: string): string {
  const csv = new URLSearchParams({ from: range.from, to: range.to, groupBy: group });
  if (projectId) csv.set('projectId', projectId);
  if (campaignId) csv.set('campaignId', campaignId);
  return `/v1/campaigns/reports.csv?${csv}`;
}

/** Advertiser reports: conversions, spend and CPA per day for a range, live for today. */
export function CampaignReportsPage() {
  const [range, setRange] = useState<ReportRange>(() => presetRange('7d'));
  const [projectId, setProjectId] = useState('');
  const [campaignId, setCampaignId] = useState('');
  const [group, setGroup] = useState<Group>('DAY');
  const invalid = rangeError(range);

  const { filters, campaigns, hasCampaigns, report, breakdown } = useReportQueries(
    range,
    invalid,
    projectId,
    campaignId,
    group,
  );
  // Keep the last report on screen while another range loads.
  const days = report.data?.campaignReport ?? report.previousData?.campaignReport;
  const groupRows = breakdown.data?.campaignReportBreakdown ?? breakdown.previousData?.campaignReportBreakdown;
  const groupTable = useMemo(() => breakdownTable(group, groupRows ?? []), [group, groupRows]);
  const exclusions = useAppExclusions(campaignId || null, group !== 'APP' || !hasCampaigns);

  useLiveReport({
    range,
    invalid,
    hasCampaigns,
    campaigns,
    projectId,
    campaignId,
    group,
    report: () => refetchQuietly(report),
    breakdown: () => refetchQuietly(breakdown),
    filters: () => refetchQuietly(filters),
  });

  const campaignOptions = (campaigns?.data ?? []).filter((c) => !projectId || c.projectId === projectId);
  const chooseProject = (id: string) => {
    setProjectId(id);
    const current = campaigns?.data.find((c) => c.id === campaignId);
    if (id && current && current.projectId !== id) setCampaignId('');
  };

  const caption = invalid ? '' : t`Conversions and spend per day, ${formatDay(range.from)} to ${formatDay(range.to)}`;

  let content: ReactNode;
  if (filters.loading && !filters.data) {
    content = <ReportSkeleton />;
  } else if (filters.error && !filters.data) {
    content = (
      <LoadFailed
        title={t`Could not load your campaigns`}
        error={filters.error}
        onRetry={() => void filters.refetch()}
      />
    );
  } else if (!hasCampaigns) {
    content = <NoCampaigns />;
  } else if (invalid) {
    content = null;
  } else if (report.error && !days) {
    content = (
      <LoadFailed title={t`Could not load the report`} error={report.error} onRetry={() => void report.refetch()} />
    );
  } else if (!days) {
    content = <ReportSkeleton />;
  } else {
    content = (
      <ReportResult
        days={days}
        loading={report.loading && !report.data}
        busy={report.loading}
        group={group}
        onGroup={setGroup}
        csvPath={reportCsvPath(range, group, projectId, campaignId)}
        caption={caption}
        breakdown={groupRows ? groupTable : undefined}
        exclusions={group === 'APP' ? exclusions : undefined}
        breakdownError={breakdown.error}
        onRetryBreakdown={() => void breakdown.refetch()}
      />
    );
  }

  return (
    <Page {...pageHeadings['/advertiser/campaign/reports']}>
      <ReportFilters
        range={range}
        onRange={setRange}
        invalid={invalid}
        disabled={!hasCampaigns}
        projects={filters.data?.projects.data ?? []}
        projectId={projectId}
        onProject={chooseProject}
        campaigns={campaignOptions}
        campaignId={campaignId}
        onCampaign={setCampaignId}
      />
      {content}
    </Page>
  );
}

/** The report's range (quick presets or two dates), project and campaign. */
function ReportFilters({
  range,
  onRange,
  invalid,
  disabled,
  projects,
  projectId,
  onProject,
  campaigns,
  campaignId,
  onCampaign,
}: {
  range: ReportRange;
  onRange: (range: ReportRange) => void;
  /** The range's error, if it has one. */
  invalid?: string;
  /** No campaigns yet: nothing to choose. */
  disabled: boolean;
  projects: readonly { id: string; title: string }[];
  projectId: string;
  onProject: (id: string) => void;
  /** The campaigns of the chosen project (all of them without one). */
  campaigns: readonly { id: string; name: string }[];
  campaignId: string;
  onCampaign: (id: string) => void;
}) {
  const preset = matchingPreset(range);
  return (
    <Card.Root variant="outline">
      <Card.Body p={{ base: '4', md: '5' }} gap="4">
        <Stack as="fieldset" gap="3" aria-describedby={invalid ? 'report-range-error' : undefined}>
          <Text as="legend" srOnly>
            <Trans>Date range</Trans>
          </Text>
          <HStack gap="2" wrap="wrap" role="group" aria-label={t`Quick ranges`}>
            {reportPresets.map((p) => (
              <Button
                key={p.value}
                size="sm"
                variant={preset === p.value ? 'subtle' : 'outline'}
                colorPalette={preset === p.value ? 'brand' : undefined}
                aria-pressed={preset === p.value}
                onClick={() => onRange(presetRange(p.value))}
              >
                {p.label}
              </Button>
            ))}
          </HStack>
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
            <Field.Root invalid={Boolean(invalid)}>
              <Field.Label>
                <Trans>From</Trans>
              </Field.Label>
              <Input type="date" value={range.from} onChange={(e) => onRange({ ...range, from: e.target.value })} />
            </Field.Root>
            <Field.Root invalid={Boolean(invalid)}>
              <Field.Label>
                <Trans>To</Trans>
              </Field.Label>
              <Input type="date" value={range.to} onChange={(e) => onRange({ ...range, to: e.target.value })} />
            </Field.Root>
            <FilterSelect
              label={t`Project`}
              all={t`All projects`}
              disabled={disabled}
              value={projectId}
              onChange={onProject}
              options={projects.map((p) => ({ id: p.id, name: p.title }))}
            />
            <FilterSelect
              label={t({ message: 'Campaign', context: 'one campaign' })}
              all={t`All campaigns`}
              disabled={disabled}
              value={campaignId}
              onChange={onCampaign}
              options={campaigns}
            />
          </SimpleGrid>
          {invalid && (
            <Text id="report-range-error" role="alert" color="fg.error" fontSize="sm">
              {invalid}
            </Text>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

type ReportRow = { day: string; conversions: number; spend: string };
type Breakdown = {
  title: string;
  labels: ReadonlyMap<string, string>;
  days: ReportRow[];
  quality: ReadonlyMap<string, { score: number | null; conversions: number } | null | undefined>;
};

/** The chart, the grouping buttons with the CSV download, and the table of the chosen grouping. */
function ReportResult({
  days,
  loading,
  busy,
  group,
  onGroup,
  csvPath,
  caption,
  breakdown,
  exclusions,
  breakdownError,
  onRetryBreakdown,
}: {
  days: readonly ReportRow[];
  /** Another range is loading (the last one stays on screen, dimmed). */
  loading: boolean;
  busy: boolean;
  group: Group;
  onGroup: (group: Group) => void;
  csvPath: string;
  caption: string;
  /** The rows of a grouping other than by day, once loaded. */
  breakdown?: Breakdown;
  /** By app: the exclusions the rows' action changes. */
  exclusions?: ReturnType<typeof useAppExclusions>;
  breakdownError?: unknown;
  onRetryBreakdown: () => void;
}) {
  return (
    <Stack gap="5" aria-busy={busy} opacity={loading ? 0.6 : 1} transition="opacity 0.2s">
      <Card.Root variant="outline">
        <Card.Body p={{ base: '4', md: '6' }}>
          <CampaignReportChart days={days} />
        </Card.Body>
      </Card.Root>
      <HStack justify="space-between" gap="3" wrap="wrap">
        <HStack gap="2" wrap="wrap" role="group" aria-label={t`Group the report`}>
          {GROUPS.map((g) => (
            <Button
              key={g.value}
              size="sm"
              variant={group === g.value ? 'subtle' : 'ghost'}
              colorPalette={group === g.value ? 'brand' : undefined}
              aria-pressed={group === g.value}
              data-testid={`group-${g.value}`}
              onClick={() => onGroup(g.value)}
            >
              {g.label}
            </Button>
          ))}
        </HStack>
        <CsvButton path={csvPath} />
      </HStack>
      {group === 'DAY' ? (
        <CampaignReportTable days={days} caption={caption} />
      ) : breakdownError && !breakdown ? (
        <EmptyState icon={<CloudOff />} title={t`Could not load the report`} description={errorMessage(breakdownError)}>
          <Button onClick={onRetryBreakdown}>
            <Trans>Try again</Trans>
          </Button>
        </EmptyState>
      ) : !breakdown ? (
        <ReportSkeleton />
      ) : breakdown.days.length === 0 ? (
        <EmptyState
          icon={<FileChartColumn />}
          title={t`No records found`}
          description={t`No conversions in this range.`}
        />
      ) : (
        <CampaignReportTable
          days={breakdown.days}
          caption={t`Conversions and spend ${GROUPS.find((g) => g.value === group)!.label.toLowerCase()}`}
          group={breakdown}
          apps={
            exclusions && {
              quality: breakdown.quality,
              excluded: exclusions.excluded,
              pending: exclusions.pending,
              scope: exclusions.scope,
              onToggle: (key, label, exclude) => void exclusions.toggle(key, label, exclude),
            }
          }
        />
      )}
      {exclusions && <ExcludedApps exclusions={exclusions} />}
    </Stack>
  );
}

function ReportSkeleton() {
  return (
    <Stack gap="5" data-testid="report-loading" aria-busy="true">
      <Skeleton h={{ base: '52', md: '72' }} borderRadius="xl" />
      <Box borderWidth="1px" borderRadius="xl" p="4">
        <Stack gap="3">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} h="5" />
          ))}
        </Stack>
      </Box>
    </Stack>
  );
}

function LoadFailed({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <EmptyState icon={<CloudOff />} title={title} description={errorMessage(error)}>
      <Button onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </EmptyState>
  );
}

function NoCampaigns() {
  return (
    <EmptyState
      icon={<FileChartColumn />}
      title={t`You don't have any campaigns`}
      description={t`Reports appear once your campaigns get their first actions. Start a campaign from a resource of one of your projects.`}
    >
      <Button asChild variant="outline">
        <Link to="/advertiser/projects">
          <Trans>Go to My Projects</Trans>
        </Link>
      </Button>
    </EmptyState>
  );
}

/** A filter of the report: everything, or one project or campaign. */
function FilterSelect(p: {
  label: string;
  all: string;
  disabled: boolean;
  value: string;
  onChange: (id: string) => void;
  options: readonly { id: string; name: string }[];
}) {
  return (
    <Field.Root gridColumn={{ base: 'span 2', md: 'auto' }} disabled={p.disabled}>
      <Field.Label>{p.label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={p.value} onChange={(e) => p.onChange(e.target.value)}>
          <option value="">{p.all}</option>
          {p.options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
