import { t } from '@lingui/core/macro';

/**
 * Why a payment failed, in the reader's language where the words are ours: a withdrawal the
 * chain did not pay (`chainFailure`); finance's own words and a payment provider's stay as
 * written (`failureReason`).
 */
export function failureReasonText(p: {
  failureReason?: string | null;
  chainFailure?: { kind: string; exitCode?: string | null } | null;
}): string {
  const chain = p.chainFailure;
  if (chain?.kind === 'BOUNCED') {
    return t`The recipient’s jetton wallet bounced the transfer. The amount is back in your balance.`;
  }
  if (chain?.kind === 'REFUSED') {
    const code = chain.exitCode ?? '';
    return t`The hot wallet’s jetton wallet refused the transfer (exit code ${code}). The amount is back in your balance.`;
  }
  return p.failureReason ?? '';
}
