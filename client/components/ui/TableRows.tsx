import { Button } from '@chakra-ui/react/button';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Stack } from '@chakra-ui/react/stack';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import { flexRender, type Row, type Table as TanstackTable } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, TriangleAlert } from 'lucide-react';
import { memo, type ReactNode } from 'react';

export {
  initialTableState,
  NO_RECORDS,
  TABLE_DEFAULT_SIZE,
  TABLE_PAGE_SIZES,
  type TableState,
  tableVariables,
} from '../../lib/tableState';
import { Trans } from '@lingui/react/macro';

/** The notice where the rows would be when they could not be fetched, with Try again. */
export function LoadError({ error, onRetry, py }: { error: string; onRetry?: () => void; py?: string }) {
  return (
    <Stack align="center" gap="2" role="alert" py={py} textAlign="center">
      <TriangleAlert />
      <Text fontWeight="medium">
        <Trans>Could not load the records</Trans>
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {error}
      </Text>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      )}
    </Stack>
  );
}

/** The header row: each sortable column's button cycles asc → desc → none. */
export function TableHead<T>({ table }: { table: TanstackTable<T> }) {
  return (
    <Table.Header>
      {table.getHeaderGroups().map((group) => (
        <Table.Row key={group.id} bg="bg.subtle">
          {group.headers.map((header) => {
            const sorted = header.column.getIsSorted();
            const canSort = header.column.getCanSort();
            const title = flexRender(header.column.columnDef.header, header.getContext());
            return (
              <Table.ColumnHeader
                key={header.id}
                aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                textAlign={(header.column.columnDef.meta as { align?: 'end' } | undefined)?.align}
                whiteSpace="nowrap"
              >
                {canSort ? (
                  <Button
                    variant="plain"
                    size="xs"
                    px="0"
                    fontWeight="semibold"
                    onClick={header.column.getToggleSortingHandler()}
                    data-testid={`sort-${header.id}`}
                    data-sorted={sorted || 'none'}
                  >
                    {title}
                    {sorted === 'asc' ? (
                      <ArrowUp size={14} aria-hidden />
                    ) : sorted === 'desc' ? (
                      <ArrowDown size={14} aria-hidden />
                    ) : (
                      <ArrowUpDown size={14} aria-hidden opacity={0.4} />
                    )}
                  </Button>
                ) : (
                  title
                )}
              </Table.ColumnHeader>
            );
          })}
        </Table.Row>
      ))}
    </Table.Header>
  );
}

/** The body: placeholders while the first page loads, the load error, No records found, or the rows. */
export const BodyRows = memo(BodyRowsOf) as typeof BodyRowsOf;

export function BodyRowsOf<T>({
  rows,
  data,
  loading,
  error,
  onRetry,
  columns,
  placeholders,
  placeholderHeight,
  onRowClick,
  rowProps,
}: {
  rows: Row<T>[];
  data: T[] | undefined;
  loading: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** The rows render again when these change: a cell may read state beyond its row (a busy button). */
  columns: unknown[];
  placeholders: number;
  placeholderHeight: string;
  onRowClick?: (row: T) => void;
  rowProps?: (row: T) => Record<string, string | undefined>;
}) {
  const columnCount = columns.length;
  return (
    <>
      {data === undefined && loading ? (
        Array.from({ length: placeholders }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
          <Table.Row key={i}>
            <Table.Cell colSpan={columnCount}>
              <Skeleton h={placeholderHeight} />
            </Table.Cell>
          </Table.Row>
        ))
      ) : error && data === undefined ? (
        <Table.Row>
          <Table.Cell colSpan={columnCount} py="10" textAlign="center">
            <LoadError error={error} onRetry={onRetry} />
          </Table.Cell>
        </Table.Row>
      ) : rows.length === 0 ? (
        <Table.Row>
          <Table.Cell colSpan={columnCount} py="10" textAlign="center" color="fg.muted" data-testid="table-empty">
            <Trans>No records found</Trans>
          </Table.Cell>
        </Table.Row>
      ) : (
        rows.map((row) => (
          <Table.Row
            key={row.id}
            cursor={onRowClick ? 'pointer' : undefined}
            onClick={onRowClick ? () => onRowClick(row.original) : undefined}
            {...rowProps?.(row.original)}
          >
            {row.getVisibleCells().map((cell) => (
              <Table.Cell
                key={cell.id}
                textAlign={(cell.column.columnDef.meta as { align?: 'end' } | undefined)?.align}
              >
                {flexRender(cell.column.columnDef.cell, cell.getContext())}
              </Table.Cell>
            ))}
          </Table.Row>
        ))
      )}
    </>
  );
}

/** Phones: the same states as the body, with the rows as the caller's cards. */
export function CardRows({
  data,
  loading,
  error,
  onRetry,
  empty,
  children,
}: {
  data: unknown[] | undefined;
  loading: boolean;
  error?: string | null;
  onRetry?: () => void;
  empty: boolean;
  children: () => ReactNode;
}) {
  return data === undefined && loading ? (
    <Stack gap="3" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} h="24" borderRadius="lg" />
      ))}
    </Stack>
  ) : error && data === undefined ? (
    <LoadError error={error} onRetry={onRetry} py="8" />
  ) : empty ? (
    <Text py="8" textAlign="center" color="fg.muted" borderWidth="1px" borderRadius="xl" data-testid="table-empty">
      <Trans>No records found</Trans>
    </Text>
  ) : (
    children()
  );
}
