import { fail } from '../../failures.ts';
import { conversionsTotal } from '../../lib/metrics.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { DomainError } from '../../errors.ts';
import { isMember } from '../../lib/telegram.ts';
import { type PubSub, topics } from '../../lib/pubsub.ts';
import { TelegramApiError, type TelegramClient } from '../../lib/telegram.ts';
import type { Emit } from '../../db/transaction.ts';
import type { Ledger } from '../ledger/ledger.service.ts';
import { telegramUsername } from '../projects/projects.inputs.ts';
import { Campaign, Conversion } from './campaign.entity.ts';
import { BATCHES_IN_FLIGHT, ConversionBatches } from './conversion-batches.ts';
import { type CampaignStats, CampaignsService, type PlatformStats } from './campaigns.service.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

export type ConversionResult =
  | { result: 'UNKNOWN_CLICK' }
  | { result: 'WRONG_KEY' }
  | { result: 'DUPLICATE'; conversionId: number }
  | { result: 'CAMPAIGN_STOPPED' | 'DAILY_CAP' }
  | { result: 'NOT_NEW'; counted: boolean; campaignId?: number }
  | { result: 'BUDGET'; stopped: boolean; projectId: number; campaignId: number; ownerId: number }
  | {
      result: 'COMPLETED';
      conversionId: number;
      callbackId: number | null;
      publisherId: number;
      playerId: number;
      deal: { id: number; proposerId: number; partnerId: number } | null;
      campaign: CampaignStats & { ownerId: number };
      platform: PlatformStats;
      accounts: {
        user_id: number;
        kind: string;
        credits_posted: string;
        debits_posted: string;
        debits_pending: string;
        credits_pending: string;
        version: string;
      }[];
      /** Set by the batch (ConversionBatches): which live events this completion carries. */
      live?: { campaign: boolean; platform: boolean; balances: boolean };
    };

export interface ConversionOutcome {
  /** Null when nothing was recorded (NOT_NEW). */
  conversionId: number | null;
  status: 'COMPLETED' | 'DUPLICATE' | 'NOT_NEW';
}

/**
 * The conversion loop's money step. `convert` is one item of a `record_conversions` batch
 * (`ConversionBatches`: alone when the database is idle, with the events that arrived meanwhile
 * under load; one round trip, one transaction, processed as sets: sql/record_conversions.sql);
 * `convertMany` hands a batch postback's events to the same batches. The events follow the
 * commit.
 */
export class ConversionsService {
  constructor(
    private readonly deps: {
      pubsub: PubSub;
      ledger: Ledger;
      campaigns: CampaignsService;
      telegram: TelegramClient;
      feePercent: number;
      /** Conversion transactions at once before events wait to commit together (0: each alone). */
      batchesInFlight?: number;
      log: Logger;
      /** Called after a committed conversion that has a reward callback to deliver. */
      onCallback?: (callbackId: number) => void;
      /** Called after a committed swap delivery (the exchange area publishes `dealUpdated`). */
      onDelivery?: (dealId: number) => void;
      /** Called after every committed conversion (the fraud rules look at it after the commit). */
      onConversion?: (conversionId: number) => void;
      /** Called after hold ends that voided channel or chat conversions (players who left), per app. */
      onLeaves?: (platformIds: number[]) => void;
      /** Called after hold ends, with every app whose conversions were posted or voided (their quality moved). */
      onHoldsEnded?: (platformIds: number[]) => void;
    },
  ) {}

  private readonly listeners: ((results: readonly ConversionResult[]) => void)[] = [];

  /**
   * Tells `listener` of every committed batch's results, before the request that waited on it
   * answers (the campaigns area's budget, cap and first-conversion notices; the showcase's players).
   */
  afterResults(listener: (results: readonly ConversionResult[]) => void) {
    this.listeners.push(listener);
  }

  private told(results: readonly ConversionResult[]) {
    for (const l of this.listeners) l(results);
  }

  private readonly batches = new ConversionBatches<ConversionResult>(
    () => ({ feePercent: this.deps.feePercent, premiumPercent: this.deps.campaigns.premiumPercent }),
    () => this.deps.batchesInFlight ?? BATCHES_IN_FLIGHT,
  );

