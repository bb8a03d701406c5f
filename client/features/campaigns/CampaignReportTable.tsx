import { t } from '@lingui/core/macro';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { useMediaQuery } from '@chakra-ui/react/hooks';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import { formatCount } from '../../lib/locale';
import { formatAmount } from '../../lib/money';
import { scorePalette } from '../quality/quality';
import { type ReportDay, cpa, formatDay, reportTotals } from './campaignReport';
import { Trans } from '@lingui/react/macro';

/** The report by app: each app's quality, and the advertiser's exclusion action per row. */
export interface AppColumns {
  quality: ReadonlyMap<string, { score: number | null; conversions: number } | null | undefined>;
  excluded: ReadonlySet<string>;
  pending: ReadonlySet<string>;
  /** Whose list the action changes: the chosen campaign's, or all of the advertiser's campaigns. */
  scope: 'campaign' | 'all';
  onToggle: (key: string, label: string, exclude: boolean) => void;
}

/**
 * Day, Conversions, Spend $, CPA, with a totals row; the report's accessible data. A breakdown
 * (by tier, app or task type) names its first column and gives each row's label.
 */
export function CampaignReportTable({
  days,
  caption,
  group,
  apps,
}: {
  days: readonly ReportDay[];
  caption: string;
  group?: { title: string; labels: ReadonlyMap<string, string> };
  apps?: AppColumns;
}) {
  const totals = reportTotals(days);
  // Phones: the report by app as a card per app, so its quality and Exclude are in view (a
  // sideways table put them off-screen).
  const [wide] = useMediaQuery(['(min-width: 48rem)'], { ssr: false });
  if (apps && group && !wide) return <AppCards days={days} caption={caption} group={group} apps={apps} />;
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="xl" data-scroll-restoration-id="campaign-report">
      <Table.Root size="sm" data-testid="report-table" css={{ '& td, & th': { fontVariantNumeric: 'tabular-nums' } }}>
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader scope="col">{group?.title ?? t`Day`}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col" textAlign="end">
              <Trans>Conversions</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader scope="col" textAlign="end">
              <Trans>Spend $</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader scope="col" textAlign="end">
              <Trans>CPA</Trans>
            </Table.ColumnHeader>
            {apps && (
              <>
                <Table.ColumnHeader scope="col" textAlign="end">
                  <Trans>Quality</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end">
                  <Box as="span" srOnly>
                    <Trans>Action</Trans>
                  </Box>
                </Table.ColumnHeader>
              </>
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {days.map((d) => (
            <Table.Row key={d.day} data-testid="report-row" data-day={d.day}>
              <Table.Cell whiteSpace="nowrap">
                {group ? (group.labels.get(d.day) ?? d.day) : <time dateTime={d.day}>{formatDay(d.day)}</time>}
              </Table.Cell>
              <Table.Cell textAlign="end">{formatCount(d.conversions)}</Table.Cell>
              <Table.Cell textAlign="end">{formatAmount(d.spend)}</Table.Cell>
              <Table.Cell textAlign="end">{formatAmount(cpa(d.spend, d.conversions))}</Table.Cell>
              {apps && <AppCells apps={apps} appKey={d.day} label={group?.labels.get(d.day) ?? d.day} />}
            </Table.Row>
          ))}
        </Table.Body>
        <Table.Footer>
          <Table.Row data-testid="report-totals" fontWeight="semibold" bg="bg.subtle">
            <Table.Cell>
              <Trans>Total</Trans>
            </Table.Cell>
            <Table.Cell textAlign="end">{formatCount(totals.conversions)}</Table.Cell>
            <Table.Cell textAlign="end">{formatAmount(totals.spend)}</Table.Cell>
            <Table.Cell textAlign="end">{formatAmount(cpa(totals.spend, totals.conversions))}</Table.Cell>
            {apps && <Table.Cell colSpan={2} />}
          </Table.Row>
        </Table.Footer>
      </Table.Root>
    </Box>
  );
}

/** An app's quality score as a badge (— when unknown). */
function QualityBadge({ apps, appKey }: { apps: AppColumns; appKey: string }) {
  const q = apps.quality.get(appKey);
  if (!q) return <>—</>;
  return (
    <Badge
      colorPalette={scorePalette(q.score)}
      variant="subtle"
      title={t`From ${q.conversions} paid conversions in 30 days`}
    >
      {q.score === null ? t`Not enough data` : `${q.score} / 100`}
    </Badge>
  );
}

/** Exclude the app from the campaign (or all campaigns), or include it again. */
function ExcludeButton({ apps, appKey, label }: { apps: AppColumns; appKey: string; label: string }) {
  const excluded = apps.excluded.has(appKey);
  const where = apps.scope === 'campaign' ? t`this campaign` : t`all my campaigns`;
  return (
    <Button
      size="xs"
      variant={excluded ? 'outline' : 'ghost'}
      colorPalette={excluded ? undefined : 'red'}
      loading={apps.pending.has(appKey)}
      aria-label={excluded ? t`Include ${label} again in ${where}` : `Exclude ${label} from ${where}`}
      data-testid={excluded ? 'include-app' : 'exclude-app'}
      onClick={() => apps.onToggle(appKey, label, !excluded)}
    >
      {excluded ? t`Include again` : t`Exclude`}
    </Button>
  );
}

function AppCells({ apps, appKey, label }: { apps: AppColumns; appKey: string; label: string }) {
  return (
    <>
      <Table.Cell textAlign="end" data-testid="report-quality">
        <QualityBadge apps={apps} appKey={appKey} />
      </Table.Cell>
      <Table.Cell textAlign="end">
        <ExcludeButton apps={apps} appKey={appKey} label={label} />
      </Table.Cell>
    </>
  );
}

/** Phones: the report by app, a card per app with its figures, quality and Exclude; the totals last. */
function AppCards({
  days,
  caption,
  group,
  apps,
}: {
  days: readonly ReportDay[];
  caption: string;
  group: { title: string; labels: ReadonlyMap<string, string> };
  apps: AppColumns;
}) {
  const totals = reportTotals(days);
  return (
    <Stack as="ul" gap="2" aria-label={caption} data-testid="report-table" listStyleType="none">
      {days.map((d) => {
        const label = group.labels.get(d.day) ?? d.day;
        return (
          <Box as="li" key={d.day} borderWidth="1px" borderRadius="lg" p="3" data-testid="report-row" data-day={d.day}>
            <HStack justify="space-between" align="flex-start" gap="2">
              <Text fontWeight="medium" lineClamp={2}>
                {label}
              </Text>
              <Box data-testid="report-quality" flexShrink={0}>
                <QualityBadge apps={apps} appKey={d.day} />
              </Box>
            </HStack>
            <HStack justify="space-between" gap="2" mt="2" wrap="wrap">
              <Text fontSize="sm" color="fg.muted" fontVariantNumeric="tabular-nums">
                <Trans>
                  {formatCount(d.conversions)} conv. · {formatAmount(d.spend)} $ · CPA{' '}
                  {formatAmount(cpa(d.spend, d.conversions))}
                </Trans>
              </Text>
              <ExcludeButton apps={apps} appKey={d.day} label={label} />
            </HStack>
          </Box>
        );
      })}
      <Box as="li" px="3" data-testid="report-totals" fontWeight="semibold" fontSize="sm">
        <Trans>
          Total: {formatCount(totals.conversions)} conv. · {formatAmount(totals.spend)} $ · CPA{' '}
          {formatAmount(cpa(totals.spend, totals.conversions))}
        </Trans>
      </Box>
    </Stack>
  );
}
