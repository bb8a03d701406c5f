import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type InitData, type TelegramUser, validateInitData } from '../../lib/init-data.ts';
import { clicksTotal } from '../../lib/metrics.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { ShowcaseFreshness } from './freshness.ts';
import { PlayerActions } from './player-actions.ts';
import { type PlayerState, PlayerStates } from './player-states.ts';
import { type Db, usedDb } from './db.ts';
import { AudienceLists, type Candidate, LIST_SIZE, type ListSource } from './audience-lists.ts';
import { audienceSql, prepared } from './audience-sql.ts';
import { taskLink } from './task-link.ts';
import {
  JsonText,
  type SharedTail,
  type SplicedHead,
  SplicedJson,
  sharedTail,
  splicedHead,
} from '../../rest/json-text.ts';

import { type PubSub, topics } from '../../lib/pubsub.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import { decryptSecret } from '../../lib/secrets.ts';
import type { TelegramClient } from '../../lib/telegram.ts';
import type { CampaignsService } from '../campaigns/campaigns.service.ts';
import type { ConversionsService } from '../campaigns/conversions.service.ts';
import { TierPrice } from '../lookups/lookups.entity.ts';
import type { LookupsService } from '../lookups/lookups.service.ts';
import type { PlayerReportsService } from '../moderation/reports.service.ts';
import type { TaskType } from '../projects/project.entity.ts';
import { fail } from '../../failures.ts';

export interface ShowcaseAward {
  title: string;
  logo: string;
  value: number;
}

export interface ShowcaseTask {
  campaignId: number;
  taskType: TaskType;
  title: string;
  logo: string;
  awards: ShowcaseAward[];
  status: 'AVAILABLE' | 'STARTED';
}

export interface PlayerContext {
  platform: PlatformRow;
  player: TelegramUser;
  country: string | null;
}

interface PlatformRow {
  id: number;
  owner_id: number;
  title: string;
  logo: string;
  is_dark_theme: boolean;
  bot_token_enc: string | null;
  tg_bot_id: string | null;
}

type CachedPlatform = PlatformRow & {
  botToken: string | null;
  /** A digest of the app's bot id and sealed token: verified initData is kept per credentials. */
  credentials: string;
};

const NO_AWARDS: ShowcaseAward[] = [];

/** The app and the player as an answer names them. */
const platformView = (p: PlatformRow) => ({ id: p.id, title: p.title, logo: p.logo, isDarkTheme: p.is_dark_theme });
const playerView = (p: TelegramUser) => ({ id: p.id, firstName: p.first_name });

/** The initData of an `Authorization: tma <initData>` header, or null. */
function initDataOf(authorization: string | undefined): string | null {
  const header = authorization?.trim() ?? '';
  // Trimmed, so what follows `tma` and its spaces is not empty and needs no trim of its own.
  const scheme = TMA.exec(header);
  return scheme ? header.slice(scheme[0].length) : null;
}
const TMA = /^tma\s+/i;

/**
 * Where a verified initData is kept: it is good until it is too old, its signature checked once
 * per app and bot credentials, not on every call of the player's session. Keyed by the app, its
 * credentials and the initData's own signatures (`hash`, `signature`), not by the header (which
 * kept every player's ~1 KB for a day, up to 50,000: bench:soak saw the heap grow) nor by a
 * digest of it (hashing every request): a header that carries a verified signature over other
 * fields is answered as the player it was signed for, which whoever holds that signature could
 * be by sending it whole. Null for an initData without signatures (never kept).
 */
function verifiedKey(platform: { id: number; credentials: string }, raw: string): string | null {
  const signed = signatures(raw);
  return signed && `${platform.id}|${platform.credentials}|${signed}`;
}

/** What a player may take of a list: not a resource they converted on, not a campaign they were not new to. */
function mayTake({ clicks, done }: PlayerState) {
  return {
    doneTask: (taskId: number) => done.has(taskId),
    skip: (campaignId: number) => clicks.get(campaignId)?.notNew === true,
  };
}

