import { builder } from './builder.ts';

/** The data table's sort direction, shared by every list. */
export const SortOrderEnum = builder.enumType('SortOrder', { values: ['asc', 'desc'] as const });

/** GraphQL's nulls are "not given" to the table schema, which then checks like REST. */
export const defined = <T extends object>(o: T | null | undefined) =>
  Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== null && v !== undefined));
