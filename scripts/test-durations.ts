// Writes tests/setup/durations.json from the last `npm test` (test-results/timings.json): each
// file's time, which tests/setup/sequencer.ts reads to start the longest files first.
import { readFileSync, writeFileSync } from 'node:fs';

const { files } = JSON.parse(readFileSync('test-results/timings.json', 'utf8')) as {
  files: { file: string; project: string; total: number }[];
};
const durations = Object.fromEntries(
  files.sort((a, b) => b.total - a.total).map((f) => [`${f.project}:${f.file}`, Math.round(f.total)]),
);
writeFileSync('tests/setup/durations.json', `${JSON.stringify(durations, null, 2)}\n`);
console.log(`tests/setup/durations.json: ${files.length} files`);
