import { z } from 'zod';
import { imagePath } from '../../rest/params.ts';
import { TASK_TYPES } from '../projects/project.entity.ts';
import { isTelegramLink, normaliseTelegramLink, TELEGRAM_LINK_MESSAGE } from '../projects/projects.inputs.ts';

export const RewardInput = z.object({
  id: z.coerce.number().int().positive().nullish(),
  title: z.string({ error: 'Award name is required' }).trim().min(1, 'Award name is required').max(60),
  logo: imagePath('Award logo is required'),
});

/** An award of a service: which platform award (by id, or by title for one created in the same request) and how many. */
export const ServiceAwardInput = z
  .object({
    id: z.coerce.number().int().positive().nullish(),
    platformRewardId: z.coerce.number().int().positive().nullish(),
    platformRewardTitle: z.string().trim().nullish(),
    value: z.union([z.number(), z.string()], { error: 'Award quantity is required' }).transform((v, ctx) => {
      const n = typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v);
      if (!Number.isInteger(n) || n < 1) {
        ctx.addIssue({ code: 'custom', message: 'Award quantity is required' });
        return z.NEVER;
      }
      if (n > 1_000_000) {
        ctx.addIssue({ code: 'custom', message: 'Award quantity must be at most 1000000' });
        return z.NEVER;
      }
      return n;
    }),
  })
  .refine((a) => a.platformRewardId || a.platformRewardTitle, {
    message: 'Award is required',
    path: ['platformRewardId'],
  });

export const ServiceInput = z.object({
  id: z.coerce.number().int().positive().nullish(),
  taskType: z.enum(TASK_TYPES, { error: 'Unknown task type' }),
  awards: z.array(ServiceAwardInput).max(10).default([]),
  shouldConfirmWithoutPayout: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  isExcluded: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  // Tiers are read from the system settings; whatever a client sends back is ignored.
  tiers: z.unknown().optional(),
});

/** Award names are unique in an app, whatever their case. */
const rewardsList = z
  .array(RewardInput)
  .max(20, 'At most 20 awards')
  .superRefine((rewards, ctx) => {
    const seen = new Set<string>();
    rewards.forEach((r, i) => {
      const key = r.title.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'title'], message: 'Award name must be unique' });
      seen.add(key);
    });
  });

const platformFields = {
  title: z.string({ error: 'App name is required' }).trim().min(1, 'App name is required').max(120),
  logo: imagePath('Platform logo is required'),
  categoryId: z.coerce.number({ error: 'Choose a category' }).int().positive('Choose a category'),
  webappUrl: z
    .string({ error: 'Web app URL is required' })
    .trim()
    .min(1, 'Web app URL is required')
    .max(500)
    .refine((v) => /^https:\/\/\S+$/.test(v), 'The link is not valid, it should start with https://'),
  isDarkTheme: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  rewards: rewardsList.default([]),
  services: z
    .array(ServiceInput)
    .max(5, 'A platform has at most 5 services')
    .default([])
    .superRefine((services, ctx) => {
      const seen = new Set<string>();
      services.forEach((s, i) => {
        if (seen.has(s.taskType))
          ctx.addIssue({ code: 'custom', path: [i, 'taskType'], message: 'Each task type once' });
        seen.add(s.taskType);
      });
    }),
  tgBotId: z.coerce.number().int().positive('Enter the numeric bot id').nullish(),
  botToken: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine(
      (v) => v === null || (v.length <= 100 && /^\d+:[\w-]{20,}$/.test(v)),
      'The bot token looks like 123456:ABC-DEF…',
    ),
  rewardCallbackUrl: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || /^https:\/\/\S+$/.test(v), 'The link is not valid, it should start with https://'),
};

const tgBotUrl = z
  .string({ error: 'Telegram bot link is required' })
  .trim()
  .min(1, 'Telegram bot link is required')
  .transform((v) => normaliseTelegramLink(v))
  .refine(isTelegramLink, TELEGRAM_LINK_MESSAGE);

export const CreatePlatformInput = z.object({ ...platformFields, tgBotUrl });
export type CreatePlatformInput = z.output<typeof CreatePlatformInput>;

/** The same shape; the Telegram link may be sent back (or left out, or null) but cannot change. */
export const UpdatePlatformInput = z.object({
  ...platformFields,
  tgBotUrl: tgBotUrl.nullish(),
  // Left out means "keep as they are": a partial save never deletes awards by accident.
  rewards: rewardsList.optional(),
});
export type UpdatePlatformInput = z.output<typeof UpdatePlatformInput>;

export const ServicePatchInput = z.object({
  awards: z.array(ServiceAwardInput).max(10).optional(),
  shouldConfirmWithoutPayout: z.boolean().optional(),
  isExcluded: z.boolean().optional(),
});
export type ServicePatchInput = z.output<typeof ServicePatchInput>;
