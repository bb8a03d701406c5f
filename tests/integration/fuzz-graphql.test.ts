import { readFileSync, writeFileSync } from 'node:fs';
import {
  buildSchema,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
} from 'graphql';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import {
  BAD_VALUES,
  CORE_VALUES,
  demoIds,
  FUZZ_SEED,
  judge,
  type Outcome,
  pool,
  type Random,
  random,
  send,
  tally,
} from '../helpers/fuzz.ts';
import { gqlWs, login } from '../helpers/graphql.ts';

// Every query, mutation and subscription field of the schema, with generated bad
// arguments written as literals in the document and sent as variables, as every kind of
// caller; no answer may be a 5xx, an INTERNAL_SERVER_ERROR, a hang or a database refusal (a
// missing check). Seeded (FUZZ_SEED) and bounded.

const schema = buildSchema(readFileSync(new URL('../../schema/schema.graphql', import.meta.url), 'utf8'));
let app: TestApp;
const tokens: Record<string, string | undefined> = { anonymous: undefined };
let ids: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp({ demo: true, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  ids = await demoIds(app);
  // The payout chain is set up on its first use (the sandbox deploys its contracts: seconds of
  // CPU, more on a busy machine): a one-time start, not an answer the fuzzing judges.
  await app.services.payouts.wallet(app.orm.em.fork() as never);
  for (const [role, email] of [
    ['advertiser', 'advertiser@demo.local'],
    ['publisher', 'publisher@demo.local'],
    ['moderator', 'moderator@demo.local'],
  ]) {
    tokens[role] = await login(app, email);
  }
}, 120_000);
afterAll(() => app?.close());

/** A real id for an ID argument, from its name and the field it belongs to. */
function idFor(field: string, arg: string): string {
  if (/^categoryId$/i.test(arg)) return '1';
  if (/^countryId$/i.test(arg)) return 'DE';
  // A named id (projectId, platformId …) says what it is; a bare `id` takes its field's word.
  const name = arg === 'id' ? `${field}.${arg}`.toLowerCase() : arg.toLowerCase();
  for (const [pattern, kind] of [
    [/projectid|project\.id|updateproject\.id|regenerateprojectkey/, 'project'],
    [/taskid|task\.id|deletetask/, 'task'],
    [/campaignid|campaign\b|fundcampaign|returncampaignbudget|updatecampaign/, 'campaign'],
    [/platformid|platform/, 'platform'],
    [/offer/, 'offer'],
    [/deal/, 'deal'],
    [/playerreport|report/, 'report'],
    [/registration/, 'registration'],
    [/withdrawal/, 'transaction'],
  ] as const) {
    if (pattern.test(name)) return ids[kind];
  }
  return ids.campaign;
}

/** A plausible JSON value of a GraphQL input type. */
function plausible(type: GraphQLInputType, field: string, arg: string, depth = 0): unknown {
  if (isNonNullType(type)) return plausible(type.ofType, field, arg, depth);
  if (isListType(type)) return depth > 3 ? [] : [plausible(type.ofType, field, arg, depth + 1)];
  if (isEnumType(type)) return type.getValues()[0].name;
  if (isInputObjectType(type)) {
    if (depth > 3) return {};
    // Only what is required: an optional field's own checks must not stop the one being tried.
    const out: Record<string, unknown> = {};
    for (const f of Object.values(type.getFields())) {
      if (isNonNullType(f.type) && f.defaultValue === undefined)
        out[f.name] = plausible(f.type, field, f.name, depth + 1);
    }
    return out;
  }
  switch (getNamedType(type).name) {
    case 'Int':
      return /page/i.test(arg) ? 1 : /size|limit/i.test(arg) ? 10 : 1;
    case 'Float':
      return 1.5;
    case 'Boolean':
      return true;
    case 'ID':
      return idFor(field, arg);
    case 'Money':
      return '1.50';
    case 'DateTime':
      return '2026-11-25T00:00:00.000Z';
    default:
      return /url/i.test(arg) ? 'https://example.com/fuzz' : /email/i.test(arg) ? 'fuzz@example.com' : 'fuzz';
  }
}

