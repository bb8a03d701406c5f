import type { EntityManager } from '@mikro-orm/postgresql';
import { Gauge } from 'prom-client';
import { registry } from '../../lib/metrics.ts';
import { GUARDED_KINDS } from './ledger.service.ts';

export interface LedgerCheck {
  name: string;
  ok: boolean;
  detail: string;
}

/**
 * The ledger's invariants, checked on a live database: the books balance, no guarded account
 * is negative, every cached balance equals the sum of its transfers, pending transfers are
 * resolved at most once.
 */
export async function checkLedger(em: EntityManager): Promise<LedgerCheck[]> {
  return [
    ...(await checkBalances(em)),
    ...(await checkTransfers(em)),
    await checkStatistics(em),
    await checkQuality(em),
    ...(await checkPayouts(em)),
  ];
}

const checkOk = new Gauge({
  name: 'taskgram_ledger_check_ok',
  help: "1 when this instance's last ledger check found every invariant held, 0 when one failed (npm run ledger:check says which)",
  registers: [registry],
});
const checkedAt = new Gauge({
  name: 'taskgram_ledger_check_timestamp_seconds',
  help: "When this instance's last ledger check ran",
  registers: [registry],
});

/** Checks the ledger and puts the result on /metrics; answers the checks that failed. */
export async function ledgerCheckGauges(em: EntityManager): Promise<LedgerCheck[]> {
  const failed = (await checkLedger(em)).filter((c) => !c.ok);
  checkOk.set(failed.length ? 0 : 1);
  checkedAt.set(Date.now() / 1000);
  return failed;
}

/**
 * Payouts on chain against the books: the confirmed jetton transfers sum to the withdrawals
 * paid through them (DONE with a batch, or settled from the chain after a restore), each such
 * withdrawal has its transfer, and no withdrawal has two transfers. A paid transfer the books
 * cannot place (`unmatched`, after a restore) is finance's to look at, not a fault of the books.
 */
async function checkPayouts(em: EntityManager): Promise<LedgerCheck[]> {
  const [sums] = await em.execute<{ done: string; confirmed: string; unmatched: string | null }[]>(
    `select (select coalesce(sum(p.amount), 0) from payments p
              where p.kind = 'WITHDRAWAL' and p.status = 'DONE'
                and (p.batch_id is not null
                     or exists (select 1 from payout_transfers t
                                 where t.withdrawal_id = p.id and t.tx_hash = p.tx_hash and t.ok and t.unmatched is null))
            )::text as done,
            (select coalesce(sum(amount), 0) from payout_transfers where ok and unmatched is null)::text as confirmed,
            (select string_agg('#' || p.id, ', ') from (
               select p.id from payments p
                where p.kind = 'WITHDRAWAL' and p.status = 'DONE' and p.batch_id is not null
                  and not exists (select 1 from payout_transfers t
                                   where t.withdrawal_id = p.id and t.ok and t.tx_hash = p.tx_hash)
                limit 10) p) as unmatched`,
  );
  const twice = await em.execute<{ withdrawal_id: number; n: string }[]>(
    `select withdrawal_id, count(*) as n from payout_transfers where unmatched is null
      group by withdrawal_id having count(*) > 1 limit 10`,
  );
  return [
    {
      name: 'confirmed payout transfers equal the withdrawals paid on chain',
      ok: sums!.done === sums!.confirmed && !sums!.unmatched,
      detail:
        `DONE withdrawals ${sums!.done}, confirmed transfers ${sums!.confirmed} (micro-USD)` +
        (sums!.unmatched ? `; without their transfer: ${sums!.unmatched}` : ''),
    },
    {
      name: 'no withdrawal has two transfers on chain',
      ok: twice.length === 0,
      detail: twice.length ? twice.map((t) => `#${t.withdrawal_id}: ${t.n}`).join(', ') : 'none',
    },
  ];
}

