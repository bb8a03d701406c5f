import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from '../apollo';
import { CreateProjectDocument, UpdateProjectDocument } from '../gql/graphql';
import { IdempotencyKeys, SUCCESS_WINDOW_MS } from './idempotency';

/** Every request the client sends, with its headers; answers each with `answer`. */
function captureFetch(answer: (body: { operationName: string }) => unknown) {
  const sent: { operationName: string; key: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { operationName: string };
      sent.push({ operationName: body.operationName, key: new Headers(init?.headers).get('Idempotency-Key') });
      return new Response(JSON.stringify(answer(body)), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

const project = { __typename: 'Project', id: '7', title: 'Farm', secretKey: 'k' };
const input = { title: 'Farm', categoryId: '1', tasks: [] };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('idempotency keys on creates', () => {
  it('sends one key for a double click and a new key for a different create', async () => {
    const sent = captureFetch(() => ({ data: { createProject: project } }));
    const client = createApolloClient();
    const create = (title: string) =>
      client.mutate({ mutation: CreateProjectDocument, variables: { input: { ...input, title } } });
    await Promise.all([create('Farm'), create('Farm')]);
    await create('Farm 2');
    expect(sent).toHaveLength(3);
    expect(sent[0].key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(sent[1].key).toBe(sent[0].key);
    expect(sent[2].key).not.toBe(sent[0].key);
  });

  it('keeps the key for a retry after a failure, and sends none on other mutations', async () => {
    let fail = true;
    const sent = captureFetch((body) => {
      if (body.operationName === 'UpdateProject') return { data: { updateProject: project } };
      if (fail) {
        fail = false;
        return { errors: [{ message: 'Something went wrong', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] };
      }
      return { data: { createProject: project } };
    });
    const client = createApolloClient();
    await expect(client.mutate({ mutation: CreateProjectDocument, variables: { input } })).rejects.toThrow();
    await client.mutate({ mutation: CreateProjectDocument, variables: { input } });
    expect(sent[1].key).toBe(sent[0].key);
    await client.mutate({ mutation: UpdateProjectDocument, variables: { id: '7', input } });
    expect(sent[2]).toEqual({ operationName: 'UpdateProject', key: null });
  });
});

describe('IdempotencyKeys', () => {
  it('forgets a succeeded create after the double-click window', () => {
    let now = 1_000;
    const keys = new IdempotencyKeys(() => now);
    const first = keys.keyFor('CreateTask', { a: 1 });
    keys.succeeded('CreateTask', { a: 1 });
    now += SUCCESS_WINDOW_MS - 1;
    expect(keys.keyFor('CreateTask', { a: 1 })).toBe(first);
    now += 2;
    expect(keys.keyFor('CreateTask', { a: 1 })).not.toBe(first);
  });
});
