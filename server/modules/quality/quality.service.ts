import type { EntityManager } from '@mikro-orm/postgresql';
import { pgIds } from '../../db/columns.ts';
import { notFound, validation } from '../../errors.ts';
import { type PubSub, topics } from '../../graphql/pubsub.ts';
import type { User } from '../users/user.entity.ts';

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
    voidRate: ratio(r?.voided ?? 0, completed),
    reportsPer1000: ratio(r?.reports_confirmed ?? 0, completed, 1000),
    fraudHitsPer1000: ratio(r?.fraud_hits ?? 0, completed, 1000),
    fastShare: ratio(r?.fast ?? 0, completed),
    penalties,
  };
}

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

  /** Sends what `soon` gathered (also at shutdown). */
  async flush() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const ids = [...this.pending];
    this.pending.clear();
    await this.publish(this.deps.em(), ids).catch(() => {});
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

  /** The owner's app: its quality and how many campaigns keep away from it (never whose). */
  async forOwner(em: EntityManager, owner: User, platformId: number) {
    await this.ownedPlatform(em, owner, platformId);
    const [quality, excludedBy] = await Promise.all([
      this.many(em, [platformId]).then((m) => m.get(platformId)!),
      this.excludedByCount(em, platformId),
    ]);
    return { ...quality, excludedByCampaigns: excludedBy };
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
    const qualities = await this.many(em, ids);
    await Promise.all(
      owners.map(async (p) => {
        const event = { ...qualities.get(p.id)!, excludedByCampaigns: await this.excludedByCount(em, p.id) };
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