  /**
   * `isNew: false` comes from the advertiser's S2S event (a returning user): a campaign for new
   * users only refuses it as NOT_NEW and counts the refusal.
   */
  async convert(
    em: EntityManager,
    clickCode: string,
    keyHash: string | null,
    isNew = true,
  ): Promise<ConversionOutcome> {
    const r = await this.batches.submit(em, { clickCode, keyHash, isNew });
    // The live totals first, then the callback, the swap and the fraud rules (as always).
    if (r.result === 'COMPLETED') await this.publish(r);
    this.told([r]);
    const outcome = await this.settle(em, r);
    if (outcome instanceof DomainError) throw outcome;
    return outcome;
  }

  /**
   * A batch of postbacks (`POST /v1/sdk/events` with `events`): every event goes through the
   * same exactly-once path as a single one, decided in the order sent (the first of two equal
   * events completes, a budget that runs out pays the earliest), and gets its own answer, in order (an outcome, or
   * the error that event alone would have answered). The live events follow once per campaign
   * and app with the totals after the last of them, not once per conversion. An unexpected
   * failure (the database away) fails the whole request: a retry answers DUPLICATE for what
   * committed.
   */
  async convertMany(
    em: EntityManager,
    events: readonly { clickCode: string; isNew: boolean }[],
    keyHash: string | null,
  ): Promise<(ConversionOutcome | DomainError)[]> {
    // In the order they were sent (ConversionBatches.submitMany).
    const results = await this.batches.submitMany(
      em,
      events.map((e) => ({ clickCode: e.clickCode, keyHash, isNew: e.isNew })),
    );
    const outcomes = await Promise.all(results.map((r) => this.settle(em, r, { campaignsOnce: new Set() })));
    this.told(results);
    // The newest totals per campaign, per app and campaign, and per publisher.
    const latest = new Map<string, Extract<ConversionResult, { result: 'COMPLETED' }>>();
    const keep = (key: string, r: Extract<ConversionResult, { result: 'COMPLETED' }>) => {
      const seen = latest.get(key);
      if (!seen || seen.conversionId < r.conversionId) latest.set(key, r);
    };
    for (const r of results) {
      if (r.result !== 'COMPLETED') continue;
      keep(`c${r.campaign.id}`, r);
      keep(`p${r.platform.platformId}:${r.platform.campaignId}`, r);
      keep(`u${r.publisherId}`, r);
    }
    await Promise.all([...latest].map(([key, r]) => this.publishPart(key[0] as 'c' | 'p' | 'u', r)));
    return outcomes;
  }

  /**
   * The answer to one event's result, and what follows it besides the live totals: the reward
   * callback, the swap delivery, the fraud rules; a counted refusal or a campaign that ran out
   * publishes its campaign (once per batch with `campaignsOnce`).
   */
  private async settle(
    em: EntityManager,
    r: ConversionResult,
    batch?: { campaignsOnce: Set<number> },
  ): Promise<ConversionOutcome | DomainError> {
    conversionsTotal.inc({ result: r.result });
    const publishCampaign = async (id: number) => {
      if (batch?.campaignsOnce.has(id)) return;
      batch?.campaignsOnce.add(id);
      await this.publishCampaignId(em, id);
    };
    switch (r.result) {
      case 'WRONG_KEY':
        return fail('INVALID_API_KEY');
      case 'UNKNOWN_CLICK':
        return fail('CLICK_NOT_FOUND');
      case 'DUPLICATE':
        return { conversionId: Number(r.conversionId), status: 'DUPLICATE' };
      case 'NOT_NEW': {
        if (r.counted && r.campaignId) await publishCampaign(r.campaignId);
        return { conversionId: null, status: 'NOT_NEW' };
      }
      case 'CAMPAIGN_STOPPED':
      case 'DAILY_CAP':
        return CampaignsService.unavailable(r.result);
      case 'BUDGET': {
        // The function stopped the campaign: its dashboards show it now.
        await publishCampaign(r.campaignId);
        return CampaignsService.unavailable('BUDGET');
      }
      case 'COMPLETED': {
        if (r.callbackId) this.deps.onCallback?.(Number(r.callbackId));
        if (r.deal) this.deps.onDelivery?.(Number(r.deal.id));
        this.deps.onConversion?.(Number(r.conversionId));
        return { conversionId: Number(r.conversionId), status: 'COMPLETED' };
      }
    }
  }

