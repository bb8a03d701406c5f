import { fail } from '../../failures.ts';
import { authorize } from '../../lib/access.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Emit } from '../../db/transaction.ts';
import { type PubSub, topics } from '../../lib/pubsub.ts';
import { likePattern, type TablePage, tablePage } from '../../lib/data-table.ts';
import type { ConversionsService } from '../campaigns/conversions.service.ts';
import type { Ledger } from '../ledger/ledger.service.ts';
import type { Logger } from 'pino';
import { Background } from '../../lib/background.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { languageOf } from '../../../shared/languages.ts';
import { reportMail } from './report-mail.ts';
import type { ReportStatus } from '../campaigns/campaign.entity.ts';
import type { TaskType } from '../projects/project.entity.ts';
import type { User } from '../users/user.entity.ts';
import { history, recordEvent } from './history.ts';
import {
  type NewHit,
  type NewReport,
  type PlayerConversion,
  type AdvertiserAsk,
  type ReportAction,
  type ReportDetail,
  type ReportEffects,
  type ReportTableQuery,
  type ReportView,
  type Row,
  SELECT,
  SORT_COLUMNS,
  toView,
} from './report-views.ts';

export * from './report-views.ts';
import { fileFraudHits, fileReports } from './report-filing.ts';
import { checkTransition, type LockedReport } from './report-transitions.ts';

/**
 * The shared player-report queue. Every change locks the report row, checks who holds the
 * claim, writes the status and its history entry (and the decision's effects) in one
 * transaction, and is pushed to every moderator after the commit.
 */
export class PlayerReportsService {
  constructor(
    private readonly deps: {
      pubsub: PubSub;
      ledger: Ledger;
      conversions: ConversionsService;
      /** Pauses a campaign inside the decision's transaction. */
      campaigns?: { pauseIn(tx: EntityManager, emit: Emit, id: number): Promise<boolean> };
      /** Mails the advertiser asked to look at a report (after the decision commits). */
      mailer?: Mailer;
      appUrl?: () => string;
      log?: Logger;
      /**
       * A moderator decided a report (RESOLVED or REJECTED), inside the decision's transaction:
       * what the decision applied besides its own effects (the quality floor lifts an app's pause
       * when its report is rejected), recorded with the decision.
       */
      onDecision?: (
        tx: EntityManager,
        decision: { reportId: number; status: ReportStatus; moderatorId: number; note: string | null },
      ) => Promise<Record<string, unknown> | null>;
    },
  ) {
    this.background = new Background(deps.log);
  }

  private readonly background: Background;

  /** Waits for the mails started after decisions (shutdown, tests). */
  idle(): Promise<void> {
    return this.background.idle();
  }

  async list(em: EntityManager, moderator: User, q: ReportTableQuery): Promise<TablePage<ReportView>> {
    const where: string[] = [];
    const params: unknown[] = [];
    const f = q.filters;
    if (f.status?.length) {
      where.push(`r.status in (${f.status.map(() => '?').join(', ')})`);
      params.push(...f.status);
    }
    if (f.reason?.length) {
      where.push(`r.reason in (${f.reason.map(() => '?').join(', ')})`);
      params.push(...f.reason);
    }
    if (f.app) {
      where.push('r.platform_id = ?');
      params.push(f.app);
    }
    if (f.campaign) {
      where.push('r.campaign_id = ?');
      params.push(f.campaign);
    }
    if (f.claimedBy === 'none') where.push('r.claimed_by_id is null');
    else if (f.claimedBy !== undefined) {
      where.push('r.claimed_by_id = ?');
      params.push(f.claimedBy === 'me' ? moderator.id : f.claimedBy);
    }
    if (q.search) {
      const like = likePattern(q.search);
      const numeric = /^\d{1,15}$/.test(q.search);
      where.push(
        `(r.text ilike ? or r.player_name ilike ? or p.title ilike ? or c.name ilike ? or c.task_title ilike ?${
          numeric ? ' or r.player_id = ? or r.id = ?' : ''
        })`,
      );
      params.push(like, like, like, like, like, ...(numeric ? [Number(q.search), Number(q.search)] : []));
    }
    const whereSql = where.length ? `where ${where.join(' and ')}` : '';
    const order = q.sortField
      ? `${SORT_COLUMNS[q.sortField]} ${q.sortOrder ?? 'asc'} nulls last, r.id ${q.sortOrder ?? 'asc'}`
      : // The queue's own order: what waits first, then what is being worked, newest first.
        `${SORT_COLUMNS.status}, r.id desc`;
    const { rows, totalCount } = await tablePage<Row>(
      em,
      q,
      {
        count: `select count(*) as n from player_reports r join platforms p on p.id = r.platform_id
         left join campaigns c on c.id = r.campaign_id ${whereSql}`,
        rows: `${SELECT} ${whereSql} order by ${order}`,
      },
      params,
    );
    return { data: rows.map(toView), totalCount };
  }

