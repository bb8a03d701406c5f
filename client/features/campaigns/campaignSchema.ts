// The campaign form's schema, apart from campaign.ts so that pages listing campaigns do not load zod.
import '../../lib/zod-config';
import { z } from 'zod';
import {
  type TierOption,
  campaignMessages,
  dailyCapError,
  initialBudgetError,
  minQualityError,
  priceError,
} from './campaign';

export function campaignSchema(tiers: TierOption[], balance?: string | null) {
  return z
    .object({
      projectId: z.string(),
      taskId: z.string().min(1, { error: () => campaignMessages.resourceRequired }),
      name: z
        .string()
        .trim()
        .min(1, { error: () => campaignMessages.nameRequired })
        .max(120, { error: () => campaignMessages.nameTooLong }),
      prices: z.array(z.string()),
      dailyCap: z.string(),
      countries: z.array(z.string()),
      languages: z.array(z.string()),
      isPremiumOnly: z.boolean(),
      newUsersOnly: z.boolean(),
      minQuality: z.string(),
      unscoredAllowed: z.boolean(),
      budget: z.string(),
    })
    .superRefine((values, ctx) => {
      tiers.forEach((tier, i) => {
        const message = priceError(values.prices[i] ?? '', tier);
        if (message) ctx.addIssue({ code: 'custom', path: ['prices', i], message });
      });
      const cap = dailyCapError(values.dailyCap);
      if (cap) ctx.addIssue({ code: 'custom', path: ['dailyCap'], message: cap });
      const minQuality = minQualityError(values.minQuality);
      if (minQuality) ctx.addIssue({ code: 'custom', path: ['minQuality'], message: minQuality });
      const budget = initialBudgetError(values.budget, balance);
      if (budget) ctx.addIssue({ code: 'custom', path: ['budget'], message: budget });
    });
}
export type CampaignValues = z.infer<ReturnType<typeof campaignSchema>>;
