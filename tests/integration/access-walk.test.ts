import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { readFileSync } from 'node:fs';
import {
  buildSchema,
  type GraphQLInputType,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  type GraphQLObjectType,
  type GraphQLScalarType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { routes } from '../../server/areas.ts';
import { ACCESS_LEVELS, levelAllows, type Scope } from '../../shared/access-levels.ts';
import { ACCESS_CHANNEL, type AccessDecision, ACTS, type ActRule } from '../../server/lib/access.ts';
import { createApprovedUser } from '../helpers/accounts.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { gql, login } from '../helpers/graphql.ts';
import { newAddress } from '../helpers/payouts.ts';

// Every GraphQL mutation and every REST route that changes something, called by a person who holds
// every staff role: each call must ask the permission module
// (server/lib/access.ts) for an act of its table. A mutation whose service forgot to ask fails here,
// whichever transport it came through. Inputs are made from each mutation's own types and schemas;
// the ids name nothing of the walker's (the service asks before it looks the thing up).

/** REST bodies the schema sampler cannot make valid (a pattern, a refinement). */
const REST_BODIES: Record<string, unknown> = {
  'POST /v1/users/payments/publisher': { amount: '60', walletAddress: newAddress() },
  'POST /v1/users/self/payout-addresses': { address: newAddress(), label: 'Walk' },
  'POST /v1/users/payments/advertiser': { amount: '10' },
  'POST /v1/users/self/second-factors/totp/:id/confirm': { code: '123456', name: 'Walk' },
  'PATCH /v1/users/self': { language: 'en' },
};
/** GraphQL variables the type sampler cannot make valid (a refinement in the input's schema). */
const GRAPHQL_VARIABLES: Record<string, Record<string, unknown>> = {
  requestWithdrawal: { amount: '60', walletAddress: newAddress() },
  addPayoutAddress: { address: newAddress(), label: 'Walk' },
  changePassword: { input: { currentPassword: 'walk-walk', password: 'walk-walk-2' } },
  updateMe: { input: { language: 'en' } },
  endSession: { id: '00000000-0000-4000-8000-000000000000' },
};
/** A path parameter that must have its form (else the transport refuses the call before the service). */
const PATH_VALUES: [RegExp, string][] = [
  [/sessions\/:id/, 'sessions/00000000-0000-4000-8000-000000000000'],
  [/deals\/:id\/:action/, 'deals/999999/pause'],
  [/:action/, 'claim'],
  [/:[a-zA-Z]+/g, '999999'],
];
/** Strings whose name says what form they take. */
function namedString(name: string): string | undefined {
  if (/logo|image|icon|banner/i.test(name)) return 'https://example.com/walk.png';
  if (/email/i.test(name)) return 'walk@example.com';
  if (/url|link/i.test(name)) return 'https://t.me/walk_walk';
  if (/^(value|amount)$/.test(name)) return '1';
  return undefined;
}
/** Acts that end the walker's session: the walker signs in again after each. */
const ENDS_SESSION = new Set(['POST /v1/auth/logout', 'POST /v1/auth/logout-all', 'logout', 'logoutAll']);

let app: TestApp;
let token: string;
let walkerId: number;
const WALKER = 'moderator@demo.local';
const heard: AccessDecision[] = [];
const listen = (message: unknown) => void heard.push(message as AccessDecision);

beforeAll(async () => {
  app = await startTestApp({ demo: true });
  token = await login(app, WALKER);
  walkerId = (await app.api('/v1/users/self', { token })).body.value.id;
  subscribe(ACCESS_CHANNEL, listen);
});
afterAll(async () => {
  unsubscribe(ACCESS_CHANNEL, listen);
  await app?.close();
});

/** The acts the permission module was asked for the walker while `call` ran. */
async function actsAsked(
  userId: number,
  call: () => Promise<unknown>,
): Promise<{ acts: AccessDecision[]; answer: unknown }> {
  heard.length = 0;
  const answer = await call();
  return { acts: heard.filter((d) => d.userId === userId), answer };
}

/** A value of a GraphQL input type: the smallest that type-checks. */
function graphqlSample(type: GraphQLInputType, name = ''): unknown {
  if (type instanceof GraphQLNonNull) return graphqlSample(type.ofType, name);
  if (type instanceof GraphQLList) return [graphqlSample(type.ofType, name)];
  if (type instanceof GraphQLEnumType) return type.getValues()[0].value;
  if (type instanceof GraphQLInputObjectType) {
    // Required fields, and the links and images a refinement may ask for.
    const fields = Object.values(type.getFields()).filter(
      (f) => f.type instanceof GraphQLNonNull || namedString(f.name) !== undefined,
    );
    return Object.fromEntries(fields.map((f) => [f.name, graphqlSample(f.type, f.name)]));
  }
  const scalar = (type as GraphQLScalarType).name;
  if (scalar === 'Int' || scalar === 'Float') return 1;
  if (scalar === 'Boolean') return true;
  if (scalar === 'DateTime') return new Date().toISOString();
  if (scalar === 'Money') return '1';
  if (scalar === 'ID') return '999999';
  return namedString(name) ?? 'walk';
}

type Json = {
  type?: string | string[];
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Json[];
  oneOf?: Json[];
  format?: string;
  minLength?: number;
  minimum?: number;
  minItems?: number;
};
/** A value of a JSON schema made from a route's zod body: the smallest that is likely valid. */
function jsonSample(s: Json, name = ''): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  const alternative = s.anyOf ?? s.oneOf;
  if (alternative) return jsonSample(alternative.find((a) => a.type !== 'null') ?? alternative[0], name);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'object') {
    const required = new Set(s.required ?? []);
    return Object.fromEntries(
      Object.entries(s.properties ?? {})
        .filter(([name]) => required.has(name))
        .map(([field, p]) => [field, jsonSample(p, field)]),
    );
  }
  if (type === 'array')
    return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => jsonSample(s.items ?? {}, name));
  if (type === 'integer' || type === 'number') return Math.max(1, s.minimum ?? 1);
  if (type === 'boolean') return true;
  if (s.format === 'email') return 'walk@example.com';
  if (s.format === 'uri' || s.format === 'url') return 'https://example.com/walk';
  return namedString(name) ?? 'w'.repeat(Math.max(4, s.minLength ?? 4));
}

