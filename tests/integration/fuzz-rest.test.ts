import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEV_TEST_PRIVATE_KEY, playerInitData } from '../../server/lib/init-data.ts';
import { documentMismatch } from '../helpers/api-document.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { newPlayer } from '../helpers/campaigns.ts';
import {
  BAD_BODIES,
  BAD_HEADERS,
  BAD_STRINGS,
  BAD_VALUES,
  CORE_VALUES,
  demoIds,
  FUZZ_SEED,
  type Outcome,
  pool,
  random,
  send,
  tally,
  WRONG_TYPES,
} from '../helpers/fuzz.ts';
import { login } from '../helpers/graphql.ts';

// Every operation of the served OpenAPI document, tried with generated bad inputs as
// every kind of caller; no answer may be a 5xx, hang, cut the connection or come from the
// database refusing a value (a missing check). Every answer is checked against the schema the
// document gives it (ajv). Seeded (FUZZ_SEED) and bounded.

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  const?: unknown;
  default?: unknown;
  pattern?: string;
};
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  method: string;
  path: string;
  public: boolean;
  parameters: Parameter[];
  body?: Schema;
  multipart?: boolean;
  okStatus: number;
  okSchema?: Schema;
  csv: boolean;
}

let app: TestApp;
let doc: any;
const callers: Record<string, Record<string, string>> = {};
let ids: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp({
    demo: true,
    env: { RATE_LIMIT_PER_MINUTE: '100000', SHOWCASE_RATE_LIMIT_PER_MINUTE: '100000' },
  });
  doc = await (await fetch(`${app.url}/api/docs`)).json();
  ids = await demoIds(app);
  const botId = ids.botId;
  const [advertiser, publisher, moderator] = await Promise.all(
    ['advertiser@demo.local', 'publisher@demo.local', 'moderator@demo.local'].map((e) => login(app, e)),
  );
  const project = await (
    await fetch(`${app.url}/api/v1/projects/${ids.project}`, { headers: { authorization: `Bearer ${advertiser}` } })
  ).json();
  callers.anonymous = {};
  callers.advertiser = { authorization: `Bearer ${advertiser}` };
  callers.publisher = { authorization: `Bearer ${publisher}` };
  callers.moderator = { authorization: `Bearer ${moderator}` };
  callers.player = {
    authorization: `tma ${playerInitData(newPlayer(), { botId: Number(botId), privateKeyHex: DEV_TEST_PRIVATE_KEY })}`,
  };
  callers.integration = { 'x-api-key': String(project.value.secretKey) };
}, 120_000);
afterAll(() => app?.close());

const SIGN_OUT_PATHS = ['/v1/auth/logout', '/v1/auth/logout-all'];

/** The operations of the document, reads first and deletes last (they take away what others use). */
function operations(): Operation[] {
  const order = ['get', 'post', 'put', 'patch', 'delete'];
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries<any>(doc.paths)) {
    // Signing out ends the callers' own sessions, and every later request would be refused as
    // signed out: these take no input to fuzz, and sessions.test.ts covers them.
    if (SIGN_OUT_PATHS.includes(path)) continue;
    for (const [method, op] of Object.entries<any>(methods)) {
      const ok = Object.keys(op.responses).find((s) => /^2/.test(s)) ?? '200';
      const content = op.responses[ok]?.content;
      ops.push({
        method: method.toUpperCase(),
        path,
        public: Array.isArray(op.security) && op.security.length === 0,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
        multipart: !!op.requestBody?.content?.['multipart/form-data'],
        okStatus: Number(ok),
        okSchema: content?.['application/json']?.schema,
        csv: !!content?.['text/csv'],
      });
    }
  }
  return ops.sort((a, b) => order.indexOf(a.method.toLowerCase()) - order.indexOf(b.method.toLowerCase()));
}