  async view(em: EntityManager, reportId: number): Promise<ReportView> {
    const [row] = await em.execute<Row[]>(`${SELECT} where r.id = ?`, [reportId]);
    if (!row) throw fail('REPORT_NOT_FOUND');
    return toView(row);
  }

  async detail(em: EntityManager, reportId: number): Promise<ReportDetail> {
    const report = await this.view(em, reportId);
    const conversions = report.playerId
      ? await em.execute<
          {
            id: string;
            created_at: Date;
            status: PlayerConversion['status'];
            price: string;
            campaign_id: number;
            name: string;
            title: string;
            task_type: TaskType;
          }[]
        >(
          `select v.id, v.created_at, v.status, v.price, v.campaign_id, c.name, p.title, v.task_type
             from conversions v join campaigns c on c.id = v.campaign_id join platforms p on p.id = v.platform_id
            where v.player_id = ? order by v.created_at desc, v.id desc limit 20`,
          [report.playerId],
        )
      : [];
    const [block] = report.playerId
      ? await em.execute<{ id: number }[]>('select id from showcase_blocks where platform_id = ? and player_id = ?', [
          report.app.id,
          report.playerId,
        ])
      : [];
    return {
      ...report,
      conversions: conversions.map((v) => ({
        id: Number(v.id),
        createdAt: new Date(v.created_at),
        status: v.status,
        price: BigInt(v.price),
        campaignId: v.campaign_id,
        campaignName: v.name,
        appTitle: v.title,
        taskType: v.task_type,
      })),
      blocked: Boolean(block),
      history: await history(em, 'PLAYER_REPORT', reportId),
    };
  }

  /**
   * Files reports (a player from the showcase, or a fraud rule's hits) in three statements
   * whatever their number, and tells the moderators after the commit (report-filing.ts).
   */
  file(tx: EntityManager, emit: Emit, inputs: NewReport[]): Promise<number[]> {
    return fileReports(tx, emit, inputs);
  }

  /** A fraud rule's hits, gathered into their app's open report of that rule and day (report-filing.ts). */
  fileHits(tx: EntityManager, emit: Emit, hits: NewHit[], describe: (rule: string, count: number) => string) {
    return fileFraudHits(tx, emit, hits, describe, (id) => this.view(tx, id));
  }

  /** Files the hits in their own transaction; the moderators hear of it after the commit. */
  fileHitsNow(em: EntityManager, hits: NewHit[], describe: (rule: string, count: number) => string) {
    return this.deps.ledger.run(em, (tx, emit) => this.fileHits(tx, emit, hits, describe));
  }

  /** Files in its own transaction; the moderators hear of it after the commit. */
  fileNow(em: EntityManager, inputs: NewReport[]) {
    return this.deps.ledger.run(em, (tx, emit) => this.file(tx, emit, inputs));
  }

  /**
   * `claim` (NEW → IN_REVIEW), `release` (IN_REVIEW → NEW, by the claimer), `status` (→ RESOLVED
   * or REJECTED, by the claimer, with the effects). `status` in the body must name where the
   * action leads; for `claim` and `release` it may be left out.
   */
  act(
    em: EntityManager,
    moderator: User,
    reportId: number,
    action: ReportAction,
    body: { status?: string; note?: string | null; effects?: ReportEffects },
  ): Promise<ReportView> {
    authorize(moderator, 'playerReport.moderate');
    const target = this.target(action, body.status);
    const note = body.note?.trim() || null;
    if (note && note.length > 1000) throw fail('NOTE_TOO_LONG');
    const effects = body.effects ?? {};
    if (target === 'REJECTED' && Object.values(effects).some(Boolean)) {
      throw fail('REJECTED_REPORT_WITH_EFFECTS');
    }
    let ask: AdvertiserAsk | null = null;
    const decided = this.deps.ledger.run(em, async (tx, emit) => {
      const r = await this.lockReport(tx, reportId);
      checkTransition(r, action, moderator.id);
      const applied: Record<string, unknown> = {};
      if (target === 'RESOLVED') {
        ask = await this.applyEffects(tx, emit, { report: r, reportId, effects, note, applied });
      }
      if (action === 'status' && this.deps.onDecision) {
        const more = await this.deps.onDecision(tx, { reportId, status: target, moderatorId: moderator.id, note });
        if (more) Object.assign(applied, more);
      }
      await this.recordTransition(tx, {
        reportId,
        moderatorId: moderator.id,
        action,
        from: r.status,
        target,
        note,
        applied,
      });
      const view = await this.view(tx, reportId);
      emit(topics.playerReports(), view);
      return view;
    });
    return decided.then((view) => {
      if (ask) this.mailAsk(ask);
      return view;
    });
  }

