import type { EntityManager } from '@mikro-orm/postgresql';
import { pgIds } from '../../db/columns.ts';
import type { Emit } from '../../db/transaction.ts';
import { topics } from '../../lib/pubsub.ts';
import { recordEvent } from './history.ts';
import { LISTED_HITS, type NewHit, type NewReport, type ReportView, type Row, SELECT, toView } from './report-views.ts';

/**
 * Files reports (a player from the showcase, or a fraud rule's hits) in three statements
 * whatever their number, and tells the moderators after the commit. A rule's report that
 * was already filed today for the same subject is skipped. Answers the new reports' ids.
 */
export async function fileReports(tx: EntityManager, emit: Emit, inputs: NewReport[]): Promise<number[]> {
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
export async function fileFraudHits(
  tx: EntityManager,
  emit: Emit,
  hits: NewHit[],
  describe: (rule: string, count: number) => string,
  view: (reportId: number) => Promise<ReportView>,
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
    emit(topics.playerReports(), await view(reportId));
    reports.push(reportId);
  }
  return reports;
}
