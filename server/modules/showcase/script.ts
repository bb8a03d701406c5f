// The embeddable showcase script served at GET /showcase.js (source in showcase/).
// `npm run build` writes it to dist/showcase/showcase.js; without that file (tests, dev) it
// is bundled from source in memory once, with the same function the build script uses.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// server/modules/showcase/script.ts under tsx, dist/server/modules/showcase/script.js compiled.
const ROOT = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../../../' : '../../../../', import.meta.url));
export const SHOWCASE_SOURCE_DIR = join(ROOT, 'showcase');
export const SHOWCASE_ENTRY = join(SHOWCASE_SOURCE_DIR, 'main.ts');
export const SHOWCASE_DIST_FILE = join(ROOT, 'dist/showcase/showcase.js');
/** The script's public types, served as /showcase.d.ts (the build copies them). */
export const SHOWCASE_TYPES_FILE = join(SHOWCASE_SOURCE_DIR, 'types.ts');
export const SHOWCASE_DIST_TYPES_FILE = join(ROOT, 'dist/showcase/showcase.d.ts');

let types: Promise<string> | null = null;
/** /showcase.d.ts: the built copy, else the source file. */
export function showcaseTypes(): Promise<string> {
  types ??= readFile(existsSync(SHOWCASE_TYPES_FILE) ? SHOWCASE_TYPES_FILE : SHOWCASE_DIST_TYPES_FILE, 'utf8');
  return types;
}

/** Bundles showcase/main.ts into one minified IIFE. Needs the dev dependency vite (build time). */
export async function bundleShowcase(): Promise<string> {
  const { build } = await import('vite');
  const output = await build({
    configFile: false,
    envFile: false,
    logLevel: 'silent',
    root: SHOWCASE_SOURCE_DIR,
    publicDir: false,
    build: {
      write: false,
      minify: true,
      sourcemap: false,
      // The WebViews of Telegram's clients, a few years back.
      target: ['es2019', 'chrome80', 'safari13'],
      lib: { entry: SHOWCASE_ENTRY, formats: ['iife'], name: 'Showcase', fileName: () => 'showcase.js' },
    },
  });
  const result = Array.isArray(output) ? output[0] : output;
  if (!result || !('output' in result)) throw new Error('The showcase build returned no output');
  const chunk = result.output.find((o) => o.type === 'chunk');
  if (chunk?.type !== 'chunk') throw new Error('The showcase build returned no script');
  return chunk.code;
}

export interface ShowcaseScript {
  body: string;
  /** Strong ETag of the body, quoted. */
  etag: string;
}

let cached: Promise<ShowcaseScript> | null = null;

/** The script and its ETag: the built file when there is a current one, else bundled from source (once per process). */
export function showcaseScript(): Promise<ShowcaseScript> {
  cached ??= loadScript().catch((e) => {
    cached = null;
    throw e;
  });
  return cached;
}

async function loadScript(): Promise<ShowcaseScript> {
  const body = builtFileIsCurrent() ? await readFile(SHOWCASE_DIST_FILE, 'utf8') : await bundleShowcase();
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, etag };
}

/** Running from source (tsx, vitest), a build older than the sources is stale; compiled, the build is the script. */
function builtFileIsCurrent(): boolean {
  if (!existsSync(SHOWCASE_DIST_FILE)) {
    if (!existsSync(SHOWCASE_ENTRY)) {
      throw new Error(`${SHOWCASE_DIST_FILE} is missing: run \`npm run build:showcase\``);
    }
    return false;
  }
  if (!import.meta.url.endsWith('.ts') || !existsSync(SHOWCASE_SOURCE_DIR)) return true;
  const built = statSync(SHOWCASE_DIST_FILE).mtimeMs;
  const newer = (dir: string): boolean =>
    readdirSync(dir, { withFileTypes: true }).some((e) =>
      e.isDirectory() ? newer(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs > built,
    );
  return !newer(SHOWCASE_SOURCE_DIR);
}