/** A player who has started (clicked) and done nothing: their list is the shared one. */
const tookNothing = ({ clicks, done }: PlayerState) => clicks.size === 0 && done.size === 0;

/** The picks the player has started (clicked). */
function startedOf(picks: Candidate[], { clicks }: PlayerState): Set<number> {
  return new Set(picks.filter((c) => clicks.has(c.id)).map((c) => c.id));
}

/** An initData's signatures (`hash`, `signature`: what its validation checks), or null without either. */
function signatures(raw: string): string | null {
  const hash = fieldOf(raw, 'hash=', '&hash=');
  const signature = fieldOf(raw, 'signature=', '&signature=');
  return hash || signature ? `${hash ?? ''}|${signature ?? ''}` : null;
}

/** The first `name=` field's value as sent (`first` is `name=`, `later` is `&name=`), or undefined. */
function fieldOf(raw: string, first: string, later: string): string | undefined {
  let from = first.length;
  if (!raw.startsWith(first)) {
    const at = raw.indexOf(later);
    if (at < 0) return undefined;
    from = at + later.length;
  }
  const end = raw.indexOf('&', from);
  return raw.slice(from, end < 0 ? raw.length : end);
}

/**
 * How old the showcase's shared reads may be. The task lists (audience-lists.ts) follow this
 * instance's events at once; what another instance or a plain SQL write changed in a campaign
 * or a resource, and a daily cap's new day, reach every instance's lists within
 * CANDIDATES_TTL_MS (a sweep every SWEEP_MS); an app's change within SHARE_CHANGES_MS. A start
 * re-checks everything in its own query. An app and its awards are read again when its owner
 * changes them (an event, shared) and after PLATFORM_TTL_MS.
 */
export const CANDIDATES_TTL_MS = 1000;
export const PLATFORM_TTL_MS = 60_000;

/** A campaign a player may do, as the start reads it and the list answers it. */
type EligibleRow = Omit<Candidate, 'task_id' | 'price'> & { click_code: string | null; player_price: string };

/**
 * The public side of the network: what a publisher's mini app shows its players. A player is
 * known only by Telegram initData, validated against the app's bot (HMAC) or bot id (Ed25519).
 */
export class ShowcaseService {
  private tiers: { byCountry: Map<string, number>; fallback: number } | null = null;
  private readonly platforms = new TtlCache<number, CachedPlatform>(10_000);
  private readonly verified = new TtlCache<string, Pick<InitData, 'user' | 'authDate'>>(50_000);
  private readonly lists = new AudienceLists();
  private readonly awardLists = new TtlCache<number, Map<TaskType, ShowcaseAward[]>>(10_000);
  /** Each player's clicks, done resources and blocks, kept per instance. */
  readonly players = new PlayerStates();

  constructor(
    private readonly deps: {
      secretsKey: Buffer;
      publicKeyHex: string;
      maxAgeSeconds: number;
      limiter: RateLimiter;
      telegram: TelegramClient;
      lookups: LookupsService;
      campaigns: CampaignsService;
      conversions: ConversionsService;
      reports: PlayerReportsService;
      /** Where other instances' changes are heard (absent: this instance's own only). */
      pubsub?: PubSub;
      /** Paid conversions in 30 days an app needs for a quality score (campaigns' minimum scores). */
      qualityMinSample: number;
      /** The server's public base URL, for smart-link visit links. */
      baseUrl: () => string;
    },
  ) {
    this.actions = new PlayerActions({ ...deps, awards: (em, platformId) => this.awards(em, platformId) });
    this.freshness = new ShowcaseFreshness({
      platforms: this.platforms,
      awardLists: this.awardLists,
      lists: this.lists,
      pubsub: deps.pubsub,
    });
  }

