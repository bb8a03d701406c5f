import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// The dashboard's words in English, as the pages show them before a catalog loads (helpers
// outside a component, such as column headers and status labels, read the active language).
import '../../client/lib/i18n';

// findBy and waitFor wait for the state, as long as a busy machine needs (a page of Chakra rows
// can take seconds to render with both cores taken, and more with a second test run beside it):
// 1 s, the default, fails there.
configure({ asyncUtilTimeout: 20_000 });

// jsdom lacks a few browser APIs that Chakra, Ark and next-themes call.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoopResizeObserver as unknown as typeof ResizeObserver;
window.scrollTo = () => undefined;
Element.prototype.scrollTo ??= () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
