import { type Client, createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp } from '../helpers/app.ts';
import { topUp } from '../helpers/campaigns.ts';
import { login } from '../helpers/graphql.ts';

/**
 * The server says when a subscription is live (graphql/live.ts): a graphql-ws ping carrying
 * the subscription's id, sent once its event stream listens. A page refetches then, so a
 * change made before the ping is in the refetch and a change after it is an event.
 */

let app: Awaited<ReturnType<typeof startTestApp>>;
const clients: Client[] = [];

beforeAll(async () => {
  app = await startTestApp({ demo: true });
});

afterAll(async () => {
  for (const c of clients) await c.dispose();
  await app?.close();
});

function connect(token: string) {
  const pings: unknown[] = [];
  let next = 0;
  const client = createClient({
    url: `${app.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    generateID: () => `sub-${++next}`,
    on: { ping: (received, payload) => received && pings.push(payload) },
  });
  clients.push(client);
  return { client, pings };
}

describe('live ping', () => {
  it('comes once the subscription listens: every change after it arrives as an event', async () => {
    const token = await login(app, 'advertiser@demo.local');
    const me = (await app.api('/v1/users/self', { token })).body.value.id as number;
    const { client, pings } = connect(token);
    const events: string[] = [];
    const dispose = client.subscribe<{ balanceChanged: { advertiserBalance: string } }>(
      { query: 'subscription { balanceChanged { advertiserBalance } }' },
      { next: (r) => events.push(r.data!.balanceChanged.advertiserBalance), error: () => {}, complete: () => {} },
    );
    await expect.poll(() => pings).toEqual([{ live: 'sub-1' }]);
    // At once after the ping: the event is not lost.
    await topUp(app, me, '3.50');
    await expect.poll(() => events.length).toBe(1);
    dispose();
  });

  it('is not sent for a subscription the server refuses', async () => {
    const token = await login(app, 'advertiser@demo.local');
    const { client, pings } = connect(token);
    const refused: { errors?: readonly { message: string }[] }[] = [];
    let completed = false;
    client.subscribe(
      { query: 'subscription { playerReportChanged { id } }' },
      {
        next: (r) => void refused.push(r),
        error: () => {},
        complete: () => {
          completed = true;
        },
      },
    );
    // A public subscription on the same socket shows the socket works and pings flow.
    client.subscribe(
      { query: 'subscription { balanceChanged { advertiserBalance } }' },
      { next: () => {}, error: () => {}, complete: () => {} },
    );
    await expect.poll(() => pings).toEqual([{ live: 'sub-2' }]);
    await expect.poll(() => completed).toBe(true);
    expect(refused[0].errors?.length).toBeGreaterThan(0);
    expect(pings).not.toContainEqual({ live: 'sub-1' });
  });
});
