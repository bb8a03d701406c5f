import type { Plugin } from 'vite';

/**
 * Fewer, larger chunks for the client build. Left to itself the bundler gives every
 * set of lazy routes that shares some modules its own chunk: a signed-in page loaded 67 files,
 * most under 2 KB, and over HTTP/1.1 on a phone (6 connections, 150 ms round trips) the waits
 * add up. Now it loads 6, and Lighthouse's signed-in scores went from 52–58 to 65–77. The groups, in order of precedence:
 *
 * - `vendor`: the packages the entry needs (React, Chakra's core, the router), next to the
 *   entry's own small chunk;
 * - `forms`: zod, react-hook-form and the zod setup, for the pages and dialogs with a form;
 * - `common`: what both the public pages that hydrate (sign-in, registration, the reset) and the
 *   dashboard use beyond the entry (Chakra's overlays and form controls among them);
 * - `dashboard`: what the signed-in layout and the route loaders' prefetch need, and what two
 *   or more dashboard pages share, unless it needs `forms`: one chunk loaded with the layout;
 * - the bundler's own chunking for the rest: each page's own code, the public pages', and the
 *   dialogs that load when opened.
 *
 * A module's dependencies are reached from the same pages as the module, so `common` and
 * `dashboard` never import a chunk that loads later.
 */
const FORMS = /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]|[\\/]lib[\\/]zod-config\.ts$/;
// The public pages whose code runs on their first load (sign-in, registration, the reset: they
// hydrate). The landing page and the policies come as HTML with no script (scripts/prerender.mjs):
// their code runs only when the app itself goes to them, so it is grouped as a dashboard page's
// (their words' catalog and Lingui would otherwise join `common` and sign-in's first load).
const PUBLIC_ROUTE = /[\\/]client[\\/](features[\\/]auth|components)[\\/]/;
/** Those static pages: left to the bundler's own chunks, neither `common` nor `dashboard`. */
const STATIC_ROUTE = /[\\/]client[\\/]features[\\/](landing|policy)[\\/]/;
const ROUTES = /[\\/]client[\\/]routes[\\/]/;
/** Dashboard route targets every signed-in page loads. */
const ALWAYS = /[\\/](features[\\/]layout[\\/]HomeLayout\.tsx|lib[\\/]prefetch\.ts)$/;

/** A package's root index module (`node_modules/<package>/dist/[esm/]index.[m]js`). */
const PACKAGE_INDEX = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]dist[\\/](?:esm[\\/])?index\.m?js$/;

interface ModuleFacts {
  code: string | null;
  importedIds: readonly string[];
}

/**
 * The modules of a package's root index that `importerCode` uses: those behind the names it
 * imports from the package (`import { a, b as c } from '<package>'`), where the index imports
 * each from a module of its own and exports it under that name. Null when that cannot be read
 * (a namespace import, a name the index makes itself, an export form not seen here): then the
 * whole index counts, as before.
 */
