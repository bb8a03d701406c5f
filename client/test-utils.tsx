import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { UiProvider } from './components/ui/provider';
import { Toaster } from './components/ui/toaster';

/** Renders a component inside the real providers and a one-route memory router (for Links). */
export function renderInApp(ui: ReactNode) {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        {ui}
        <Toaster />
      </>
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  return render(
    <UiProvider>
      <RouterProvider router={router as never} />
    </UiProvider>,
  );
}
