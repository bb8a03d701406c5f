import { patchDependency } from './patch-dependency';

/**
 * Apollo's hooks (useQuery, useSubscription, useFragment…) read their results through
 * `useSyncExternalStore`, and React renders every update of that hook synchronously: an answer
 * arriving, a query's loading flag, a live ping's refetch each redrew the page in one long task
 * (on a phone such renders were most of a dashboard page's blocking time). This swaps
 * React's hook for Apollo's own fallback (the `use-sync-external-store` shim it ships for
 * React 17) with the re-render it forces marked as a transition: React renders it in slices
 * that let input and paint through, and commits it whole. A component may read a result a
 * slice newer than its neighbour's; the store's next change renders both again.
 *
 * The build fails if Apollo's module no longer reads as expected (client/patch-dependency.ts);
 * package.json pins @apollo/client exactly for that reason.
 */
const MODULE = /[\\/]@apollo[\\/]client[\\/]react[\\/]hooks[\\/]useSyncExternalStore\.js$/;
const REAL_HOOK = 'const realHook = React[uSESKey];';
const FORCE = 'forceUpdate({ inst });';

export const apolloTransitionUpdates = () =>
  patchDependency('taskgram-apollo-transition-updates', MODULE, 'client/apollo-transition-updates.ts', [
    { from: REAL_HOOK, to: 'const realHook = undefined;' },
    { from: FORCE, to: 'React.startTransition(() => forceUpdate({ inst }));', times: 3 },
  ]);
