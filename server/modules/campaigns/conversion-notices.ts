import type { EntityManager } from '@mikro-orm/postgresql';
import { pgIds } from '../../db/columns.ts';
import { formatMoney } from '../../lib/money.ts';
import type { NotifyEvent } from '../notifications/notify.ts';

/** What a conversion batch answered, as far as notifications care. */
export type NoticeResult =
  | { result: 'BUDGET'; campaignId: number }
  | {
      result: 'COMPLETED';
      conversionId: number;
      campaign: { id: number; status: string; budget: string; spend: string; todayConversions: number };
      platform: { platformId: number };
      deal: unknown;
    }
  | { result: string };

interface CampaignFacts {
  ownerId: number;
  projectId: number;
  name: string;
  dailyCap: number | null;
  dealId: number | null;
  /** What it was given (left + spent) when read: the key of a BUDGET answer, which carries no amounts. */
  given: bigint;
  /** When these facts are read again (a renamed campaign or a changed cap shows within a minute). */
  until: number;
}

const FACTS_MS = 60_000;
/** Keys told by this process: a campaign under 10 % is not told again on each conversion. */
const TOLD_MAX = 50_000;

/**
 * The notifications a committed conversion batch leads to, read from its answers: a campaign's
 * budget under 10 % of what it was given (what is left + what it spent: a conversion moves money
 * from one to the other, a void back, so only new funding changes it), spent (it stopped), its
 * daily cap reached, an app's first paid conversion. Keyed so each is sent once (the budget
 * notices per funding, the cap per day, the first conversion per app); a key this process told
 * already is skipped before any query, and the campaigns' names and caps are kept a minute, so
 * the conversion path pays no query in the steady state.
 */
export class ConversionNotices {
  private readonly facts = new Map<number, CampaignFacts>();
  private readonly told = new Set<string>();

  async events(em: EntityManager, results: readonly NoticeResult[]): Promise<NotifyEvent[]> {
    const candidates = this.candidates(results);
    if (!candidates.campaigns.size && !candidates.apps.size) return [];
    const events: NotifyEvent[] = [];
    const facts = await this.campaignFacts(em, [...candidates.campaigns.keys()]);
    for (const [id, wants] of candidates.campaigns) {
      const c = facts.get(id);
      if (!c || c.dealId !== null) continue;
      for (const want of wants) {
        const event = noticeOf(id, c, want);
        if (event && this.firstTime(`campaign:${id}:${want.key}`)) events.push(event);
      }
    }
    events.push(...(await this.firstConversions(em, candidates.apps)));
    return events;
  }

  /** What the answers say may be worth telling, without a query. */
  private candidates(results: readonly NoticeResult[]) {
    const campaigns = new Map<number, Want[]>();
    const add = (id: number, want: Want) => {
      if (this.told.has(`campaign:${id}:${want.key}`)) return;
      campaigns.set(id, [...(campaigns.get(id) ?? []), want]);
    };
    // Per app, this batch's paid conversions (a swap's delivery earns nothing).
    const apps = new Map<number, Set<number>>();
    const latest = new Map<number, Extract<NoticeResult, { result: 'COMPLETED' }>['campaign']>();
    for (const r of results) {
      if (r.result === 'BUDGET' && 'campaignId' in r) add(r.campaignId, { kind: 'spent', key: 'spent' });
      if (r.result !== 'COMPLETED' || !('campaign' in r)) continue;
      const seen = latest.get(r.campaign.id);
      if (!seen || seen.todayConversions <= r.campaign.todayConversions) latest.set(r.campaign.id, r.campaign);
      if (r.deal || this.told.has(`first:${r.platform.platformId}`)) continue;
      const batch = apps.get(r.platform.platformId) ?? new Set<number>();
      apps.set(r.platform.platformId, batch.add(Number(r.conversionId)));
    }
    for (const [id, c] of latest) {
      const left = BigInt(c.budget);
      const given = left + BigInt(c.spend);
      if (c.status === 'STOPPED') add(id, { kind: 'spent', key: `spent:${given}`, left, given });
      else if (left * 10n < given) add(id, { kind: 'low', key: `low:${given}`, left, given });
      add(id, { kind: 'cap', key: `cap:${today()}`, today: c.todayConversions });
    }
    return { campaigns, apps };
  }

