import { p } from '@mikro-orm/core';

// Shared columns: every table has an id and audit timestamps.
export const idColumn = () => p.integer().primary().autoincrement();
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
