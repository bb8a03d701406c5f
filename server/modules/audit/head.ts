import { Gauge } from 'prom-client';
import type { Logger } from 'pino';
import { registry } from '../../lib/metrics.ts';

/**
 * The audit chain's head, published outside the database at every write batch: the chain's
 * trigger notifies each new head (`audit_head`), and this instance logs the last one of a batch
 * and shows it on /metrics (`taskgram_audit_head_info{seq, hash}`). Someone who rewrote the trail
 * with the database's owner rights cannot rewrite the heads already logged and scraped:
 * `npm run audit:verify -- --head <hash>` proves the chain still passes through one.
 */
const headInfo = new Gauge({
  name: 'taskgram_audit_head_info',
  help: 'The audit chain’s last head this instance saw written (its row number and hash as labels; the value is the row number)',
  labelNames: ['seq', 'hash'],
  registers: [registry],
});

export function auditHeadPublisher(log: Logger): (payload: string) => void {
  let last: { seq: number; hash: string } | null = null;
  let scheduled = false;
  return (payload) => {
    const [seq, hash] = payload.split(' ');
    if (!seq || !hash) return;
    if (!last || Number(seq) > last.seq) last = { seq: Number(seq), hash };
    if (scheduled) return;
    scheduled = true;
    // One line a batch: a multi-row insert notifies each row in one go.
    setImmediate(() => {
      scheduled = false;
      if (!last) return;
      headInfo.reset();
      headInfo.set({ seq: String(last.seq), hash: last.hash }, last.seq);
      log.info({ auditHead: last }, 'audit chain head');
    });
  };
}
