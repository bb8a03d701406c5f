/**
 * `npm run build`: the client (Vite, then the public pages rendered to HTML), the server (tsc,
 * then its SQL and documentation pages copied), the embeddable showcase, and brotli/gzip files
 * next to the text assets. Each step runs only when what it reads changed since it last ran:
 * a fingerprint (SHA-256 of every input file's path and content, and the lock file) is kept in
 * dist/.build-state.json, so `npm start` with unchanged sources starts without rebuilding.
 *
 *   npm run build [-- --force] [-- --only=client,compress]
 *
 * --force runs every step whatever the fingerprints say; --only runs the named steps only.
 *
 * A step also runs when its output is missing or a step it follows ran; a step that fails
 * leaves no fingerprint (the next build runs it again).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BuildStep {
  name: string;
  /**
   * Files and folders (relative to the root) whose content the step reads; `step:<name>` makes
   * the step follow another (its fingerprint is part of this one's, and it runs when that one ran).
   */
  inputs: string[];
  /** Files the step writes: when one is missing the step runs. */
  outputs: string[];
  run: () => void;
}

/** Test files are never part of a build. */
const IGNORED = /\.test\.tsx?$|(^|\/)node_modules(\/|$)/;

function files(root: string, path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return IGNORED.test(path) ? [] : [path];
  return readdirSync(full, { withFileTypes: true })
    .map((e) => join(path, e.name))
    .sort()
    .flatMap((p) => files(root, p));
}

/** A step's fingerprint: its inputs' paths and contents, and the fingerprints of the steps it follows. */
export function fingerprint(root: string, step: BuildStep, others: Map<string, string>): string {
  const hash = createHash('sha256');
  for (const input of step.inputs) {
    if (input.startsWith('step:')) {
      hash.update(`${input}=${others.get(input.slice(5)) ?? ''}\n`);
      continue;
    }
    for (const file of files(root, input)) {
      hash.update(`${file}\n`);
      hash.update(readFileSync(join(root, file)));
      hash.update('\n');
    }
  }
  return hash.digest('hex');
}

export interface BuildResult {
  built: string[];
  skipped: string[];
}

/** Runs the steps in order, each only when its fingerprint, outputs or a followed step say so. */
export function runSteps(
  root: string,
  steps: BuildStep[],
  options: { stateFile: string; force?: boolean; only?: string[]; log?: (line: string) => void },
): BuildResult {
  const log = options.log ?? console.log;
  let state: Record<string, string> = {};
  try {
    state = JSON.parse(readFileSync(options.stateFile, 'utf8'));
  } catch {
    // No build yet (or an unreadable state): every step runs.
  }
  const save = () => {
    mkdirSync(dirname(options.stateFile), { recursive: true });
    writeFileSync(options.stateFile, `${JSON.stringify(state, null, 2)}\n`);
  };
  const prints = new Map<string, string>();
  const result: BuildResult = { built: [], skipped: [] };
  for (const step of steps) {
    const print = fingerprint(root, step, prints);
    prints.set(step.name, print);
    // A step left out still lends its fingerprint to the steps that follow it.
    if (options.only && !options.only.includes(step.name)) continue;
    const followedRan = step.inputs.some((i) => i.startsWith('step:') && result.built.includes(i.slice(5)));
    const missing = step.outputs.find((o) => !existsSync(join(root, o)));
    const why = options.force
      ? 'forced'
      : state[step.name] !== print
        ? state[step.name]
          ? 'sources changed'
          : 'not built yet'
        : missing
          ? `${missing} is missing`
          : followedRan
            ? `${step.inputs.find((i) => result.built.includes(i.slice(5)))?.slice(5)} was rebuilt`
            : null;
    if (!why) {
      result.skipped.push(step.name);
      log(`[build] ${step.name}: up to date`);
      continue;
    }
    log(`[build] ${step.name}: building (${why})`);
    delete state[step.name];
    save();
    const started = performance.now();
    step.run();
    state[step.name] = print;
    save();
    result.built.push(step.name);
    log(`[build] ${step.name}: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return result;
}

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const BUILD_STATE_FILE = join(ROOT, 'dist/.build-state.json');

function command(cmd: string, args: string[]): void {
  // A production build whatever the caller's NODE_ENV (vitest sets `test`, a shell may set
  // `development`: Vite would bundle React's development build).
  const env = { ...process.env, NODE_ENV: 'production' };
  const done = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env });
  if (done.status !== 0) throw new Error(`${relative(ROOT, cmd)} ${args.join(' ')} failed (exit ${done.status})`);
}
const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);
const node = (script: string) => () => command(process.execPath, [script]);

/** The product's build, in order. */
export const PRODUCT_STEPS: BuildStep[] = [
  {
    name: 'client',
    inputs: ['client', 'vite.config.ts', 'scripts/prerender.mjs', 'tsconfig.json', 'package-lock.json'],
    outputs: ['dist/client/index.html', 'dist/client/prerendered.json'],
    run: () => {
      command(bin('vite'), ['build', '--config', 'vite.config.ts']);
      command(process.execPath, ['scripts/prerender.mjs']);
    },
  },
  {
    name: 'server',
    inputs: [
      'server',
      'migrations',
      'tsconfig.json',
      'tsconfig.server.json',
      'scripts/copy-server-assets.mjs',
      'package-lock.json',
    ],
    outputs: ['dist/server/main.js'],
    run: () => {
      command(bin('tsc'), ['-p', 'tsconfig.server.json']);
      command(process.execPath, ['scripts/copy-server-assets.mjs']);
    },
  },
  {
    name: 'showcase',
    inputs: ['showcase', 'server/modules/showcase/script.ts', 'scripts/build-showcase.ts', 'package-lock.json'],
    outputs: ['dist/showcase/showcase.js'],
    run: () => command(bin('tsx'), ['scripts/build-showcase.ts']),
  },
  {
    name: 'compress',
    inputs: ['step:client', 'step:showcase', 'scripts/compress-assets.mjs'],
    outputs: ['dist/client/index.html.br'],
    run: node('scripts/compress-assets.mjs'),
  },
];

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const only = process.argv
    .find((a) => a.startsWith('--only='))
    ?.slice(7)
    .split(',');
  try {
    const force = process.argv.includes('--force');
    const { built } = runSteps(ROOT, PRODUCT_STEPS, { stateFile: BUILD_STATE_FILE, force, only });
    console.log(
      `[build] ${built.length ? `built ${built.join(', ')}` : 'nothing to build'} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (err) {
    console.error(`[build] ${(err as Error).message}`);
    process.exit(1);
  }
}
