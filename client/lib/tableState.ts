/*
 * The data tables' state and its query variables, apart from the table component so that a
 * route's loader can ask for a page's first rows without loading the table (routes/prefetch.ts).
 */

/** Page size 10 by default, 5/10/20/30/50 to choose from. */
export const TABLE_PAGE_SIZES = [5, 10, 20, 30, 50] as const;
export const TABLE_DEFAULT_SIZE = 10;
export const NO_RECORDS = 'No records found';

/** What the generic data table asks the server for: page, size, sort and search. */
export interface TableState<S extends string = string> {
  page: number;
  size: number;
  sortField?: S;
  sortOrder?: 'asc' | 'desc';
  search: string;
}

export const initialTableState = <S extends string>(o: Partial<TableState<S>> = {}): TableState<S> => ({
  page: 1,
  size: TABLE_DEFAULT_SIZE,
  search: '',
  ...o,
});

/** The query variables of a table state (an empty search is left out). */
export const tableVariables = <S extends string>(s: TableState<S>) => ({
  page: s.page,
  size: s.size,
  sortField: s.sortField ?? null,
  sortOrder: s.sortOrder ?? null,
  search: s.search || null,
});