/** The books balance and no guarded account is negative. */
async function checkBalances(em: EntityManager): Promise<LedgerCheck[]> {
  const checks: LedgerCheck[] = [];
  const [totals] = await em.execute<
    { accounts: string; posted: string | null; pending: string | null; transfers: string }[]
  >(
    `select (select count(*) from ledger_accounts) as accounts,
            (select sum(credits_posted - debits_posted) from ledger_accounts) as posted,
            (select sum(credits_pending - debits_pending) from ledger_accounts) as pending,
            (select count(*) from ledger_transfers) as transfers`,
  );
  const posted = BigInt(totals.posted ?? 0);
  const pending = BigInt(totals.pending ?? 0);
  checks.push({
    name: 'sum over all accounts is zero',
    ok: posted === 0n && pending === 0n,
    detail: `${totals.accounts} accounts, ${totals.transfers} transfers; posted sum ${posted}, pending sum ${pending} (micro-USD)`,
  });

  const negative = await em.execute<{ id: number; kind: string }[]>(
    `select id, kind from ledger_accounts
     where kind in (${GUARDED_KINDS.map(() => '?').join(', ')})
       and credits_posted - debits_posted - debits_pending < 0`,
    GUARDED_KINDS,
  );
  checks.push({
    name: 'no user or campaign account is negative',
    ok: negative.length === 0,
    detail: negative.length ? `negative: ${negative.map((a) => `#${a.id} ${a.kind}`).join(', ')}` : 'none negative',
  });

  return checks;
}

/** Every cached balance equals the sum of its transfers; pending transfers are resolved at most once. */
async function checkTransfers(em: EntityManager): Promise<LedgerCheck[]> {
  const checks: LedgerCheck[] = [];
  // Recompute every account from its transfers. A pending transfer counts as pending until a
  // POST_PENDING or VOID_PENDING names it; posted amounts come from POSTED and POST_PENDING rows.
  const drift = await em.execute<{ id: number; field: string; cached: string; derived: string }[]>(
    `with resolved as (select pending_id from ledger_transfers where pending_id is not null),
     moves as (
       select debit_account_id as account_id,
              case when flag in ('POSTED', 'POST_PENDING') then amount else 0 end as debits_posted,
              0::bigint as credits_posted,
              case when flag = 'PENDING' and id not in (select pending_id from resolved) then amount else 0 end as debits_pending,
              0::bigint as credits_pending
         from ledger_transfers
       union all
       select credit_account_id, 0, case when flag in ('POSTED', 'POST_PENDING') then amount else 0 end,
              0, case when flag = 'PENDING' and id not in (select pending_id from resolved) then amount else 0 end
         from ledger_transfers
     ),
     derived as (
       select a.id,
              a.debits_posted as c_dp, a.credits_posted as c_cp, a.debits_pending as c_dq, a.credits_pending as c_cq,
              coalesce(sum(m.debits_posted), 0) as d_dp, coalesce(sum(m.credits_posted), 0) as d_cp,
              coalesce(sum(m.debits_pending), 0) as d_dq, coalesce(sum(m.credits_pending), 0) as d_cq
         from ledger_accounts a left join moves m on m.account_id = a.id
        group by a.id
     )
     select id, f.field, f.cached::text, f.derived::text from derived,
       lateral (values ('debits_posted', c_dp, d_dp), ('credits_posted', c_cp, d_cp),
                       ('debits_pending', c_dq, d_dq), ('credits_pending', c_cq, d_cq)) as f(field, cached, derived)
      where f.cached <> f.derived
      order by id`,
  );
  checks.push({
    name: 'every cached balance equals the sum of its transfers',
    ok: drift.length === 0,
    detail: drift.length
      ? drift
          .slice(0, 10)
          .map((d) => `account #${d.id} ${d.field}: cached ${d.cached}, transfers say ${d.derived}`)
          .join('; ')
      : 'no drift',
  });

  const [twice] = await em.execute<{ n: string }[]>(
    `select count(*) as n from (select pending_id from ledger_transfers where pending_id is not null
      group by pending_id having count(*) > 1) x`,
  );
  const [badResolve] = await em.execute<{ n: string }[]>(
    `select count(*) as n from ledger_transfers r join ledger_transfers p on p.id = r.pending_id
      where p.flag <> 'PENDING' or r.amount > p.amount or r.debit_account_id <> p.debit_account_id
         or r.credit_account_id <> p.credit_account_id`,
  );
  checks.push({
    name: 'every transfer is applied at most once',
    ok: Number(twice.n) === 0 && Number(badResolve.n) === 0,
    detail: `idempotency keys unique by constraint; pending transfers resolved twice: ${twice.n}; resolutions not matching their pending transfer: ${badResolve.n}`,
  });

  return checks;
}

