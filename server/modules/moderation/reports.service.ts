import { pgIds } from '../../db/columns.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import type { Emit } from '../../db/transaction.ts';
import { conflict, notFound, validation } from '../../errors.ts';
import { type PubSub, topics } from '../../lib/pubsub.ts';
import {
  dataTableQuery,
  likePattern,
  oneOrMany,
  type TablePage,
  type TableQuery,
  tablePage,
} from '../../lib/data-table.ts';
import type { ConversionsService } from '../campaigns/conversions.service.ts';
import type { Ledger } from '../ledger/ledger.service.ts';
import type { Logger } from 'pino';
import { Background } from '../../lib/background.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { languageOf } from '../../../showcase/i18n/languages.ts';
import { type ReportAsk, reportMail } from './report-mail.ts';
import { REPORT_REASONS, REPORT_STATUSES, type ReportReason, type ReportStatus } from '../campaigns/campaign.entity.ts';
import type { TaskType } from '../projects/project.entity.ts';
import type { User } from '../users/user.entity.ts';
import { type HistoryEntry, history, recordEvent } from './history.ts';

export const REPORT_SORT_FIELDS = [
  'id',
  'createdAt',
  'updatedAt',
  'status',
  'reason',
  'player',
  'app',
  'campaign',
  'claimedBy',
] as const;
export type ReportSortField = (typeof REPORT_SORT_FIELDS)[number];

const id = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int()
    .positive(`${name} must be a number`);

export const ReportFilters = z.object({
  status: oneOrMany(REPORT_STATUSES, 'status'),
  reason: oneOrMany(REPORT_REASONS, 'reason'),
  app: id('app').optional(),
  campaign: id('campaign').optional(),
  // A moderator's id, "me", or "none" (unclaimed).
  claimedBy: z
    .union([id('claimedBy'), z.enum(['me', 'none'])], { error: 'claimedBy must be an id, me or none' })
    .optional(),
});
export type ReportFilters = z.output<typeof ReportFilters>;
export const ReportTableQuery = dataTableQuery(REPORT_SORT_FIELDS, ReportFilters);
export type ReportTableQuery = TableQuery<ReportFilters, ReportSortField>;

/** What a moderator's decision does besides the status: applied in the same transaction. */
export const ReportEffects = z
  .object({
    voidConversion: z.boolean().optional(),
    blockPlayer: z.boolean().optional(),
    /** Turn the campaign's switch off (its task is broken or wrong); the advertiser turns it on once fixed. */
    pauseCampaign: z.boolean().optional(),
    /** Mail the campaign's advertiser the report and the moderator's note, asking them to look. */
    askAdvertiser: z.boolean().optional(),
  })
  .strict();
export type ReportEffects = z.output<typeof ReportEffects>;

export const REPORT_ACTIONS = ['claim', 'release', 'status'] as const;

/** The report mail's words (report-mail.ts), its address and the advertiser's chosen language (null: English). */
interface AdvertiserAsk extends Omit<ReportAsk, 'link'> {
  to: string;
  language: string | null;
}
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export interface ReportView {
  id: number;
  createdAt: Date;
  updatedAt: Date;
  status: ReportStatus;
  reason: ReportReason;
  text: string | null;
  playerId: number | null;
  playerName: string | null;
  app: { id: number; title: string };
  campaign: { id: number; name: string; taskTitle: string; taskType: TaskType; ownerName: string } | null;
  claimedBy: { id: number; name: string } | null;
  claimedAt: Date | null;
  rule: string | null;
  evidence: Record<string, unknown> | null;
}

export interface PlayerConversion {
  id: number;
  createdAt: Date;
  status: 'HOLD' | 'POSTED' | 'VOIDED';
  price: bigint;
  campaignId: number;
  campaignName: string;
  appTitle: string;
  taskType: TaskType;
}

