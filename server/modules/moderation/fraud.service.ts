import { pgIds } from '../../db/columns.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { FraudConfig } from '../../config.ts';
import type { NewHit, NewReport, PlayerReportsService } from './reports.service.ts';

export const FRAUD_RULES = {
  FAST_COMPLETION: 'FAST_COMPLETION',
  HOURLY_COMPLETIONS: 'HOURLY_COMPLETIONS',
  APP_LEAVE_RATE: 'APP_LEAVE_RATE',
} as const;

/**
 * Fraud rules, run after the commit so the conversion's hot path pays nothing: conversions are
 * queued in memory and checked in batches (one query per rule per batch). A player rule's hit
 * (at most one per rule, player and day: a unique index, so several instances agree) joins its
 * app's FRAUD_RULE report of the rule and day, which lists the players and grows as hits come in,
 * and counts in the app's traffic quality. The leave-rate rule files one report per app and day.
 */
export class FraudService {
  private queue: number[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: {
      em: () => EntityManager;
      reports: PlayerReportsService;
      config: FraudConfig;
      log: Logger;
      /** How long conversions gather before a batch is checked. */
      batchMs?: number;
    },
  ) {}

  /** Whether a fraud rule's report about one of `ownerId`'s apps is still open (the payout rule asks). */
  async openReportAbout(em: EntityManager, ownerId: number): Promise<boolean> {
    const rows = await em.execute(
      `select 1 from player_reports r join platforms pl on pl.id = r.platform_id
        where pl.owner_id = ? and r.reason = 'FRAUD_RULE' and r.status in ('NEW', 'IN_REVIEW') limit 1`,
      [ownerId],
    );
    return rows.length > 0;
  }

  /** A committed conversion: checked with the next batch. */
  afterConversion(conversionId: number) {
    this.queue.push(conversionId);
    if (this.queue.length >= 500) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.deps.batchMs ?? 200);
  }

  /** Checks what is queued; resolves when every queued conversion has been checked. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const ids = this.queue.splice(0);
    this.running = this.running.then(async () => {
      if (!ids.length) return;
      try {
        await this.checkConversions(ids);
      } catch (err) {
        this.deps.log.warn({ err, conversions: ids.length }, 'fraud rules could not run on a batch');
      }
    });
    return this.running;
  }

  /** A rule's report text: what the app's players did, how many of them today. */
  describe(rule: string, count: number): string {
    const { minSeconds, maxPerHour } = this.deps.config;
    const players = count === 1 ? '1 player' : `${count} players`;
    if (rule === FRAUD_RULES.FAST_COMPLETION) {
      return `${players} of this app completed a task faster than a human can today (under ${minSeconds} s after starting it). Each player, their conversion and time are in the evidence.`;
    }
    return `${players} of this app made more than ${maxPerHour} completions in an hour today, across apps. Each player and their count are in the evidence.`;
  }

  private async checkConversions(ids: number[]) {
    const { config, reports } = this.deps;
    const em = this.deps.em();
    const fast = await em.execute<
      { id: string; player_id: string; platform_id: number; campaign_id: number; seconds: number }[]
    >(
      `select v.id, v.player_id, v.platform_id, v.campaign_id,
              extract(epoch from v.created_at - k.created_at)::float8 as seconds
         from conversions v join clicks k on k.id = v.click_id
        where v.id = any(?::bigint[]) and v.created_at - k.created_at < ? * interval '1 second'
        order by v.id`,
      [pgIds(ids), config.minSeconds],
    );
    const hits: NewHit[] = fast.map((f) => ({
      platformId: f.platform_id,
      rule: FRAUD_RULES.FAST_COMPLETION,
      playerId: Number(f.player_id),
      conversionId: Number(f.id),
      evidence: {
        campaignId: f.campaign_id,
        seconds: Math.round(f.seconds * 10) / 10,
        limitSeconds: config.minSeconds,
      },
    }));
    const busy = await em.execute<{ player_id: string; n: string; apps: number[]; platform_id: number }[]>(
      `select v.player_id, count(*) as n, array_agg(distinct v.platform_id) as apps,
              (array_agg(v.platform_id order by v.created_at desc))[1] as platform_id
         from conversions v
        where v.player_id in (select player_id from conversions where id = any(?::bigint[]))
          and v.created_at > now() - interval '1 hour'
        group by v.player_id having count(*) > ?`,
      [pgIds(ids), config.maxPerHour],
    );
    for (const b of busy) {
      // In the app of the player's latest completion.
      hits.push({
        platformId: b.platform_id,
        rule: FRAUD_RULES.HOURLY_COMPLETIONS,
        playerId: Number(b.player_id),
        conversionId: null,
        evidence: { completions: Number(b.n), limitPerHour: config.maxPerHour, apps: b.apps },
      });
    }
    await reports.fileHitsNow(em, hits, (rule, count) => this.describe(rule, count));
  }

  /**
   * After hold ends that voided channel or chat conversions: an app whose players leave more
   * often than the threshold (over the last 7 days, with enough conversions to judge) is flagged.
   */
  async afterLeaves(platformIds: number[]) {
    const { config, reports } = this.deps;
    const em = this.deps.em();
    try {
      const rows = await em.execute<{ platform_id: number; voided: string; total: string }[]>(
        `select platform_id, count(*) filter (where status = 'VOIDED') as voided, count(*) as total
           from conversions
          where platform_id = any(?::int[]) and task_type in ('CHANNEL', 'CHAT') and status in ('POSTED', 'VOIDED')
            and resolved_at > now() - interval '7 days'
          group by platform_id
         having count(*) >= ? and count(*) filter (where status = 'VOIDED') > ? * count(*)`,
        [pgIds(platformIds), config.leaveMinSample, config.leaveRate],
      );
      const hits = rows.map((r): NewReport => {
        const rate = Number(r.voided) / Number(r.total);
        const percent = Math.round(rate * 1000) / 10;
        return {
          platformId: r.platform_id,
          campaignId: null,
          playerId: null,
          playerName: null,
          reason: 'FRAUD_RULE',
          text: `${percent}% of the app's channel and chat players left before the hold ended (${r.voided} of ${r.total} in 7 days; limit ${config.leaveRate * 100}%).`,
          rule: {
            name: FRAUD_RULES.APP_LEAVE_RATE,
            subject: `app:${r.platform_id}`,
            evidence: {
              voided: Number(r.voided),
              resolved: Number(r.total),
              rate: Math.round(rate * 1000) / 1000,
              limitRate: config.leaveRate,
            },
          },
        };
      });
      await reports.fileNow(em, hits);
    } catch (err) {
      this.deps.log.warn({ err }, 'the leave-rate fraud rule could not run');
    }
  }
}