/** A real id for each path parameter, by its name or the segment before it. */
function pathValue(path: string, name: string): string {
  const before =
    path
      .split('/')
      .slice(0, path.split('/').indexOf(`{${name}}`))
      .pop() ?? '';
  const byName: Record<string, string> = {
    projectId: ids.project,
    taskId: ids.task,
    campaignId: ids.campaign,
    platformId: ids.platform,
    serviceId: ids.service,
    provider: 'sandbox',
    action: path.includes('deals') ? 'pause' : path.includes('player-reports') ? 'claim' : 'claim',
  };
  if (name !== 'id') return byName[name] ?? '1';
  const bySegment: Record<string, string> = {
    projects: ids.project,
    platforms: ids.platform,
    offers: ids.offer,
    deals: ids.deal,
    'player-reports': ids.report,
    campaigns: ids.review,
  };
  return bySegment[before] ?? '1';
}

/** A value of `schema` that is plausible, so that the other fields' checks are reached. */
function plausible(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return plausible(variants.find((v) => v.type !== 'null') ?? variants[0], depth + 1);
  if (schema.allOf?.length) return plausible(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      // Only what is required: an optional field's own checks must not stop the one being tried.
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(k)) out[k] = plausible(v, depth + 1);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => plausible(schema.items, depth + 1));
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    default:
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/fuzz';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (schema.format === 'date-time') return '2026-11-25T00:00:00.000Z';
      return 'f'.repeat(Math.max(1, schema.minLength ?? 3));
  }
}

/** Every field path of a body schema, down to `depth` (arrays through their first item). */
function fieldPaths(schema: Schema | undefined, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (!schema || depth > 3) return [];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.flatMap((v) => fieldPaths(v, prefix, depth));
  const out: (string | number)[][] = [];
  for (const [k, v] of Object.entries(schema.properties ?? {})) {
    out.push([...prefix, k]);
    out.push(...fieldPaths(v, [...prefix, k], depth + 1));
  }
  if (schema.items) out.push(...fieldPaths(schema.items, [...prefix, 0], depth + 1));
  return out;
}

function withValue(base: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(base) as any;
  let at = copy;
  for (const key of path.slice(0, -1)) {
    if (at[key] === null || typeof at[key] !== 'object') at[key] = typeof key === 'number' ? [] : {};
    at = at[key];
  }
  at[path[path.length - 1]] = value;
  return copy;
}

/** encodeURIComponent, but a lone surrogate (which it refuses) is sent as its raw bytes. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

interface Request {
  label: string;
  op: Operation;
  caller: string;
  path: string;
  query?: string;
  headers?: Record<string, string>;
  body?: BodyInit;
  contentType?: string;
  /** Part of the valid pass: a plausible request, not a mutation. */
  baseline?: boolean;
}

/** Which of CORE_VALUES a field is: money (a decimal string or number), a number, a date or text. */
function kindOf(schema: Schema | undefined, name: string): keyof typeof CORE_VALUES {
  const variants = schema?.anyOf ?? schema?.oneOf ?? [];
  const types = [schema?.type, ...variants.map((v) => v.type)].flat().filter(Boolean);
  if (types.includes('string') && types.includes('number')) return 'money';
  if (/^(value|amount|budget)$/.test(name)) return 'money';
  if (types.includes('integer') || types.includes('number')) return 'number';
  if (schema?.format === 'date' || schema?.format === 'date-time' || /^(from|to|date)$/.test(name)) return 'date';
  return 'text';
}

function schemaAt(schema: Schema | undefined, path: (string | number)[]): Schema | undefined {
  let at = schema;
  for (const key of path) {
    const variants = at?.anyOf ?? at?.oneOf;
    if (variants) at = variants.find((v) => v.properties?.[key as string] || v.items) ?? variants[0];
    at = typeof key === 'number' ? at?.items : at?.properties?.[key];
  }
  return at;
}

/** Who owns what the operation is about: that caller gets every input, the others a sample. */
function ownerOf(op: Operation): string {
  if (op.public) {
    return op.path.startsWith('/v1/showcase') ? 'player' : op.path.startsWith('/v1/sdk') ? 'integration' : 'anonymous';
  }
  if (/player-reports|moderation|finance|audit/.test(op.path)) return 'moderator';
  if (/platforms|platform-services|statistics|exchanges|publisher/.test(op.path)) return 'publisher';
  return 'advertiser';
}

