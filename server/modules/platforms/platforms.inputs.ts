import { z } from 'zod';
import { imagePath } from '../../rest/params.ts';
import { TASK_TYPES } from '../projects/project.entity.ts';
import { isTelegramLink, normaliseTelegramLink, TELEGRAM_LINK_MESSAGE } from '../projects/projects.inputs.ts';
import { says } from '../../failures.ts';

export const RewardInput = z.object({
  id: z.coerce.number().int().positive().nullish(),
  title: z
    .string({ error: says('AWARD_NAME_REQUIRED') })
    .trim()
    .min(1, says('AWARD_NAME_REQUIRED'))
    .max(60),
  logo: imagePath('Award logo is required'),
});

/** An award of a service: which platform award (by id, or by title for one created in the same request) and how many. */
export const ServiceAwardInput = z
  .object({
    id: z.coerce.number().int().positive().nullish(),
    platformRewardId: z.coerce.number().int().positive().nullish(),
    platformRewardTitle: z.string().trim().nullish(),
    value: z.union([z.number(), z.string()], { error: says('AWARD_QUANTITY_REQUIRED') }).transform((v, ctx) => {
      const n = typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v);
      if (!Number.isInteger(n) || n < 1) {
        ctx.addIssue({ code: 'custom', message: says('AWARD_QUANTITY_REQUIRED') });
        return z.NEVER;
      }
      if (n > 1_000_000) {
        ctx.addIssue({ code: 'custom', message: says('AWARD_QUANTITY_MUST_AT_MOST') });
        return z.NEVER;
      }
      return n;
    }),
  })
  .refine((a) => a.platformRewardId || a.platformRewardTitle, {
    message: says('SERVICE_AWARD_MISSING'),
    path: ['platformRewardId'],
  });

export const ServiceInput = z.object({
  id: z.coerce.number().int().positive().nullish(),
  taskType: z.enum(TASK_TYPES, { error: says('UNKNOWN_TASK_TYPE') }),
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
  .max(20, says('AT_MOST_20_AWARDS'))
  .superRefine((rewards, ctx) => {
    const seen = new Set<string>();
    rewards.forEach((r, i) => {
      const key = r.title.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'title'], message: says('AWARD_NAME_MUST_UNIQUE') });
      seen.add(key);
    });
  });

const platformFields = {
  title: z
    .string({ error: says('APP_NAME_REQUIRED') })
    .trim()
    .min(1, says('APP_NAME_REQUIRED'))
    .max(120),
  logo: imagePath('Platform logo is required'),
  categoryId: z.coerce
    .number({ error: says('APP_CATEGORY_MISSING') })
    .int()
    .positive(says('APP_CATEGORY_MISSING')),
  webappUrl: z
    .string({ error: says('WEB_APP_URL_REQUIRED') })
    .trim()
    .min(1, says('WEB_APP_URL_REQUIRED'))
    .max(500)
    .refine((v) => /^https:\/\/\S+$/.test(v), says('LINK_MUST_START_HTTPS')),
  isDarkTheme: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  rewards: rewardsList.default([]),
  services: z
    .array(ServiceInput)
    .max(5, says('PLATFORM_HAS_AT_MOST_5'))
    .default([])
    .superRefine((services, ctx) => {
      const seen = new Set<string>();
      services.forEach((s, i) => {
        if (seen.has(s.taskType))
          ctx.addIssue({ code: 'custom', path: [i, 'taskType'], message: says('EACH_TASK_TYPE_ONCE') });
        seen.add(s.taskType);
      });
    }),
  tgBotId: z.coerce.number().int().positive(says('ENTER_NUMERIC_BOT_ID')).nullish(),
  botToken: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || (v.length <= 100 && /^\d+:[\w-]{20,}$/.test(v)), says('BOT_TOKEN_LOOKS_LIKE_123456')),
  rewardCallbackUrl: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || /^https:\/\/\S+$/.test(v), says('LINK_MUST_START_HTTPS')),
};

const tgBotUrl = z
  .string({ error: says('TELEGRAM_BOT_LINK_REQUIRED') })
  .trim()
  .min(1, says('TELEGRAM_BOT_LINK_REQUIRED'))
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
