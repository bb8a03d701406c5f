import { CsvFile } from './csv.ts';
import { JsonText, SplicedJson } from './json-text.ts';
import { acceptsGzip } from '../lib/precompressed.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DomainError, ErrorCode, httpStatus, isDatabaseUnreachable, RETRY_AFTER_SECONDS, sqlState } from '../errors.ts';
import type { Context, ContextFactory } from '../graphql/context.ts';
import { holdsRole, lacksRole } from '../lib/access.ts';
import { answerCode } from '../message-codes.ts';
import type { RouteDef, UploadedFile } from './route.ts';
import { databaseUnavailable, dataException, fail, firstIssue } from '../failures.ts';

type Issue = { message: string; path: PropertyKey[]; code?: string; errors?: Issue[][] };

/**
 * The issue to answer with. A body that fits none of a union's shapes (a single SDK event or a
 * batch of them) is told what is wrong with the shape it tried: the one whose first issue is
 * about a field the body has, or else the first shape.
 */
function answerIssue(issue: Issue | undefined, value: unknown): Issue | undefined {
  if (issue?.code !== 'invalid_union' || !issue.errors?.length || issue.path.length) return issue;
  const has = (key: PropertyKey | undefined) =>
    key !== undefined && !!value && typeof value === 'object' && key in value;
  const branch = issue.errors.find((b) => has(b[0]?.path[0])) ?? issue.errors[0];
  return answerIssue(branch[0], value) ?? issue;
}

function parse<S>(schema: unknown, value: unknown): S {
  if (!schema) return undefined as S;
  const result = (schema as z.ZodType).safeParse(value ?? {});
  if (!result.success) throw firstIssue({ issues: [answerIssue(result.error.issues[0] as Issue, value ?? {})!] });
  return result.data as S;
}

async function readUpload(req: FastifyRequest, field: string): Promise<UploadedFile> {
  const wrong = () => fail('SEND_FILE_AS_MULTIPART_FORM', { field });
  if (!req.isMultipart()) throw wrong();
  try {
    const part = await req.file();
    if (!part || part.fieldname !== field) throw fail('SEND_FILE_IN_FIELD', { field });
    const bytes = await part.toBuffer();
    return { bytes, filename: part.filename, mimetype: part.mimetype };
  } catch (err) {
    // Busboy's own refusals (no boundary, a body cut short) are the client's multipart, not ours.
    if (err instanceof DomainError || toDomainError(err)?.code === ErrorCode.TOO_LARGE) throw err;
    throw wrong();
  }
}

function checkAccess(def: RouteDef, ctx: Context) {
  if (def.access === 'public') return;
  if (!ctx.user) throw fail('SIGN_IN_REQUIRED');
  if (def.access === 'user') return;
  const who = def.access === 'audit' ? 'auditor' : def.access;
  if (!holdsRole(ctx.user, who)) throw lacksRole(ctx.user, who);
}

/**
 * Registers the route table under /api with the `{ value }` / `{ error }` envelope. A request
 * whose context, handler and answer need nothing read is answered in its own turn, with no
 * promise on the way (the showcase list from memory: every mini app's first request).
 */
export function registerRoutes(app: FastifyInstance, routes: RouteDef[], makeContext: ContextFactory) {
  const add = (scope: FastifyInstance, def: RouteDef) =>
    scope.route({
      method: def.method,
      url: `/api${def.path}`,
      handler: (req: FastifyRequest, reply: FastifyReply) => {
        const ctx = makeContext(req);
        return ctx instanceof Promise ? ctx.then((c) => run(def, c, req, reply)) : run(def, ctx, req, reply);
      },
    });
  for (const def of routes.filter((r) => !r.rawBody)) add(app, def);
  // Raw-body routes live in their own scope, whose parser keeps every body as bytes.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    for (const def of routes.filter((r) => r.rawBody)) add(scope, def);
  });
}

type Sent = FastifyReply | Promise<FastifyReply>;

/** A route's handler for a request, then its answer: awaited only where something is. */
function run(def: RouteDef, ctx: Context, req: FastifyRequest, reply: FastifyReply): Sent {
  checkAccess(def, ctx);
  if (def.upload) return readUpload(req, def.upload.field).then((file) => handle(def, ctx, req, reply, file));
  return handle(def, ctx, req, reply, undefined);
}