function requestsFor(op: Operation, rng: ReturnType<typeof random>): Request[] {
  const owner = ownerOf(op);
  const others = (
    op.public ? ['anonymous', 'advertiser'] : ['anonymous', 'advertiser', 'publisher', 'moderator']
  ).filter((c) => c !== owner);
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const realPath = pathParams.reduce(
    (p, param) => p.replace(`{${param.name}}`, pathValue(op.path, param.name)),
    op.path,
  );
  const body = op.body ? plausible(op.body) : undefined;
  const json = (b: unknown) => JSON.stringify(b);
  const base = { op, caller: owner, path: realPath };
  const baseline: Request = {
    ...base,
    label: 'plausible request',
    baseline: true,
    body: body === undefined ? undefined : json(body),
  };
  const full: Request[] = [];
  for (const param of pathParams) {
    for (const bad of [
      '0',
      '-1',
      'abc',
      '2147483648',
      '99999999999999999999',
      '1.5',
      '%00',
      '%2e%2e',
      'x'.repeat(3000),
    ]) {
      full.push({
        ...base,
        label: `path ${param.name}=${bad.slice(0, 20)}`,
        path: op.path.replace(`{${param.name}}`, bad).replace(/\{(\w+)\}/g, (_m, n) => pathValue(op.path, n)),
        body: body === undefined ? undefined : json(body),
      });
    }
  }
  for (const param of [...queryParams, { name: 'unknownParam', in: 'query' } as Parameter]) {
    const values = [...CORE_VALUES[kindOf(param.schema, param.name)].map(String), ...rng.sample(BAD_STRINGS, 3)];
    for (const bad of values) {
      full.push({
        ...base,
        label: `query ${param.name}=${JSON.stringify(bad).slice(0, 30)}`,
        query: `${param.name}=${encode(bad)}`,
      });
    }
    // Percent-encoding that is no UTF-8 (a lone surrogate's bytes) or no encoding at all.
    for (const raw of rng.sample(['%ED%A0%80', '%', '%zz', '%E0%A4%A', '%C0%AF', '%FF%FE'], 2)) {
      full.push({ ...base, label: `query ${param.name}=${raw}`, query: `${param.name}=${raw}` });
    }
    full.push({ ...base, label: `query ${param.name} twice`, query: `${param.name}=1&${param.name}=2` });
    full.push({ ...base, label: `query ${param.name}[]`, query: `${param.name}[a]=1` });
  }
  if (op.body) {
    for (const field of fieldPaths(op.body)) {
      const kind = kindOf(schemaAt(op.body, field), String(field[field.length - 1]));
      for (const bad of [...CORE_VALUES[kind], ...rng.sample(BAD_VALUES, 2)]) {
        full.push({
          ...base,
          label: `body ${field.join('.')}=${JSON.stringify(bad)?.slice(0, 30)}`,
          body: json(withValue(body, field, bad)),
        });
      }
    }
    for (const bad of WRONG_TYPES) full.push({ ...base, label: `body=${JSON.stringify(bad)}`, body: json(bad) });
    full.push({
      ...base,
      label: 'body with an unknown field',
      body: json({ ...(body as object), unknownField: '\u0000' }),
    });
  }
  if (op.method !== 'GET') {
    for (const bad of rng.sample(BAD_BODIES, 6)) {
      full.push({
        ...base,
        label: `raw body ${bad.type} ${bad.body.slice(0, 20)}`,
        body: bad.body,
        contentType: bad.type,
      });
    }
  }
  for (const headers of rng.sample(BAD_HEADERS, 5)) {
    full.push({
      ...base,
      label: `header ${Object.keys(headers)[0]}`,
      headers,
      body: body === undefined ? undefined : json(body),
    });
  }
  const out = [baseline, ...full];
  for (const caller of others) {
    out.push({ ...baseline, caller });
    if (caller !== 'anonymous' || op.public) out.push(...rng.sample(full, 8).map((r) => ({ ...r, caller })));
  }
  return out;
}

