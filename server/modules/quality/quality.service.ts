import type { EntityManager } from '@mikro-orm/postgresql';
import { recordAudit } from '../audit/record.ts';
import type { Logger } from 'pino';
import { pgIds } from '../../db/columns.ts';
import { type PubSub, topics } from '../../lib/pubsub.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { TelegramClient } from '../../lib/telegram.ts';
import type { CampaignsService } from '../campaigns/campaigns.service.ts';
import type { Notify } from '../notifications/notify.ts';
import type { Ledger } from '../ledger/ledger.service.ts';
import type { PlatformsService } from '../platforms/platforms.service.ts';
import type { PlayerReportsService } from '../moderation/reports.service.ts';
import type { User } from '../users/user.entity.ts';
import { ExclusionsService } from './exclusions.service.ts';
import { QualityFloor, type QualityPause } from './floor.ts';
import { QualityRecheck } from './recheck.ts';
import { fromRow, type PlatformQuality, type QualityRow } from './score.ts';

/** The publisher's view of one app. */
export type OwnerQuality = PlatformQuality & { excludedByCampaigns: number; pause: QualityPause | null };

/**
 * Traffic quality: apps' scores (kept by the rollup's triggers, read from at most 60 rows an
 * app), the publisher's view of an app and its live events, with its parts: the advertisers'
 * exclusions, the network floor and the 30-day re-check. Changes from other areas (holds that
 * ended, reports decided or filed by a rule) gather for a moment and then apply the floor and
 * reach the apps' owners once per app.
 */
export class QualityService {
  private pending = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  readonly exclusions: ExclusionsService;
  readonly floor: QualityFloor;
  readonly recheck: QualityRecheck;

  constructor(
    private readonly deps: {
      pubsub: PubSub;
      minSample: number;
      campaigns: CampaignsService;
      platforms: PlatformsService;
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
      /** Tells publishers of pauses in Telegram (the notifications area). */
      notify?: Notify;
    },
  ) {
    const { em, log } = deps;
    this.exclusions = new ExclusionsService({ campaigns: deps.campaigns, onChanged: (ids) => this.publish(em(), ids) });
    this.floor = new QualityFloor({ ...deps, onLifted: (id) => this.soon([id]) });
    this.recheck = new QualityRecheck({
      telegram: deps.telegram,
      recheck: deps.recheck,
      log,
      onMoved: (ids) => this.soon(ids),
    });
  }

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
    const moved = await this.floor.enforceFloor(em, ids).catch((err) => {
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
   * rollup and the statistics rows' fast completions are counted again from history (the first start after the upgrade, or FRAUD_MIN_SECONDS
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
      // The fast completions are counted again: those that stand in the publishers' statistics rows, the voided ones here.
      if (row?.changed) {
        await recordAudit(tx, {
          actor: { id: null, label: 'start (FRAUD_MIN_SECONDS)' },
          action: 'setting.changed',
          object: { type: 'setting', id: 'FRAUD_MIN_SECONDS' },
          after: { fastMs },
        });
        await tx.execute('select stats_recount_fast()');
        await tx.execute('select quality_rebuild()');
      }
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
    await this.deps.platforms.assertOwner(em, owner, platformId);
    return this.ownerView(em, platformId);
  }

  /** `quality` when the caller already read it (several apps at once). */
  private async ownerView(em: EntityManager, platformId: number, quality?: PlatformQuality): Promise<OwnerQuality> {
    const [score, excludedBy, pause] = await Promise.all([
      quality ?? this.many(em, [platformId]).then((m) => m.get(platformId)!),
      this.exclusions.excludedByCount(em, platformId),
      this.floor.openPause(em, platformId),
    ]);
    return { ...score, excludedByCampaigns: excludedBy, pause };
  }

  /** Whether one of `ownerId`'s apps is paused under the quality floor now (the payout rule asks). */
  async pausedUnderFloor(em: EntityManager, ownerId: number): Promise<boolean> {
    const rows = await em.execute(
      `select 1 from platform_quality_pauses q join platforms pl on pl.id = q.platform_id
        where pl.owner_id = ? and q.ended_at is null limit 1`,
      [ownerId],
    );
    return rows.length > 0;
  }

  /** Tells the owners of these apps their quality (or exclusions) changed: the App page follows live. */
  async publish(em: EntityManager, platformIds: number[]) {
    const ids = [...new Set(platformIds)];
    if (!ids.length) return;
    const [owners, qualities] = await Promise.all([
      em.execute<{ id: number; owner_id: number }[]>('select id, owner_id from platforms where id = any(?::int[])', [
        pgIds(ids),
      ]),
      this.many(em, ids),
    ]);
    await Promise.all(
      owners.map(async (p) => {
        const event = await this.ownerView(em, p.id, qualities.get(p.id));
        await Promise.all([
          this.deps.pubsub.publish(topics.platformQuality(p.id), event).catch(() => {}),
          this.deps.pubsub.publish(topics.ownerPlatformQuality(p.owner_id), event).catch(() => {}),
        ]);
      }),
    );
  }
}
