// Builds the embeddable showcase script into dist/showcase/showcase.js (served at /showcase.js).
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  SHOWCASE_DIST_FILE,
  SHOWCASE_DIST_TYPES_FILE,
  SHOWCASE_TYPES_FILE,
  bundleShowcase,
} from '../server/modules/showcase/script.ts';

const code = await bundleShowcase();
mkdirSync(dirname(SHOWCASE_DIST_FILE), { recursive: true });
writeFileSync(SHOWCASE_DIST_FILE, code);
copyFileSync(SHOWCASE_TYPES_FILE, SHOWCASE_DIST_TYPES_FILE);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `showcase: ${relative(process.cwd(), SHOWCASE_DIST_FILE)} ${kb(Buffer.byteLength(code))}, ${kb(gzipSync(code).length)} gzip`,
);
