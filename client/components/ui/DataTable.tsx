import { Box } from '@chakra-ui/react/box';
import { useMediaQuery } from '@chakra-ui/react/hooks';
import { Stack } from '@chakra-ui/react/stack';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import { type ColumnDef, getCoreRowModel, type SortingState, useReactTable } from '@tanstack/react-table';
import { type ReactNode, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { TABLE_PAGE_SIZES, type TableState } from '../../lib/tableState';

export {
  initialTableState,
  NO_RECORDS,
  TABLE_DEFAULT_SIZE,
  TABLE_PAGE_SIZES,
  type TableState,
  tableVariables,
} from '../../lib/tableState';
import { Trans } from '@lingui/react/macro';
import { TableToolbar } from './TableToolbar';

export { TableFilter } from './TableToolbar';
import { TableHead, BodyRows, CardRows } from './TableRows';
import { Pager } from './TablePager';

/**
 * The query string of an export of what a table selects: its filters (as the `filters` JSON),
 * search and sort; the page is left out, an export takes every row.
 */
export function tableQueryString(state: TableState, filters: Record<string, unknown> = {}): string {
  const q = new URLSearchParams();
  const given = Object.fromEntries(
    Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
  if (Object.keys(given).length) q.set('filters', JSON.stringify(given));
  if (state.search) q.set('search', state.search);
  if (state.sortField) {
    q.set('sortField', state.sortField);
    q.set('sortOrder', state.sortOrder ?? 'asc');
  }
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** What a DataTable shows and how it talks back (its state is the caller's). */
export interface DataTableProps<T, S extends string> {
  /** Accessible name of the table, e.g. 'Player reports'. */
  label: string;
  columns: ColumnDef<T, any>[];
  data: T[] | undefined;
  totalCount: number;
  loading: boolean;
  error?: string | null;
  onRetry?: () => void;
  state: TableState<S>;
  onStateChange: (next: TableState<S>) => void;
  /** Filters shown next to the search. */
  toolbar?: ReactNode;
  searchPlaceholder?: string;
  getRowId: (row: T) => string;
  onRowClick?: (row: T) => void;
  rowProps?: (row: T) => Record<string, string | undefined>;
  minW?: string;
  testId?: string;
  /** Page sizes to choose from (5/10/20/30/50 unless a list says otherwise). */
  pageSizes?: readonly number[];
  /** Lists without text to search leave the box out. */
  searchable?: boolean;
  caption?: string;
  /**
   * Phones: the rows as cards instead of the table (same search, filters and pages); sorting
   * is a select since there are no headers to press.
   */
  cards?: (rows: T[]) => ReactNode;
  /** The loading rows' bar (a Chakra size): taller for tables whose rows take two lines, so the rows do not move the page when they come. */
  placeholderHeight?: string;
}

/**
 * The generic, server-driven data table: sorting by a column header cycles
 * ascending → descending → none; the search waits 500 ms after the last keystroke; page sizes
 * 5/10/20/30/50; three page buttons, hidden when everything fits on one page; 'No records
 * found' when empty. Columns are TanStack Table definitions whose `id` is the server's sort field.
 */
export function DataTable<T, S extends string>({
  label,
  columns,
  data,
  totalCount,
  loading,
  error,
  onRetry,
  state,
  onStateChange,
  toolbar,
  searchPlaceholder,
  getRowId,
  onRowClick,
  rowProps,
  minW = '960px',
  testId,
  pageSizes = TABLE_PAGE_SIZES,
  searchable = true,
  caption,
  cards,
  placeholderHeight = '5',
}: DataTableProps<T, S>) {
  const [wide] = useMediaQuery(['(min-width: 48rem)'], { ssr: false });
  const asCards = Boolean(cards) && !wide;
  const [searchText, setSearchText] = useSettledSearch(state, onStateChange);

  // The first rows render in the background (a deferred value, time-sliced): the first answer
  // comes as an urgent update (Apollo's store), and a page of rows in Chakra is a long task on a
  // phone. Meanwhile the placeholders stay (memoized, not rendered again). Later answers (live
  // ticks, a switch turned, the next page) render at once: a control in a row must not flick back.
  const deferred = useDeferredValue(data);
  const shownData = deferred === undefined ? undefined : data;
  const busy = loading || shownData !== data;
  const callbacks = useStableRowCallbacks({ onRowClick, rowProps, onRetry });

  const table = useServerTable({ data: shownData ?? [], columns, getRowId, state, onStateChange });

  const { pages, from, to } = usePages({ totalCount, state, onStateChange, settled: !loading && data !== undefined });
  const rows = table.getRowModel().rows;

  return (
    <Stack gap="3" data-testid={testId}>
      {(searchable || toolbar || asCards) && (
        <TableToolbar
          table={table}
          label={label}
          search={searchable ? { text: searchText, onChange: setSearchText, placeholder: searchPlaceholder } : null}
          toolbar={toolbar}
          sortSelect={asCards}
          state={state}
          onStateChange={onStateChange}
        />
      )}
      {asCards && cards ? (
        <CardRows data={shownData} loading={busy} error={error} onRetry={onRetry} empty={rows.length === 0}>
          {() => cards(rows.map((r) => r.original))}
        </CardRows>
      ) : (
        <Box overflowX="auto" borderWidth="1px" borderRadius="xl" position="relative">
          <Table.Root size="sm" minW={minW} interactive={Boolean(onRowClick)} aria-label={label} aria-busy={busy}>
            {caption && <Table.Caption srOnly>{caption}</Table.Caption>}
            <TableHead table={table} />
            <Table.Body>
              <BodyRows
                rows={rows}
                data={shownData}
                loading={busy}
                error={error}
                onRetry={callbacks.onRetry}
                columns={columns}
                placeholders={Math.min(state.size, 5)}
                placeholderHeight={placeholderHeight}
                onRowClick={callbacks.onRowClick}
                rowProps={callbacks.rowProps}
              />
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      {error && data !== undefined && (
        <Text fontSize="sm" color="fg.error" role="alert">
          <Trans>Could not refresh the records: {error}</Trans>
        </Text>
      )}
      <Pager
        label={label}
        state={state}
        onStateChange={onStateChange}
        pageSizes={pageSizes}
        totalCount={totalCount}
        pages={pages}
        from={from}
        to={to}
      />
    </Stack>
  );
}

/** The search box's text, and the table state's search once the text settles (500 ms). */
function useSettledSearch<S extends string>(state: TableState<S>, onStateChange: (next: TableState<S>) => void) {
  const [searchText, setSearchText] = useState(state.search);
  const settled = useDebouncedValue(searchText);
  useEffect(() => {
    // Only a settled change of the text searches; other changes of the state leave it alone.
    if (settled.trim() !== state.search) onStateChange({ ...state, search: settled.trim(), page: 1 });
  }, [settled, state, onStateChange]);
  return [searchText, setSearchText] as const;
}

/**
 * The row callbacks as stable functions calling the latest ones, so the memoized rows skip a
 * render that changed nothing of theirs.
 */
function useStableRowCallbacks<T>(given: {
  onRowClick?: (row: T) => void;
  rowProps?: (row: T) => Record<string, string | undefined>;
  onRetry?: () => void;
}) {
  const latest = useRef(given);
  latest.current = given;
  const hasRowClick = Boolean(given.onRowClick);
  const hasRowProps = Boolean(given.rowProps);
  const hasRetry = Boolean(given.onRetry);
  return useMemo(
    () => ({
      onRowClick: hasRowClick ? (row: T) => latest.current.onRowClick?.(row) : undefined,
      rowProps: hasRowProps ? (row: T) => latest.current.rowProps?.(row) ?? {} : undefined,
      onRetry: hasRetry ? () => latest.current.onRetry?.() : undefined,
    }),
    [hasRowClick, hasRowProps, hasRetry],
  );
}

/** TanStack Table over one page the server sorted: a header's sort goes to the state (page 1). */
function useServerTable<T, S extends string>({
  data,
  columns,
  getRowId,
  state,
  onStateChange,
}: {
  data: T[];
  columns: ColumnDef<T, any>[];
  getRowId: (row: T) => string;
  state: TableState<S>;
  onStateChange: (next: TableState<S>) => void;
}) {
  const sorting: SortingState = state.sortField ? [{ id: state.sortField, desc: state.sortOrder === 'desc' }] : [];
  return useReactTable({
    data,
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    enableMultiSort: false,
    // asc → desc → none, whatever the column holds.
    sortDescFirst: false,
    enableSortingRemoval: true,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const [first] = next;
      onStateChange({
        ...state,
        page: 1,
        sortField: first ? (first.id as S) : undefined,
        sortOrder: first ? (first.desc ? 'desc' : 'asc') : undefined,
      });
    },
  });
}

/** The page count and the rows shown; a page emptied by records that left (decided elsewhere, filtered out) goes back to the last. */
function usePages<S extends string>({
  totalCount,
  state,
  onStateChange,
  settled,
}: {
  totalCount: number;
  state: TableState<S>;
  onStateChange: (next: TableState<S>) => void;
  settled: boolean;
}) {
  const pages = Math.max(1, Math.ceil(totalCount / state.size));
  useEffect(() => {
    if (settled && state.page > pages) onStateChange({ ...state, page: pages });
  }, [settled, state, pages, onStateChange]);
  return {
    pages,
    from: totalCount === 0 ? 0 : (state.page - 1) * state.size + 1,
    to: Math.min(totalCount, state.page * state.size),
  };
}
