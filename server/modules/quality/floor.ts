import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { pgIds } from '../../db/columns.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Notify } from '../notifications/notify.ts';
import type { Ledger } from '../ledger/ledger.service.ts';
import type { PlayerReportsService } from '../moderation/reports.service.ts';
import { fromRow, type QualityRow } from './score.ts';
import { floorMail } from './floor-mail.ts';
import { languageOf } from '../../../shared/languages.ts';

/** The moderators' report about an app under the floor (one per pause). */
export const QUALITY_FLOOR_RULE = 'QUALITY_FLOOR';

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

/**
 * The network floor: an app whose score (with enough data) is under QUALITY_FLOOR gets no paid
 * campaigns while its pause is open and not lifted (the showcase's audience query reads
 * `platform_quality_pauses`; swaps go on). A moderator lifts it by rejecting its report.
 */
export class QualityFloor {
  constructor(
    private readonly deps: {
      /** Apps scored under it get no paid campaigns (0: no floor). */
      floor: number;
      minSample: number;
      ledger: Ledger;
      reports: PlayerReportsService;
      mailer: Mailer;
      log: Logger;
      /** The product's address, for the link in the publisher's mail. */
      appUrl: () => string;
      /** A moderator lifted an app's pause (its owner hears of it). */
      onLifted: (platformId: number) => void;
      /** Tells the publisher in Telegram (the notifications area). */
      notify?: Notify;
    },
  ) {}

  /** The publisher hears the app was paused or is back (one message per pause and way). */
  private async notifyOwner(
    tx: EntityManager,
    type: 'appPaused' | 'appResumed',
    pause: { id: number; platformId: number; score?: number | null },
  ) {
    if (!this.deps.notify) return;
    const platformId = pause.platformId;
    const [app] = await tx.execute<{ owner_id: number; title: string }[]>(
      'select owner_id, title from platforms where id = ?',
      [platformId],
    );
    if (!app) return;
    await this.deps.notify(tx, {
      userId: app.owner_id,
      type,
      key: `${type}:${pause.id}`,
      params: { app: app.title, score: pause.score ?? '—', floor: this.deps.floor },
      path: `/publisher/${platformId}/campaigns`,
    });
  }

  /** The app's open pause, as its publisher sees it. */
  async openPause(em: EntityManager, platformId: number): Promise<QualityPause | null> {
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
          `select platform_id as id from platform_quality_daily where day > (now() at time zone 'utc')::date - 30
           union select platform_id from stats_publisher_daily where day > (now() at time zone 'utc')::date - 30
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
          and not exists (select 1 from platform_quality(array[p.platform_id], 0))`,
      [pgIds(ids), minSample, pgIds(ids)],
    );
    const moved: number[] = [];
    for (const r of rows) {
      const under = floor > 0 && r.score !== null && r.score < floor;
      if (under && !r.open) {
        if (await this.pause(em, r)) moved.push(r.platform_id);
      } else if (!under && r.open) {
        const ended = await em.transactional(async (tx) => {
          const [row] = await tx.execute<{ id: number; lifted: boolean }[]>(
            `update platform_quality_pauses set ended_at = now() where platform_id = ? and ended_at is null
             returning id, lifted_at is not null as lifted`,
            [r.platform_id],
          );
          // A lifted pause was told when it was lifted.
          if (row && !row.lifted) await this.notifyOwner(tx, 'appResumed', { id: row.id, platformId: r.platform_id });
          return row;
        });
        if (ended) moved.push(r.platform_id);
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
      await this.notifyOwner(tx, 'appPaused', { id: p.id, platformId: r.platform_id, score: r.score });
      const [owner] = await tx.execute<{ email: string; name: string; title: string; language: string | null }[]>(
        'select u.email, u.name, u.language, p.title from platforms p join users u on u.id = p.owner_id where p.id = ?',
        [r.platform_id],
      );
      return owner;
    });
    if (!opened) return false;
    // In the owner's language.
    const mail = floorMail(languageOf(opened.language), {
      name: opened.name,
      title: opened.title,
      score: r.score,
      floor,
      link: `${this.deps.appUrl()}/publisher/${r.platform_id}/campaigns`,
      penalties: quality.penalties,
    });
    await this.deps.mailer
      .send({ to: opened.email, ...mail })
      .catch((err) => this.deps.log.warn({ err }, 'the quality floor mail was not sent'));
    return true;
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
    const lifted = await tx.execute<{ id: number; platform_id: number }[]>(
      `update platform_quality_pauses set lifted_at = now(), lifted_by_id = ?, lift_note = ?
        where report_id = ? and ended_at is null and lifted_at is null returning id, platform_id`,
      [d.moderatorId, d.note, d.reportId],
    );
    if (!lifted.length) return null;
    await this.notifyOwner(tx, 'appResumed', { id: lifted[0].id, platformId: lifted[0].platform_id });
    this.deps.onLifted(lifted[0].platform_id);
    return { liftedPause: { appId: lifted[0].platform_id } };
  }
}