  /** What a player does after the start: the check, a join or leave Telegram tells, a visit, a report. */
  readonly actions: PlayerActions;

  /** What keeps the cached apps, awards and lists true to the database (showcase/freshness.ts). */
  private readonly freshness: ShowcaseFreshness;

  /** This instance, in the changes it shares (its own come back and are skipped). */
  get instance() {
    return this.freshness.instance;
  }

  /** Told of every event this instance publishes: the lists it touches are read again. */
  changed(topic: string, payload: unknown) {
    // A report resolved here may have blocked players: their next list here is empty at once.
    if (topic === topics.playerReports()) {
      const report = payload as { status?: string; playerId?: number | null } | null;
      if (report?.status === 'RESOLVED') this.players.forget(report.playerId ? [report.playerId] : undefined);
    }
    this.freshness.changed(topic, payload);
  }

  /** Listens for other instances' changes and sweeps for what was written without an event here. */
  watch(em: () => EntityManager): Promise<() => Promise<void>> {
    return this.freshness.watch(em);
  }

  /** Country → tier level; unknown countries pay the cheapest tier (the highest level). */
  async tierOf(db: Db, country: string | null): Promise<number> {
    if (!this.tiers) {
      const em = usedDb(db);
      const rows = await em.find(TierPrice, {});
      const levels = (await this.deps.lookups.tierList(em)).map((t) => t.level);
      this.tiers = {
        byCountry: new Map(rows.map((r) => [r.countryId, r.tierLevel])),
        fallback: levels.length ? Math.max(...levels) : 1,
      };
    }
    return this.tierKnown(country);
  }

  /** `tierOf` once the tiers are read. */
  private tierKnown(country: string | null): number {
    return (country && this.tiers!.byCountry.get(country)) || this.tiers!.fallback;
  }

  /**
   * The app, read again when its owner changes it (a disabled app, a new bot token) and at
   * least every PLATFORM_TTL_MS, with its bot token decrypted once.
   */
  private platform(db: Db, id: number): Promise<CachedPlatform> {
    return this.platforms.through(id, PLATFORM_TTL_MS, async () => {
      const [row] = await usedDb(db).execute<PlatformRow[]>(
        `select id, owner_id, title, logo, is_dark_theme, bot_token_enc, tg_bot_id::text as tg_bot_id
           from platforms where id = ? and is_active`,
        [id],
      );
      if (!row) throw fail('APP_NOT_FOUND');
      return {
        ...row,
        botToken: row.bot_token_enc ? decryptSecret(this.deps.secretsKey, row.bot_token_enc) : null,
        credentials: createHash('sha256').update(`${row.tg_bot_id}|${row.bot_token_enc}`).digest('base64url'),
      };
    });
  }

  /** Validates the player's initData for this app and counts the request against the rate limit. */
  async identify(
    db: Db,
    platformId: number,
    authorization: string | undefined,
    country: string | null,
  ): Promise<PlayerContext> {
    const known = this.identifyKnown(platformId, authorization, country);
    if (known) return known;
    const raw = initDataOf(authorization);
    if (!raw) throw fail('SEND_TELEGRAM_INITDATA_IN_AUTHORIZATION');
    const platform = await this.platform(db, platformId);
    const key = verifiedKey(platform, raw);
    let data = key ? this.verified.get(key) : undefined;
    if (!data) {
      const valid = validateInitData(raw, {
        botToken: platform.botToken,
        botId: platform.tg_bot_id ? Number(platform.tg_bot_id) : null,
        publicKeyHex: this.deps.publicKeyHex,
        maxAgeSeconds: this.deps.maxAgeSeconds,
      });
      data = { user: valid.user, authDate: valid.authDate };
      if (key) this.verified.set(key, data, (data.authDate + this.deps.maxAgeSeconds) * 1000);
    }
    if (!(await this.deps.limiter.hit(`showcase:${platformId}:${data.user.id}`))) {
      throw fail('PLAYER_REQUESTS_TOO_MANY');
    }
    return { platform, player: data.user, country };
  }

