/**
 * Why the chain did not pay a withdrawal: the recipient's jetton wallet bounced the transfer, or
 * the hot wallet's jetton wallet refused it (with its exit code). Stored in English as the
 * withdrawal's `failureReason` (API callers read it); the dashboard and the publisher's
 * notification say it in the reader's language from `chainFailureOf`.
 */
export type ChainFailure = { kind: 'BOUNCED'; exitCode: null } | { kind: 'REFUSED'; exitCode: string };

const AMOUNT_BACK = 'The amount is back in your balance.';
const BOUNCED = 'The recipient’s jetton wallet bounced the transfer';
const REFUSED = /^The hot wallet’s jetton wallet refused the transfer \(exit code ([\w-]+)\)$/;

/** The English sentence of a failure, without the closing stop. */
export function chainFailureText(f: ChainFailure): string {
  return f.kind === 'BOUNCED'
    ? BOUNCED
    : `The hot wallet’s jetton wallet refused the transfer (exit code ${f.exitCode})`;
}

/** A withdrawal's stored reason when the chain did not pay it: why, then that the amount is back. */
export function amountBackReason(why: string): string {
  return `${why}. ${AMOUNT_BACK}`;
}

/** A stored reason without its closing "The amount is back…" (a notice says that in its own words). */
export function withoutAmountBack(reason: string): string {
  return reason.endsWith(` ${AMOUNT_BACK}`) ? reason.slice(0, -AMOUNT_BACK.length - 1) : reason;
}

/** The failure a stored reason says, or null for another reason (finance's own words). */
export function chainFailureOf(reason: string | null | undefined): ChainFailure | null {
  if (!reason?.endsWith(` ${AMOUNT_BACK}`)) return null;
  const why = withoutAmountBack(reason).replace(/\.$/, '');
  if (why === BOUNCED) return { kind: 'BOUNCED', exitCode: null };
  const refused = REFUSED.exec(why);
  return refused ? { kind: 'REFUSED', exitCode: refused[1]! } : null;
}
