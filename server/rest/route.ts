import type { z } from 'zod';
import type { Context } from '../graphql/context.ts';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
/** Who may call a route; `audit`: finance staff and staff administrators (the audit trail). */
export type Access = 'public' | 'user' | 'moderator' | 'finance' | 'audit';

export interface UploadedFile {
  bytes: Buffer;
  filename: string;
  mimetype: string;
}

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteDef<B = unknown, Q = unknown, P = unknown> {
  method: HttpMethod;
  /** Under /api, with `:name` parameters, e.g. `/v1/projects/:id`. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  body?: B;
  query?: Q;
  params?: P;
  /** Multipart upload with one file in this field. */
  upload?: { field: string };
  /** Hand the handler the raw request body (webhook signatures are computed over it). */
  rawBody?: boolean;
  /** Takes an `Idempotency-Key` header: a retry with the same key answers the first result. */
  idempotent?: boolean;
  /** Success status; 204 answers with no body. */
  status?: number;
  /** What `value` holds on success, for the OpenAPI document. */
  response?: z.ZodType;
  handler: (
    ctx: Context,
    input: {
      body: Infer<B>;
      query: Infer<Q>;
      params: Infer<P>;
      file?: UploadedFile;
      rawBody?: Buffer;
      headers?: Record<string, string | string[] | undefined>;
      /** Sets a header of the answer (a cookie: `set-cookie`). */
      setHeader?: (name: string, value: string) => void;
    },
    // A value at once where it is in memory (the showcase list), else a promise.
  ) => unknown;
}

/** Declares a route with its schemas; the generics only serve type inference. */
export function route<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
>(def: RouteDef<B, Q, P>): RouteDef {
  return def as unknown as RouteDef;
}
