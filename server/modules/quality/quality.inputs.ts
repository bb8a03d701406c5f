import { z } from 'zod';
import { MAX_ID } from '../../rest/params.ts';
import { MAX_EXCLUDED_PLATFORMS } from './exclusions.service.ts';
import { says } from '../../failures.ts';

const platformId = z
  .number({ error: says('PLATFORMIDS_MUST_APP_IDS_WHOLE') })
  .int(says('PLATFORMIDS_MUST_APP_IDS_WHOLE'))
  .min(1, says('PLATFORMIDS_MUST_APP_IDS_WHOLE'))
  .max(MAX_ID, says('PLATFORMIDS_MUST_APP_IDS_WHOLE'));

/** `PUT …/excluded-platforms`: the whole list. */
export const ExcludedPlatformsInput = z.object({
  platformIds: z
    .array(platformId, { error: says('SEND_PLATFORMIDS_LIST_OF_APP') })
    .max(MAX_EXCLUDED_PLATFORMS, says('EXCLUDE_AT_MOST_APPS', { max: MAX_EXCLUDED_PLATFORMS })),
});
