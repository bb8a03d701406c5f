import { ApolloLink } from '@apollo/client';
import { tap } from 'rxjs';

/** The creates and money calls the server runs at most once per `Idempotency-Key`. */
export const IDEMPOTENT_MUTATIONS: ReadonlySet<string> = new Set([
  'CreateProject',
  'CreateTask',
  'CreateCampaign',
  'CreateOffer',
  'CreateTopUp',
  'RequestWithdrawal',
]);

/** After a create succeeded, the same create sent again within this window is taken for a double click. */
export const SUCCESS_WINDOW_MS = 10_000;
/** A key not used for this long is forgotten. */
const KEY_LIFETIME_MS = 30 * 60_000;

const newKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * One key per intended create: the same operation with the same variables (a double click, a
 * retry after a network error, a resubmit after an error) carries the same key, so the server
 * creates once; changed variables are a new create with a new key. After a success the key
 * stays SUCCESS_WINDOW_MS for a late second click, then the next identical create is a new one.
 */
export class IdempotencyKeys {
  private readonly keys = new Map<string, { key: string; expires: number }>();
  constructor(private readonly now: () => number = Date.now) {}

  private static id(operationName: string, variables: unknown) {
    return `${operationName}\0${JSON.stringify(variables ?? {})}`;
  }

  keyFor(operationName: string, variables: unknown): string {
    const now = this.now();
    for (const [id, entry] of this.keys) if (entry.expires <= now) this.keys.delete(id);
    const id = IdempotencyKeys.id(operationName, variables);
    let entry = this.keys.get(id);
    if (!entry) {
      entry = { key: newKey(), expires: now + KEY_LIFETIME_MS };
      this.keys.set(id, entry);
    }
    return entry.key;
  }

  succeeded(operationName: string, variables: unknown) {
    const entry = this.keys.get(IdempotencyKeys.id(operationName, variables));
    if (entry) entry.expires = Math.min(entry.expires, this.now() + SUCCESS_WINDOW_MS);
  }
}

/** Adds an `Idempotency-Key` header to every create in IDEMPOTENT_MUTATIONS. */
export function idempotencyLink(keys = new IdempotencyKeys()): ApolloLink {
  return new ApolloLink((operation, forward) => {
    const name = operation.operationName;
    if (!name || !IDEMPOTENT_MUTATIONS.has(name)) return forward(operation);
    const variables = operation.variables;
    const key = keys.keyFor(name, variables);
    operation.setContext(({ headers }: { headers?: Record<string, string> }) => ({
      headers: { ...headers, 'Idempotency-Key': key },
    }));
    return forward(operation).pipe(
      tap((result) => {
        if (!result.errors?.length) keys.succeeded(name, variables);
      }),
    );
  });
}