  /**
   * `identify` without waiting, when the app, the player's verified initData and the count
   * (a limiter of this instance's own) are in memory: a returning player's request. Otherwise
   * undefined (`identify` reads or verifies what is missing); a player over the limit is refused.
   */
  private identifyKnown(
    platformId: number,
    authorization: string | undefined,
    country: string | null,
  ): PlayerContext | undefined {
    const platform = this.platforms.get(platformId);
    const raw = platform && initDataOf(authorization);
    const key = raw && verifiedKey(platform, raw);
    const data = key ? this.verified.get(key) : undefined;
    if (!data) return undefined;
    const allowed = this.deps.limiter.hitNow?.(`showcase:${platformId}:${data.user.id}`);
    if (allowed === undefined) return undefined;
    if (!allowed) throw fail('PLAYER_REQUESTS_TOO_MANY');
    return { platform: platform!, player: data.user, country };
  }

  /**
   * Debug mode outside Telegram (a browser on the integrator's own page, no initData): the
   * app's look and awards for a test player (id 0). Only the debug list takes it, which writes
   * nothing and shows what any player of the app sees; limited per address.
   */
  async testPlayer(db: Db, platformId: number, ip: string, country: string | null): Promise<PlayerContext> {
    const platform = await this.platform(db, platformId);
    if (!(await this.deps.limiter.hit(`showcase:${platformId}:test:${ip}`))) throw fail('PLAYER_REQUESTS_TOO_MANY');
    return { platform, player: { id: 0, first_name: 'Test player' }, country };
  }

  private awards(db: Db, platformId: number): Promise<Map<TaskType, ShowcaseAward[]>> {
    return this.awardLists.through(platformId, PLATFORM_TTL_MS, () => this.readAwards(usedDb(db), platformId));
  }

  private async readAwards(em: EntityManager, platformId: number): Promise<Map<TaskType, ShowcaseAward[]>> {
    const rows = await em.execute<{ task_type: TaskType; title: string; logo: string; value: number }[]>(
      `select s.task_type, pr.title, pr.logo, sa.value
         from platform_services s
         join platform_service_awards sa on sa.service_id = s.id
         join platform_rewards pr on pr.id = sa.platform_reward_id
        where s.platform_id = ? order by sa.id`,
      [platformId],
    );
    const result = new Map<TaskType, ShowcaseAward[]>();
    for (const r of rows) {
      const list = result.get(r.task_type) ?? [];
      list.push({ title: r.title, logo: r.logo, value: r.value });
      result.set(r.task_type, list);
    }
    return result;
  }

  /**
   * Campaigns this player may do in this app: running, with budget for the player's price,
   * matching country, language and Premium, under the daily cap, not excluded by the app,
   * not done yet. Smart links only when the app awards the user in any case.
   */
  private async eligible(em: EntityManager, ctx: PlayerContext, campaignId: number): Promise<EligibleRow[]> {
    const tier = await this.tierOf(em, ctx.country);
    const price = `(c.prices ->> '${tier}')::bigint`;
    const audience = audienceSql(price);
    const audienceParams = this.audienceParams(ctx);
    // A prepared statement per tier: planning this query took several times longer than
    // running it (2.4 ms against 0.3 ms), on every click.
    return prepared<EligibleRow>(
      em,
      `showcase_eligible_t${tier}`,
      // One task per resource, and none once the player converted on any campaign of it. A
      // resource the app swaps for is shown as the swap (the app promised it, for free);
      // otherwise its best-paying campaign. Paid tasks come first by price, then swaps.
      `select * from (
       select distinct on (c.task_id) c.id, c.task_type, t.title, t.logo, t.url, t.invite_link, t.is_mini_app,
              k.code as click_code, c.new_users_only, ${price} as player_price
         ${audience.from}
         left join clicks k on k.campaign_id = c.id and k.player_id = ?
        where ${audience.where}
          and not coalesce(k.not_new, false)
          and not exists (select 1 from campaigns c2 join conversions v on v.campaign_id = c2.id
                           where c2.task_id = c.task_id and v.player_id = ?)
          and not exists (select 1 from showcase_blocks b where b.platform_id = ? and b.player_id = ?)
          and c.id = ?
        order by c.task_id, (c.deal_id is null), ${price} desc, c.id) e
        order by player_price desc, id
        limit ${LIST_SIZE}`,
      [
        // The audience's app, then the clicks join (the player), then the audience's conditions.
        ...audienceParams.slice(0, 2),
        ctx.player.id,
        ...audienceParams.slice(2),
        ctx.player.id,
        ctx.platform.id,
        ctx.player.id,
        campaignId,
      ],
    );
  }

