import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

// Output chunk shape we need from the bundle (Rollup/Rolldown compatible).
interface Chunk {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  moduleIds: string[];
  imports: string[];
}
type Bundle = Record<string, Chunk | { type: 'asset' }>;

/** A route's initial JS: the entry, the route's lazy chunks and everything they import statically. */
function initialFiles(bundle: Bundle, routeModules: string[]): Set<string> {
  const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk');
  const roots = chunks.filter((c) => c.isEntry || routeModules.some((m) => c.moduleIds.some((id) => id.endsWith(m))));
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type === 'chunk') for (const imported of chunk.imports) visit(imported);
  };
  for (const root of roots) visit(root.fileName);
  return files;
}

function gzipKb(bundle: Bundle, files: Set<string>): number {
  let bytes = 0;
  for (const file of files) {
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') bytes += gzipSync(chunk.code, { level: 9 }).length;
  }
  return bytes / 1024;
}

// Bytes and files: on a phone over HTTP/1.1 each file is a round trip (client/chunk-groups.ts).
export const budgets = [
  // The landing page itself loads no JS (scripts/prerender.mjs); sign-in is the public page that
  // hydrates, and fetches its JS after the page's load, running it at the first interaction.
  // (272: 265, Lingui's runtime and the page's English, since it speaks the reader's language;
  // another language's catalog is fetched beside the code, English has none.)
  { name: 'sign-in (/login)', modules: ['features/auth/LoginPage.tsx'], limitKb: 272, maxFiles: 10 },
  {
    // 334.5 before the nine languages, which may add 3 KiB for English, which needs no
    // catalog (client/lingui-english.ts). (The typed documents' map left the bundle beside it:
    // client/babel-plugins.ts.)
    name: 'signed-in layout (/advertiser/projects)',
    modules: ['features/layout/HomeLayout.tsx', 'features/projects/MyProjectsPage.tsx'],
    limitKb: 337.5,
    maxFiles: 8,
  },
];

/** Prints the initial gzip JS of the landing page and the signed-in layout after `vite build`. */
export function buildReport(): Plugin {
  let ssr = false;
  return {
    name: 'taskgram-build-report',
    apply: 'build',
    configResolved(config) {
      // The build's renderer of the public pages (scripts/prerender.mjs) is no page's JS.
      ssr = !!config.build.ssr;
    },
    generateBundle(_options, bundle) {
      if (ssr) return;
      // Which file holds each language's catalog: the build's sign-in pages preload theirs
      // (scripts/prerender.mjs reads this, then removes it).
      const catalogs: Record<string, string> = {};
      for (const chunk of Object.values(bundle as unknown as Bundle)) {
        if (chunk.type !== 'chunk') continue;
        const language = chunk.moduleIds.map((id) => /\/locales\/([\w-]+)\/messages\.po$/.exec(id)?.[1]).find(Boolean);
        if (language) catalogs[language] = chunk.fileName;
      }
      this.emitFile({ type: 'asset', fileName: 'catalogs.json', source: JSON.stringify(catalogs) });
      const lines = budgets.map(({ name, modules, limitKb, maxFiles }) => {
        const files = initialFiles(bundle as unknown as Bundle, modules);
        const kb = gzipKb(bundle as unknown as Bundle, files);
        const verdict = kb <= limitKb && files.size <= maxFiles ? 'ok' : 'OVER BUDGET';
        return `  ${name}: ${kb.toFixed(1)} KB gzip initial JS in ${files.size} files (budget ${limitKb} KB, ${maxFiles} files) ${verdict}`;
      });
      console.log(`\nInitial JS per route:\n${lines.join('\n')}\n`);
    },
  };
}
