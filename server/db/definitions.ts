import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Repeatable SQL definitions: the current text of each database function lives in one source
 * file next to the code that calls it (`server/modules/<area>/sql/<name>.sql`), not in the
 * newest of the migrations that once wrote it. After the migrations, every file whose checksum
 * differs from what the database last applied is run again, in the listed order, inside one
 * transaction under an advisory lock (so instances starting together apply it once); the
 * checksum is kept as the function's comment. This is Flyway's "repeatable migration".
 *
 * A file holds exactly one `create or replace function`. Renaming a function or changing its
 * arguments needs a migration that drops the old signature; the file then creates the new one.
 */
export interface SqlDefinition {
  /** The function's name, as the file creates it. */
  name: string;
  /** The file's text. */
  sql: string;
  /**
   * Functions this one must be created after: an SQL-language function's body is checked
   * when it is created, so the functions it calls must exist (plpgsql bodies are not).
   */
  after?: string[];
}

/** Reads `relative` (below the module of `base`, e.g. `import.meta.url`) as a definition. */
export function sqlDefinition(base: string, relative: string, opts: { after?: string[] } = {}): SqlDefinition {
  const sql = readFileSync(new URL(relative, base), 'utf8');
  const name = /create\s+or\s+replace\s+function\s+(\w+)\s*\(/i.exec(sql)?.[1];
  if (!name) throw new Error(`${relative}: no "create or replace function" in it`);
  return { name, sql, ...(opts.after ? { after: opts.after } : {}) };
}

/**
 * The definitions in the order they can be applied: each after those it names in `after`,
 * otherwise in the given order. Throws on a name that is not defined or on a cycle.
 */
export function orderDefinitions(definitions: SqlDefinition[]): SqlDefinition[] {
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const ordered: SqlDefinition[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (def: SqlDefinition) => {
    if (state.get(def.name) === 'done') return;
    if (state.get(def.name) === 'visiting')
      throw new Error(`SQL functions are created after each other in a cycle: ${def.name}`);
    state.set(def.name, 'visiting');
    for (const name of def.after ?? []) {
      const dep = byName.get(name);
      if (!dep) throw new Error(`${def.name} is created after ${name}, which no area defines`);
      visit(dep);
    }
    state.set(def.name, 'done');
    ordered.push(def);
  };
  for (const def of definitions) visit(def);
  return ordered;
}

export const checksum = (sql: string) => `sha256:${createHash('sha256').update(sql).digest('hex')}`;

/** The body PostgreSQL stores for the function (`pg_proc.prosrc`): the text between the dollar quotes. */
export function functionBody(sql: string): string {
  const m = /\bas\s+(\$\w*\$)([\s\S]*)\1/i.exec(sql);
  if (!m) throw new Error('no dollar-quoted body');
  return m[2];
}

/** Applies the definitions whose checksum changed; answers the names it applied. */
export async function applyDefinitions(em: EntityManager, definitions: SqlDefinition[]): Promise<string[]> {
  return em.transactional(async (tx) => {
    // tx.execute runs on the transaction's connection (getConnection().execute would not).
    const conn = tx;
    await conn.execute(`select pg_advisory_xact_lock(hashtext('taskgram:sql-definitions'))`);
    // What the database last applied, for every definition in one read.
    const rows = await conn.execute<{ name: string; sum: string | null }[]>(
      `select p.proname as name, obj_description(p.oid, 'pg_proc') as sum from pg_proc p
        where p.proname in (${definitions.map(() => '?').join(', ')})
          and p.pronamespace = current_schema()::regnamespace`,
      definitions.map((d) => d.name),
    );
    const applied: string[] = [];
    for (const def of definitions) {
      const sum = checksum(def.sql);
      const current = rows.filter((r) => r.name === def.name);
      if (current.length === 1 && current[0].sum === sum) continue;
      await conn.execute(def.sql);
      const signatures = await conn.execute<{ signature: string }[]>(
        `select p.oid::regprocedure::text as signature from pg_proc p
          where p.proname = ? and p.pronamespace = current_schema()::regnamespace`,
        [def.name],
      );
      if (signatures.length !== 1) {
        throw new Error(
          `${def.name}: ${signatures.length} functions of that name; a migration must drop the old signature`,
        );
      }
      await conn.execute(`comment on function ${signatures[0].signature} is '${sum}'`);
      applied.push(def.name);
    }
    return applied;
  });
}