  /**
   * The player's task list: what `eligible` answers, from the app's list for the player's
   * audience and what is the player's own (their clicks, the resources they converted on, a
   * block), read once per player and kept while no change to it is heard (player-states.ts).
   */
  private async listed(
    db: Db,
    ctx: PlayerContext,
  ): Promise<{ picks: Candidate[]; started: Set<number>; plainKey?: string }> {
    const state = await this.players.of(db, ctx.player.id);
    if (state.blockedIn.has(ctx.platform.id)) return { picks: [], started: new Set() };
    const tier = await this.tierOf(db, ctx.country);
    const source = this.listSource(db, tier, this.audienceParams(ctx));
    const key = this.audienceKey(tier, ctx);
    const picks = await this.lists.pick(key, ctx.platform.id, source, mayTake(state));
    return { picks, started: startedOf(picks, state), ...(tookNothing(state) ? { plainKey: key } : {}) };
  }

  /** The audience's list key: exactly what its query takes, the tier and its parameters. */
  private audienceKey(tier: number, ctx: PlayerContext): string {
    // `audienceParams` joined with '|' (null as ''), written out: made on every list.
    const { platform, country, player } = ctx;
    const language = player.language_code?.slice(0, 2).toLowerCase() ?? '';
    return `${tier}|${platform.id}|${this.deps.qualityMinSample}|${country ?? ''}|${language}|${player.is_premium === true}|${this.deps.campaigns.premiumPercent}`;
  }

  /** The parameters of `audienceSql`, in its order. */
  private audienceParams(ctx: PlayerContext): unknown[] {
    return [
      ctx.platform.id,
      this.deps.qualityMinSample,
      ctx.country,
      ctx.player.language_code?.slice(0, 2).toLowerCase() ?? null,
      ctx.player.is_premium === true,
      this.deps.campaigns.premiumPercent,
    ];
  }

  /**
   * How an audience's list is read: the conditions of `eligible` that do not depend on who the
   * player is, each resource's campaigns in the order a player is offered them (the swap, then
   * the best price), resources ranked by their first.
   */
  private listSource(db: Db, tier: number, params: unknown[]): ListSource {
    const price = `(c.prices ->> '${tier}')::bigint`;
    const audience = audienceSql(price);
    const ranked = (filter: string) =>
      `select c.id, c.task_id, c.task_type, t.title, t.logo, t.url, t.invite_link, t.is_mini_app, c.new_users_only,
              ${price} as price,
              row_number() over (partition by c.task_id order by (c.deal_id is null), ${price} desc, c.id) as rn
         ${audience.from}
        where ${audience.where} ${filter}`;
    const rows = (r: (Omit<Candidate, 'price'> & { price: string })[]): Candidate[] =>
      r.map(({ price, ...c }) => ({ ...c, price: BigInt(price) }));
    return {
      page: async (after, limit) =>
        rows(
          await prepared(
            usedDb(db),
            `showcase_page_t${tier}`,
            `with e as (${ranked('')}),
             top as (select task_id, price as rank_price, id as rank_id from e
                      where rn = 1 and (?::bigint is null or price < ? or (price = ? and id > ?))
                      order by price desc, id limit ?)
             select e.id, e.task_id, e.task_type, e.title, e.logo, e.url, e.invite_link, e.is_mini_app,
                    e.new_users_only, e.price::text as price
               from e join top using (task_id)
              order by top.rank_price desc, top.rank_id, e.rn`,
            [...params, after?.price ?? null, after?.price ?? null, after?.price ?? null, after?.id ?? null, limit],
          ),
        ),
      resources: async (taskIds, campaignIds) =>
        rows(
          await prepared(
            usedDb(db),
            `showcase_resources_t${tier}`,
            `select id, task_id, task_type, title, logo, url, invite_link, is_mini_app, new_users_only,
                    price::text as price
               from (${ranked(`and (c.task_id = any(?::int[])
                       or c.task_id in (select x.task_id from campaigns x where x.id = any(?::int[])))`)}) e
              order by task_id, rn`,
            [...params, `{${taskIds.join(',')}}`, `{${campaignIds.join(',')}}`],
          ),
        ),
    };
  }

