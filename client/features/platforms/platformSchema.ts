// The platform form's schema, apart from platform.ts so that pages showing apps do not load zod.
import '../../lib/zod-config';
import { z } from 'zod';
import { isTelegramLink, toTelegramLink } from '../projects/constants';
import { type TierItem, platformMessages } from './platform';

export const serviceAwardSchema = z.object({
  awardKey: z.string().min(1, { error: () => platformMessages.awardRequired }),
  awardTitle: z.string(),
  value: z
    .string()
    .trim()
    .min(1, { error: () => platformMessages.awardQuantityRequired })
    .refine((v) => !v || (/^\d+$/.test(v) && Number(v) >= 1), { error: () => platformMessages.awardQuantityRequired }),
});

export const serviceSchema = z.object({
  id: z.string().nullable(),
  taskType: z.enum(['BOT', 'CHANNEL', 'CHAT', 'SMART_LINK', 'CUSTOM']),
  awards: z.array(serviceAwardSchema),
  isExcluded: z.boolean(),
  shouldConfirmWithoutPayout: z.boolean(),
  tiers: z.custom<TierItem[]>(() => true),
});

const awardSchema = z.object({
  key: z.string(),
  id: z.string().nullable(),
  title: z
    .string()
    .trim()
    .min(1, { error: () => platformMessages.awardNameRequired }),
  logo: z.string().min(1, { error: () => platformMessages.awardLogoRequired }),
});

export const platformSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, { error: () => platformMessages.nameRequired }),
    logo: z.string().min(1, { error: () => platformMessages.logoRequired }),
    categoryId: z.string().min(1, { error: () => platformMessages.categoryRequired }),
    tgBotUrl: z
      .string()
      .trim()
      .min(1, { error: () => platformMessages.botRequired })
      .refine((v) => !v || isTelegramLink(toTelegramLink(v)), { error: () => platformMessages.botInvalid }),
    webappUrl: z
      .string()
      .trim()
      .min(1, { error: () => platformMessages.webappRequired })
      .refine((v) => !v || /^https:\/\/\S+$/.test(v), { error: () => platformMessages.webappInvalid }),
    isDarkTheme: z.boolean(),
    // Integration (optional); the checks mirror the server's PlatformInput.
    tgBotId: z
      .string()
      .trim()
      .refine((v) => !v || (/^\d+$/.test(v) && /[1-9]/.test(v)), { error: () => platformMessages.botIdInvalid }),
    /** Never pre-filled: empty keeps the saved token. */
    botToken: z
      .string()
      .trim()
      .refine((v) => !v || /^\d+:[\w-]{20,}$/.test(v), { error: () => platformMessages.botTokenInvalid }),
    rewardCallbackUrl: z
      .string()
      .trim()
      .refine((v) => !v || /^https:\/\/\S+$/.test(v), { error: () => platformMessages.callbackUrlInvalid }),
    awards: z.array(awardSchema),
    services: z.array(serviceSchema),
  })
  .superRefine((values, ctx) => {
    const seen = new Set<string>();
    values.awards.forEach((a, i) => {
      const key = a.title.trim().toLowerCase();
      if (key && seen.has(key)) {
        ctx.addIssue({ code: 'custom', path: ['awards', i, 'title'], message: platformMessages.awardNameUnique });
      }
      seen.add(key);
    });
    // A service award must point at an award that still exists.
    const keys = new Set(values.awards.map((a) => a.key));
    values.services.forEach((s, i) => {
      s.awards.forEach((sa, j) => {
        if (sa.awardKey && !keys.has(sa.awardKey)) {
          ctx.addIssue({
            code: 'custom',
            path: ['services', i, 'awards', j, 'awardKey'],
            message: platformMessages.awardRequired,
          });
        }
      });
    });
  });

export type PlatformValues = z.infer<typeof platformSchema>;
