// Copies the server's non-TypeScript sources (documentation pages, SQL, its catalogs) next to the compiled
// JavaScript in dist/, where the server reads them relative to its own module.
import { cpSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ASSETS = /\.(md|sql|po)$/;
const root = new URL('..', import.meta.url).pathname;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (ASSETS.test(name)) cpSync(path, join(root, 'dist', relative(root, path)));
  }
}
walk(join(root, 'server'));
