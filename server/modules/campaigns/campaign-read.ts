import type { EntityManager } from '@mikro-orm/postgresql';
import { Task } from '../projects/project.entity.ts';
import type { Campaign } from './campaign.entity.ts';
import { type CampaignView, dateOnly, todayUtc } from './campaign-views.ts';

/** What each campaign has left to spend (its budget account's available balance). */
export async function campaignBudgets(em: EntityManager, ids: number[]): Promise<Map<number, bigint>> {
  if (!ids.length) return new Map();
  const rows = await em.execute<{ campaign_id: number; available: string }[]>(
    `select campaign_id, (credits_posted - debits_posted - debits_pending)::text as available
       from ledger_accounts where kind = 'CAMPAIGN_BUDGET' and campaign_id in (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  return new Map(rows.map((r) => [r.campaign_id, BigInt(r.available)]));
}

/** Campaigns as their owner sees them: with their resource, prices by tier, budget left and today's figures. */
export async function campaignViews(em: EntityManager, campaigns: Campaign[]): Promise<CampaignView[]> {
  if (!campaigns.length) return [];
  const budgets = await campaignBudgets(
    em,
    campaigns.map((c) => c.id),
  );
  const taskIds = [...new Set(campaigns.flatMap((c) => (c.taskId ? [c.taskId] : [])))];
  const tasks = taskIds.length ? await em.find(Task, { id: { $in: taskIds } }) : [];
  const taskOf = new Map(tasks.map((t) => [t.id, t]));
  const today = todayUtc();
  return campaigns.map((c) => {
    const t = c.taskId ? taskOf.get(c.taskId) : undefined;
    const isToday = dateOnly(c.todayDate) === today;
    return {
      id: c.id,
      createdAt: c.createdAt.toISOString(),
      projectId: c.projectId,
      taskId: c.taskId ?? null,
      task: {
        id: t?.id ?? null,
        type: c.taskType,
        title: t?.title ?? c.taskTitle,
        logo: t?.logo ?? '',
        url: t?.url ?? '',
      },
      name: c.name,
      status: c.status,
      isActive: c.isActive,
      prices: Object.entries(c.prices)
        .map(([level, value]) => ({ tierLevel: Number(level), value: BigInt(value) }))
        .sort((a, b) => a.tierLevel - b.tierLevel),
      dailyCap: c.dailyCap ?? null,
      countries: c.countries ?? [],
      languages: c.languages ?? [],
      isPremiumOnly: c.isPremiumOnly,
      newUsersOnly: c.newUsersOnly,
      minQuality: c.minQuality ?? null,
      unscoredAllowed: c.unscoredAllowed,
      budget: budgets.get(c.id) ?? 0n,
      conversions: c.conversions,
      spend: BigInt(c.spend),
      todayConversions: isToday ? c.todayConversions : 0,
      todaySpend: isToday ? BigInt(c.todaySpend) : 0n,
      notNew: c.notNew,
      rejectReason: c.rejectReason ?? null,
      version: c.version,
    };
  });
}