/** A JSON value written as a GraphQL literal (objects become input object literals). */
function literal(value: unknown, enumLike = false): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map((v) => literal(v, enumLike)).join(', ')}]`;
  if (typeof value === 'object') {
    return `{ ${Object.entries(value)
      .map(([k, v]) => `${/^[_A-Za-z][_0-9A-Za-z]*$/.test(k) ? k : 'bad_key'}: ${literal(v)}`)
      .join(', ')} }`;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '1e999';
  if (typeof value === 'boolean') return String(value);
  if (enumLike && /^[_A-Za-z][_0-9A-Za-z]*$/.test(String(value))) return String(value);
  // JSON's escapes are GraphQL's, except that GraphQL wants no lone surrogate: keep its escape.
  return JSON.stringify(value).replace(/[\ud800-\udfff]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

/** CORE_VALUES for a GraphQL type: what every argument and input field of it is always tried with. */
function coreFor(type: GraphQLInputType): readonly unknown[] {
  const named = getNamedType(type);
  if (isEnumType(named)) return ['NOT_A_VALUE', '', 1];
  switch (named.name) {
    case 'Money':
      return CORE_VALUES.money;
    case 'Int':
    case 'Float':
      return CORE_VALUES.number;
    case 'DateTime':
      return CORE_VALUES.date;
    case 'Boolean':
      return ['true', 1, null];
    default:
      return CORE_VALUES.text;
  }
}

/** Bad values for one argument: its type's core values, each field of an input object's, and a random few. */
function badValuesFor(type: GraphQLInputType, rng: Random): unknown[] {
  const named = getNamedType(type);
  const own: unknown[] = [];
  if (isInputObjectType(named)) {
    const whole = plausible(named, '', '') as Record<string, unknown>;
    for (const f of Object.values(named.getFields())) {
      const inner = getNamedType(f.type);
      const values = isInputObjectType(inner) ? rng.sample(BAD_VALUES, 3) : coreFor(f.type);
      for (const bad of values) own.push({ ...whole, [f.name]: isListType(unwrap(f.type)) ? [bad] : bad });
    }
    own.push({ ...whole, unknownField: 1 }, null, 'text', []);
  } else {
    own.push(...coreFor(type));
    if (isListType(unwrap(type))) own.push(...coreFor(type).map((v) => [v]));
  }
  return [...own, ...rng.sample(BAD_VALUES, 2)];
}

/** The type inside NonNull. */
function unwrap(type: GraphQLInputType): GraphQLInputType {
  return isNonNullType(type) ? type.ofType : type;
}

function selection(field: GraphQLField<unknown, unknown>): string {
  return isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
}

interface Attempt {
  label: string;
  role: string;
  query: string;
  variables?: Record<string, unknown>;
}

function attemptsFor(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>, rng: Random): Attempt[] {
  const args = field.args as GraphQLArgument[];
  // Required arguments only: the one being tried is added to them.
  const plausibleArgs = Object.fromEntries(
    args
      .filter((a) => isNonNullType(a.type) && a.defaultValue === undefined)
      .map((a) => [a.name, plausible(a.type, field.name, a.name)]),
  );
  const inline = (values: Record<string, unknown>) =>
    args.length
      ? `(${args
          .filter((a) => values[a.name] !== undefined)
          .map((a) => `${a.name}: ${literal(values[a.name], isEnumType(getNamedType(a.type)))}`)
          .join(', ')})`
      : '';
  const declared = args.length ? `(${args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ')})` : '';
  const passed = args.length ? `(${args.map((a) => `${a.name}: $${a.name}`).join(', ')})` : '';
  const owner = /report|review|registration|withdrawal|moderat/i.test(field.name)
    ? 'moderator'
    : /platform|exchange|offer|deal|publisher|catalog|swap|callback/i.test(field.name)
      ? 'publisher'
      : 'advertiser';
  const full: Attempt[] = [];
  for (const arg of args) {
    for (const bad of badValuesFor(arg.type, rng)) {
      const values = { ...plausibleArgs, [arg.name]: bad };
      full.push({
        role: owner,
        label: `${arg.name}=${String(JSON.stringify(bad)).slice(0, 30)} (literal)`,
        query: `${kind} { ${field.name}${inline(values)}${selection(field)} }`,
      });
      full.push({
        role: owner,
        label: `${arg.name}=${String(JSON.stringify(bad)).slice(0, 30)} (variable)`,
        query: `${kind} F${declared} { ${field.name}${passed}${selection(field)} }`,
        variables: values,
      });
    }
  }
  const plausibleOne = (role: string): Attempt => ({
    role,
    label: 'plausible',
    query: `${kind} { ${field.name}${inline(plausibleArgs)}${selection(field)} }`,
  });
  const out = [plausibleOne(owner), ...full];
  for (const role of ['anonymous', 'advertiser', 'publisher', 'moderator'].filter((r) => r !== owner)) {
    out.push(plausibleOne(role), ...rng.sample(full, 6).map((a) => ({ ...a, role })));
  }
  return out;
}

/** Requests that are not what GraphQL over HTTP expects at all. */
const MALFORMED: { label: string; body: string; type?: string; method?: string }[] = [
  { label: 'not JSON', body: '{ me { id } }' },
  { label: 'query is a number', body: '{"query":1}' },
  { label: 'query is null', body: '{"query":null}' },
  { label: 'variables is a string', body: '{"query":"{ me { id } }","variables":"x"}' },
  { label: 'variables is an array', body: '{"query":"{ me { id } }","variables":[1]}' },
  { label: 'operationName names nothing', body: '{"query":"query A { me { id } }","operationName":"B"}' },
  { label: 'operationName is an object', body: '{"query":"{ me { id } }","operationName":{}}' },
  { label: 'two operations, no name', body: '{"query":"query A { me { id } } query B { me { id } }"}' },
  { label: 'a batch', body: '[{"query":"{ me { id } }"},{"query":"{ me { id } }"}]' },
  { label: 'an empty batch', body: '[]' },
  { label: 'extensions is a string', body: '{"query":"{ me { id } }","extensions":"x"}' },
  { label: 'a persisted query nobody has', body: '{"extensions":{"persistedQuery":{"version":1,"sha256Hash":"00"}}}' },
  { label: 'NUL in the text', body: JSON.stringify({ query: '{ me { id } }\u0000' }) },
  { label: 'a syntax error', body: JSON.stringify({ query: '{ me { id }' }) },
  { label: 'deep nesting', body: JSON.stringify({ query: `{ me ${'{ id '.repeat(60)}${'}'.repeat(60)} }` }) },
  {
    label: '3,000 aliases',
    body: JSON.stringify({ query: `{ ${Array.from({ length: 3000 }, (_, i) => `a${i}: me { id }`).join(' ')} }` }),
  },
  {
    label: 'a huge string literal',
    body: JSON.stringify({ query: `{ campaigns(search: "${'x'.repeat(200_000)}") { totalCount } }` }),
  },
  { label: 'text/plain', body: '{"query":"{ me { id } }"}', type: 'text/plain' },
  { label: 'a mutation over GET', body: '', method: 'GET' },
  { label: 'introspection', body: JSON.stringify({ query: '{ __schema { types { name } } }' }) },
];

test('GraphQL: every field with bad arguments (literals and variables), as every caller: no 5xx, no internal error, no hang', async () => {
  const rng = random(FUZZ_SEED);
  const attempts: Attempt[] = [];
  const fields: string[] = [];
  for (const [kind, type] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const) {
    for (const field of Object.values(type!.getFields())) {
      // Signing out ends the callers' own sessions (every later attempt would be refused as
      // signed out); they take no arguments to fuzz, and sessions.test.ts covers them.
      if (field.name === 'logout' || field.name === 'logoutAll') continue;
      fields.push(`${kind} ${field.name}`);
      attempts.push(...attemptsFor(kind, field, rng));
    }
  }
  // What takes things away (a resource, a key, an offer) goes last, so the rest still finds them.
  const destructive = (a: Attempt) =>
    /^mutation[^{]*\{ (delete|remove|regenerate|decline|reject|withdraw|end|fail)/i.test(a.query);
  attempts.sort((a, b) => Number(destructive(a)) - Number(destructive(b)));
  const outcomes: Outcome[] = await pool(
    [
      ...attempts.map(
        (a) => () =>
          send(
            `${app.url}/graphql`,
            {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                ...(tokens[a.role] ? { authorization: `Bearer ${tokens[a.role]}` } : {}),
              },
              body: JSON.stringify({ query: a.query, variables: a.variables }),
            },
            `${a.query.slice(0, 60)} as ${a.role}: ${a.label}`,
          ),
      ),
      ...MALFORMED.flatMap((m) =>
        ['anonymous', 'advertiser'].map(
          (role) => () =>
            send(
              m.method === 'GET'
                ? `${app.url}/graphql?query=${encodeURIComponent('mutation { regenerateProjectKey(id: 1) { id } }')}`
                : `${app.url}/graphql`,
              {
                method: m.method ?? 'POST',
                headers: {
                  'content-type': m.type ?? 'application/json',
                  'apollo-require-preflight': '1',
                  ...(tokens[role] ? { authorization: `Bearer ${tokens[role]}` } : {}),
                },
                body: m.method === 'GET' ? undefined : m.body,
              },
              `malformed request as ${role}: ${m.label}`,
            ),
        ),
      ),
    ],
    8,
  );

  // Subscriptions over graphql-ws: refused with a message, or accepted; the socket stays open.
  const subscriptionType = schema.getSubscriptionType()!;
  const wsFindings: string[] = [];
  let wsAttempts = 0;
  for (const role of ['anonymous', 'advertiser', 'moderator']) {
    const ws = gqlWs(app, tokens[role]);
    try {
      for (const field of Object.values(subscriptionType.getFields())) {
        const args = field.args as GraphQLArgument[];
        const declared = args.length ? `(${args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ')})` : '';
        const passed = args.length ? `(${args.map((a) => `${a.name}: $${a.name}`).join(', ')})` : '';
        // A message over the socket's 64 KB limit closes it (1009, checked below): not tried here.
        const small = (v: unknown) => JSON.stringify(v).length < 60_000;
        const tries = args.length
          ? args.flatMap((a) =>
              rng.sample(badValuesFor(a.type, rng).filter(small), 5).map((bad) => ({ [a.name]: bad })),
            )
          : [{}];
        for (const variables of tries) {
          wsAttempts++;
          const sub = ws.subscribe(`subscription S${declared} { ${field.name}${passed} { __typename } }`, variables);
          const refused = await sub.error(150).catch(() => null);
          sub.dispose();
          const text = JSON.stringify(refused ?? '');
          const failure =
            judge(200, text) ??
            (typeof refused?.code === 'number' ? `socket closed ${refused.code} ${refused.reason}` : undefined);
          if (failure)
            wsFindings.push(
              `subscription ${field.name} as ${role} with ${JSON.stringify(variables).slice(0, 60)} → ${failure}`,
            );
        }
      }
      // Still open after all of it.
      const closed = await Promise.race([ws.closed, new Promise<null>((r) => setTimeout(() => r(null), 50))]);
      if (closed) wsFindings.push(`the socket of ${role} was closed by the server: ${closed.code} ${closed.reason}`);
    } finally {
      await ws.close();
    }
  }

  // Over 64 KB a graphql-ws message is refused by closing the socket with 1009 (message too big).
  const big = gqlWs(app, tokens.advertiser);
  big.subscribe('subscription($p: ID!) { taskUpdated(projectId: $p) { __typename } }', { p: 'z'.repeat(70_000) });
  expect((await big.closed).code).toBe(1009);

  const failures = [...outcomes.filter((o) => o.failure).map((o) => `${o.label} → ${o.failure}`), ...wsFindings];
  console.log(
    [
      `GraphQL fuzz (seed ${FUZZ_SEED}): ${fields.length} query and mutation fields × ${(attempts.length / fields.length).toFixed(0)} inputs on average = ${attempts.length} operations as 4 kinds of caller, ${MALFORMED.length * 2} malformed requests, ${wsAttempts} subscriptions over graphql-ws`,
      `  HTTP statuses: ${JSON.stringify(tally(outcomes))}`,
      `  5xx, INTERNAL_SERVER_ERROR, hangs or missing checks: ${failures.length}`,
    ].join('\n'),
  );
  if (process.env.FUZZ_OUT) writeFileSync(process.env.FUZZ_OUT, failures.join('\n'));
  expect(failures.slice(0, 30)).toEqual([]);
}, 600_000);