  /**
   * A player's list (identify, then tasks) as the JSON text of its answer. Every mini app's
   * first request: each task is kept serialized up to its status (per list entry and the app's
   * awards, which are kept objects until their list or awards are read again), and the app's
   * part per app row, so an answer is joined, not serialized, and allocates little. Answered at
   * once, with no promise, when all it needs is in memory; otherwise read.
   */
  list(db: Db, platformId: number, authorization: string | undefined, country: string | null) {
    const player = this.identifyKnown(platformId, authorization, country);
    const known = player && this.tasksKnown(player);
    if (known) return known;
    // Identified once: a player counted by identifyKnown is not counted again.
    if (player) return this.readTasks(db, player);
    return this.identify(db, platformId, authorization, country).then(
      (p) => this.tasksKnown(p) ?? this.readTasks(db, p),
    );
  }

  /** The list's answer, reading what is not in memory (`tasksKnown` found something missing). */
  private async readTasks(db: Db, ctx: PlayerContext): Promise<JsonText> {
    const [{ picks, started, plainKey }, awards] = await Promise.all([
      this.listed(db, ctx),
      this.awards(db, ctx.platform.id),
    ]);
    // Read now: a player with nothing started or done gets the list's shared answer.
    return (plainKey && this.plainAnswer(ctx, plainKey, awards)) || this.answer(ctx, picks, started, awards);
  }

  /**
   * `tasks` without waiting, when the player's state, the app's awards, the tiers and the
   * audience's list are all in memory and up to date (a returning player on a quiet network);
   * otherwise undefined. Each promise of the async path cost server CPU on every request.
   */
  private tasksKnown(ctx: PlayerContext): JsonText | undefined {
    const state = this.players.known(ctx.player.id);
    const awards = this.awardLists.get(ctx.platform.id);
    if (!state || !awards || !this.tiers) return undefined;
    if (state.blockedIn.has(ctx.platform.id)) return this.answer(ctx, [], new Set(), awards);
    const key = this.audienceKey(this.tierKnown(ctx.country), ctx);
    if (tookNothing(state)) return this.plainAnswer(ctx, key, awards);
    const picks = this.lists.pickKnown(key, ctx.platform.id, mayTake(state));
    return picks && this.answer(ctx, picks, startedOf(picks, state), awards);
  }

  /**
   * The answer of a player who started and did nothing: the tasks part is the same for every
   * such player of the list, kept with its deflate. Undefined when the list is not in memory.
   */
  private plainAnswer(
    ctx: PlayerContext,
    key: string,
    awards: Map<TaskType, ShowcaseAward[]>,
  ): SplicedJson | undefined {
    const picks = this.lists.plainKnown(key, ctx.platform.id);
    return picks && new SplicedJson(this.keptHead(ctx), this.sharedTasks(picks, awards));
  }

