import { Input } from '@chakra-ui/react/input';
import { InputGroup } from '@chakra-ui/react/input-group';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { HStack } from '@chakra-ui/react/stack';
import type { Table as TanstackTable } from '@tanstack/react-table';
import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TableState } from '../../lib/tableState';

export {
  initialTableState,
  NO_RECORDS,
  TABLE_DEFAULT_SIZE,
  TABLE_PAGE_SIZES,
  type TableState,
  tableVariables,
} from '../../lib/tableState';
import { useLingui } from '@lingui/react/macro';

/** The search box, the caller's filters and, for cards, the sort select. */
export function TableToolbar<T, S extends string>({
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
export function SortSelect<S extends string>({
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
