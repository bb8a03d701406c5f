import type { EntityManager } from '@mikro-orm/postgresql';
import type { Ledger } from './ledger.service.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Posts publisher credits whose hold has ended, each in its own short transaction: a batch
 * would hold many account locks in transfer order (deadlock-prone across instances, and
 * blocking withdrawals meanwhile). SKIP LOCKED lets several instances share the work; a
 * transfer resolved in the meantime (voided, say) is skipped, not an error.
 */
export async function postMaturedCredits(em: EntityManager, ledger: Ledger, holdMs: number, batch = 200) {
  const due = await em.execute<{ id: string }[]>(
    `select t.id from ledger_transfers t
      where t.flag = 'PENDING' and t.code = 'CONVERSION'
        and t.created_at < now() - (? * interval '1 millisecond')
        and not exists (select 1 from ledger_transfers r where r.pending_id = t.id)
      order by t.id limit ?`,
    [holdMs, batch],
  );
  let posted = 0;
  for (const { id } of due) {
    const done = await ledger.run(em.fork(), async (tx, emit) => {
      const [mine] = await tx.execute<{ id: string }[]>(
        `select t.id from ledger_transfers t
          where t.id = ? and not exists (select 1 from ledger_transfers r where r.pending_id = t.id)
          for update skip locked`,
        [id],
      );
      if (!mine) return false;
      await ledger.post(tx, emit, { key: `hold:${id}:post`, pendingId: Number(id) });
      return true;
    });
    if (done) posted++;
  }
  return posted;
}
