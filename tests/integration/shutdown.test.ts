import { createClient } from 'graphql-ws';
import { expect, test } from 'vitest';
import WebSocket from 'ws';
import { startTestApp } from '../helpers/app.ts';

test('graceful shutdown closes live sockets with 1001, then stops accepting', async () => {
  const app = await startTestApp({ demo: true });
  const login = await app.api('/v1/auth/login', { body: { email: 'moderator@demo.local', password: 'demo1234' } });
  const token = login.body.value.accessToken as string;

  let onConnected: () => void = () => {};
  let onClosed: (code: number) => void = () => {};
  const connected = new Promise<void>((r) => {
    onConnected = r;
  });
  const closed = new Promise<number>((r) => {
    onClosed = r;
  });
  const client = createClient({
    url: `${app.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: false,
    on: { connected: () => onConnected(), closed: (event) => onClosed((event as { code: number }).code) },
  });
  client.subscribe(
    { query: 'subscription { registrationRequestChanged { id } }' },
    {
      next: () => {},
      error: () => {},
      complete: () => {},
    },
  );
  await connected;

  await app.close();
  expect(await closed).toBe(1001);
  await expect(fetch(`${app.url}/healthz`)).rejects.toThrow();
});
