import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { UiProvider } from './components/ui/provider';
import { router } from './router';

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <UiProvider>
      <RouterProvider router={router} />
    </UiProvider>
  </StrictMode>,
);