  /** One part of a conversion's live events: its campaign's totals, its app's, or its publisher's balances. */
  private async publishPart(part: 'c' | 'p' | 'u', r: Extract<ConversionResult, { result: 'COMPLETED' }>) {
    const { pubsub } = this.deps;
    const { ownerId, ...stats } = r.campaign;
    const safe = (p: Promise<void>) => p.catch((err) => this.deps.log.warn({ err }, 'live event not published'));
    if (part === 'c') {
      await Promise.all([
        safe(pubsub.publish(topics.campaignStats(stats.projectId), stats)),
        safe(pubsub.publish(topics.ownerCampaignStats(ownerId), stats)),
      ]);
    } else if (part === 'p') {
      await Promise.all([
        safe(pubsub.publish(topics.platformStats(r.platform.platformId), r.platform)),
        safe(pubsub.publish(topics.ownerPlatformStats(r.publisherId), r.platform)),
      ]);
    } else {
      await safe(this.deps.campaigns.publishBalances(r.publisherId, r.accounts));
    }
  }

  /** The live events of a completion: those its batch left to it (all of them when it was alone). */
  private async publish(r: Extract<ConversionResult, { result: 'COMPLETED' }>) {
    const live = r.live ?? { campaign: true, platform: true, balances: true };
    await Promise.all([
      live.campaign && this.publishPart('c', r),
      live.platform && this.publishPart('p', r),
      live.balances && this.publishPart('u', r),
    ]);
  }

  /** Publishes a campaign's counters after a change made outside the conversion function's answer. */
  async publishCampaignId(em: EntityManager, campaignId: number) {
    const c = await em.fork().findOne(Campaign, { id: campaignId });
    if (c) await this.publishCampaign(em, c).catch((err) => this.deps.log.warn({ err }, 'live event not published'));
  }

  private async publishCampaign(em: EntityManager, c: Campaign) {
    const view = await this.deps.campaigns.view(em.fork(), c);
    const stats = CampaignsService.stats(view);
    await this.deps.pubsub.publish(topics.campaignStats(c.projectId), stats).catch(() => {});
    await this.deps.pubsub.publish(topics.ownerCampaignStats(c.ownerId), stats).catch(() => {});
  }

  /** The player's conversion on a campaign, if any. */
  async existing(em: EntityManager, campaignId: number, playerId: number) {
    return em.findOne(Conversion, { campaignId, playerId });
  }

  /**
   * Hold end: channel and chat conversions are checked again through the system bot: a player
   * who left is voided (the money returns to the campaign budget), the rest is posted to the
   * publisher. Each conversion in its own short transaction; SKIP LOCKED lets instances share.
   */
  async resolveHolds(em: EntityManager, holdMs: number, batch = 200): Promise<{ posted: number; voided: number }> {
    const due = await em.execute<
      { id: string; task_type: string; player_id: string; platform_id: number; url: string | null }[]
    >(
      `select v.id, v.task_type, v.player_id, v.platform_id, coalesce(t.url, c.task_url) as url
         from conversions v join campaigns c on c.id = v.campaign_id left join tasks t on t.id = c.task_id
        where v.status = 'HOLD' and v.created_at < now() - (? * interval '1 millisecond')
        order by v.created_at limit ?`,
      [holdMs, batch],
    );
    let posted = 0;
    let voided = 0;
    const left = new Set<number>();
    const ended = new Set<number>();
    for (const d of due) {
      let keep = true;
      if ((d.task_type === 'CHANNEL' || d.task_type === 'CHAT') && this.deps.telegram.configured) {
        const username = telegramUsername(d.url ?? '');
        if (username) {
          try {
            keep = isMember(await this.deps.telegram.getChatMember(`@${username}`, Number(d.player_id)));
          } catch (err) {
            // The check could not be made (chat gone, bot removed): the player is not blamed.
            if (!(err instanceof TelegramApiError)) {
              this.deps.log.warn({ err, conversion: d.id }, 'membership check failed; retrying later');
              continue;
            }
          }
        }
      }
      const done = await this.resolve(em.fork(), Number(d.id), keep ? 'POST' : 'VOID');
      if (done) ended.add(d.platform_id);
      if (done === 'POSTED') posted++;
      if (done === 'VOIDED') {
        voided++;
        left.add(d.platform_id);
      }
    }
    if (left.size) this.deps.onLeaves?.([...left]);
    if (ended.size) this.deps.onHoldsEnded?.([...ended]);
    return { posted, voided };
  }

  /** Posts or voids one conversion's transfers and keeps the counters in step. */
  resolve(em: EntityManager, id: number, action: 'POST' | 'VOID'): Promise<'POSTED' | 'VOIDED' | null> {
    return this.deps.ledger.run(em, (tx, emit) => this.resolveIn(tx, emit, id, action));
  }

