/**
 * Why the chain did not pay a withdrawal: the recipient's jetton wallet bounced the transfer, or
 * the hot wallet's jetton wallet refused it (with its exit code). Stored as a code on the
 * withdrawal (`chain_failure`, `chain_exit_code`), read from there by the dashboard and the
 * publisher's notification in the reader's language; its English is the withdrawal's
 * `failureReason` (API callers read it).
 */
export type ChainFailure = { kind: 'BOUNCED'; exitCode: null } | { kind: 'REFUSED'; exitCode: string };

const AMOUNT_BACK = 'The amount is back in your balance.';

/** The English sentence of a failure, without the closing stop. */
export function chainFailureText(f: ChainFailure): string {
  return f.kind === 'BOUNCED'
    ? 'The recipient’s jetton wallet bounced the transfer'
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

/** The failure a withdrawal's stored code says, or null for another reason (finance's own words). */
export function chainFailureOf(p: {
  chainFailure?: string | null;
  chainExitCode?: string | null;
}): ChainFailure | null {
  if (p.chainFailure === 'BOUNCED') return { kind: 'BOUNCED', exitCode: null };
  if (p.chainFailure === 'REFUSED') return { kind: 'REFUSED', exitCode: p.chainExitCode ?? 'none' };
  return null;
}
