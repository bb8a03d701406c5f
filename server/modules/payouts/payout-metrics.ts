import { figureGauges } from '../../lib/metrics.ts';

/**
 * The payout loop on /metrics, for the alerts in deploy/alerts.yml: what the hot wallet holds
 * against what the approved withdrawals need (as the payout job last read it), how long the
 * oldest approved withdrawal has waited, batches unconfirmed past their timeout, and paid
 * transfers the books cannot place (after a restore).
 */
export const addPayoutFigures = figureGauges({
  taskgram_payout_wallet_ton: 'TON the hot wallet holds for fees, as the payout job last read it',
  taskgram_payout_wallet_usdt: 'USDT the hot wallet holds, as the payout job last read it',
  taskgram_payout_needed_ton: 'TON the approved and sent withdrawals need (fees and the reserve)',
  taskgram_payout_needed_usdt: 'USDT the approved and sent withdrawals need',
  taskgram_payout_oldest_approved_seconds: 'How long the oldest approved withdrawal not yet sent has waited (0: none)',
  taskgram_payout_batches_overdue: 'Sent payout batches still unconfirmed a minute past their timeout',
  taskgram_payout_unmatched_transfers:
    'Paid jetton transfers of the hot wallet that no withdrawal in the books explains (a restore): shown to finance, never paid again',
});

export type PayoutFigures = Parameters<typeof addPayoutFigures>[0] extends () => Promise<infer F> ? F : never;
