import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { useMediaQuery } from '@chakra-ui/react/hooks';
import { Input } from '@chakra-ui/react/input';
import { InputGroup } from '@chakra-ui/react/input-group';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type Row,
  type SortingState,
  type Table as TanstackTable,
  useReactTable,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, Search, TriangleAlert } from 'lucide-react';
import { memo, type ReactNode, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { TABLE_PAGE_SIZES, type TableState } from '../../lib/tableState';
import { Pagination } from './Pagination';

export {
  initialTableState,
  NO_RECORDS,
  TABLE_DEFAULT_SIZE,
  TABLE_PAGE_SIZES,
  type TableState,
  tableVariables,
} from '../../lib/tableState';
import { Trans, useLingui } from '@lingui/react/macro';

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

/** The search box, the caller's filters and, for cards, the sort select. */
function TableToolbar<T, S extends string>({
  table,
  label,
  search,
  toolbar,
  sortSelect,
  state,
  onStateChange,
}: {
  table: TanstackTable<T>;
  label: string;
  search: { text: string; onChange: (text: string) => void; placeholder?: string } | null;
  toolbar?: ReactNode;
  sortSelect: boolean;
  state: TableState<S>;
  onStateChange: (next: TableState<S>) => void;
}) {
  const { t } = useLingui();
  const lowerLabel = label.toLowerCase();
  return (
    <HStack gap="3" wrap="wrap" align="flex-end">
      {search && (
        <InputGroup startElement={<Search size={16} />} flex="1" minW="220px" maxW={{ md: '360px' }}>
          <Input
            value={search.text}
            onChange={(e) => search.onChange(e.target.value)}
            placeholder={search.placeholder ?? t`Search`}
            aria-label={t`Search ${lowerLabel}`}
            maxLength={100}
            type="search"
            data-testid="table-search"
          />
        </InputGroup>
      )}
      {toolbar}
      {sortSelect && (
        <SortSelect
          options={table
            .getAllLeafColumns()
            .filter((c) => c.getCanSort() && typeof c.columnDef.header === 'string')
            .map((c) => ({ id: c.id, header: c.columnDef.header as string }))}
          state={state}
          onStateChange={onStateChange}
          label={label}
        />
      )}
    </HStack>
  );
}

/** A filter of a table's toolbar: a select named by `label` (for screen readers) whose first option says 'all'. */
export function TableFilter({
  label,
  value,
  onChange,
  options,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  testId: string;
}) {
  return (
    <NativeSelect.Root size="md" width="auto">
      <NativeSelect.Field
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** Phones: the sortable columns as one select (field and direction), '' for the list's own order. */
function SortSelect<S extends string>({
  options: sortable,
  state,
  onStateChange,
  label,
}: {
  options: { id: string; header: string }[];
  state: TableState<S>;
  onStateChange: (next: TableState<S>) => void;
  label: string;
}) {
  const { t } = useLingui();
  const lowerLabel = label.toLowerCase();
  if (!sortable.length) return null;
  return (
    <NativeSelect.Root size="md" width="auto">
      <NativeSelect.Field
        aria-label={t`Sort ${lowerLabel}`}
        data-testid="table-sort"
        value={state.sortField ? `${state.sortField}:${state.sortOrder ?? 'asc'}` : ''}
        onChange={(e) => {
          const [field, order] = e.target.value.split(':');
          onStateChange({
            ...state,
            page: 1,
            sortField: field ? (field as S) : undefined,
            sortOrder: field ? (order as 'asc' | 'desc') : undefined,
          });
        }}
      >
        <option value="">{t`Default order`}</option>
        {sortable.flatMap((c) => [
          <option key={`${c.id}:asc`} value={`${c.id}:asc`}>
            {`${c.header} ↑`}
          </option>,
          <option key={`${c.id}:desc`} value={`${c.id}:desc`}>
            {`${c.header} ↓`}
          </option>,
        ])}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** The notice where the rows would be when they could not be fetched, with Try again. */
function LoadError({ error, onRetry, py }: { error: string; onRetry?: () => void; py?: string }) {
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
function TableHead<T>({ table }: { table: TanstackTable<T> }) {
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
const BodyRows = memo(BodyRowsOf) as typeof BodyRowsOf;

function BodyRowsOf<T>({
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
function CardRows({
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

/** Rows per page, the range shown, and the page buttons. */
function Pager<S extends string>({
  label,
  state,
  onStateChange,
  pageSizes,
  totalCount,
  pages,
  from,
  to,
}: {
  label: string;
  state: TableState<S>;
  onStateChange: (next: TableState<S>) => void;
  pageSizes: readonly number[];
  totalCount: number;
  pages: number;
  from: number;
  to: number;
}) {
  const { t } = useLingui();
  return (
    <HStack justify="space-between" wrap="wrap" gap="3">
      <HStack gap="2">
        <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap">
          <Trans>Rows per page</Trans>
        </Text>
        <NativeSelect.Root size="sm" width="20">
          <NativeSelect.Field
            aria-label={t`Rows per page`}
            value={state.size}
            data-testid="table-page-size"
            onChange={(e) => onStateChange({ ...state, size: Number(e.target.value), page: 1 })}
          >
            {pageSizes.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Text fontSize="sm" color="fg.muted" data-testid="table-range" whiteSpace="nowrap">
          <Trans>
            {from}–{to} of {totalCount}
          </Trans>
        </Text>
      </HStack>
      {pages > 1 && (
        <Pagination
          current={{ from: state.page, to: state.page }}
          pages={pages}
          onPage={(page) => onStateChange({ ...state, page })}
          label={t`${label} pages`}
        />
      )}
    </HStack>
  );
}
