import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const clientDir = join(root, 'client');
const builtIndex = join(root, 'dist/client/index.html');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const mtime = entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs;
    newest = Math.max(newest, mtime);
  }
  return newest;
}

/** E2E tests run against the built client; rebuild it when any client file is newer. */
export default function buildClient(): void {
  const sources = Math.max(
    newestMtime(clientDir),
    ...['vite.config.ts', 'scripts/prerender.mjs', 'scripts/compress-assets.mjs'].map(
      (f) => statSync(join(root, f)).mtimeMs,
    ),
  );
  if (existsSync(builtIndex) && statSync(builtIndex).mtimeMs >= sources) {
    console.log('[client-build] dist/client is up to date, not rebuilding');
    return;
  }
  console.log('[client-build] client sources changed, building dist/client');
  // As `npm run build` does for the client: the bundle, the public pages as HTML, the compressed files.
  for (const [cmd, args] of [
    [join(root, 'node_modules/.bin/vite'), ['build']],
    [process.execPath, ['scripts/prerender.mjs']],
    [process.execPath, ['scripts/compress-assets.mjs']],
  ] as const) {
    // A production build whatever the test runner's NODE_ENV (vitest sets `test`: Vite would
    // bundle React's development build, whose warnings the tests count as console errors).
    const env = { ...process.env, NODE_ENV: 'production' };
    const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`${args.join(' ')} failed with exit code ${result.status}`);
  }
  console.log('[client-build] done');
}
