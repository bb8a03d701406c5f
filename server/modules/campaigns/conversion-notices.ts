import type { EntityManager } from '@mikro-orm/postgresql';
import { pgIds } from '../../db/columns.ts';
import { formatMoney } from '../../lib/money.ts';
import type { NotifyEvent } from '../notifications/notify.ts';

/** What a conversion batch answered, as far as notifications care. */
export type NoticeResult =
  | { result: 'BUDGET'; campaignId: number }
  | {
      result: 'COMPLETED';
      campaign: { id: number };
      platform: { platformId: number; completedQuantity: number };
      publisherId: number;
      deal: unknown;
    }
  | { result: string };

/**
 * The notifications a committed conversion batch leads to, read from the rows it left: a
 * campaign's budget under 10 % of what it was given, spent (it stopped, or what is left pays no
 * conversion), its daily cap reached,
 * an app's first paid conversion. Each is keyed so it is sent once: the budget notices per funding
 * (the budget account's credits), the cap per day, the first conversion per app.
 */
export async function conversionNotices(em: EntityManager, results: readonly NoticeResult[]): Promise<NotifyEvent[]> {
  const spent = new Set<number>();
  const touched = new Set<number>();
  const firstCandidates = new Map<number, number>();
  for (const r of results) {
    if (r.result === 'BUDGET' && 'campaignId' in r) spent.add(r.campaignId);
    if (r.result === 'COMPLETED' && 'campaign' in r) {
      touched.add(r.campaign.id);
      // A paid conversion (a swap's delivery earns nothing). The pair's count is at most this
      // batch's: the app may have had none before.
      const n = (firstCandidates.get(r.platform.platformId) ?? 0) + 1;
      if (!r.deal && r.platform.completedQuantity <= n) firstCandidates.set(r.platform.platformId, n);
    }
  }
  const events: NotifyEvent[] = [];
  const ids = [...new Set([...spent, ...touched])];
  if (ids.length) {
    const rows = await em.execute<
      {
        id: number;
        owner_id: number;
        project_id: number;
        name: string;
        daily_cap: number | null;
        today_date: string | null;
        today_conversions: number;
        min_price: string;
        funded: string;
        available: string;
      }[]
    >(
      `select c.id, c.owner_id, c.project_id, c.name, c.daily_cap, c.today_date::text as today_date, c.today_conversions, c.min_price::text as min_price,
              a.credits_posted::text as funded, (a.credits_posted - a.debits_posted - a.debits_pending)::text as available
         from campaigns c join ledger_accounts a on a.kind = 'CAMPAIGN_BUDGET' and a.campaign_id = c.id
        where c.id = any(?::int[]) and c.deal_id is null`,
      [pgIds(ids)],
    );
    for (const c of rows) {
      const funded = BigInt(c.funded);
      const available = BigInt(c.available);
      const base = { userId: c.owner_id, path: `/advertiser/projects/${c.project_id}` };
      const money = { campaign: c.name, budget: formatMoney(funded), left: formatMoney(available) };
      // Spent: the function stopped it, or what is left cannot pay its cheapest conversion.
      if (spent.has(c.id) || available < BigInt(c.min_price)) {
        events.push({ ...base, type: 'budgetExhausted', key: `budget-exhausted:${c.id}:${funded}`, params: money });
      } else if (available * 10n < funded) {
        events.push({ ...base, type: 'budgetLow', key: `budget-low:${c.id}:${funded}`, params: money });
      }
      if (c.daily_cap !== null && c.today_conversions >= c.daily_cap && touched.has(c.id)) {
        events.push({
          ...base,
          type: 'dailyCapReached',
          key: `daily-cap:${c.id}:${c.today_date}`,
          params: { campaign: c.name, cap: c.daily_cap },
        });
      }
    }
  }
  if (firstCandidates.size) {
    const apps = await em.execute<{ id: number; owner_id: number; title: string; n: string }[]>(
      `select p.id, p.owner_id, p.title, coalesce(sum(s.completed) filter (where c.deal_id is null), 0)::text as n
         from platforms p
         left join platform_campaign_stats s on s.platform_id = p.id
         left join campaigns c on c.id = s.campaign_id
        where p.id = any(?::int[]) group by p.id`,
      [pgIds([...firstCandidates.keys()])],
    );
    for (const a of apps) {
      if (Number(a.n) > (firstCandidates.get(a.id) ?? 0)) continue;
      events.push({
        userId: a.owner_id,
        type: 'firstConversion',
        key: `first-conversion:${a.id}`,
        params: { app: a.title },
        path: `/publisher/${a.id}/campaigns`,
      });
    }
  }
  return events;
}
