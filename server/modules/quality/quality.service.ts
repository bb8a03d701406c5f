import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { pgIds } from '../../db/columns.ts';
import { notFound, validation } from '../../errors.ts';
import { type PubSub, topics } from '../../graphql/pubsub.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { TelegramApiError, type TelegramClient } from '../../lib/telegram.ts';
import { isMember } from '../campaigns/conversions.service.ts';
import { telegramUsername } from '../projects/projects.inputs.ts';
import type { Ledger } from '../ledger/ledger.service.ts';
import type { PlayerReportsService } from '../moderation/reports.service.ts';
import type { User } from '../users/user.entity.ts';

/** The moderators' report about an app under the floor (one per pause). */
export const QUALITY_FLOOR_RULE = 'QUALITY_FLOOR';

/** What takes points off an app's score, worst first on the App page. */
export const QUALITY_COMPONENTS = ['RETENTION', 'VOIDS', 'REPORTS', 'FRAUD_RULES', 'FAST'] as const;
export type QualityComponent = (typeof QUALITY_COMPONENTS)[number];

/** The most apps one exclusion list holds. */
export const MAX_EXCLUDED_PLATFORMS = 1000;

/** One app's traffic quality over the last 30 days (sql/platform_quality.sql). */
export interface PlatformQuality {
  platformId: number;
  /** 0–100, or null: not enough data (fewer paid conversions than `minSample`). */
  score: number | null;
  /** Paid conversions in the 30 days: the sample behind the score. */
  conversions: number;
  minSample: number;
  /** Share of paid channel and chat conversions whose players were still members when the hold ended (null: none ended). */
  retention: number | null;
  retentionSample: number;
  /** Share of the players checked again 30 days on (conversions of the 30 days before) still members (null: none checked). */
  retention30d: number | null;
  retention30dSample: number;
  voidRate: number | null;
  /** Moderator-confirmed players' reports per 1,000 conversions. */
  reportsPer1000: number | null;
  /** Fraud-rule hits (not rejected) per 1,000 conversions. */
  fraudHitsPer1000: number | null;
  /** Share of completions faster than FRAUD_MIN_SECONDS after the start. */
  fastShare: number | null;
  /** The points each component takes off 100, worst first; components that take nothing are left out. */
  penalties: { component: QualityComponent; points: number }[];
}

interface QualityRow {
  platform_id: number;
  completed: number;
  fast: number;
  voided: number;
  social_resolved: number;
  social_retained: number;
  checked_30d: number;
  retained_30d: number;
  reports_confirmed: number;
  fraud_hits: number;
  retention_penalty: string;
  void_penalty: string;
  report_penalty: string;
  fraud_penalty: string;
  fast_penalty: string;
  score: number | null;
}

const ratio = (n: number, d: number, scale = 1) => (d ? Math.round((n * scale * 10_000) / d) / 10_000 : null);

function fromRow(platformId: number, r: QualityRow | undefined, minSample: number): PlatformQuality {
  const completed = r?.completed ?? 0;
  const penalties = (
    [
      ['RETENTION', r?.retention_penalty],
      ['VOIDS', r?.void_penalty],
      ['REPORTS', r?.report_penalty],
      ['FRAUD_RULES', r?.fraud_penalty],
      ['FAST', r?.fast_penalty],
    ] as const
  )
    .map(([component, points]) => ({ component, points: Number(points ?? 0) }))
    .filter((p) => p.points > 0)
    .sort((a, b) => b.points - a.points);
  return {
    platformId,
    score: r?.score ?? null,
    conversions: completed,
    minSample,
    retention: ratio(r?.social_retained ?? 0, r?.social_resolved ?? 0),
    retentionSample: r?.social_resolved ?? 0,
    retention30d: ratio(r?.retained_30d ?? 0, r?.checked_30d ?? 0),
    retention30dSample: r?.checked_30d ?? 0,
    voidRate: ratio(r?.voided ?? 0, completed),
    reportsPer1000: ratio(r?.reports_confirmed ?? 0, completed, 1000),
    fraudHitsPer1000: ratio(r?.fraud_hits ?? 0, completed, 1000),
    fastShare: ratio(r?.fast ?? 0, completed),
    penalties,
  };
}