export interface ReportDetail extends ReportView {
  /** The player's latest conversions, across apps (what the decision's effects act on). */
  conversions: PlayerConversion[];
  /** Whether the player is blocked in this app's showcase. */
  blocked: boolean;
  history: HistoryEntry[];
}

export interface NewReport {
  platformId: number;
  campaignId: number | null;
  playerId: number | null;
  playerName: string | null;
  reason: ReportReason;
  text: string | null;
  /** A fraud rule's hit: filed once per rule, subject and day. */
  rule?: { name: string; subject: string; evidence: Record<string, unknown> };
}

/** One fraud rule's hit: a player, in the app it happened in, with the rule's evidence. */
export interface NewHit {
  platformId: number;
  rule: string;
  playerId: number;
  conversionId: number | null;
  evidence: Record<string, unknown>;
}

/** How many hits of a report list their players in its evidence (the count goes on). */
export const LISTED_HITS = 100;

interface Row {
  id: number;
  created_at: Date;
  updated_at: Date;
  status: ReportStatus;
  reason: ReportReason;
  text: string | null;
  player_id: string | null;
  player_name: string | null;
  platform_id: number;
  app_title: string;
  campaign_id: number | null;
  campaign_name: string | null;
  task_title: string | null;
  task_type: TaskType | null;
  owner_name: string | null;
  claimed_by_id: number | null;
  claimed_by_name: string | null;
  claimed_at: Date | null;
  rule: string | null;
  evidence: Record<string, unknown> | null;
}

const SELECT = `select r.id, r.created_at, r.updated_at, r.status, r.reason, r.text, r.player_id, r.player_name,
       r.platform_id, p.title as app_title, r.campaign_id, c.name as campaign_name, c.task_title, c.task_type,
       o.name as owner_name, r.claimed_by_id, u.name as claimed_by_name, r.claimed_at, r.rule, r.evidence
  from player_reports r
  join platforms p on p.id = r.platform_id
  left join campaigns c on c.id = r.campaign_id
  left join users o on o.id = c.owner_id
  left join users u on u.id = r.claimed_by_id`;

const SORT_COLUMNS: Record<ReportSortField, string> = {
  id: 'r.id',
  createdAt: 'r.created_at',
  updatedAt: 'r.updated_at',
  status: `array_position(array['NEW','IN_REVIEW','RESOLVED','REJECTED']::text[], r.status)`,
  reason: 'r.reason',
  player: 'coalesce(r.player_name, r.player_id::text)',
  app: 'p.title',
  campaign: 'c.name',
  claimedBy: 'u.name',
};

