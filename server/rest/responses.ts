import { z } from 'zod';

/**
 * What the REST answers hold (`value` of the envelope), for the OpenAPI document: a client
 * generated from it reads every answer. Objects are closed (no other property), so an answer
 * with a field the document does not name is caught by the tests that check every answer
 * against it (tests/helpers/api-document.ts, the REST fuzz test).
 */

/** An ISO 8601 time in UTC. */
export const Time = z.string();
/** USD as a JSON number with at most 6 decimals. */
export const Usd = z.number();
export const IdTitle = z.object({ id: z.number(), title: z.string() });
export const Country = z.object({ id: z.string(), title: z.string() });

/** The data table's answer, with `total` too where the spec's call names it. */
export const tablePage = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), totalCount: z.number(), total: z.number() });
