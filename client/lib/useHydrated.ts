import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};
const inPage = () => true;
const inHtml = () => false;

/**
 * False while React takes over a page the build rendered to HTML (the first render must match
 * that HTML), true after and on every page React renders itself. What depends on the browser
 * (the stored theme) or must wait for the page's code (a form's submit button: a form sent
 * before it would be the browser's own GET, fields and all, in the address) waits on it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, inPage, inHtml);
}