type Route = { method: string; path: string; access: string; body?: z.ZodType; upload?: { field: string } };

/** A multipart upload of a one-pixel PNG, as the dashboard sends an image. */
async function upload(path: string, field: string, w: { token: string; headers: Record<string, string> }) {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const form = new FormData();
  form.append(field, new Blob([png], { type: 'image/png' }), 'walk.png');
  const res = await fetch(`${app.url}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${w.token}`, ...w.headers },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

/** Who walks: their token (signed in again after an act that ends the session), the account acted on. */
interface Walker {
  email: string;
  password?: string;
  token: string;
  userId: number;
  /** The account acted on (X-Account-Id), and the one `/accounts/:id` and `accountId` name. */
  accountId: number;
  headers: Record<string, string>;
}

/** What one call answered, and the acts the permission module was asked for the walker. */
interface Walked {
  key: string;
  acts: AccessDecision[];
  status: number;
  /** The failure's code, if it failed. */
  code: string | undefined;
  said: unknown;
}

/** Calls every REST route that changes something as `w`. */
async function walkRest(w: Walker): Promise<Walked[]> {
  const walked = (routes as Route[]).filter((r) => r.method !== 'GET' && r.access !== 'public');
  const out: Walked[] = [];
  for (const r of walked) {
    const key = `${r.method} ${r.path}`;
    const path = PATH_VALUES.reduce(
      (p, [pattern, value]) => p.replace(pattern, value),
      r.path.replace('/accounts/:id', `/accounts/${w.accountId}`).replace(':token', 'walk-walk-walk-walk-walk'),
    );
    const body =
      REST_BODIES[key] ??
      (r.body ? jsonSample(z.toJSONSchema(r.body, { io: 'input', unrepresentable: 'any' }) as Json) : undefined);
    const { acts, answer } = await actsAsked(w.userId, () =>
      r.upload
        ? upload(path, r.upload.field, w)
        : app.api(path, { method: r.method, token: w.token, headers: w.headers, body: body as object | undefined }),
    );
    if (ENDS_SESSION.has(key)) w.token = await login(app, w.email, w.password);
    const { status, body: said } = answer as { status: number; body: { code?: string } | null };
    if (status === 401)
      expect((await app.api('/v1/users/self', { token: w.token })).status, `${key} ended the walk's session`).toBe(200);
    out.push({ key, acts, status, code: said?.code, said });
  }
  return out;
}

/** Calls every GraphQL mutation as `w`. */
async function walkGraphql(w: Walker): Promise<Walked[]> {
  const schema = buildSchema(readFileSync(new URL('../../schema/schema.graphql', import.meta.url), 'utf8'));
  const fields = Object.values((schema.getMutationType() as GraphQLObjectType).getFields());
  const out: Walked[] = [];
  for (const field of fields) {
    const variables =
      GRAPHQL_VARIABLES[field.name] ??
      Object.fromEntries(
        field.args.map((a) => [a.name, a.name === 'accountId' ? String(w.accountId) : graphqlSample(a.type, a.name)]),
      );
    if (field.name === 'acceptInvitation') variables.token = 'walk-walk-walk-walk-walk';
    const declared = field.args.map((a) => `$${a.name}: ${a.type}`).join(', ');
    const passed = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
    const type = field.type.toString().replace(/[[\]!]/g, '');
    const named = schema.getType(type);
    const selection = named && 'getFields' in named ? ' { __typename }' : '';
    const document = `mutation${declared ? `(${declared})` : ''} { ${field.name}${passed ? `(${passed})` : ''}${selection} }`;
    const { acts, answer } = await actsAsked(w.userId, () => gql(app, document, variables, w.token, w.headers));
    if (ENDS_SESSION.has(field.name)) w.token = await login(app, w.email, w.password);
    const errors = (answer as { errors?: { extensions?: { code?: string; messageCode?: string } }[] }).errors;
    expect(errors?.[0]?.extensions?.code, `${field.name}: the walk's session ended`).not.toBe('UNAUTHENTICATED');
    out.push({
      key: field.name,
      acts,
      status: 200,
      code: errors?.[0]?.extensions?.messageCode,
      said: errors?.[0] ?? 'ok',
    });
  }
  return out;
}

describe('every mutation asks the permission module, through either transport', () => {
  let walker: Walker;
  const staff = () => {
    walker ??= { email: WALKER, token, userId: walkerId, accountId: walkerId, headers: {} };
    return walker;
  };

  test('every REST route that changes something asks for an act of the table', async () => {
    const silent: string[] = [];
    for (const w of await walkRest(staff())) {
      if (!w.acts.length) silent.push(`${w.key} → ${w.status} ${JSON.stringify(w.said).slice(0, 160)}`);
      for (const d of w.acts) expect(ACTS, `${w.key} asked an act the table does not have`).toHaveProperty([d.act]);
    }
    expect(silent, 'routes that did not ask the permission module').toEqual([]);
  });

  test('every GraphQL mutation asks for an act of the table', async () => {
    const silent: string[] = [];
    for (const w of await walkGraphql(staff())) {
      if (!w.acts.length) silent.push(`${w.key} → ${JSON.stringify(w.said).slice(0, 160)}`);
      for (const d of w.acts) expect(ACTS, `${w.key} asked an act the table does not have`).toHaveProperty([d.act]);
    }
    expect(silent, 'mutations that did not ask the permission module').toEqual([]);
  });
});

// The access levels, from one table (shared/access-levels.ts and each act's scope in ACTS): every
// mutation of either transport, called by a member of each level on another's account. An act
// outside the level is refused with ACCESS_LEVEL_TOO_LOW naming the level needed; one inside it is
// never refused for the level (it may still want a fresh proof, or name nothing).
describe.each(ACCESS_LEVELS)('a %s member, every mutation', (level) => {
  let member: Walker;
  beforeAll(async () => {
    const owner = await createApprovedUser(app, { role: 'ADVERTISER' });
    const person = await createApprovedUser(app, { role: 'ADVERTISER' });
    await app.orm.em
      .fork()
      .getConnection()
      .execute('insert into account_members (account_id, user_id, access_level) values (?, ?, ?)', [
        owner.userId,
        person.userId,
        level,
      ]);
    member = {
      email: person.email,
      password: person.password,
      token: person.token,
      userId: person.userId,
      accountId: owner.userId,
      headers: { 'x-account-id': String(owner.userId) },
    };
  });

  const check = (walked: Walked[]) => {
    const wrong: string[] = [];
    let refusedForLevel = 0;
    for (const w of walked) {
      const scopes = w.acts.map((d) => (ACTS as Record<string, ActRule>)[d.act].scope).filter((x) => x && x !== 'self');
      const outside = scopes.find((scope) => !levelAllows(level, scope as Scope));
      if (outside) {
        refusedForLevel++;
        if (w.code !== 'ACCESS_LEVEL_TOO_LOW') wrong.push(`${w.key}: a ${outside} act answered ${w.code ?? w.status}`);
      } else if (w.code === 'ACCESS_LEVEL_TOO_LOW') wrong.push(`${w.key}: refused for the level, though ${level} may`);
    }
    return { wrong, refusedForLevel };
  };

  test('over REST', async () => {
    const { wrong, refusedForLevel } = check(await walkRest(member));
    expect(wrong).toEqual([]);
    if (level === 'ADMIN') expect(refusedForLevel).toBe(0);
    else expect(refusedForLevel).toBeGreaterThan(0);
  });

  test('over GraphQL', async () => {
    const { wrong, refusedForLevel } = check(await walkGraphql(member));
    expect(wrong).toEqual([]);
    if (level === 'ADMIN') expect(refusedForLevel).toBe(0);
    else expect(refusedForLevel).toBeGreaterThan(0);
  });
});
