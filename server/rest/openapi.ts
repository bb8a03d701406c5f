import { z } from 'zod';
import { FAILURES } from '../failures.ts';
import { ALL_CODES, LEGACY_CODES } from '../message-codes.ts';
import type { RouteDef } from './route.ts';

function jsonSchema(schema: unknown, io: 'input' | 'output') {
  try {
    return z.toJSONSchema(schema as z.ZodType, { io, unrepresentable: 'any', target: 'openapi-3.0' });
  } catch {
    return {};
  }
}

/** Every failure's envelope: the English message, its machine code (server/message-codes.ts), what to do next. */
const ERROR_RESPONSE = {
  description:
    '400 validation, 401 unauthenticated, 403 forbidden, 404 not found, 409 conflict, 413 too large, 429 rate limited',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          error: { type: 'string', description: 'The message in English (the spec’s wording).' },
          code: {
            type: 'string',
            enum: ALL_CODES,
            description:
              'The failure’s stable machine code, to show it in the reader’s language: one per failure (`x-messages` lists each code’s English wording, its `{name}` parts being `params`, which `x-params` names), else the kind of failure (VALIDATION, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, CONFLICT, TOO_LARGE, RATE_LIMITED, UNAVAILABLE, INTERNAL). A code does not change when its wording does. A step-up answer’s code is STEP_UP_REQUIRED, whichever proof `methods` asks for.',
            'x-params': Object.fromEntries(
              Object.entries(FAILURES).flatMap(([code, f]) => {
                const names = [...new Set([...f.message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))];
                return names.length ? [[code, names]] : [];
              }),
            ),
            'x-messages': Object.fromEntries(
              Object.entries(FAILURES).map(([code, f]) => [
                code,
                'byProof' in f ? [f.message, ...Object.values(f.byProof)] : f.message,
              ]),
            ),
          },
          legacyCode: {
            type: 'string',
            description:
              'Deprecated: the code the same failure was answered with before it had a code of its own (`x-aliases` maps each new code to its old one). Key on `code`.',
            'x-aliases': LEGACY_CODES,
          },
          params: {
            type: 'object',
            additionalProperties: { type: 'string' },
            description: 'The values of the message’s `{name}` parts, when it has any (`x-messages`).',
          },
          next: {
            type: 'string',
            enum: ['EMAIL_CODE', 'SECOND_FACTOR'],
            description:
              'What to do next, when there is one: `EMAIL_CODE`, sign in again with the code mailed to the account; `SECOND_FACTOR`, sign in again with `secondFactorCode` (the authenticator app’s code or a recovery code).',
          },
        },
        required: ['error', 'code'],
      },
    },
  },
};

/** OpenAPI 3.0 for integrators, built from the same table that serves the routes. */
export function openApiDocument(routes: RouteDef[], serverUrl = '/api') {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = r.path.replace(/:([A-Za-z]+)/g, '{$1}');
    const parameters: unknown[] = [];
    for (const [where, schema] of [
      ['path', r.params],
      ['query', r.query],
    ] as const) {
      if (!schema) continue;
      const js = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, s] of Object.entries(js.properties ?? {})) {
        parameters.push({ name, in: where, required: where === 'path' || !!js.required?.includes(name), schema: s });
      }
    }
    if (r.access !== 'public') {
      parameters.push({
        name: 'X-Account-Id',
        in: 'header',
        required: false,
        description:
          'The account acted on, one of GET /v1/accounts (teams); without it, the person’s own. An account the person is not in answers 404.',
        schema: { type: 'integer', minimum: 1 },
      });
    }
    if (r.idempotent) {
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'Any unique string (a UUID) per intended create or money movement: a retry with the same key answers the first result instead of doing it again, for 24 hours; the same key with a different request answers 409; a key that is not 1 to 255 visible ASCII characters answers 400.',
        schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]{1,255}$' },
      });
    }
    const ok = r.status ?? 200;
    // `….csv` routes answer a streamed CSV file (RFC 4180, UTF-8 with a BOM), not the envelope.
    const csv = r.path.endsWith('.csv');
    const op: Record<string, unknown> = {
      tags: [r.tag],
      summary: r.summary,
      ...(parameters.length ? { parameters } : {}),
      ...(r.access === 'public' ? { security: [] } : {}),
      responses: {
        [ok]:
          ok === 204
            ? { description: 'Done, no body' }
            : csv
              ? { description: 'A CSV file', content: { 'text/csv': { schema: { type: 'string' } } } }
              : {
                  description: 'Success',
                  content: {
                    'application/json': {
                      schema: {
                        type: 'object',
                        properties: { value: r.response ? jsonSchema(r.response, 'output') : {} },
                        required: ['value'],
                      },
                    },
                  },
                },
        default: { $ref: '#/components/responses/Error' },
      },
    };
    if (r.body) {
      op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(r.body, 'input') } } };
    }
    if (r.upload) {
      op.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', properties: { [r.upload.field]: { type: 'string', format: 'binary' } } },
          },
        },
      };
    }
    paths[path] ??= {};
    paths[path][r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Taskgram Ads API',
      version: '1',
      description:
        'REST compatibility API. Every answer is `{ "value": ... }` on success or `{ "error": "message" }` on failure. Money is in USD as JSON numbers with up to 6 decimals. Authenticate with `Authorization: Bearer <accessToken>` from /v1/auth/login: the token names a session, which /v1/auth/logout (or a password reset or change) ends at once. A person in several accounts (teams) picks the one acted on with `X-Account-Id`; an act their access level does not allow answers 403 `ACCESS_LEVEL_TOO_LOW`.',
    },
    servers: [{ url: serverUrl }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      responses: { Error: ERROR_RESPONSE },
    },
    paths,
  };
}
