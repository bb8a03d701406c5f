import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { UiProvider } from './components/ui/provider';
import type { createAppRouter } from './router';

/** The whole client: the same tree in the page and in the build's HTML of the public pages. */
export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <StrictMode>
      <UiProvider>
        <RouterProvider router={router} />
      </UiProvider>
    </StrictMode>
  );
}
