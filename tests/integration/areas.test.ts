import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { areas, entities, routes, sqlDefinitions } from '../../server/areas.ts';
import { topics } from '../../server/graphql/pubsub.ts';

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
});
