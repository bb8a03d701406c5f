// scripts/build.ts: `npm run build` (and so `npm start`) runs a step only when what it reads
// changed, its output is missing or a step it follows ran; a failed step runs again next time.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BuildStep, PRODUCT_STEPS, runSteps } from '../../scripts/build.ts';

let root: string;
let ran: string[];
let failing: string | null;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'build-steps-'));
  mkdirSync(join(root, 'src/nested'), { recursive: true });
  writeFileSync(join(root, 'src/a.ts'), 'a');
  writeFileSync(join(root, 'src/nested/b.ts'), 'b');
  writeFileSync(join(root, 'src/a.test.ts'), 'a test');
  writeFileSync(join(root, 'other.ts'), 'other');
  ran = [];
  failing = null;
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function step(name: string, inputs: string[], output: string): BuildStep {
  return {
    name,
    inputs,
    outputs: [output],
    run: () => {
      if (failing === name) throw new Error(`${name} failed`);
      ran.push(name);
      mkdirSync(join(root, 'out'), { recursive: true });
      writeFileSync(join(root, output), name);
    },
  };
}
const steps = () => [
  step('compile', ['src'], 'out/compiled'),
  step('other', ['other.ts'], 'out/other'),
  step('pack', ['step:compile'], 'out/packed'),
];
const build = (options: { force?: boolean; only?: string[] } = {}) =>
  runSteps(root, steps(), { stateFile: join(root, 'out/.state.json'), log: () => {}, ...options });

describe('npm run build: only what changed', () => {
  it('builds everything the first time and nothing when no source changed', () => {
    expect(build().built).toEqual(['compile', 'other', 'pack']);
    ran = [];
    expect(build()).toEqual({ built: [], skipped: ['compile', 'other', 'pack'] });
    expect(ran).toEqual([]);
  });

  it('a changed file rebuilds its step and the steps that follow it, not the others', () => {
    build();
    ran = [];
    writeFileSync(join(root, 'src/nested/b.ts'), 'b2');
    expect(build().built).toEqual(['compile', 'pack']);
    writeFileSync(join(root, 'other.ts'), 'other2');
    expect(build().built).toEqual(['other']);
    // A new file counts as a change too; a test file does not.
    writeFileSync(join(root, 'src/c.ts'), 'c');
    expect(build().built).toEqual(['compile', 'pack']);
    writeFileSync(join(root, 'src/c.test.ts'), 'c test');
    expect(build().built).toEqual([]);
  });

  it('a missing output rebuilds its step (and the ones after it) even with the sources unchanged', () => {
    build();
    rmSync(join(root, 'out/compiled'));
    expect(build().built).toEqual(['compile', 'pack']);
    rmSync(join(root, 'out/packed'));
    expect(build().built).toEqual(['pack']);
  });

  it('a failed step leaves no fingerprint: the next build runs it again', () => {
    build();
    writeFileSync(join(root, 'src/a.ts'), 'a2');
    failing = 'compile';
    expect(() => build()).toThrow('compile failed');
    const state = JSON.parse(readFileSync(join(root, 'out/.state.json'), 'utf8'));
    expect(state.compile).toBeUndefined();
    expect(state.other).toBeDefined();
    failing = null;
    expect(build().built).toEqual(['compile', 'pack']);
  });

  it('--force runs every step; --only runs the named ones and still passes fingerprints on', () => {
    build();
    expect(build({ force: true }).built).toEqual(['compile', 'other', 'pack']);
    writeFileSync(join(root, 'src/a.ts'), 'a3');
    expect(build({ only: ['other', 'pack'] }).built).toEqual(['pack']);
    // The compile step was left out: it still runs on the next full build.
    expect(build().built).toEqual(['compile', 'pack']);
  });

  it("the product's steps read the folders they build from", () => {
    const names = PRODUCT_STEPS.map((s) => s.name);
    expect(names).toEqual(['client', 'server', 'showcase', 'compress']);
    const inputs = Object.fromEntries(PRODUCT_STEPS.map((s) => [s.name, s.inputs]));
    expect(inputs.client).toContain('client');
    expect(inputs.server).toEqual(expect.arrayContaining(['server', 'migrations']));
    expect(inputs.showcase).toContain('showcase');
    expect(inputs.compress).toEqual(expect.arrayContaining(['step:client', 'step:showcase']));
    for (const s of PRODUCT_STEPS) expect(s.inputs.filter((i) => !i.startsWith('step:'))).not.toHaveLength(0);
  });
});