const toView = (r: Row): ReportView => ({
  id: r.id,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
  status: r.status,
  reason: r.reason,
  text: r.text,
  playerId: r.player_id === null ? null : Number(r.player_id),
  playerName: r.player_name,
  app: { id: r.platform_id, title: r.app_title },
  campaign:
    r.campaign_id === null
      ? null
      : {
          id: r.campaign_id,
          name: r.campaign_name ?? '',
          taskTitle: r.task_title ?? '',
          taskType: r.task_type as TaskType,
          ownerName: r.owner_name ?? '',
        },
  claimedBy: r.claimed_by_id === null ? null : { id: r.claimed_by_id, name: r.claimed_by_name ?? '' },
  claimedAt: r.claimed_at ? new Date(r.claimed_at) : null,
  rule: r.rule,
  evidence: r.evidence,
});

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
    if (!row) throw notFound('Report');
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
   * whatever their number, and tells the moderators after the commit. A rule's report that
   * was already filed today for the same subject is skipped. Answers the new reports' ids.
   */
  async file(tx: EntityManager, emit: Emit, inputs: NewReport[]): Promise<number[]> {
    if (!inputs.length) return [];
    const rows = await tx.execute<{ id: number }[]>(
      `insert into player_reports (platform_id, campaign_id, player_id, player_name, reason, text, rule, rule_subject, rule_day, evidence)
       select x.platform_id, x.campaign_id, x.player_id, x.player_name, x.reason, x.text, x.rule, x.rule_subject,
              case when x.rule is null then null else (now() at time zone 'utc')::date end, x.evidence
         from jsonb_to_recordset(?::jsonb) as x(platform_id int, campaign_id int, player_id bigint, player_name text,
              reason text, text text, rule text, rule_subject text, evidence jsonb)
       on conflict do nothing returning id`,
      [
        JSON.stringify(
          inputs.map((r) => ({
            platform_id: r.platformId,
            campaign_id: r.campaignId,
            player_id: r.playerId,
            player_name: r.playerName,
            reason: r.reason,
            text: r.text,
            rule: r.rule?.name ?? null,
            rule_subject: r.rule?.subject ?? null,
            evidence: r.rule?.evidence ?? null,
          })),
        ),
      ],
    );
    const ids = rows.map((r) => r.id);
    if (!ids.length) return [];
    await tx.execute(
      `insert into moderation_events (subject, subject_id, actor_id, action, from_status, to_status)
       select 'PLAYER_REPORT', r.id, null, case when r.rule is null then 'filed' else 'flagged' end, null, 'NEW'
         from player_reports r where r.id = any(?::int[])`,
      [pgIds(ids)],
    );
    const views = await tx.execute<Row[]>(`${SELECT} where r.id = any(?::int[]) order by r.id`, [pgIds(ids)]);
    for (const v of views) emit(topics.playerReports(), toView(v));
    return ids;
  }

  /** Files in its own transaction; the moderators hear of it after the commit. */
  /**
   * A fraud rule's hits: each new one (a player is flagged once per rule and UTC day) joins its
   * app's open report of that rule and day, which lists the players with their evidence and
   * grows as hits come in (the moderators see it change live); the day's first hit opens it. A
   * decided report is not reopened: later hits open the next one. `describe` writes the report's
   * text from the rule and its number of hits. Answers the reports that opened or grew.
   */
  async fileHits(
    tx: EntityManager,
    emit: Emit,
    hits: NewHit[],
    describe: (rule: string, count: number) => string,
  ): Promise<number[]> {
    if (!hits.length) return [];
    const added = await tx.execute<{ id: string; platform_id: number; rule: string }[]>(
      `insert into fraud_hits (platform_id, rule, player_id, conversion_id, day, evidence)
       select x.platform_id, x.rule, x.player_id, x.conversion_id, (now() at time zone 'utc')::date, x.evidence
         from jsonb_to_recordset(?::jsonb) as x(platform_id int, rule text, player_id bigint, conversion_id bigint, evidence jsonb)
        order by x.rule, x.player_id
       on conflict (rule, player_id, day) do nothing
       returning id, platform_id, rule`,
      [
        JSON.stringify(
          hits.map((h) => ({
            platform_id: h.platformId,
            rule: h.rule,
            player_id: h.playerId,
            conversion_id: h.conversionId,
            evidence: h.evidence,
          })),
        ),
      ],
    );
    const groups = new Map<string, { platformId: number; rule: string; ids: string[] }>();
    for (const a of added) {
      const key = `${a.rule}:${a.platform_id}`;
      const g = groups.get(key) ?? { platformId: a.platform_id, rule: a.rule, ids: [] };
      g.ids.push(a.id);
      groups.set(key, g);
    }
    const reports: number[] = [];
    // In key order, so two instances filing hits of the same apps take the locks in one order.
    for (const [key, g] of [...groups].sort(([a], [b]) => (a < b ? -1 : 1))) {
      await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`fraud-report:${key}`]);
      const [open] = await tx.execute<{ id: number }[]>(
        `select id from player_reports
          where platform_id = ? and rule = ? and rule_day = (now() at time zone 'utc')::date
            and rule_subject like 'app:%' and status in ('NEW', 'IN_REVIEW')
          order by id desc limit 1 for update`,
        [g.platformId, g.rule],
      );
      let reportId = open?.id;
      if (!reportId) {
        const [r] = await tx.execute<{ id: number }[]>(
          `insert into player_reports (platform_id, reason, rule, rule_subject, rule_day, text, evidence)
           values (?, 'FRAUD_RULE', ?, ?, (now() at time zone 'utc')::date, '', '{}')
           returning id`,
          [g.platformId, g.rule, `app:${g.platformId}:hit:${g.ids[0]}`],
        );
        reportId = r.id;
        await recordEvent(tx, {
          subject: 'PLAYER_REPORT',
          subjectId: reportId,
          actorId: null,
          action: 'flagged',
          from: null,
          to: 'NEW',
          note: null,
          effects: null,
        });
      }
      await tx.execute('update fraud_hits set report_id = ? where id = any(?::bigint[])', [reportId, pgIds(g.ids)]);
      const [listed] = await tx.execute<{ n: number; players: unknown[] }[]>(
        `select count(*)::int as n,
                coalesce((select jsonb_agg(jsonb_build_object('playerId', h.player_id, 'conversionId', h.conversion_id,
                                                            'at', h.created_at) || h.evidence order by h.id)
                            from (select * from fraud_hits where report_id = ? order by id limit ?) h), '[]') as players
           from fraud_hits where report_id = ?`,
        [reportId, LISTED_HITS, reportId],
      );
      await tx.execute(`update player_reports set text = ?, evidence = ?::jsonb, updated_at = now() where id = ?`, [
        describe(g.rule, listed.n),
        JSON.stringify({ hits: listed.n, players: listed.players }),
        reportId,
      ]);
      emit(topics.playerReports(), await this.view(tx, reportId));
      reports.push(reportId);
    }
    return reports;
  }

  fileHitsNow(em: EntityManager, hits: NewHit[], describe: (rule: string, count: number) => string) {
    return this.deps.ledger.run(em, (tx, emit) => this.fileHits(tx, emit, hits, describe));
  }

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
    const target = this.target(action, body.status);
    const note = body.note?.trim() || null;
    if (note && note.length > 1000) throw validation('At most 1000 characters', 'note');
    const effects = body.effects ?? {};
    if (target === 'REJECTED' && Object.values(effects).some(Boolean)) {
      throw validation('A rejected report changes nothing: effects come only with RESOLVED', 'effects');
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
    if (!r) throw notFound('Report');
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
    if (!r.campaign_id)
      throw validation('This report names no campaign: there is none to pause or ask about', 'effects');
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
        throw validation('This report names no player and campaign: there is no conversion to void', 'effects');
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
      if (!playerId) throw validation('This report names no player to block', 'effects');
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
        throw validation(`status must be ${expected} for ${action}`, 'status');
      }
      return expected;
    }
    if (status !== 'RESOLVED' && status !== 'REJECTED')
      throw validation('status must be RESOLVED or REJECTED', 'status');
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

/** A report's row as a decision reads it, under its lock. */
interface LockedReport {
  status: ReportStatus;
  claimed_by_id: number | null;
  claimer?: string;
  campaign_id: number | null;
  player_id: string | null;
  platform_id: number;
}

/** Whether `action` may happen to the report now, by this moderator; throws the conflict that says why not. */
function checkTransition(r: LockedReport, action: ReportAction, moderatorId: number) {
  const mine = r.claimed_by_id === moderatorId;
  if (r.status === 'RESOLVED' || r.status === 'REJECTED') {
    throw conflict(`This report was already ${r.status.toLowerCase()}`);
  }
  if (action === 'claim') {
    if (r.status === 'IN_REVIEW') {
      throw conflict(mine ? 'You already claimed this report' : `This report is already claimed by ${r.claimer}`);
    }
  } else if (r.status !== 'IN_REVIEW') {
    throw conflict(
      action === 'release' ? 'This report is not claimed' : 'Claim this report before resolving or rejecting it',
    );
  } else if (!mine) {
    throw conflict(
      `This report is claimed by ${r.claimer}: only they can ${action === 'release' ? 'release' : 'decide'} it`,
    );
  }
}
