import { useEffect, useRef, useSyncExternalStore } from 'react';

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

/**
 * For the form of a page whose app starts at the first interaction: once React has the form
 * (its effects run after hydration, its submit handler is attached), a submit the page's script
 * held before then (client/start-on-interaction.js) is sent through it, once.
 */
export function useSubmitHeldBeforeApp() {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (form.current) window.dispatchEvent(new CustomEvent('taskgram:form', { detail: form.current }));
  }, []);
  return form;
}
