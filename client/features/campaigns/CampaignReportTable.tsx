import { Box } from '@chakra-ui/react/box';
import { Table } from '@chakra-ui/react/table';
import { roundMoney } from '../../lib/money';
import { type ReportDay, cpa, formatDay, reportTotals } from './campaignReport';

/**
 * Day, Conversions, Spend $, CPA, with a totals row; the report's accessible data. A breakdown
 * (by tier, app or task type) names its first column and gives each row's label.
 */
export function CampaignReportTable({
  days,
  caption,
  group,
}: {
  days: readonly ReportDay[];
  caption: string;
  group?: { title: string; labels: ReadonlyMap<string, string> };
}) {
  const totals = reportTotals(days);
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="xl" data-scroll-restoration-id="campaign-report">
      <Table.Root size="sm" data-testid="report-table" css={{ '& td, & th': { fontVariantNumeric: 'tabular-nums' } }}>
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader scope="col">{group?.title ?? 'Day'}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col" textAlign="end">
              Conversions
            </Table.ColumnHeader>
            <Table.ColumnHeader scope="col" textAlign="end">
              Spend $
            </Table.ColumnHeader>
            <Table.ColumnHeader scope="col" textAlign="end">
              CPA
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {days.map((d) => (
            <Table.Row key={d.day} data-testid="report-row" data-day={d.day}>
              <Table.Cell whiteSpace="nowrap">
                {group ? (group.labels.get(d.day) ?? d.day) : <time dateTime={d.day}>{formatDay(d.day)}</time>}
              </Table.Cell>
              <Table.Cell textAlign="end">{d.conversions}</Table.Cell>
              <Table.Cell textAlign="end">{roundMoney(d.spend)}</Table.Cell>
              <Table.Cell textAlign="end">{cpa(d.spend, d.conversions)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
        <Table.Footer>
          <Table.Row data-testid="report-totals" fontWeight="semibold" bg="bg.subtle">
            <Table.Cell>Total</Table.Cell>
            <Table.Cell textAlign="end">{totals.conversions}</Table.Cell>
            <Table.Cell textAlign="end">{roundMoney(totals.spend)}</Table.Cell>
            <Table.Cell textAlign="end">{cpa(totals.spend, totals.conversions)}</Table.Cell>
          </Table.Row>
        </Table.Footer>
      </Table.Root>
    </Box>
  );
}
