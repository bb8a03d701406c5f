import type { EntityManager } from '@mikro-orm/postgresql';
/**
 * Where a read that may be served from memory gets its database: the request's EntityManager,
 * or how to make it (forked only when something has to be read).
 */
export type Db = EntityManager | (() => EntityManager);
export const usedDb = (db: Db): EntityManager => (typeof db === 'function' ? db() : db);