  /** The report's row under a lock (claims are atomic: of two moderators, the second sees the first's claim). */
  private async lockReport(tx: EntityManager, reportId: number): Promise<LockedReport> {
    const [r] = await tx.execute<LockedReport[]>(
      `select r.status, r.claimed_by_id, r.campaign_id, r.player_id, r.platform_id
         from player_reports r where r.id = ? for update`,
      [reportId],
    );
    if (!r) throw fail('REPORT_NOT_FOUND');
    // The claimer's name is read after the lock: a join in the locking query would keep the
    // user row it saw before waiting (null when the claim it waited for was the first).
    if (r.claimed_by_id !== null) {
      const [u] = await tx.execute<{ name: string }[]>('select name from users where id = ?', [r.claimed_by_id]);
      r.claimer = u?.name ?? '';
    }
    return r;
  }

  /**
   * A resolution's effects, written into `applied`: on a fraud rule's report about an app, to
   * the players it lists; otherwise to the report's player; then to its campaign. Answers the
   * advertiser's mail to send after the commit, if one was asked for.
   */
  private async applyEffects(
    tx: EntityManager,
    emit: Emit,
    d: {
      report: LockedReport;
      reportId: number;
      effects: ReportEffects;
      note: string | null;
      applied: Record<string, unknown>;
    },
  ): Promise<AdvertiserAsk | null> {
    const { report: r, reportId, effects, applied } = d;
    const hits =
      r.player_id === null && (effects.voidConversion || effects.blockPlayer)
        ? await tx.execute<{ player_id: string; conversion_id: string | null; platform_id: number }[]>(
            'select player_id, conversion_id, platform_id from fraud_hits where report_id = ? order by id',
            [reportId],
          )
        : [];
    if (hits.length) await this.applyToHits(tx, emit, { r, reportId, effects, applied, hits });
    else await this.applyToPlayer(tx, emit, { r, reportId, effects, applied });
    if (!effects.pauseCampaign && !effects.askAdvertiser) return null;
    if (!r.campaign_id) throw fail('REPORT_NAMES_NO_CAMPAIGN');
    if (effects.pauseCampaign) {
      const paused = (await this.deps.campaigns?.pauseIn(tx, emit, r.campaign_id)) ?? false;
      applied.pauseCampaign = { campaignId: r.campaign_id, result: paused ? 'PAUSED' : 'ALREADY_OFF' };
    }
    if (!effects.askAdvertiser) return null;
    const ask = await this.advertiserAsk(tx, reportId, d.note);
    applied.askAdvertiser = { email: ask.to };
    return ask;
  }

  /** A fraud rule's report about an app: the decision applies to every player it lists. */
  private async applyToHits(
    tx: EntityManager,
    emit: Emit,
    d: {
      r: LockedReport;
      reportId: number;
      effects: ReportEffects;
      applied: Record<string, unknown>;
      hits: { player_id: string; conversion_id: string | null; platform_id: number }[];
    },
  ) {
    const { r, reportId, effects, applied, hits } = d;
    if (effects.voidConversion) {
      const results: Record<string, number> = {};
      for (const h of hits.filter((x) => x.conversion_id !== null)) {
        const result = await this.deps.conversions.resolveIn(tx, emit, Number(h.conversion_id), 'VOID', { wait: true });
        const key = result === 'VOIDED' ? 'VOIDED' : 'NOT_ON_HOLD';
        results[key] = (results[key] ?? 0) + 1;
      }
      applied.voidConversion = { players: hits.length, conversions: results };
    }
    if (effects.blockPlayer) {
      await tx.execute(
        `insert into showcase_blocks (platform_id, player_id, report_id)
         select h.platform_id, h.player_id, ? from fraud_hits h where h.report_id = ?
         on conflict (platform_id, player_id) do nothing`,
        [reportId, reportId],
      );
      applied.blockPlayer = { appId: r.platform_id, players: hits.length };
    }
  }

