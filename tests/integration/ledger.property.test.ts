import type { EntityManager } from '@mikro-orm/postgresql';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DomainError } from '../../server/errors.ts';
import { checkLedger } from '../../server/modules/ledger/ledger.check.ts';
import type { AccountRef, Ledger } from '../../server/modules/ledger/ledger.service.ts';
import { startTestApp } from '../helpers/app.ts';
import { insertUsers } from '../helpers/ledger.ts';

/**
 * Random sequences of ledger operations, run in parallel lanes against real PostgreSQL.
 * After every run: all checkLedger invariants hold, and every account's four totals equal an
 * independent model computed from the operations that succeeded (their effects commute, so
 * the interleaving does not matter; a refused operation must have no effect at all).
 */

const USD = 1_000_000n;
const N = 3; // advertisers, campaigns and publishers per run

let app: Awaited<ReturnType<typeof startTestApp>>;
let ledger: Ledger;
let users: number[] = [];
let runNo = 0;
const stats = new Map<string, number>();

beforeAll(async () => {
  app = await startTestApp();
  ledger = app.services.ledger;
  users = await insertUsers(app.orm.em.fork() as EntityManager, 2 * N * 40);
});
afterAll(() => app?.close());

type Op =
  | { t: 'topUp'; adv: number; amount: bigint }
  | { t: 'fund'; adv: number; camp: number; amount: bigint }
  | { t: 'return'; camp: number; adv: number; amount: bigint }
  | { t: 'conversion'; camp: number; pub: number; amount: bigint; fee: bigint }
  | { t: 'withdraw'; pub: number; amount: bigint }
  | { t: 'post'; which: number; part: number }
  | { t: 'void'; which: number }
  | { t: 'retry' };

const idx = fc.integer({ min: 0, max: N - 1 });
const money = (max: number) => fc.bigInt({ min: 1n, max: BigInt(max) * USD });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ t: fc.constant('topUp' as const), adv: idx, amount: money(50) }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('fund' as const), adv: idx, camp: idx, amount: money(40) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('return' as const), camp: idx, adv: idx, amount: money(20) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('conversion' as const),
      camp: idx,
      pub: idx,
      amount: money(10),
      fee: fc.bigInt({ min: 0n, max: 2n * USD }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('withdraw' as const), pub: idx, amount: money(15) }) },
  // part: 0 = full post, else post that many percent of the pending amount
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('post' as const),
      which: fc.nat(20),
      part: fc.integer({ min: 0, max: 100 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('void' as const), which: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('retry' as const) }) },
);

interface Totals {
  dp: bigint; // debits posted
  cp: bigint;
  dq: bigint; // debits pending
  cq: bigint;
}