  /** Per plain picks (an audience list's, `plainKnown`) and the app's awards: the answer's tasks, shared. */
  private readonly tails = new WeakMap<Candidate[], WeakMap<Map<TaskType, ShowcaseAward[]>, SharedTail>>();

  /** The tasks of a player who started nothing, all AVAILABLE, kept with their deflate. */
  private sharedTasks(picks: Candidate[], awards: Map<TaskType, ShowcaseAward[]>): SharedTail {
    let byAwards = this.tails.get(picks);
    if (!byAwards) {
      byAwards = new WeakMap();
      this.tails.set(picks, byAwards);
    }
    let tail = byAwards.get(awards);
    if (!tail) {
      tail = sharedTail(`${this.tasksJson(picks, new Set(), awards)}]}`);
      byAwards.set(awards, tail);
    }
    return tail;
  }

  /** A list's answer as JSON text, joined from its kept pieces. */
  private answer(
    ctx: PlayerContext,
    picks: Candidate[],
    started: Set<number>,
    awards: Map<TaskType, ShowcaseAward[]>,
  ): JsonText {
    return new JsonText(`${this.head(ctx)}${this.tasksJson(picks, started, awards)}]}`);
  }

  /**
   * Per verified player (the object the verified initData keeps: a new initData, a new one) and
   * app row: the answer's own part as bytes with its CRC-32, for the lists joined from a shared tail.
   */
  private readonly heads = new WeakMap<TelegramUser, { platform: PlatformRow; head: SplicedHead }>();

  private keptHead(ctx: PlayerContext): SplicedHead {
    const kept = this.heads.get(ctx.player);
    if (kept?.platform === ctx.platform) return kept.head;
    const head = splicedHead(this.head(ctx));
    this.heads.set(ctx.player, { platform: ctx.platform, head });
    return head;
  }

  /** An answer's own part, up to its tasks. */
  private head(ctx: PlayerContext): string {
    return `{"platform":${this.platformJson(ctx.platform)},"player":${JSON.stringify(playerView(ctx.player))},"tasks":[`;
  }

  /** The tasks, joined from their kept JSON. */
  private tasksJson(picks: Candidate[], started: Set<number>, awards: Map<TaskType, ShowcaseAward[]>): string {
    let text = '';
    for (let i = 0; i < picks.length; i++) {
      const c = picks[i];
      text += `${i ? ',' : ''}${this.taskJson(c, awards.get(c.task_type))}${started.has(c.id) ? 'STARTED"}' : 'AVAILABLE"}'}`;
    }
    return text;
  }

  private readonly platformTexts = new WeakMap<PlatformRow, string>();
  /** Per awards list (an app's, per task type; apps share list entries), each entry's text. */
  private readonly taskTexts = new WeakMap<ShowcaseAward[], WeakMap<Candidate, string>>();

  /** A list entry as a task's JSON, up to its status's value. */
  private taskJson(c: Candidate, awards: ShowcaseAward[] = NO_AWARDS): string {
    let texts = this.taskTexts.get(awards);
    if (!texts) {
      texts = new WeakMap();
      this.taskTexts.set(awards, texts);
    }
    let text = texts.get(c);
    if (text === undefined) {
      const whole = JSON.stringify({
        campaignId: c.id,
        taskType: c.task_type,
        title: c.title,
        logo: c.logo,
        awards,
        status: '',
      });
      text = whole.slice(0, -'"}'.length);
      texts.set(c, text);
    }
    return text;
  }

  private platformJson(platform: PlatformRow): string {
    let text = this.platformTexts.get(platform);
    if (text === undefined) {
      text = JSON.stringify(platformView(platform));
      this.platformTexts.set(platform, text);
    }
    return text;
  }

  /** The app and player a task list is for. */
  private header(ctx: PlayerContext) {
    return { platform: platformView(ctx.platform), player: playerView(ctx.player) };
  }