  /** A player's report: the conversion voided (while on hold), the player blocked in the app. */
  private async applyToPlayer(
    tx: EntityManager,
    emit: Emit,
    d: { r: LockedReport; reportId: number; effects: ReportEffects; applied: Record<string, unknown> },
  ) {
    const { r, reportId, effects, applied } = d;
    const playerId = r.player_id === null ? null : Number(r.player_id);
    if (effects.voidConversion) {
      if (!r.campaign_id || !playerId) {
        throw fail('REPORT_NAMES_NO_CONVERSION');
      }
      const [v] = await tx.execute<{ id: string; status: string }[]>(
        'select id, status from conversions where campaign_id = ? and player_id = ?',
        [r.campaign_id, playerId],
      );
      const result = v ? await this.deps.conversions.resolveIn(tx, emit, Number(v.id), 'VOID', { wait: true }) : null;
      applied.voidConversion = {
        conversionId: v ? Number(v.id) : null,
        // Only money still on hold goes back; a posted conversion stays paid.
        result: result === 'VOIDED' ? 'VOIDED' : v ? `NOT_ON_HOLD` : 'NO_CONVERSION',
      };
    }
    if (effects.blockPlayer) {
      if (!playerId) throw fail('REPORT_NAMES_NO_PLAYER');
      await tx.execute(
        `insert into showcase_blocks (platform_id, player_id, report_id) values (?, ?, ?)
         on conflict (platform_id, player_id) do nothing`,
        [r.platform_id, playerId, reportId],
      );
      applied.blockPlayer = { appId: r.platform_id, playerId };
    }
  }

  /** The report's new status and claim, and the event in its history. */
  private async recordTransition(
    tx: EntityManager,
    t: {
      reportId: number;
      moderatorId: number;
      action: ReportAction;
      from: ReportStatus;
      target: ReportStatus;
      note: string | null;
      applied: Record<string, unknown>;
    },
  ) {
    const { reportId, action, target } = t;
    await tx.execute(
      `update player_reports set status = ?, updated_at = now(),
              claimed_by_id = case when ? then ? else claimed_by_id end,
              claimed_at = case when ? then now() when ? then null else claimed_at end
        where id = ?`,
      [
        target,
        action !== 'status',
        action === 'claim' ? t.moderatorId : null,
        action === 'claim',
        action === 'release',
        reportId,
      ],
    );
    const verb =
      action === 'status'
        ? target === 'RESOLVED'
          ? 'resolved'
          : 'rejected'
        : action === 'claim'
          ? 'claimed'
          : 'released';
    await recordEvent(tx, {
      subject: 'PLAYER_REPORT',
      subjectId: reportId,
      actorId: t.moderatorId,
      action: verb,
      from: t.from,
      to: target,
      note: t.note,
      effects: Object.keys(t.applied).length ? t.applied : null,
    });
  }

  /** What the advertiser is mailed about a report on their campaign, read in the decision's transaction. */
  private async advertiserAsk(tx: EntityManager, reportId: number, note: string | null): Promise<AdvertiserAsk> {
    const [row] = await tx.execute<Omit<AdvertiserAsk, 'note'>[]>(
      `select o.email as "to", o.language, o.name, c.name as campaign, c.task_title as task, p.title as app,
              r.reason, r.text
         from player_reports r join campaigns c on c.id = r.campaign_id join users o on o.id = c.owner_id
         join platforms p on p.id = r.platform_id where r.id = ?`,
      [reportId],
    );
    return { ...row!, note };
  }

  private mailAsk(ask: AdvertiserAsk) {
    const { mailer } = this.deps;
    if (!mailer) return;
    const mail = reportMail(languageOf(ask.language), {
      ...ask,
      link: `${this.deps.appUrl?.() ?? ''}/advertiser/projects`,
    });
    this.background.start('report mail to the advertiser', () => mailer.send({ to: ask.to, ...mail }));
  }

  private target(action: ReportAction, status: string | undefined): ReportStatus {
    const expected = action === 'claim' ? 'IN_REVIEW' : action === 'release' ? 'NEW' : null;
    if (expected) {
      if (status !== undefined && status !== expected) {
        throw fail('REPORT_STATUS_FOR_ACTION', { expected, action });
      }
      return expected;
    }
    if (status !== 'RESOLVED' && status !== 'REJECTED') throw fail('REPORT_STATUS_INVALID');
    return status;
  }

  /** The header badge and the tabs' counts: what waits for a moderator. */
  async counts(em: EntityManager, moderatorId: number) {
    const [row] = await em.execute<
      { new_reports: string; my_reports: string; campaigns: string; registrations: string }[]
    >(
      `select (select count(*) from player_reports where status = 'NEW') as new_reports,
              (select count(*) from player_reports where status = 'IN_REVIEW' and claimed_by_id = ?) as my_reports,
              (select count(*) from campaigns where status = 'MODERATION' and deleted_at is null
                  and review_claimed_by_id is null) as campaigns,
              (select count(*) from registration_requests where status = 'PENDING') as registrations`,
      [moderatorId],
    );
    return {
      newReports: Number(row.new_reports),
      myReports: Number(row.my_reports),
      campaignsToReview: Number(row.campaigns),
      registrations: Number(row.registrations),
    };
  }
}
