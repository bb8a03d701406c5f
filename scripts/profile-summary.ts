/**
 * Sums V8 CPU profiles (`npm run test:profile` writes them): self time by package and by
 * function, idle apart. `tsx scripts/profile-summary.ts [dir or files…]` (default
 * test-results/profiles).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const files = (args.length ? args : ['test-results/profiles']).flatMap((path) =>
  statSync(path).isDirectory()
    ? readdirSync(path)
        .filter((f) => f.endsWith('.cpuprofile'))
        .map((f) => join(path, f))
    : [path],
);
const byPackage = new Map<string, number>();
const byFunction = new Map<string, number>();
let total = 0;
const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    const us = profile.timeDeltas[i];
    const pkg =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
      (url.includes(process.cwd())
        ? url.slice(process.cwd().length + 1).split('/')[0]
        : url.slice(0, 40) || functionName);
    add(byPackage, pkg, us);
    add(byFunction, `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber}`, us);
    total += us;
  });
}
const print = (title: string, map: Map<string, number>, rows: number) => {
  console.log(`\n${title}`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows))
    console.log(`${(us / 1e6).toFixed(1).padStart(8)} s ${((100 * us) / total).toFixed(1).padStart(5)} %  ${key}`);
};
console.log(`${files.length} profiles, ${(total / 1e6).toFixed(1)} s sampled`);
print('By package (self time)', byPackage, 20);
print('By function (self time)', byFunction, 30);
