import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { TIMINGS_DIR, type SetupTiming } from '../helpers/timings.ts';

const root = resolve(import.meta.dirname, '../..');

/** One test file's time, split as the profile in docs/development.md reads it. */
export interface FileTiming {
  file: string;
  project: string;
  tests: number;
  /** Wall time from the worker taking the file to its end (import + hooks + tests). */
  total: number;
  /** Loading the test file and what it imports (vitest's collect phase). */
  imports: number;
  /** beforeAll/afterAll hooks: apps, databases, browsers, fakes started once for the file. */
  hooks: number;
  /** The tests themselves (with their beforeEach/afterEach). */
  testTime: number;
  /** What the helpers timed inside hooks and tests (tests/helpers/timings.ts), by kind. */
  setup: Record<string, number>;
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Prints, at the end of `npm test`, the ten slowest files with where their time went and the
 * run's totals; writes every file's figures to test-results/timings.json.
 */
export default class TimingReporter implements Reporter {
  private started = 0;

  onInit(_vitest: Vitest) {
    this.started = performance.now();
    rmSync(TIMINGS_DIR, { recursive: true, force: true });
    mkdirSync(TIMINGS_DIR, { recursive: true });
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const wall = performance.now() - this.started;
    const setup = readSetupTimings();
    const files: FileTiming[] = modules.map((m) => {
      const d = m.diagnostic();
      const tests = [...m.children.allTests()];
      const testTime = tests.reduce((sum, t) => sum + (t.diagnostic()?.duration ?? 0), 0);
      const file = relative(root, m.moduleId);
      return {
        file,
        project: m.project.name,
        tests: tests.length,
        total: d.collectDuration + d.setupDuration + d.duration,
        imports: d.collectDuration + d.setupDuration,
        hooks: Math.max(0, d.duration - testTime),
        testTime,
        setup: setup.get(file) ?? {},
      };
    });
    files.sort((a, b) => b.total - a.total);
    mkdirSync(join(root, 'test-results'), { recursive: true });
    writeFileSync(join(root, 'test-results/timings.json'), `${JSON.stringify({ wall, files }, null, 1)}\n`);

    const sum = (pick: (f: FileTiming) => number, list = files) => list.reduce((a, f) => a + pick(f), 0);
    const kinds = [...new Set(files.flatMap((f) => Object.keys(f.setup)))].sort();
    const line = (f: FileTiming) =>
      [
        `  ${s(f.total).padStart(8)}  ${f.file} (${f.tests})`,
        `import ${s(f.imports)}, hooks ${s(f.hooks)}, tests ${s(f.testTime)}`,
        kinds
          .filter((k) => f.setup[k])
          .map((k) => `${k} ${s(f.setup[k])}`)
          .join(', '),
      ]
        .filter(Boolean)
        .join(' · ');
    const out = ['', 'Slowest test files (time in the file: import · hooks · tests; setup the helpers timed):'];
    for (const f of files.slice(0, 10)) out.push(line(f));
    out.push('', 'By project (time summed over files, which run side by side):');
    for (const project of [...new Set(files.map((f) => f.project))]) {
      const list = files.filter((f) => f.project === project);
      out.push(
        `  ${project.padEnd(7)} ${String(list.length).padStart(3)} files  ${s(sum((f) => f.total, list)).padStart(8)}` +
          `  import ${s(sum((f) => f.imports, list))}, hooks ${s(sum((f) => f.hooks, list))}, tests ${s(sum((f) => f.testTime, list))}`,
      );
    }
    if (kinds.length) {
      out.push(
        `  setup timed by the helpers: ${kinds.map((k) => `${k} ${s(sum((f) => f.setup[k] ?? 0))}`).join(', ')}`,
      );
    }
    out.push(`  wall time ${s(wall)} for ${s(sum((f) => f.total))} of file time (test-results/timings.json)`, '');
    console.log(out.join('\n'));
  }
}

/** The helpers' setup timings, summed per test file and kind. */
function readSetupTimings(): Map<string, Record<string, number>> {
  const byFile = new Map<string, Record<string, number>>();
  let names: string[] = [];
  try {
    names = readdirSync(TIMINGS_DIR);
  } catch {
    return byFile;
  }
  for (const name of names) {
    for (const row of readFileSync(join(TIMINGS_DIR, name), 'utf8').split('\n')) {
      if (!row) continue;
      const t = JSON.parse(row) as SetupTiming;
      const file = relative(root, t.file);
      const entry = byFile.get(file) ?? {};
      entry[t.kind] = (entry[t.kind] ?? 0) + t.ms;
      byFile.set(file, entry);
    }
  }
  return byFile;
}
