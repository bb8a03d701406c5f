import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import { UiProvider } from './components/ui/provider';
import { useHydrated } from './lib/useHydrated';
import type { createAppRouter } from './router';

/** The whole client: the same tree in the page and in the build's HTML of the public pages. */
export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <StrictMode>
      <UiProvider>
        <RouterProvider router={router} />
      </UiProvider>
      <Ready />
    </StrictMode>
  );
}

/**
 * Says on `window` that the app has rendered (or taken the page's HTML over): a page whose app
 * starts at the first interaction presses again what was pressed before (scripts/prerender.mjs).
 */
function Ready() {
  // After the render that follows hydration (useHydrated true): the page's controls are the app's.
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) window.dispatchEvent(new Event('taskgram:ready'));
  }, [hydrated]);
  return null;
}