/** An app's open pause under the network floor, as its publisher sees it. */
export interface QualityPause {
  since: Date;
  /** The score that paused it, and the floor. */
  score: number;
  floor: number;
  /** A moderator lifted it: paid campaigns show again until the pause ends. */
  liftedAt: Date | null;
  liftNote: string | null;
}

/** The publisher's view of one app. */
export type OwnerQuality = PlatformQuality & { excludedByCampaigns: number; pause: QualityPause | null };

/** An app in an exclusion list. */
export interface ExcludedPlatform {
  platformId: number;
  title: string;
  logo: string;
  createdAt: Date;
}

type ExclusionTable = 'campaign_excluded_platforms' | 'user_excluded_platforms';
type ExclusionColumn = 'campaign_id' | 'user_id';

/**
 * Traffic quality: apps' scores (kept by the rollup's triggers, read from at most 30 rows an app)
 * and the advertisers' exclusions. The showcase applies exclusions and minimum scores in its
 * audience query (showcase.service.ts), whose cached lists live at most a second: a change
 * reaches every instance's showcase within it.
 */
export class QualityService {
  private pending = new Set<number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: {
      pubsub: PubSub;
      minSample: number;
      /** A fresh EntityManager for the live events that follow other areas' work. */
      em: () => EntityManager;
      /** Apps scored under it get no paid campaigns (0: no floor). */
      floor: number;
      ledger: Ledger;
      reports: PlayerReportsService;
      mailer: Mailer;
      log: Logger;
      /** The product's address, for the link in the publisher's mail. */
      appUrl: () => string;
      /** The system bot, for the 30-day re-check of channel and chat members. */
      telegram: TelegramClient;
      recheck: { percent: number; perRound: number; spacingMs: number };
      /** How long changes gather before their apps' owners are told (one event per app). */
      gatherMs?: number;
    },
  ) {}

  /**
   * These apps' quality moved (holds ended, a report decided): their owners hear of it shortly,
   * once per app however many changes came in meanwhile.
   */
  soon(platformIds: number[]) {
    for (const id of platformIds) this.pending.add(id);
    this.timer ??= setTimeout(() => void this.flush(), this.deps.gatherMs ?? 200);
  }

  /** Applies the floor to what `soon` gathered and tells the owners (also at shutdown). */
  async flush() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const ids = [...this.pending];
    this.pending.clear();
    if (!ids.length) return;
    const em = this.deps.em();
    const moved = await this.enforceFloor(em, ids).catch((err) => {
      this.deps.log.warn({ err }, 'the quality floor could not be applied');
      return [];
    });
    await this.publish(em, [...ids, ...moved]).catch(() => {});
  }

  /** A live event another area published: a report decided or filed by a rule moves its app's quality. */
  heard(topic: string, payload: unknown) {
    if (topic !== topics.playerReports()) return;
    const r = payload as { app?: { id: number }; status?: string; reason?: string } | null;
    if (r?.app && (r.reason === 'FRAUD_RULE' || r.status === 'RESOLVED' || r.status === 'REJECTED'))
      this.soon([r.app.id]);
  }

  /**
   * At start: the fast-completion threshold the triggers read; when it is new or changed, the
   * rollup is rebuilt from history (the first start after the upgrade, or FRAUD_MIN_SECONDS
   * changed), in one transaction.
   */
  async start(em: EntityManager, fastSeconds: number) {
    const fastMs = Math.round(fastSeconds * 1000);
    await em.transactional(async (tx) => {
      const [row] = await tx.execute<{ changed: boolean }[]>(
        `insert into quality_settings (id, fast_ms) values (1, ?)
         on conflict (id) do update set fast_ms = excluded.fast_ms where quality_settings.fast_ms <> excluded.fast_ms
         returning true as changed`,
        [fastMs],
      );
      if (row?.changed) await tx.execute('select quality_rebuild()');
    });
  }

  /** Several apps' quality, whoever owns them (the advertiser's report by app). */
  async many(em: EntityManager, platformIds: number[]): Promise<Map<number, PlatformQuality>> {
    const { minSample } = this.deps;
    const ids = [...new Set(platformIds)];
    if (!ids.length) return new Map();
    const rows = await em.execute<QualityRow[]>('select * from platform_quality(?::int[], ?)', [pgIds(ids), minSample]);
    const byId = new Map(rows.map((r) => [r.platform_id, r]));
    return new Map(ids.map((id) => [id, fromRow(id, byId.get(id), minSample)]));
  }

  /** The owner's app: its quality, how many campaigns keep away from it (never whose), and its pause. */
  async forOwner(em: EntityManager, owner: User, platformId: number): Promise<OwnerQuality> {
    await this.ownedPlatform(em, owner, platformId);
    return this.ownerView(em, platformId);
  }

  private async ownerView(em: EntityManager, platformId: number): Promise<OwnerQuality> {
    const [quality, excludedBy, pause] = await Promise.all([
      this.many(em, [platformId]).then((m) => m.get(platformId)!),
      this.excludedByCount(em, platformId),
      this.openPause(em, platformId),
    ]);
    return { ...quality, excludedByCampaigns: excludedBy, pause };
  }

  private async openPause(em: EntityManager, platformId: number): Promise<QualityPause | null> {
    const [p] = await em.execute<
      { created_at: Date | string; score: number; lifted_at: Date | string | null; lift_note: string | null }[]
    >(
      'select created_at, score, lifted_at, lift_note from platform_quality_pauses where platform_id = ? and ended_at is null',
      [platformId],
    );
    if (!p) return null;
    return {
      since: new Date(p.created_at),
      score: p.score,
      floor: this.deps.floor,
      liftedAt: p.lifted_at ? new Date(p.lifted_at) : null,
      liftNote: p.lift_note,
    };
  }

  /**
   * The network floor, for these apps (or every app with a score or an open pause): an app with
   * enough data scored under QUALITY_FLOOR is paused (one pause, one moderators' report with the
   * components, one mail to its publisher); an open pause ends once the score is back at the
   * floor or there is not enough data. Answers the apps whose pause opened or ended.
   */
  async enforceFloor(em: EntityManager, platformIds?: number[]): Promise<number[]> {
    const { floor, minSample } = this.deps;
    const ids =
      platformIds ??
      (
        await em.execute<{ id: number }[]>(
          `select distinct platform_id as id from platform_quality_daily
            where day > (now() at time zone 'utc')::date - 30
           union select platform_id from platform_quality_pauses where ended_at is null`,
        )
      ).map((r) => r.id);
    if (!ids.length) return [];
    const rows = await em.execute<(QualityRow & { open: boolean })[]>(
      `select q.*, exists (select 1 from platform_quality_pauses p where p.platform_id = q.platform_id and p.ended_at is null) as open
         from platform_quality(?::int[], ?) q
       union all
       select p.platform_id, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, null, true
         from platform_quality_pauses p
        where p.ended_at is null and p.platform_id = any(?::int[])
          and not exists (select 1 from platform_quality_daily d where d.platform_id = p.platform_id
                           and d.day > (now() at time zone 'utc')::date - 30)`,
      [pgIds(ids), minSample, pgIds(ids)],
    );
    const moved: number[] = [];
    for (const r of rows) {
      const under = floor > 0 && r.score !== null && r.score < floor;
      if (under && !r.open) {
        if (await this.pause(em, r)) moved.push(r.platform_id);
      } else if (!under && r.open) {
        const ended = await em.execute(
          'update platform_quality_pauses set ended_at = now() where platform_id = ? and ended_at is null returning id',
          [r.platform_id],
        );
        if (ended.length) moved.push(r.platform_id);
      }
    }
    return moved;
  }

  /** Opens the app's pause with its report, in one transaction; then mails its publisher. */
  private async pause(em: EntityManager, r: QualityRow): Promise<boolean> {
    const { floor, minSample } = this.deps;
    const quality = fromRow(r.platform_id, r, minSample);
    const opened = await this.deps.ledger.run(em, async (tx, emit) => {
      const [p] = await tx.execute<{ id: number }[]>(
        `insert into platform_quality_pauses (platform_id, score) values (?, ?)
         on conflict (platform_id) where ended_at is null do nothing returning id`,
        [r.platform_id, r.score],
      );
      if (!p) return null;
      const worst = quality.penalties.map((x) => `${x.component.toLowerCase().replace('_', ' ')} −${x.points}`);
      const [reportId] = await this.deps.reports.file(tx, emit, [
        {
          platformId: r.platform_id,
          campaignId: null,
          playerId: null,
          playerName: null,
          reason: 'FRAUD_RULE',
          text: `The app's traffic quality score is ${r.score}, under the network's floor of ${floor} (${worst.join(', ')}). Paid campaigns are paused in it; swaps go on. Reject this report to lift the pause (with a note); resolve it to keep the pause until the score recovers.`,
          rule: {
            name: QUALITY_FLOOR_RULE,
            subject: `app:${r.platform_id}:pause:${p.id}`,
            evidence: { ...quality, floor },
          },
        },
      ]);
      await tx.execute('update platform_quality_pauses set report_id = ? where id = ?', [reportId ?? null, p.id]);
      const [owner] = await tx.execute<{ email: string; name: string; title: string }[]>(
        'select u.email, u.name, p.title from platforms p join users u on u.id = p.owner_id where p.id = ?',
        [r.platform_id],
      );
      return owner;
    });
    if (!opened) return false;
    const lines = [
      `Hello ${opened.name},`,
      '',
      `Paid campaigns are paused in ${opened.title}: its traffic quality score over the last 30 days is ${r.score}, under the network's floor of ${floor}. Swaps you agreed to go on.`,
      '',
      'What lowers it:',
      ...quality.penalties.map((x) => `- ${x.component.toLowerCase().replace('_', ' ')}: −${x.points} points`),
      '',
      `The App page shows each component: ${this.deps.appUrl()}/publisher/${r.platform_id}/campaigns`,
      'The pause ends by itself once the score is back at the floor; a moderator reviews it too.',
    ];
    await this.deps.mailer
      .send({ to: opened.email, subject: `Paid campaigns paused in ${opened.title}`, text: lines.join('\n') })
      .catch((err) => this.deps.log.warn({ err }, 'the quality floor mail was not sent'));
    return true;
  }

  /**
   * The 30-day re-check: posted channel and chat conversions made 30 to 60 days ago, a fixed
   * sample of them (RECHECK_PERCENT, by a hash of the id, so every instance and round agrees),
   * are checked again through the system bot's getChatMember, at most `perRound` a round and
   * `spacingMs` apart (the Bot API's limits: a round stops at a 429); the rest are marked done
   * without a call. A player Telegram cannot tell about is not counted either way. The trigger
   * moves the rollup; answers what the round did.
   */
  async recheck(em: EntityManager): Promise<{ checked: number; retained: number; skipped: number }> {
    const { telegram, recheck } = this.deps;
    const result = { checked: 0, retained: 0, skipped: 0 };
    if (!telegram.configured) return result;
    const window = `v.status = 'POSTED' and v.checked_30d_at is null and v.task_type in ('CHANNEL', 'CHAT')
                    and v.created_at < now() - interval '30 days' and v.created_at > now() - interval '60 days'`;
    const skipped = await em.execute<{ id: string }[]>(
      `update conversions set checked_30d_at = now()
        where id in (select v.id from conversions v where ${window} and abs(hashtext(v.id::text)) % 100 >= ? limit 5000)
        returning id`,
      [recheck.percent],
    );
    result.skipped = skipped.length;
    const due = await em.execute<{ id: string; player_id: string; platform_id: number; url: string | null }[]>(
      `select v.id, v.player_id, v.platform_id, coalesce(t.url, c.task_url) as url
         from conversions v join campaigns c on c.id = v.campaign_id left join tasks t on t.id = c.task_id
        where ${window} and abs(hashtext(v.id::text)) % 100 < ?
        order by v.created_at limit ?`,
      [recheck.percent, recheck.perRound],
    );
    const moved = new Set<number>();
    for (const [i, d] of due.entries()) {
      if (i > 0) await new Promise((r) => setTimeout(r, recheck.spacingMs));
      const username = telegramUsername(d.url ?? '');
      let kept: boolean | null = null;
      if (username) {
        try {
          kept = isMember(await telegram.getChatMember(`@${username}`, Number(d.player_id)));
        } catch (err) {
          if (err instanceof TelegramApiError && err.errorCode === 429) break;
          if (!(err instanceof TelegramApiError)) {
            this.deps.log.warn({ err, conversion: d.id }, '30-day re-check failed; retrying next round');
            continue;
          }
          // The chat is gone or the bot was removed: Telegram cannot tell, the player is not counted.
        }
      }
      await em.execute('update conversions set checked_30d_at = now(), retained_30d = ? where id = ?', [kept, d.id]);
      if (kept !== null) {
        result.checked++;
        if (kept) result.retained++;
        moved.add(d.platform_id);
      }
    }
    if (moved.size) this.soon([...moved]);
    return result;
  }

  /**
   * A moderator decided a report (inside the decision's transaction): rejecting an app's quality
   * floor report lifts its pause, with the moderator's note; resolving keeps it.
   */
  async decided(
    tx: EntityManager,
    d: { reportId: number; status: string; moderatorId: number; note: string | null },
  ): Promise<Record<string, unknown> | null> {
    if (d.status !== 'REJECTED') return null;
    const lifted = await tx.execute<{ platform_id: number }[]>(
      `update platform_quality_pauses set lifted_at = now(), lifted_by_id = ?, lift_note = ?
        where report_id = ? and ended_at is null and lifted_at is null returning platform_id`,
      [d.moderatorId, d.note, d.reportId],
    );
    if (!lifted.length) return null;
    this.soon([lifted[0].platform_id]);
    return { liftedPause: { appId: lifted[0].platform_id } };
  }

  /** Campaigns (not deleted) that exclude the app, on their own or through their advertiser's list. */
  async excludedByCount(em: EntityManager, platformId: number): Promise<number> {
    const [row] = await em.execute<{ n: number }[]>(
      `select count(*)::int as n from campaigns c
        where c.deleted_at is null and c.deal_id is null
          and (exists (select 1 from campaign_excluded_platforms x where x.campaign_id = c.id and x.platform_id = ?)
               or exists (select 1 from user_excluded_platforms u where u.user_id = c.owner_id and u.platform_id = ?))`,
      [platformId, platformId],
    );
    return row.n;
  }

  /** The apps one of the advertiser's campaigns is kept away from. */
  async campaignExclusions(em: EntityManager, owner: User, campaignId: number): Promise<ExcludedPlatform[]> {
    await this.ownedCampaign(em, owner, campaignId);
    return this.listed(em, 'campaign_excluded_platforms', 'campaign_id', campaignId);
  }

  /** The apps all of the advertiser's campaigns are kept away from. */
  async userExclusions(em: EntityManager, owner: User): Promise<ExcludedPlatform[]> {
    return this.listed(em, 'user_excluded_platforms', 'user_id', owner.id);
  }

  /** Replaces a campaign's list; answers the new one. */
  async setCampaignExclusions(em: EntityManager, owner: User, campaignId: number, platformIds: number[]) {
    await this.ownedCampaign(em, owner, campaignId);
    return this.replace(em, 'campaign_excluded_platforms', 'campaign_id', campaignId, platformIds);
  }

  /** Replaces the advertiser's list; answers the new one. */
  async setUserExclusions(em: EntityManager, owner: User, platformIds: number[]) {
    return this.replace(em, 'user_excluded_platforms', 'user_id', owner.id, platformIds);
  }

  /** Adds or removes one app (the report row's action): one campaign's list, or the advertiser's. */
  async toggle(
    em: EntityManager,
    owner: User,
    input: { platformId: number; campaignId?: number; excluded: boolean },
  ): Promise<ExcludedPlatform[]> {
    const current = input.campaignId
      ? await this.campaignExclusions(em, owner, input.campaignId)
      : await this.userExclusions(em, owner);
    const ids = new Set(current.map((p) => p.platformId));
    if (input.excluded) ids.add(input.platformId);
    else ids.delete(input.platformId);
    return input.campaignId
      ? this.setCampaignExclusions(em, owner, input.campaignId, [...ids])
      : this.setUserExclusions(em, owner, [...ids]);
  }

  private async replace(
    em: EntityManager,
    table: ExclusionTable,
    column: ExclusionColumn,
    id: number,
    platformIds: number[],
  ): Promise<ExcludedPlatform[]> {
    const ids = [...new Set(platformIds)];
    if (ids.length > MAX_EXCLUDED_PLATFORMS) {
      throw validation(`Exclude at most ${MAX_EXCLUDED_PLATFORMS} apps`, 'platformIds');
    }
    const changed = await em.transactional(async (tx) => {
      if (ids.length) {
        const known = await tx.execute<{ id: number }[]>('select id from platforms where id = any(?::int[])', [
          pgIds(ids),
        ]);
        const missing = ids.filter((p) => !known.some((k) => k.id === p));
        if (missing.length) throw validation(`App #${missing[0]} does not exist`, 'platformIds');
      }
      // Apps that leave or join the list: their publishers' exclusion counts change.
      const removed = await tx.execute<{ platform_id: number }[]>(
        `delete from ${table} where ${column} = ? and not (platform_id = any(?::int[])) returning platform_id`,
        [id, pgIds(ids)],
      );
      const added = ids.length
        ? await tx.execute<{ platform_id: number }[]>(
            `insert into ${table} (${column}, platform_id) select ?, unnest(?::int[])
             on conflict do nothing returning platform_id`,
            [id, pgIds(ids)],
          )
        : [];
      return [...removed, ...added].map((r) => r.platform_id);
    });
    await this.publish(em, changed);
    return this.listed(em, table, column, id);
  }

  /** Tells the owners of these apps their quality (or exclusions) changed: the App page follows live. */
  async publish(em: EntityManager, platformIds: number[]) {
    const ids = [...new Set(platformIds)];
    if (!ids.length) return;
    const owners = await em.execute<{ id: number; owner_id: number }[]>(
      'select id, owner_id from platforms where id = any(?::int[])',
      [pgIds(ids)],
    );
    await Promise.all(
      owners.map(async (p) => {
        const event = await this.ownerView(em, p.id);
        await Promise.all([
          this.deps.pubsub.publish(topics.platformQuality(p.id), event).catch(() => {}),
          this.deps.pubsub.publish(topics.ownerPlatformQuality(p.owner_id), event).catch(() => {}),
        ]);
      }),
    );
  }

  private listed(em: EntityManager, table: ExclusionTable, column: ExclusionColumn, id: number) {
    return em
      .execute<{ platform_id: number; title: string; logo: string; created_at: Date | string }[]>(
        `select x.platform_id, p.title, p.logo, x.created_at
           from ${table} x join platforms p on p.id = x.platform_id
          where x.${column} = ? order by x.created_at desc, x.platform_id`,
        [id],
      )
      .then((rows): ExcludedPlatform[] =>
        rows.map((r) => ({
          platformId: r.platform_id,
          title: r.title,
          logo: r.logo,
          createdAt: new Date(r.created_at),
        })),
      );
  }

  private async ownedCampaign(em: EntityManager, owner: User, campaignId: number) {
    const [c] = await em.execute<{ id: number }[]>(
      'select id from campaigns where id = ? and owner_id = ? and deleted_at is null and deal_id is null',
      [campaignId, owner.id],
    );
    if (!c) throw notFound('Campaign');
  }

  private async ownedPlatform(em: EntityManager, owner: User, platformId: number) {
    const [p] = await em.execute<{ id: number }[]>('select id from platforms where id = ? and owner_id = ?', [
      platformId,
      owner.id,
    ]);
    if (!p) throw notFound('Platform');
  }
}
