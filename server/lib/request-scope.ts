import { AsyncLocalStorage } from 'node:async_hooks';

/** What the code running for one HTTP request may need to know of it without being passed it. */
export interface RequestScope {
  /** The client's address (behind TRUST_PROXY hops, the forwarded one). */
  ip: string;
  /** The signed-in person the request is for, once its session is read (what a ledger entry names). */
  personId?: number;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** Runs `next` (the rest of a request's handling) inside its scope (a Fastify onRequest hook). */
export function enterRequestScope(value: RequestScope, next: () => void): void {
  scope.run(value, next);
}

/** The address of the request this code runs for; null in a job, a script or a test's direct call. */
export function requestIp(): string | null {
  return scope.getStore()?.ip ?? null;
}

/** Names the person the request is for (the session read), for what records who caused it. */
export function setRequestPerson(id: number): void {
  const store = scope.getStore();
  if (store) store.personId = id;
}

/** The signed-in person this code runs for; null in a job, a script or an anonymous request. */
export function requestPerson(): number | null {
  return scope.getStore()?.personId ?? null;
}
