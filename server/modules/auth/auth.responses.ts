import { z } from 'zod';

/** The auth area's REST answers, for the OpenAPI document (the rules: server/rest/responses.ts). */
export const AuthConfigJson = z.object({
  google: z
    .object({ clientId: z.string(), authorizationEndpoint: z.string(), redirectUri: z.string(), scope: z.string() })
    .nullable(),
  telegram: z.object({ bot: z.string(), botId: z.number() }).nullable(),
  supportBot: z.string(),
  supportEmail: z.string(),
  docsUrl: z.string(),
});