  /** Names, owners and caps, kept a minute. */
  private async campaignFacts(em: EntityManager, ids: number[]): Promise<Map<number, CampaignFacts>> {
    const now = Date.now();
    const stale = ids.filter((id) => (this.facts.get(id)?.until ?? 0) < now);
    if (stale.length) {
      const rows = await em.execute<
        {
          id: number;
          owner_id: number;
          project_id: number;
          name: string;
          daily_cap: number | null;
          deal_id: number | null;
          left: string;
          spend: string;
        }[]
      >(
        `select c.id, c.owner_id, c.project_id, c.name, c.daily_cap, c.deal_id, c.spend::text as spend,
                coalesce(a.credits_posted - a.debits_posted - a.debits_pending, 0)::text as left
           from campaigns c left join ledger_accounts a on a.kind = 'CAMPAIGN_BUDGET' and a.campaign_id = c.id
          where c.id = any(?::int[])`,
        [pgIds(stale)],
      );
      if (this.facts.size > TOLD_MAX) this.facts.clear();
      for (const r of rows) {
        this.facts.set(r.id, {
          ownerId: r.owner_id,
          projectId: r.project_id,
          name: r.name,
          dailyCap: r.daily_cap,
          dealId: r.deal_id,
          given: BigInt(r.left) + BigInt(r.spend),
          until: now + FACTS_MS,
        });
      }
    }
    return this.facts;
  }

  /**
   * The apps whose first paid conversion is in this batch. Read from the conversions themselves
   * (the app's earliest paid one), not from its count: the notice is written after the commit, and
   * by then the next conversion may have committed too.
   */
  private async firstConversions(em: EntityManager, apps: Map<number, Set<number>>): Promise<NotifyEvent[]> {
    const fresh = [...apps.keys()].filter((id) => !this.told.has(`first:${id}`));
    if (!fresh.length) return [];
    const rows = await em.execute<{ id: number; owner_id: number; title: string; first: string | null }[]>(
      `select p.id, p.owner_id, p.title,
              (select v.id from conversions v join campaigns c on c.id = v.campaign_id
                where v.platform_id = p.id and c.deal_id is null
                order by v.created_at, v.id limit 1)::text as first
         from platforms p
        where p.id = any(?::int[])`,
      [pgIds(fresh)],
    );
    const events: NotifyEvent[] = [];
    for (const a of rows) {
      // Not this batch's: it had some before (and was told then, or before notifications).
      if (a.first === null || !apps.get(a.id)?.has(Number(a.first))) {
        if (a.first !== null) this.firstTime(`first:${a.id}`);
        continue;
      }
      if (!this.firstTime(`first:${a.id}`)) continue;
      events.push({
        userId: a.owner_id,
        type: 'firstConversion',
        key: `first-conversion:${a.id}`,
        params: { app: a.title },
        path: `/publisher/${a.id}/campaigns`,
      });
    }
    return events;
  }

  /** True the first time this process sees `key` (bounded: forgetting only costs a no-op insert). */
  private firstTime(key: string): boolean {
    if (this.told.has(key)) return false;
    if (this.told.size > TOLD_MAX) this.told.clear();
    this.told.add(key);
    return true;
  }
}

type Want =
  | { kind: 'spent'; key: string; left?: bigint; given?: bigint }
  | { kind: 'low'; key: string; left: bigint; given: bigint }
  | { kind: 'cap'; key: string; today: number };

const today = () => new Date().toISOString().slice(0, 10);

function noticeOf(id: number, c: CampaignFacts, want: Want): NotifyEvent | null {
  const base = { userId: c.ownerId, path: `/advertiser/projects/${c.projectId}` };
  if (want.kind === 'cap') {
    if (c.dailyCap === null || want.today < c.dailyCap) return null;
    return {
      ...base,
      type: 'dailyCapReached',
      key: `daily-cap:${id}:${today()}`,
      params: { campaign: c.name, cap: c.dailyCap },
    };
  }
  const given = want.given ?? c.given;
  const left = want.left ?? 0n;
  const params = { campaign: c.name, budget: formatMoney(given), left: formatMoney(left) };
  return want.kind === 'spent'
    ? { ...base, type: 'budgetExhausted', key: `budget-exhausted:${id}:${given}`, params }
    : { ...base, type: 'budgetLow', key: `budget-low:${id}:${given}`, params };
}