export function usedOfIndex(importerCode: string, indexId: string, index: ModuleFacts): string[] | null {
  const pkg = PACKAGE_INDEX.exec(indexId)?.[1]?.replace(/\\/g, '/');
  if (!pkg || !index.code) return null;
  const quoted = pkg.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const imports = [
    ...importerCode.matchAll(new RegExp(`import\\s*(\\{[^}]*\\}|[^'"]*)\\s*from\\s*['"]${quoted}['"]`, 'g')),
  ];
  if (imports.length === 0) return null;
  const wanted = new Set<string>();
  for (const [, clause] of imports) {
    if (!clause.startsWith('{')) return null;
    for (const part of clause.slice(1, -1).split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)[0]
        ?.trim();
      if (name) wanted.add(name);
    }
  }
  // The index's own imports (local name → its module) and its export list (exported → local).
  const source = new Map<string, string>();
  for (const [, names, from] of index.code.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    for (const part of names.split(',')) {
      const [imported, local = imported] = part.trim().split(/\s+as\s+/);
      if (local?.trim()) source.set(local.trim(), from);
    }
  }
  const exported = new Map<string, string>();
  for (const [, names] of index.code.matchAll(/export\s*\{([^}]*)\}\s*;/g)) {
    for (const part of names.split(',')) {
      const [local, name = local] = part.trim().split(/\s+as\s+/);
      if (name?.trim()) exported.set(name.trim(), local.trim());
    }
  }
  const used = new Set<string>();
  for (const name of wanted) {
    const from = source.get(exported.get(name) ?? '');
    if (!from) return null;
    const id = index.importedIds.find((i) => i.replace(/\\/g, '/').endsWith(from.replace(/^\.\//, '/')));
    if (!id) return null;
    used.add(id);
  }
  return [...used];
}

/**
 * The modules `roots` reach by static imports, through a package's root index only to the
 * modules behind the names taken from it (`usedOfIndex`); an index read whole where that
 * cannot be told.
 */
function reachThroughIndexes(roots: string[], info: (id: string) => ModuleFacts | null): Set<string> {
  const indexes = new Set<string>();
  const seen = walk(roots, (id) => {
    const facts = info(id);
    return (facts?.importedIds ?? []).flatMap((next) => {
      const index = PACKAGE_INDEX.test(next) ? info(next) : null;
      const used = index && facts?.code ? usedOfIndex(facts.code, next, index) : null;
      if (!used) return [next];
      indexes.add(next);
      return used;
    });
  });
  for (const index of indexes) seen.add(index);
  return seen;
}

/** The modules `roots` lead to, following `next` from each. */
function walk(roots: string[], next: (id: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...next(id));
  }
  return seen;
}

type Group = 'common' | 'dashboard';

export interface ChunkGroup {
  name: string;
  test: RegExp | ((id: string) => boolean);
  tags?: '$initial'[];
}

export function chunkGroups(): { plugin: Plugin; groups: ChunkGroup[] } {
  const groupOf = new Map<string, Group>();
  const plugin: Plugin = {
    name: 'taskgram-chunk-groups',
    apply: 'build',
    buildEnd() {
      groupOf.clear();
      const info = (id: string) => this.getModuleInfo(id);
      const ids = [...this.getModuleIds()];
      const reach = (roots: string[]) => walk(roots, (id) => info(id)?.importedIds ?? []);
      // The entry's own modules stay with it. Its packages are left to `vendor` (the bundler's
      // `$initial`, which goes first): static imports over-approximate a package (its index
      // re-exports every component), and the components the entry does not keep belong here.
      const appInitial = new Set(
        [...reach(ids.filter((id) => info(id)?.isEntry))].filter((id) => !/node_modules/.test(id)),
      );
      const needsForms = walk(
        ids.filter((id) => FORMS.test(id)),
        (id) => info(id)?.importers ?? [],
      );
      const targets = [
        ...new Set(ids.filter((id) => ROUTES.test(id)).flatMap((id) => info(id)?.dynamicallyImportedIds ?? [])),
      ];
      // What the public side imports of a package's root index (Chakra's button takes one
      // helper from @ark-ui/react's): only the modules behind those names, not every component
      // the index re-exports (menus, tabs, tooltips that only the dashboard uses would join
      // `common` and sign-in's first load).
      const publicSide = reachThroughIndexes(
        targets.filter((id) => PUBLIC_ROUTE.test(id)),
        (id) => info(id) ?? null,
      );
      const pagesUsing = new Map<string, number>();
      for (const root of targets.filter((id) => !PUBLIC_ROUTE.test(id) && !STATIC_ROUTE.test(id))) {
        const weight = ALWAYS.test(root) ? 2 : 1;
        for (const id of reach([root])) pagesUsing.set(id, (pagesUsing.get(id) ?? 0) + weight);
      }
      for (const [id, pages] of pagesUsing) {
        if (appInitial.has(id) || needsForms.has(id)) continue;
        if (publicSide.has(id)) groupOf.set(id, 'common');
        else if (pages >= 2) groupOf.set(id, 'dashboard');
      }
    },
  };
  const group = (name: Group): ChunkGroup => ({ name, test: (id) => groupOf.get(id) === name });
  return {
    plugin,
    groups: [
      { name: 'vendor', tags: ['$initial'], test: /node_modules[\\/]/ },
      { name: 'forms', test: FORMS },
      group('common'),
      group('dashboard'),
    ],
  };
}