/** The answer against what the document says of it: the success schema, or the error envelope. */
function checkSchema(req: Request, outcome: Outcome): string | undefined {
  if (!outcome.status) return undefined;
  if (outcome.status === req.op.okStatus && req.op.csv) {
    return outcome.text.startsWith('\uFEFF') ? undefined : 'a CSV export without its BOM';
  }
  if (outcome.status === 204) return outcome.text ? 'a 204 with a body' : undefined;
  let body: unknown;
  try {
    body = JSON.parse(outcome.text);
  } catch {
    return `not JSON: ${outcome.text.slice(0, 80)}`;
  }
  // As fetch sent it: the URL parser resolves `%2e%2e` segments before the request leaves.
  return documentMismatch(req.op.method, new URL(`http://x/api${req.path}`).pathname, outcome.status, body);
}

test('REST: every operation of /api/docs with bad inputs, as every caller: no 5xx, no hang; answers match the document', async () => {
  const rng = random(FUZZ_SEED);
  const ops = operations();
  const requests = ops.flatMap((op) => requestsFor(op, rng));
  const outcomes = await pool(
    requests.map((req) => async () => {
      const headers: Record<string, string> = {
        ...callers[req.caller],
        ...(req.body !== undefined ? { 'content-type': req.contentType ?? 'application/json' } : {}),
        ...req.headers,
      };
      let body: BodyInit | undefined = req.body;
      if (req.op.multipart && req.contentType === undefined && req.baseline) {
        const form = new FormData();
        form.append('image', new Blob([new Uint8Array(Buffer.from(BAD_STRINGS[7]))]), 'fuzz.png');
        body = form;
        delete headers['content-type'];
      }
      const url = `${app.url}/api${req.path}${req.query ? `?${req.query}` : ''}`;
      const outcome = await send(
        url,
        { method: req.op.method, headers, body },
        `${req.op.method} ${req.op.path} as ${req.caller}: ${req.label}`,
      );
      const schemaError = outcome.failure ? undefined : checkSchema(req, outcome);
      return { req, outcome, schemaError };
    }),
    8,
  );
  const failures = outcomes.filter((o) => o.outcome.failure).map((o) => `${o.outcome.label} → ${o.outcome.failure}`);
  const mismatches = outcomes
    .filter((o) => o.schemaError)
    .map((o) => `${o.outcome.label} → ${o.outcome.status}: ${o.schemaError}`);
  const ok = outcomes.filter((o) => o.outcome.status >= 200 && o.outcome.status < 300);
  // A success whose `value` the document describes (not `{}`), a CSV file or no body.
  const documented = ops.filter(
    (op) => Object.keys((op.okSchema as any)?.properties?.value ?? {}).length || op.csv || op.okStatus === 204,
  ).length;
  console.log(
    [
      `REST fuzz (seed ${FUZZ_SEED}): ${ops.length} operations × ${(requests.length / ops.length).toFixed(0)} inputs on average = ${requests.length} requests as ${Object.keys(callers).length} kinds of caller`,
      `  statuses: ${JSON.stringify(tally(outcomes.map((o) => o.outcome)))}`,
      `  5xx, hangs, cut connections or missing checks: ${failures.length}`,
      `  answers checked against the document: ${outcomes.length} (${ok.length} successes); operations with a documented success body: ${documented} of ${ops.length}; mismatches: ${mismatches.length}`,
    ].join('\n'),
  );
  // FUZZ_OUT=<file> keeps every finding for reading, not only the first thirty.
  if (process.env.FUZZ_OUT) writeFileSync(process.env.FUZZ_OUT, [...failures, '', ...mismatches].join('\n'));
  expect(failures.slice(0, 30)).toEqual([]);
  expect(mismatches.slice(0, 30)).toEqual([]);
}, 600_000);