test('random concurrent operations keep the ledger exact', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.array(op, { minLength: 1, maxLength: 14 }), { minLength: 2, maxLength: 4 }),
      async (lanes) => {
        const run = ++runNo;
        const base = (run - 1) * 2 * N;
        const advs: AccountRef[] = Array.from({ length: N }, (_, i) => ({
          kind: 'ADVERTISER',
          userId: users[base + i],
        }));
        const pubs: AccountRef[] = Array.from({ length: N }, (_, i) => ({
          kind: 'PUBLISHER',
          userId: users[base + N + i],
        }));
        const camps: AccountRef[] = Array.from({ length: N }, (_, i) => ({
          kind: 'CAMPAIGN_BUDGET',
          campaignId: 10_000 * run + i,
        }));
        const DEPOSITS: AccountRef = { kind: 'DEPOSITS' };
        const WITHDRAWALS: AccountRef = { kind: 'WITHDRAWALS' };
        const FEE: AccountRef = { kind: 'NETWORK_FEE' };
        const all = [...advs, ...pubs, ...camps, DEPOSITS, WITHDRAWALS, FEE];
        const name = (r: AccountRef) => JSON.stringify(r);

        // The model: totals per account, starting from the database for system accounts.
        const model = new Map<string, Totals>();
        const e0 = app.orm.em.fork() as EntityManager;
        for (const r of all) model.set(name(r), await readTotals(e0, r));
        const move = (debit: AccountRef, credit: AccountRef, field: 'posted' | 'pending', amount: bigint) => {
          const d = model.get(name(debit))!;
          const c = model.get(name(credit))!;
          if (field === 'posted') {
            d.dp += amount;
            c.cp += amount;
          } else {
            d.dq += amount;
            c.cq += amount;
          }
        };

        // Starting money, so most generated operations have something to move.
        for (let i = 0; i < N; i++) {
          const seed: [AccountRef, AccountRef, bigint, 'TOP_UP' | 'FUND_CAMPAIGN' | 'ADJUSTMENT'][] = [
            [DEPOSITS, advs[i], 200n * USD, 'TOP_UP'],
            [advs[i], camps[i], 60n * USD, 'FUND_CAMPAIGN'],
            [DEPOSITS, pubs[i], 30n * USD, 'ADJUSTMENT'],
          ];
          for (const [j, [debit, credit, amount, code]] of seed.entries()) {
            await ledger.run(app.orm.em.fork() as EntityManager, (x, emit) =>
              ledger.transfer(x, emit, { key: `prop:${run}:seed:${i}:${j}`, code, debit, credit, amount }),
            );
            move(debit, credit, 'posted', amount);
          }
        }

        const refused: string[] = [];
        const unexpected: unknown[] = [];
        const attempt = async (what: string, work: () => Promise<void>) => {
          try {
            await work();
            stats.set(what.split('|')[0], (stats.get(what.split('|')[0]) ?? 0) + 1);
            return true;
          } catch (err) {
            if (err instanceof DomainError && err.code === 'VALIDATION' && /Not enough money/.test(err.message)) {
              refused.push(what);
              stats.set('refused', (stats.get('refused') ?? 0) + 1);
              return false;
            }
            unexpected.push(err);
            return false;
          }
        };

        const runLane = async (ops: Op[], lane: number) => {
          // Pending transfers made by this lane, each with its debit, credit and amount.
          const pendings: { ids: number[]; legs: [AccountRef, AccountRef, bigint][] }[] = [];
          let last: { key: string; debit: AccountRef; credit: AccountRef; amount: bigint; code: 'TOP_UP' } | null =
            null;
          for (const [i, o] of ops.entries()) {
            const key = `prop:${run}:${lane}:${i}`;
            const tx = <T>(w: Parameters<Ledger['run']>[1]) =>
              ledger.run(app.orm.em.fork() as EntityManager, w) as Promise<T>;
            switch (o.t) {
              case 'topUp': {
                const t = { key, code: 'TOP_UP' as const, debit: DEPOSITS, credit: advs[o.adv], amount: o.amount };
                if (await attempt(`${o.t}|${key}`, () => tx((x, emit) => ledger.transfer(x, emit, t)))) {
                  move(DEPOSITS, advs[o.adv], 'posted', o.amount);
                  last = t;
                }
                break;
              }
              case 'fund':
                if (
                  await attempt(`${o.t}|${key}`, () =>
                    tx((x, emit) =>
                      ledger.transfer(x, emit, {
                        key,
                        code: 'FUND_CAMPAIGN',
                        debit: advs[o.adv],
                        credit: camps[o.camp],
                        amount: o.amount,
                      }),
                    ),
                  )
                )
                  move(advs[o.adv], camps[o.camp], 'posted', o.amount);
                break;
              case 'return':
                if (
                  await attempt(`${o.t}|${key}`, () =>
                    tx((x, emit) =>
                      ledger.transfer(x, emit, {
                        key,
                        code: 'RETURN_BUDGET',
                        debit: camps[o.camp],
                        credit: advs[o.adv],
                        amount: o.amount,
                      }),
                    ),
                  )
                )
                  move(camps[o.camp], advs[o.adv], 'posted', o.amount);
                break;
              case 'conversion': {
                // The publisher's share and the network fee, both pending, in one transaction.
                const legs: [AccountRef, AccountRef, bigint][] = [[camps[o.camp], pubs[o.pub], o.amount]];
                if (o.fee > 0n) legs.push([camps[o.camp], FEE, o.fee]);
                const ids: number[] = [];
                const ok = await attempt(`${o.t}|${key}`, () =>
                  tx(async (x, emit) => {
                    ids.length = 0;
                    for (const [j, [debit, credit, amount]] of legs.entries()) {
                      const t = await ledger.transfer(x, emit, {
                        key: `${key}:${j}`,
                        code: j === 0 ? 'CONVERSION' : 'NETWORK_FEE',
                        debit,
                        credit,
                        amount,
                        pending: true,
                      });
                      ids.push(t.id);
                    }
                  }),
                );
                if (ok) {
                  for (const [debit, credit, amount] of legs) move(debit, credit, 'pending', amount);
                  pendings.push({ ids: [...ids], legs });
                }
                break;
              }
              case 'withdraw': {
                let id = 0;
                const ok = await attempt(`${o.t}|${key}`, () =>
                  tx(async (x, emit) => {
                    id = (
                      await ledger.transfer(x, emit, {
                        key,
                        code: 'WITHDRAWAL',
                        debit: pubs[o.pub],
                        credit: WITHDRAWALS,
                        amount: o.amount,
                        pending: true,
                      })
                    ).id;
                  }),
                );
                if (ok) {
                  move(pubs[o.pub], WITHDRAWALS, 'pending', o.amount);
                  pendings.push({ ids: [id], legs: [[pubs[o.pub], WITHDRAWALS, o.amount]] });
                }
                break;
              }
              case 'post':
              case 'void': {
                if (!pendings.length) break;
                const [p] = pendings.splice(o.which % pendings.length, 1);
                const partial = o.t === 'post' && o.part > 0;
                const amounts = p.legs.map(([, , a]) => (partial ? (a * BigInt(o.part)) / 100n || 1n : a));
                const ok = await attempt(`${o.t}|${key}`, () =>
                  tx(async (x, emit) => {
                    for (const [j, id] of p.ids.entries()) {
                      if (o.t === 'void') await ledger.void(x, emit, { key: `${key}:${j}`, pendingId: id });
                      else await ledger.post(x, emit, { key: `${key}:${j}`, pendingId: id, amount: amounts[j] });
                    }
                  }),
                );
                if (ok) {
                  for (const [j, [debit, credit, amount]] of p.legs.entries()) {
                    move(debit, credit, 'pending', -amount);
                    if (o.t === 'post') move(debit, credit, 'posted', amounts[j]);
                  }
                  // Resolving again with another key is refused and changes nothing.
                  const again = await tx((x, emit) =>
                    ledger.post(x, emit, { key: `${key}:again`, pendingId: p.ids[0] }),
                  ).catch((e) => e);
                  if (!(again instanceof DomainError && again.code === 'CONFLICT')) unexpected.push(again);
                }
                break;
              }
              case 'retry': {
                if (!last) break;
                const t = last;
                const r = await tx<{ replayed: boolean }>((x, emit) => ledger.transfer(x, emit, t));
                if (!r.replayed) unexpected.push(new Error(`retry of ${t.key} was not a replay`));
                break;
              }
            }
          }
        };

        await Promise.all(lanes.map((ops, lane) => runLane(ops, lane)));
        expect(unexpected).toEqual([]);

        const em = app.orm.em.fork() as EntityManager;
        for (const c of await checkLedger(em)) expect(c, c.detail).toMatchObject({ ok: true });
        for (const r of all) expect(await readTotals(em, r), name(r)).toEqual(model.get(name(r)));
        for (const r of [...advs, ...pubs, ...camps]) {
          const m = model.get(name(r))!;
          expect(m.cp - m.dp - m.dq, `${name(r)} never negative in the model`).toBeGreaterThanOrEqual(0n);
        }
      },
    ),
    { numRuns: 20 },
  );
  // The generated runs really moved money of every kind, not only refusals.
  for (const kind of ['topUp', 'fund', 'return', 'conversion', 'withdraw', 'post', 'void'])
    expect(stats.get(kind) ?? 0, `${kind} succeeded at least once: ${JSON.stringify([...stats])}`).toBeGreaterThan(0);
}, 120_000);

async function readTotals(em: EntityManager, ref: AccountRef): Promise<Totals> {
  const id = await ledger.accountId(em, ref);
  const [r] = await em.execute(
    'select debits_posted, credits_posted, debits_pending, credits_pending from ledger_accounts where id = ?',
    [id],
  );
  return {
    dp: BigInt(r.debits_posted),
    cp: BigInt(r.credits_posted),
    dq: BigInt(r.debits_pending),
    cq: BigInt(r.credits_pending),
  };
}