  /**
   * Debug mode (`?debug=true`): the app's real look and awards with one test task that the
   * script completes by itself. No click, conversion or money: nothing here writes.
   */
  async debugTasks(db: Db, ctx: PlayerContext) {
    const awards = await this.awards(db, ctx.platform.id);
    const first = [...awards.values()].find((a) => a.length) ?? [];
    return {
      ...this.header(ctx),
      debug: true as const,
      tasks: [
        {
          campaignId: 'debug',
          taskType: 'BOT' as TaskType,
          title: 'Test task',
          logo: ctx.platform.logo,
          awards: awards.get('BOT')?.length ? awards.get('BOT')! : first,
          status: 'AVAILABLE' as const,
        },
      ],
    };
  }

  /**
   * Records the click (one per campaign and player) and answers the link to open. A player who
   * is already in the channel or chat at the first start is not new: the click is kept marked
   * `not_new` (so the task never pays and leaves the list) and the start is refused.
   */
  async start(em: EntityManager, ctx: PlayerContext, campaignId: number) {
    const [row] = await this.eligible(em, ctx, campaignId);
    if (!row) {
      if (await this.blocked(em, ctx)) throw fail('PLAYER_BLOCKED');
      const done = await this.deps.conversions.existing(em, campaignId, ctx.player.id);
      if (done) throw fail('PLAYER_TASK_DONE_ALREADY');
      const [refused] = await em.execute<{ id: string }[]>(
        'select id from clicks where campaign_id = ? and player_id = ? and not_new',
        [campaignId, ctx.player.id],
      );
      if (refused) throw fail('PLAYER_WAS_MEMBER');
      throw fail('TASK_NOT_FOUND');
    }
    const tier = await this.tierOf(em, ctx.country);
    // Only the first start decides newness: a player who joins after it and starts again is new.
    const member = !row.click_code && row.new_users_only && (await this.actions.memberAtStart(row, ctx.player.id));
    // The click and, for a member's first start, the refusal count in one statement: counted
    // once per player, by the start that wrote the click (xmax = 0), never without it.
    const [click] = await em.execute<{ id: string; code: string; not_new: boolean; inserted: boolean }[]>(
      `with k as (
         insert into clicks (code, campaign_id, platform_id, player_id, country, tier_level, is_premium, not_new)
         values (?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (campaign_id, player_id) do update set platform_id = excluded.platform_id
         returning id, code, not_new, (xmax = 0) as inserted),
       counted as (
         update campaigns set not_new = not_new + 1, updated_at = now()
          where id = ? and exists (select 1 from k where k.not_new and k.inserted))
       select * from k`,
      [
        randomBytes(16).toString('base64url'),
        campaignId,
        ctx.platform.id,
        ctx.player.id,
        ctx.country,
        tier,
        ctx.player.is_premium === true,
        member,
        campaignId,
      ],
    );
    clicksTotal.inc({ outcome: click.not_new ? 'not_new' : click.inserted ? 'new' : 'repeat' });
    // This instance's next list for the player shows the start at once (the database's
    // notification tells every instance too, a moment later).
    if (click.inserted) this.players.forget([ctx.player.id]);
    if (click.not_new) {
      if (click.inserted) await this.deps.conversions.publishCampaignId(em, campaignId);
      throw fail('PLAYER_WAS_MEMBER');
    }
    return {
      clickId: Number(click.id),
      link: taskLink(row, click.code, this.deps.baseUrl()),
      taskType: row.task_type,
      status: 'STARTED' as const,
    };
  }

  /** A moderator blocked this player in this app's showcase. */
  private async blocked(em: EntityManager, ctx: PlayerContext): Promise<boolean> {
    const [row] = await em.execute<{ id: number }[]>(
      'select id from showcase_blocks where platform_id = ? and player_id = ?',
      [ctx.platform.id, ctx.player.id],
    );
    return Boolean(row);
  }
}
