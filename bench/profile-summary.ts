/**
 * Where a V8 CPU profile (`node --cpu-prof`) spent its time: self time by function and by
 * package (node_modules/<name>, node: internals, our own files), top 25 each.
 *
 *   npx tsx bench/profile-summary.ts <file.cpuprofile> [--last <seconds>]
 *
 * `--last` keeps the samples of the profile's last <seconds> of work (up to its last sample that
 * was not idle): the measured load of a bench, without the set-up before it.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
const { values: flags, positionals } = parseArgs({ options: { last: { type: 'string' } }, allowPositionals: true });
const profile = JSON.parse(readFileSync(positionals[0], 'utf8')) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
};
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const idle = (id: number) => byId.get(id)?.callFrame.functionName === '(idle)';
// Each sample's time (µs from the profile's start), and the window kept.
const at: number[] = [];
let t = 0;
for (const d of profile.timeDeltas) {
  t += d;
  at.push(t);
}
let end = at.length - 1;
while (end > 0 && idle(profile.samples[end])) end--;
const from = flags.last ? at[end] - Number(flags.last) * 1e6 : Number.NEGATIVE_INFINITY;
const self = new Map<number, number>();
for (const [i, id] of profile.samples.entries()) {
  if (i > end || at[i] < from) continue;
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);

const where = (url: string) => {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return 'node:internal';
  if (!url) return '(native/gc/idle)';
  const own = /\/(server|showcase|bench)\/(.*)$/.exec(url);
  return own ? `${own[1]}/${own[2]}` : url;
};
const fn = new Map<string, number>();
const pkg = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id)!;
  const name = `${n.callFrame.functionName || '(anonymous)'} ${where(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  fn.set(name, (fn.get(name) ?? 0) + us);
  const p = where(n.callFrame.url).replace(/^(server|showcase)\/.*/, '$1 (ours)');
  pkg.set(p, (pkg.get(p) ?? 0) + us);
}
const top = (m: Map<string, number>) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(process.env.TOP ?? 25))
    .map(([k, us]) => `${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`)
    .join('\n');
console.log(`total ${(total / 1e6).toFixed(1)} s of samples\n\nby package:\n${top(pkg)}\n\nby function:\n${top(fn)}`);