  /**
   * `resolve` inside the caller's transaction (a moderator's decision voids with it). The hold
   * job skips a conversion another transaction holds; a moderator waits for it instead.
   * Null when the conversion is no longer on hold.
   */
  async resolveIn(
    tx: EntityManager,
    emit: Emit,
    id: number,
    action: 'POST' | 'VOID',
    opts: { wait?: boolean } = {},
  ): Promise<'POSTED' | 'VOIDED' | null> {
    const { ledger } = this.deps;
    const [v] = await tx.execute<
      {
        id: string;
        campaign_id: number;
        platform_id: number;
        publisher_id: number;
        price: string;
        publisher_amount: string;
        publisher_transfer_id: string | null;
        fee_transfer_id: string | null;
        created_at: Date | string;
      }[]
    >(`select * from conversions where id = ? and status = 'HOLD' for update${opts.wait ? '' : ' skip locked'}`, [id]);
    if (!v) return null;
    // The campaign row first, as the conversion function locks it: one lock order.
    const [c] = await tx.execute<{ owner_id: number; project_id: number; deleted_at: Date | null }[]>(
      'select owner_id, project_id, deleted_at from campaigns where id = ? for no key update',
      [v.campaign_id],
    );
    const transfers = [v.publisher_transfer_id, v.fee_transfer_id].filter((t): t is string => t !== null);
    for (const t of transfers) {
      const input = { key: `conversion:${v.id}:${action.toLowerCase()}:${t}`, pendingId: Number(t) };
      if (action === 'POST') await ledger.post(tx, emit, input);
      else await ledger.void(tx, emit, input);
    }
    const status = action === 'POST' ? 'POSTED' : 'VOIDED';
    await tx.execute(`update conversions set status = ?, resolved_at = now() where id = ?`, [status, v.id]);
    if (action === 'VOID') {
      // Raw rows carry timestamps as PostgreSQL's text, not Date.
      const createdDay = new Date(v.created_at).toISOString().slice(0, 10);
      await tx.execute(
        `update campaigns set conversions = conversions - 1, voided = voided + 1, spend = spend - ?::bigint,
                today_conversions = case when today_date = ?::date then today_conversions - 1 else today_conversions end,
                today_spend = case when today_date = ?::date then today_spend - ?::bigint else today_spend end,
                updated_at = now()
          where id = ?`,
        [v.price, createdDay, createdDay, v.price, v.campaign_id],
      );
      await tx.execute(
        `update platform_campaign_stats set completed = completed - 1, revenue = revenue - ?::bigint
          where platform_id = ? and campaign_id = ?`,
        [v.publisher_amount, v.platform_id, v.campaign_id],
      );
      // A deleted campaign has no one to spend its budget: the voided money goes back to the advertiser.
      if (c.deleted_at && BigInt(v.price) > 0n) {
        await ledger.transfer(tx, emit, {
          key: `conversion:${v.id}:refund`,
          code: 'RETURN_BUDGET',
          debit: { kind: 'CAMPAIGN_BUDGET', campaignId: v.campaign_id },
          credit: { kind: 'ADVERTISER', userId: c.owner_id },
          amount: BigInt(v.price),
          reference: `campaign:${v.campaign_id}`,
        });
      }
    }
    const campaign = await tx.findOneOrFail(Campaign, { id: v.campaign_id }, { refresh: true });
    const view = await this.deps.campaigns.view(tx, campaign);
    const stats = CampaignsService.stats(view);
    emit(topics.campaignStats(c.project_id), stats);
    emit(topics.ownerCampaignStats(c.owner_id), stats);
    if (action === 'VOID') {
      const [row] = (await this.deps.campaigns.platforms.rows(tx, v.platform_id)).filter(
        (r) => r.campaignId === v.campaign_id,
      );
      const totals = (await this.deps.campaigns.platforms.totals(tx, [v.platform_id])).get(v.platform_id)!;
      const payload: PlatformStats = {
        platformId: v.platform_id,
        campaignId: v.campaign_id,
        completedQuantity: row?.completedQuantity ?? 0,
        profitBudget: (row?.profitBudget ?? 0n).toString(),
        platformCompleted: totals.completed,
        platformRevenue: totals.revenue.toString(),
      };
      // Published after the commit, like every event of the transaction.
      emit(topics.platformStats(v.platform_id), payload);
      emit(topics.ownerPlatformStats(v.publisher_id), payload);
    }
    return status;
  }
}
