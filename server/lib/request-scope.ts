import { AsyncLocalStorage } from 'node:async_hooks';

/** What the code running for one HTTP request may need to know of it without being passed it. */
export interface RequestScope {
  /** The client's address (behind TRUST_PROXY hops, the forwarded one). */
  ip: string;
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