function handle(def: RouteDef, ctx: Context, req: FastifyRequest, reply: FastifyReply, file?: UploadedFile): Sent {
  const rawBody = def.rawBody ? (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)) : undefined;
  const result = def.handler(ctx, {
    body: def.rawBody ? (undefined as never) : parse(def.body, req.body),
    query: parse(def.query, req.query),
    params: parse(def.params, req.params),
    file,
    rawBody,
    headers: req.headers,
    setHeader: (name, v) => void reply.header(name, v),
  });
  return result instanceof Promise
    ? result.then((value) => answer(def, req, reply, value))
    : answer(def, req, reply, result);
}

/** The handler's value as the answer: the envelope, a CSV file, or JSON the handler wrote. */
function answer(def: RouteDef, req: FastifyRequest, reply: FastifyReply, value: unknown): Sent {
  if (def.status === 204) return reply.code(204).send();
  if (value instanceof CsvFile) {
    return value
      .open()
      .then((file) =>
        reply
          .code(200)
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${value.filename}"`)
          .header('cache-control', 'no-store')
          .send(file),
      );
  }
  if (value instanceof SplicedJson && acceptsGzip(req.headers['accept-encoding'])) {
    // Gzip by joining kept bytes (rest/json-text.ts): nothing is compressed per answer.
    return reply
      .code(def.status ?? 200)
      .type('application/json; charset=utf-8')
      .header('content-encoding', 'gzip')
      .header('vary', 'Accept-Encoding')
      .send(value.gzip());
  }
  if (value instanceof JsonText) {
    return reply
      .code(def.status ?? 200)
      .type('application/json; charset=utf-8')
      .send(`{"value":${value.text}}`);
  }
  return reply.code(def.status ?? 200).send({ value: value ?? null });
}

/** One place that turns any error into the envelope and a status. */
export function replyWithError(err: unknown, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const known = toDomainError(err);
  // A value PostgreSQL refused that validation let through: the client is told what to fix
  // (400), and the log says which check is missing.
  if (known && !(err instanceof DomainError) && known.code === ErrorCode.VALIDATION && sqlState(err)) {
    req.log.error({ err, requestId: req.id }, 'the database refused a value that validation let through');
  }
  if (known) {
    // Anything unavailable is worth retrying shortly: say when.
    if (known.code === ErrorCode.UNAVAILABLE) {
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      if (!(err instanceof DomainError)) req.log.warn({ reason: (err as Error)?.message }, 'database unreachable');
    }
    if (known.retryAfterSeconds !== undefined) reply.header('retry-after', String(known.retryAfterSeconds));
    return reply.code(httpStatus(known.code)).send({
      error: known.message,
      // The failure's machine code, for a client to say it in its reader's language (server/failures.ts).
      ...answerCode(known),
      ...(known.next ? { next: known.next } : {}),
      // The proofs the account can give (step-up, a sign-in's second factor).
      ...(known.methods ? { methods: known.methods } : {}),
      // What a stale change met: the thing as it is now (412).
      ...(known.current !== undefined ? { current: known.current } : {}),
    });
  }
  req.log.error({ err, requestId: req.id }, 'unexpected error');
  return reply.code(500).send({
    error: `Something went wrong on our side. Try again later (request ${req.id}).`,
    code: 'INTERNAL',
    params: { id: req.id },
  });
}

function toDomainError(err: unknown): DomainError | null {
  if (err instanceof DomainError) return err;
  if (err instanceof z.ZodError) return firstIssue(err);
  const e = err as { code?: string; statusCode?: number; message?: string };
  if (e?.code === 'FST_REQ_FILE_TOO_LARGE' || e?.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || e?.statusCode === 413) {
    return fail('TOO_LARGE_FILE');
  }
  if (isDatabaseUnreachable(err)) return databaseUnavailable();
  const data = dataException(err);
  if (data) return data;
  if (e?.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return fail('SEND_REQUEST_BODY_AS_JSON');
  if (e?.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || e?.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return fail('REQUEST_BODY_NOT_VALID_JSON');
  }
  if (e?.statusCode && e.statusCode >= 400 && e.statusCode < 500 && e.message) {
    const code =
      e.statusCode === 401
        ? ErrorCode.UNAUTHENTICATED
        : e.statusCode === 403
          ? ErrorCode.FORBIDDEN
          : e.statusCode === 404
            ? ErrorCode.NOT_FOUND
            : e.statusCode === 429
              ? ErrorCode.RATE_LIMITED
              : ErrorCode.VALIDATION;
    return new DomainError(code, e.message);
  }
  return null;
}
