import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { UiProvider } from './components/ui/provider';
import { Toaster } from './components/ui/toaster';
import { i18n } from './lib/i18n';

/** Renders a component inside the real providers (Lingui's in English) and a one-route memory router (for Links). */
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
    <I18nProvider i18n={i18n}>
      <UiProvider>
        <RouterProvider router={router as never} />
      </UiProvider>
    </I18nProvider>,
  );
}
