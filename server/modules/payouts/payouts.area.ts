import { defineArea } from '../../app/area.ts';
import { Background } from '../../lib/background.ts';
import { configuredMailer } from '../../lib/mailer.ts';
import { notifyLater } from '../notifications/notify.ts';
import { AutoApprover } from './auto-approver.ts';
import { registerSandboxExplorer } from './explorer.page.ts';
import { addPayoutFigures } from './payout-metrics.ts';
import { PayoutAddress, PayoutBatch, PayoutState, PayoutTransfer, WithdrawalApproval } from './payout.entity.ts';
import { PayoutsService } from './payouts.service.ts';
import { WithdrawalsService } from './withdrawals.service.ts';

/**
 * Withdrawals and their payment in USDT on TON by the network's hot wallet: the withdrawal's
 * life (withdrawals.service.ts) under the policies of `policies/`, and the rounds that batch,
 * send and reconcile with the chain (payouts.service.ts). The withdrawal rows are the payments
 * area's (one history with top-ups); the rule's facts about a payee's apps come from the
 * quality and moderation areas.
 */
export const payoutsArea = defineArea({
  name: 'payouts',
  provides: ['payouts', 'withdrawals'],
  needs: ['ledger'],
  // Each stage is notified; the auto-approve rule asks the quality floor and the fraud reports.
  later: ['notifications', 'quality', 'fraud'],
  entities: [PayoutAddress, PayoutBatch, PayoutTransfer, PayoutState, WithdrawalApproval],
  services: ({ config, log, em, pubsub, cleanups }, { ledger }, later) => {
    const notify = notifyLater(later);
    const background = new Background(log);
    cleanups.push(() => background.idle());
    const settings = config.payouts;
    const rule = new AutoApprover({
      ledger,
      settings,
      notify,
      apps: {
        pausedUnderFloor: (tx, ownerId) => later().quality.pausedUnderFloor(tx, ownerId),
        openFraudReport: (tx, ownerId) => later().fraud.openReportAbout(tx, ownerId),
      },
    });
    const payouts = new PayoutsService({
      ledger,
      settings,
      secretsKey: config.secretsKey,
      production: config.env === 'production',
      log,
      mailer: configuredMailer(config, log),
      pubsub,
      background,
      em,
      notify,
      rule,
    });
    // The sandbox chain's last changes written to the data folder at a stop.
    cleanups.push(() => payouts.close());
    const removeFigures = addPayoutFigures(() => payouts.figures(em()));
    cleanups.push(async () => {
      removeFigures();
    });
    const withdrawals = new WithdrawalsService({ ledger, settings, payouts, rule, notify });
    return { payouts, withdrawals };
  },
  http: ({ http, config, services: { payouts } }) => {
    // The sandbox chain's own explorer (a payout's hash links there when no real network is set).
    if (!config.payouts.toncenter) registerSandboxExplorer(http, { payouts });
  },
  jobs: ({ config, log, services }) => [
    {
      // Confirm, expire, resend, batch; an approval starts a round at once.
      name: 'payouts',
      intervalMs: config.payouts.intervalMs,
      run: async () => {
        services.payouts.runsRounds = true;
        const r = await services.payouts.round();
        if (r.batches || r.confirmed || r.failed || r.expired) log.info(r, 'payout round');
      },
    },
  ],
  topics: ['payoutWallet'],
});
