import { z } from 'zod';
import { Usd } from '../../rest/responses.ts';

/** The statistics area's REST answers, for the OpenAPI document (the rules: server/rest/responses.ts). */
export const StatDayJson = z.object({ createdAt: z.string(), conversions: z.number(), profit: Usd });
export const ReportJson = z.object({
  data: z.array(
    z.object({
      day: z.string().optional(),
      key: z.string(),
      label: z.string(),
      conversions: z.number(),
      spend: Usd,
      platformId: z.number().optional(),
      quality: z.object({ score: z.number().nullable(), conversions: z.number() }).optional(),
    }),
  ),
});
