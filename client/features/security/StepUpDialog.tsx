import { t } from '@lingui/core/macro';
import { useMemo } from 'react';
import { api } from '../../lib/api';
import { useStepUpAsk } from '../../lib/stepUp';
import { type ProofAsk, ProofDialog } from './ProofDialog';
import { STEP_UP_ACTS } from './stepUpActs';
// The global i18n, as the macros use: the root route mounts this dialog outside the I18nProvider.
import { i18n } from '@lingui/core';

/**
 * The one step-up dialog (lib/stepUp.ts): asked for by any call the server answered with
 * STEP_UP_REQUIRED; the proof goes to `POST /v1/users/self/step-up`, then the call is repeated.
 */
export default function StepUpDialog() {
  const ask = useStepUpAsk();
  const asking = useMemo<ProofAsk | null>(
    () =>
      ask && {
        title:
          ask.act && STEP_UP_ACTS[ask.act]
            ? t`Confirm it’s you to ${i18n._(STEP_UP_ACTS[ask.act])}`
            : t`Confirm it’s you`,
        message: ask.methods.includes('PASSWORD')
          ? t`This moves money or changes your account, and your last sign-in was a while ago. Enter your password: what you asked is then done.`
          : ask.methods.includes('PASSKEY')
            ? t`This moves money or changes your account, and your last sign-in was a while ago. Use your passkey, or enter a code from your authenticator app (or a recovery code): what you asked is then done.`
            : t`This moves money or changes your account, and your last sign-in was a while ago. Enter a code from your authenticator app (or a recovery code): what you asked is then done.`,
        methods: ask.methods,
        run: async (proof) => {
          await api<{ provedUntil: string }>('POST', '/v1/users/self/step-up', proof);
          ask.settle(true);
        },
      },
    [ask],
  );
  return <ProofDialog asking={asking} onClose={() => ask?.settle(false)} />;
}
