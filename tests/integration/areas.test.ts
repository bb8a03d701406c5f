import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defineArea } from '../../server/app/area.ts';
import { orderAreas } from '../../server/app/services.ts';
import { areas, entities, routes, sqlDefinitions } from '../../server/areas.ts';
import { orderDefinitions } from '../../server/db/definitions.ts';
import { topics } from '../../server/lib/pubsub.ts';

const MODULES = fileURLToPath(new URL('../../server/modules/', import.meta.url));
const areaDirs = readdirSync(MODULES, { withFileTypes: true }).filter((d) => d.isDirectory());
const filesOf = (suffix: string) =>
  areaDirs.flatMap((d) =>
    readdirSync(join(MODULES, d.name))
      .filter((f) => f.endsWith(suffix))
      .map((f) => ({ area: d.name, file: f, path: join(MODULES, d.name, f) })),
  );

/**
 * The composition root lists areas, not their parts: these checks make sure no part of an
 * area is left out of its definition (an entity the ORM would not know, a route table or a
 * schema file nobody loads, an SQL function never applied).
 */
describe('areas', () => {
  it('has one definition per area folder, with unique names', () => {
    expect(areas.map((a) => a.name).sort()).toEqual(areaDirs.map((d) => d.name).sort());
  });

  it("lists every area's entities", async () => {
    let found = 0;
    for (const { path } of filesOf('.entity.ts')) {
      const mod = (await import(path)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(mod)) {
        // defineEntity's results (EntitySchema) and the classes they name.
        if (value && typeof value === 'object' && 'meta' in value) {
          expect(entities, `${path}: ${name}`).toContain(value);
          found++;
        }
      }
    }
    expect(found).toBe(entities.length);
    expect(new Set(entities).size).toBe(entities.length);
  });

  it("lists every area's route table and schema file", async () => {
    for (const { path, file } of filesOf('.rest.ts')) {
      const mod = (await import(path)) as Record<string, unknown>;
      const tables = Object.entries(mod).filter(([name]) => name.endsWith('Routes'));
      expect(tables.length, file).toBe(1);
      for (const row of tables[0][1] as unknown[]) expect(routes, file).toContain(row);
    }
    for (const { area, file } of filesOf('.schema.ts')) {
      const definition = readFileSync(join(MODULES, area, `${area}.area.ts`), 'utf8');
      expect(definition, `${area}.area.ts imports ${file}`).toContain(`import './${file}';`);
    }
  });

  it("applies every area's SQL function files", () => {
    const files = areaDirs.flatMap((d) => {
      try {
        return readdirSync(join(MODULES, d.name, 'sql')).map((f) => f.replace(/\.sql$/, ''));
      } catch {
        return [];
      }
    });
    expect(sqlDefinitions.map((d) => d.name).sort()).toEqual(files.sort());
  });

  it('names, for every live topic, an area that publishes it', () => {
    const named = areas.flatMap((a) => a.topics ?? []);
    expect([...named].sort()).toEqual(Object.keys(topics).sort());
  });

  it('builds every area after the areas whose services it needs', () => {
    const builtBy = new Map(areas.flatMap((a, i) => (a.provides ?? []).map((name: string) => [name, i] as const)));
    areas.forEach((area, i) => {
      for (const name of area.needs ?? []) expect(builtBy.get(name), `${area.name} needs ${name}`).toBeLessThan(i);
    });
  });

  it('refuses, naming the areas, a cycle, a service nobody provides and one provided twice', () => {
    const a = defineArea({ name: 'a', provides: ['users'], needs: ['ledger'] });
    const b = defineArea({ name: 'b', provides: ['ledger'], needs: ['lookups'] });
    const c = defineArea({ name: 'c', provides: ['lookups'], needs: ['users'] });
    expect(() => orderAreas([a, b, c])).toThrow('areas need each other in a cycle: a → b → c → a');
    // Reaching a service `later` (from a callback) is no cycle.
    const c2 = defineArea({ name: 'c', provides: ['lookups'], later: ['users'] });
    expect(orderAreas([a, b, c2]).map((x) => x.name)).toEqual(['c', 'b', 'a']);
    expect(() => orderAreas([a, b])).toThrow('area b needs service "lookups", which no area provides');
    const twice = defineArea({ name: 'd', provides: ['ledger'] });
    expect(() => orderAreas([a, b, c2, twice])).toThrow('service "ledger" is provided by both b and d');
  });

  it('holds an area to its declarations at compile time', () => {
    const area = defineArea({
      name: 'x',
      provides: ['lookups'],
      needs: ['ledger'],
      services: (_infra, needs) => {
        // @ts-expect-error: an area receives only the services it declared it needs.
        void needs.campaigns;
        return { lookups: undefined as never };
      },
    });
    // @ts-expect-error: an area must build what it provides.
    defineArea({ name: 'y', provides: ['lookups'], services: () => ({}) });
    expect(area.needs).toEqual(['ledger']);
  });

  it('creates SQL functions after those their bodies call', () => {
    const names = sqlDefinitions.map((d) => d.name);
    for (const def of sqlDefinitions) {
      for (const dep of def.after ?? [])
        expect(names.indexOf(dep), `${def.name} after ${dep}`).toBeLessThan(names.indexOf(def.name));
    }
    const one = { name: 'one', sql: '', after: ['two'] };
    const two = { name: 'two', sql: '', after: ['one'] };
    expect(() => orderDefinitions([one, two])).toThrow('in a cycle');
    expect(orderDefinitions([one, { name: 'two', sql: '' }]).map((d) => d.name)).toEqual(['two', 'one']);
  });
});
