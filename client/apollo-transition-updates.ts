import type { Plugin } from 'vite';

/**
 * Apollo's hooks (useQuery, useSubscription, useFragment…) read their results through
 * `useSyncExternalStore`, and React renders every update of that hook synchronously: an answer
 * arriving, a query's loading flag, a live ping's refetch each redrew the page in one long task
 * (issue 30: on a phone such renders were most of a dashboard page's blocking time). This swaps
 * React's hook for Apollo's own fallback (the `use-sync-external-store` shim it ships for
 * React 17) with the re-render it forces marked as a transition: React renders it in slices
 * that let input and paint through, and commits it whole. A component may read a result a
 * slice newer than its neighbour's; the store's next change renders both again.
 *
 * The build fails if Apollo's module no longer reads as expected (an upgrade changed it).
 */
const MODULE = /[\\/]@apollo[\\/]client[\\/]react[\\/]hooks[\\/]useSyncExternalStore\.js$/;
const REAL_HOOK = 'const realHook = React[uSESKey];';
const FORCE = 'forceUpdate({ inst });';

export function apolloTransitionUpdates(): Plugin {
  return {
    name: 'taskgram-apollo-transition-updates',
    enforce: 'pre',
    transform(code, id) {
      if (!MODULE.test(id)) return null;
      const forces = code.split(FORCE).length - 1;
      if (!code.includes(REAL_HOOK) || forces !== 3) {
        this.error(`${id}: Apollo's useSyncExternalStore changed; update client/apollo-transition-updates.ts`);
      }
      // Line for line, so the module's source map still holds (`map: null` keeps it).
      const patched = code
        .replace(REAL_HOOK, 'const realHook = undefined;')
        .replaceAll(FORCE, 'React.startTransition(() => forceUpdate({ inst }));');
      return { code: patched, map: null };
    },
  };
}
