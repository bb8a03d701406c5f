import { Writable } from 'node:stream';
import { asOwner } from '../helpers/db.ts';
import pino from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { gql, gqlWs, login } from '../helpers/graphql.ts';

// Error level means our fault: a client's bad operation (a misspelled field, a forbidden
// introspection, a syntax error) is the client's, over HTTP and over graphql-ws alike.

interface Line {
  level: number;
  msg: string;
  err?: { stack?: string };
  stack?: string;
}
const lines: Line[] = [];
let app: TestApp;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  app = await startTestApp({ demo: true, logger: pino({ level: 'debug' }, sink) });
});
afterAll(() => app?.close());

const ERROR = 50;
const INFO = 30;

test("clients' bad operations are logged below error level and without a stack trace", async () => {
  const token = await login(app, 'advertiser@demo.local');
  lines.length = 0;
  const http = [
    await gql(app, '{ mee { id } }', {}, token),
    await gql(app, '{ me { id ', {}, token),
    await gql(app, 'subscription { balanceChangedd { advertiserBalance } }', {}, token),
  ];
  for (const answer of http) expect(answer.errors?.length).toBeGreaterThan(0);
  const ws = gqlWs(app, token);
  await ws.connected;
  const refused = await Promise.all([
    ws.subscribe('subscription { balanceChangedd { advertiserBalance } }').error(),
    ws.subscribe('query { mee { id } }').error(),
    ws.subscribe('subscription { balanceChanged { advertiserBalance ').error(),
  ]);
  for (const errors of refused) expect(JSON.stringify(errors)).toMatch(/Cannot query field|Syntax Error/);
  await ws.close();
  await new Promise((r) => setTimeout(r, 100));
  const loud = lines.filter((l) => l.level >= ERROR);
  expect(loud, JSON.stringify(loud).slice(0, 2000)).toEqual([]);
  const withStack = lines.filter((l) => l.err?.stack || l.stack);
  expect(withStack, JSON.stringify(withStack).slice(0, 2000)).toEqual([]);
  // Each is logged, at info, with what was wrong: over HTTP and over the socket.
  const refusedLines = lines.filter((l) => l.level === INFO && /operation refused|subscription refused/.test(l.msg));
  expect(refusedLines.length).toBeGreaterThanOrEqual(http.length + refused.length);
});

test('our own failure is still logged at error level', async () => {
  lines.length = 0;
  // The database refuses work mid-request: the operator must hear of it.
  await asOwner(app.databaseUrl, 'alter table users rename to users_away');
  try {
    const token = await login(app, 'advertiser@demo.local').catch(() => null);
    expect(token).toBeNull();
  } finally {
    await asOwner(app.databaseUrl, 'alter table users_away rename to users');
  }
  expect(lines.some((l) => l.level >= ERROR)).toBe(true);
});