/** The statistics rollups (kept by a trigger on conversions) against the conversions themselves. */
async function checkStatistics(em: EntityManager): Promise<LedgerCheck> {
  const drifted: string[] = [];
  let driftCount = 0;
  for (const r of ROLLUPS) {
    const keys = r.keys.join(', ');
    const [row] = await em.execute<{ n: number; sample: string | null }[]>(
      `with derived as (
         select ${r.keys.map((k) => (k === 'day' ? `(c.created_at at time zone 'utc')::date as day` : `c.${k}`)).join(', ')},
                count(*)::int as conversions, sum(c.${r.amount[1]})::bigint as amount,
                ${r.fast ? `count(*) filter (where c.created_at - coalesce(c.started_at, k.created_at) < stats_fast_interval())::int` : '0'} as fast
           from conversions c ${r.fast ? 'left join clicks k on k.id = c.click_id' : ''}
          where c.status <> 'VOIDED' and c.price > 0 group by ${r.keys.map((_, i) => i + 1).join(', ')}),
       diff as (
         select ${r.keys.map((k) => `coalesce(t.${k}, d.${k}) as ${k}`).join(', ')}
           from (select *, ${r.fast ? 'fast' : '0'} as fast_ from ${r.table}
                  where conversions <> 0 or ${r.amount[0]} <> 0 ${r.fast ? 'or fast <> 0' : ''}) t
           full join derived d using (${keys})
          where t.conversions is distinct from d.conversions or t.${r.amount[0]} is distinct from d.amount
             or t.fast_ is distinct from d.fast)
       select (select count(*)::int from diff) as n,
              (select string_agg(x, '; ') from (select '${r.subject} #' || ${r.keys[0]} || ' on ' || day as x
                 from diff limit 5) s) as sample`,
    );
    driftCount += row.n;
    if (row.sample) drifted.push(`${r.table}: ${row.sample}`);
  }
  return {
    name: 'statistics rollups equal the sums of the conversions',
    ok: driftCount === 0,
    detail: driftCount === 0 ? 'no drift' : `${driftCount} rollup rows differ: ${drifted.join('; ')}`,
  };
}

/** Traffic quality's rollup (kept by triggers on conversions and reports) against a recomputation. */
async function checkQuality(em: EntityManager): Promise<LedgerCheck> {
  const [quality] = await em.execute<{ n: number; sample: string | null }[]>(
    `with cols as (select platform_id, day, voided, fast_voided, social_resolved, social_retained, checked_30d,
                          retained_30d, reports_confirmed, fraud_hits from platform_quality_daily),
          kept as (select * from cols where (voided, fast_voided, social_resolved, social_retained, checked_30d,
                                               retained_30d, reports_confirmed, fraud_hits) <> (0, 0, 0, 0, 0, 0, 0, 0)),
          derived as (select * from quality_recomputed() q where (q.voided, q.fast_voided, q.social_resolved,
                        q.social_retained, q.checked_30d, q.retained_30d, q.reports_confirmed, q.fraud_hits)
                        <> (0, 0, 0, 0, 0, 0, 0, 0)),
          diff as (select coalesce(k.platform_id, r.platform_id) as platform_id, coalesce(k.day, r.day) as day
                     from kept k full join derived r using (platform_id, day)
                    where row(k.*) is distinct from row(r.*))
     select (select count(*)::int from diff) as n,
            (select string_agg(x, '; ') from (select 'app #' || platform_id || ' on ' || day as x from diff limit 5) s) as sample`,
  );
  return {
    name: 'traffic quality rollup equals a recomputation from the conversions and reports',
    ok: quality.n === 0,
    detail: quality.n === 0 ? 'no drift' : `${quality.n} quality rows differ: ${quality.sample}`,
  };
}

/** The statistics rollups: their key columns (as in `conversions`) and summed amount. */
const ROLLUPS: {
  table: string;
  subject: string;
  keys: readonly string[];
  amount: readonly [string, string];
  fast?: boolean;
}[] = [
  {
    table: 'stats_publisher_daily',
    subject: 'publisher',
    keys: ['publisher_id', 'day', 'platform_id', 'task_type'],
    amount: ['profit', 'publisher_amount'],
    /** Also counts the fast completions (traffic quality reads them here). */
    fast: true,
  },
  {
    table: 'stats_campaign_daily',
    subject: 'campaign',
    keys: ['campaign_id', 'day', 'tier_level'],
    amount: ['spend', 'price'],
  },
  {
    table: 'stats_campaign_app_daily',
    subject: 'campaign',
    keys: ['campaign_id', 'day', 'platform_id'],
    amount: ['spend', 'price'],
  },
  {
    table: 'stats_advertiser_app_daily',
    subject: 'advertiser',
    keys: ['advertiser_id', 'day', 'platform_id'],
    amount: ['spend', 'price'],
  },
];
