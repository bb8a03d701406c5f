// The chain is the record of what was paid: a database set back to before a
// payout batch (a restore) still has its withdrawals waiting; the payout job reads the hot
// wallet's history first and settles them DONE by their transfers instead of paying them again.
// A paid transfer the books cannot place is shown to finance and counted, never paid again; a
// query id the wallet already took (the sequence set back) is skipped, not refused forever.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp } from '../helpers/app.ts';
import { gql, login } from '../helpers/graphql.ts';
import {
  approvedWithdrawal,
  credit,
  em,
  expectBooksBalanced,
  self,
  usdtAt,
  usdtOf,
  type TestApp,
} from '../helpers/payouts.ts';

let app: TestApp;
let publisher: string;
let finance: string;
beforeAll(async () => {
  app = await startTestApp({ demo: true });
  [publisher, finance] = await Promise.all(['publisher@demo.local', 'moderator@demo.local'].map((e) => login(app, e)));
  // The demo's withdrawal (approved by the seed) is paid by the first round.
  await app.services.payouts.round();
});
afterAll(() => app?.close());

const db = () => em(app).getConnection();
const row = async (id: number) =>
  (
    await db().execute<{ status: string; payout_stage: string | null; tx_hash: string | null }[]>(
      'select status, payout_stage, tx_hash from payments where id = ?',
      [id],
    )
  )[0];

/** Requested, approved and paid: its id, address and the transaction that paid it. */
async function paid(amount: string) {
  const { id, to } = await approvedWithdrawal(app, publisher, finance, amount);
  await app.services.payouts.round();
  const done = await row(id);
  expect(done).toMatchObject({ status: 'DONE', tx_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  return { id, to, txHash: done!.tx_hash! };
}

describe('a database set back to before a batch', () => {
  test('its withdrawals are settled from the chain, not paid twice; a transfer the books cannot place is shown and counted', async () => {
    await credit(app, (await self(app, publisher)).id, '300');
    const a = await paid('60');
    const b = await paid('70');
    expect(await usdtAt(app, a.to)).toBe(60_000_000n);
    const hot = await usdtOf(app);

    // Set back as a restore to before both batches would: `a` approved again (its batch, its
    // transfer and the cursor over the wallet's history forgotten), `b` never requested, and the
    // query-id sequence at its start.
    await db().execute(
      `update payments set status = 'IN_PROGRESS', payout_stage = 'APPROVED', tx_hash = null, batch_id = null where id = ?`,
      [a.id],
    );
    await db().execute('delete from withdrawal_approvals where payment_id = ?', [b.id]);
    await db().execute('delete from payments where id = ?', [b.id]);
    await db().execute('delete from payout_transfers where withdrawal_id in (?, ?)', [a.id, b.id]);
    await db().execute(`delete from payout_batches where status <> 'PENDING'`);
    await db().execute(`delete from payout_state where key like 'cursor%'`);
    await db().execute(`select setval('payout_query_ids', 1, false)`);

    await app.services.payouts.round();

    // Paid once: the chain's transfer settles it, with its hash; nothing more left the wallet.
    expect(await row(a.id)).toEqual({ status: 'DONE', payout_stage: 'SENT', tx_hash: a.txHash });
    expect(await usdtAt(app, a.to)).toBe(60_000_000n);
    expect(await usdtOf(app)).toBe(hot);
    const [trail] = await db().execute<{ actor: string; before: unknown; after: { txHash: string } }[]>(
      `select actor, before, after from audit_events where action = 'withdrawal.settled_from_chain' and object_id = ?`,
      [String(a.id)],
    );
    expect(trail).toMatchObject({
      actor: 'payout round',
      before: { stage: 'APPROVED', batchId: null },
      after: { txHash: a.txHash, amount: '60.00' },
    });

    // `b`'s transfer names a withdrawal the books no longer have: finance sees the chain's evidence.
    const wallet = await gql(
      app,
      '{ payoutWallet { unmatched { withdrawalId txHash amount destination reason booked { status } } } }',
      {},
      finance,
    );
    expect(wallet.data.payoutWallet.unmatched).toEqual([
      {
        withdrawalId: String(b.id),
        txHash: b.txHash,
        amount: '70.00',
        destination: b.to,
        reason: expect.stringContaining(`No withdrawal #${b.id} in the books`),
        // None under that number: the dashboard says so in the reader's language.
        booked: null,
      },
    ]);
    const metrics = await (await fetch(`${app.url}/metrics`)).text();
    expect(metrics).toMatch(/^taskgram_payout_unmatched_transfers 1$/m);
    // Another round reads nothing new and pays nothing.
    await app.services.payouts.round();
    expect(await usdtOf(app)).toBe(hot);

    // The sequence behind the wallet: the next batch takes a query id the wallet has not, and pays.
    const c = await paid('50');
    expect(await usdtAt(app, c.to)).toBe(50_000_000n);
    expect(await usdtOf(app)).toBe(hot - 50_000_000n);

    // The books balance, and ledger:check counts `a` (settled from the chain) among the paid.
    await expectBooksBalanced(app);
  });
});
