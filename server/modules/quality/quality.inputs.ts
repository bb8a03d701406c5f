import { z } from 'zod';
import { MAX_ID } from '../../rest/params.ts';
import { MAX_EXCLUDED_PLATFORMS } from './exclusions.service.ts';

const platformId = z
  .number({ error: 'platformIds must be app ids (whole numbers)' })
  .int('platformIds must be app ids (whole numbers)')
  .min(1, 'platformIds must be app ids (whole numbers)')
  .max(MAX_ID, 'platformIds must be app ids (whole numbers)');

/** `PUT …/excluded-platforms`: the whole list. */
export const ExcludedPlatformsInput = z.object({
  platformIds: z
    .array(platformId, { error: 'Send platformIds: a list of app ids' })
    .max(MAX_EXCLUDED_PLATFORMS, `Exclude at most ${MAX_EXCLUDED_PLATFORMS} apps`),
});
