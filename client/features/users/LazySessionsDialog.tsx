import { lazy, Suspense } from 'react';

const SessionsDialog = lazy(() => import('./SessionsDialog').then((m) => ({ default: m.SessionsDialog })));

/** The sessions and password dialog, its code loaded when it first opens. */
export function LazySessionsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SessionsDialog open onClose={onClose} />
    </Suspense>
  );
}
