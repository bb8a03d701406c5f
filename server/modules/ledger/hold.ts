import type { EntityManager } from '@mikro-orm/postgresql';
import type { Ledger } from './ledger.service.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Posts publisher credits whose hold has ended. SKIP LOCKED lets several instances run this
 * at once without taking the same transfer; a crash mid-way rolls back the whole batch.
 */
export async function postMaturedCredits(em: EntityManager, ledger: Ledger, holdMs: number, batch = 200) {
  return ledger.run(em, async (tx, emit) => {
    const due = await tx.execute<{ id: string }[]>(
      `select t.id from ledger_transfers t
        where t.flag = 'PENDING' and t.code = 'CONVERSION'
          and t.created_at < now() - (? * interval '1 millisecond')
          and not exists (select 1 from ledger_transfers r where r.pending_id = t.id)
        order by t.id limit ? for update skip locked`,
      [holdMs, batch],
    );
    for (const row of due) {
      await ledger.post(tx, emit, { key: `hold:${row.id}:post`, pendingId: Number(row.id) });
    }
    return due.length;
  });
}
