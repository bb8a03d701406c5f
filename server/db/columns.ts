import { p } from '@mikro-orm/core';

// Shared columns: every table has an id and audit timestamps.
export const idColumn = () => p.integer().primary().autoincrement();
/** When the row was made (set by the ORM, and by the database for raw inserts). */
export const createdAtColumn = () =>
  p
    .datetime()
    .onCreate(() => new Date())
    .defaultRaw('now()');
export const timestamps = () => ({
  createdAt: p
    .datetime()
    .onCreate(() => new Date())
    .defaultRaw('now()'),
  updatedAt: p
    .datetime()
    .onCreate(() => new Date())
    .onUpdate(() => new Date())
    .defaultRaw('now()'),
});

/**
 * A list of ids bound as one PostgreSQL array literal (`= any(?::int[])`): knex expands a bound
 * JavaScript array into `?, ?, ?`, which an array cast cannot take.
 */
export const pgIds = (ids: readonly (number | string)[]) => `{${ids.map((id) => String(Number(id))).join(',')}}`;
