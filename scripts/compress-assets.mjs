// After the build: brotli and gzip files next to the client's and the showcase's text assets
// (`x.js` → `x.js.br`, `x.js.gz`), which the server sends as they are (@fastify/static's
// preCompressed) instead of compressing on every request. Only where it saves bytes.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOTS = ['dist/client', 'dist/showcase'];
const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let afterBr = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (TEXT.test(name)) compress(path);
  }
}
function compress(path) {
  const raw = readFileSync(path);
  if (raw.length < MIN_BYTES) return;
  const br = brotliCompressSync(raw, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
  });
  const gz = gzipSync(raw, { level: 9 });
  if (br.length < raw.length) writeFileSync(`${path}.br`, br);
  if (gz.length < raw.length) writeFileSync(`${path}.gz`, gz);
  files++;
  before += raw.length;
  afterBr += Math.min(br.length, raw.length);
}
for (const root of ROOTS) {
  try {
    walk(root);
  } catch (err) {
    if (err.code !== 'ENOENT') throw err;
  }
}
console.log(
  `compressed ${files} files: ${(before / 1024).toFixed(0)} KB → ${(afterBr / 1024).toFixed(0)} KB with brotli`,
);
