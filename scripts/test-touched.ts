// The quick loop: the tests of one area, or the tests a change touches, in seconds to a minute
// instead of the whole suite (docs/development.md, "Tests").
//
//   npm run test:area -- payments        the payments area's tests (server, client, end-to-end)
//   npm run test:changed                 the tests the uncommitted changes touch
//   npm run test:changed -- main         … the changes since a commit or branch
//
// Every integration test starts the whole app, so vitest's module graph (`vitest related`,
// `--changed`) would name every test for any server change. An area's tests are found by name
// instead: test files named after the area, the extras below, the unit tests in its folders.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';

/** Test files that belong to an area without carrying its name. */
const EXTRAS: Record<string, string[]> = {
  auth: ['account-safety', 'sessions', 'session-users', 'oidc', 'new-users', 'e2e/client'],
  campaigns: ['conversions', 'conversion-batches', 'conversion-sets.property', 'holds', 'e2e/conversions'],
  ledger: ['holds', 'payments'],
  notifications: ['telegram-bot', 'quality-floor', 'e2e/telegram'],
  payments: ['payouts', 'payouts-chain', 'holds', 'e2e/money'],
  platforms: ['reward-callbacks'],
  images: ['object-storage'],
  showcase: ['e2e/showcase-players', 'simulator'],
  statistics: ['data-tables'],
  users: ['new-users', 'session-users'],
};

const all = ['tests', 'server', 'client', 'showcase'].flatMap((dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name)),
);
const stem = (file: string) => basename(file).replace(/\.test\.tsx?$/, '');

function areaTests(area: string): string[] {
  const extras = new Set(EXTRAS[area] ?? []);
  return all.filter((f) => {
    const name = stem(f);
    const e2e = f.startsWith('tests/e2e/');
    return (
      name === area ||
      name.startsWith(`${area}-`) ||
      name.startsWith(`${area}.`) ||
      extras.has(e2e ? `e2e/${name}` : name) ||
      f.startsWith(`server/modules/${area}/`) ||
      f.startsWith(`client/features/${area}/`) ||
      (area === 'showcase' && f.startsWith('showcase/'))
    );
  });
}

function changedFiles(since?: string): string[] {
  const git = (...args: string[]) => spawnSync('git', args, { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  return [
    ...new Set([...git('diff', '--name-only', since ?? 'HEAD'), ...git('ls-files', '--others', '--exclude-standard')]),
  ].filter(existsSync);
}

function touched(files: string[]): { tests: string[]; related: string[]; kernel: string[] } {
  const tests = new Set<string>();
  const related: string[] = [];
  const kernel: string[] = [];
  for (const f of files) {
    if (/\.test\.tsx?$/.test(f)) tests.add(f);
    else if (/^server\/modules\/([^/]+)\//.test(f)) for (const t of areaTests(f.split('/')[2])) tests.add(t);
    else if (/^(client|showcase)\/.+\.tsx?$/.test(f)) related.push(f);
    else if (/^server\/.+\.(ts|sql)$/.test(f)) kernel.push(f);
  }
  return { tests: [...tests], related, kernel };
}

function vitest(args: string[]): number {
  console.log(`> vitest ${args.join(' ')}`);
  return spawnSync('npx', ['vitest', ...args], { stdio: 'inherit' }).status ?? 1;
}

const [mode, arg] = process.argv.slice(2);
if (mode === 'area') {
  const areas = readdirSync('server/modules');
  if (!arg || !areas.includes(arg)) {
    console.error(`Name an area: npm run test:area -- <${areas.join('|')}>`);
    process.exit(2);
  }
  process.exit(vitest(['run', ...areaTests(arg)]));
}
if (mode === 'changed') {
  const { tests, related, kernel } = touched(changedFiles(arg));
  if (kernel.length) {
    console.log(
      `Changed outside the areas (${kernel.join(', ')}): every integration test builds on it; ` +
        'running the smoke tests here, the whole suite is `npm test`.',
    );
    tests.push('tests/integration/smoke.test.ts', 'tests/integration/areas.test.ts', 'tests/integration/rest.test.ts');
  }
  let status = 0;
  if (tests.length) status ||= vitest(['run', ...new Set(tests)]);
  if (related.length) status ||= vitest(['related', '--run', '--project', 'client', '--passWithNoTests', ...related]);
  if (!tests.length && !related.length) console.log('No change touches a test.');
  process.exit(status);
}
console.error('Usage: tsx scripts/test-touched.ts area <name> | changed [<since>]');
process.exit(2);
