import { useSyncExternalStore } from 'react';

/**
 * Step-up on the client: an action the server answers with `STEP_UP_REQUIRED` (REST 403 with
 * `code` and `methods`, GraphQL's `extensions`) asks for a fresh proof in one dialog
 * (features/security/StepUpDialog.tsx, mounted by the root route), then is sent again. Requests
 * that need it at the same moment share the one dialog.
 */

export type StepUpMethod = 'PASSWORD' | 'TOTP' | 'RECOVERY_CODE' | 'PASSKEY';

export interface StepUpAsk {
  methods: StepUpMethod[];
  /** The server's words: what to enter. */
  message: string;
  /** What the proof is for (the server's `params.act`, e.g. `withdrawal.toNewAddress`), when it says. */
  act?: string;
  /** Settles the ask: true once the proof was accepted, false when the person cancelled. */
  settle: (proved: boolean) => void;
}

let current: StepUpAsk | null = null;
let asking: Promise<boolean> | null = null;
const listeners = new Set<() => void>();

function set(next: StepUpAsk | null) {
  current = next;
  for (const l of listeners) l();
}

/** Opens the dialog (or joins the open one); resolves true when the session proved itself. */
export function askStepUp(methods: readonly string[], message: string, act?: string): Promise<boolean> {
  asking ??= new Promise<boolean>((resolve) => {
    const known = methods.filter((m): m is StepUpMethod =>
      ['PASSWORD', 'TOTP', 'RECOVERY_CODE', 'PASSKEY'].includes(m),
    );
    set({
      methods: known.length ? known : ['PASSWORD'],
      message,
      act,
      settle: (proved) => {
        asking = null;
        set(null);
        resolve(proved);
      },
    });
  });
  return asking;
}

/** The open ask, for the dialog. */
export function useStepUpAsk(): StepUpAsk | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => null,
  );
}

/** The `methods` of a STEP_UP_REQUIRED answer (REST body or GraphQL extensions), else null. */
export function stepUpMethodsOf(body: { code?: unknown; methods?: unknown } | null | undefined): string[] | null {
  if (body?.code !== 'STEP_UP_REQUIRED') return null;
  return Array.isArray(body.methods) ? body.methods.map(String) : [];
}
