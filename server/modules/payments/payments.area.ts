import { createHmac } from 'node:crypto';
import { defineArea } from '../../app/area.ts';
import { Background } from '../../lib/background.ts';
import { configuredMailer } from '../../lib/mailer.ts';
import { notifyLater } from '../notifications/notify.ts';
import { Payment, PayoutAddress } from './payment.entity.ts';
import { addPayoutFigures } from './payout-metrics.ts';
import { PayoutsService } from './payouts.service.ts';
import { PayoutBatch, PayoutState, PayoutTransfer, WithdrawalApproval } from './payout.entity.ts';
import { paymentsRoutes } from './payments.rest.ts';
import './payments.schema.ts';
import { PaymentsService } from './payments.service.ts';
import { CryptoPayProvider } from './providers/cryptopay.ts';
import { SandboxProvider } from './providers/sandbox.ts';
import { registerSandboxCheckout, registerSandboxExplorer } from './sandbox.page.ts';

/**
 * Top-ups through the payment provider (Crypto Pay, or the built-in sandbox) and withdrawals,
 * paid out in USDT on TON by the network's hot wallet (payouts).
 */
export const paymentsArea = defineArea({
  name: 'payments',
  provides: ['payments', 'payouts'],
  needs: ['ledger'],
  // Each stage of a withdrawal and a confirmed top-up are notified (the notifications area needs users only).
  later: ['notifications'],
  entities: [Payment, PayoutAddress, PayoutBatch, PayoutTransfer, PayoutState, WithdrawalApproval],
  services: ({ config, log, url, em, pubsub, cleanups }, { ledger }, later) => {
    const notify = notifyLater(later);
    const background = new Background(log);
    cleanups.push(() => background.idle());
    const payouts = new PayoutsService({
      ledger,
      settings: config.payouts,
      secretsKey: config.secretsKey,
      production: config.env === 'production',
      log,
      mailer: configuredMailer(config, log),
      pubsub,
      background,
      em,
      notify,
    });
    // The sandbox chain's last changes written to the data folder at a stop.
    cleanups.push(() => payouts.close());
    const removeFigures = addPayoutFigures(() => payouts.figures(em()));
    cleanups.push(async () => {
      removeFigures();
    });
    // The sandbox checkout signs with a key derived from the JWT secret: nothing to configure.
    const provider = config.cryptoPay
      ? new CryptoPayProvider(config.cryptoPay.token, config.cryptoPay.apiUrl)
      : new SandboxProvider(createHmac('sha256', config.jwtSecret).update('sandbox-payments').digest('hex'), url);
    return { payments: new PaymentsService({ ledger, provider, log, payouts, notify }), payouts };
  },
  routes: paymentsRoutes,
  http: ({ http, em, config, services: { payments, payouts } }) => {
    // The sandbox chain's own explorer (a payout's hash links there when no real network is set).
    if (!config.payouts.toncenter) registerSandboxExplorer(http, { payouts });
    // The sandbox's checkout page, when no real provider is configured.
    if (payments.provider instanceof SandboxProvider) {
      registerSandboxCheckout(http, { em, payments, sandbox: payments.provider });
    }
  },
  jobs: ({ config, log, em, services }) => [
    {
      // Confirm, expire, resend, batch (payouts.service.ts); an approval starts a round at once.
      name: 'payouts',
      intervalMs: config.payouts.intervalMs,
      run: async () => {
        services.payouts.runsRounds = true;
        const r = await services.payouts.round();
        if (r.batches || r.confirmed || r.failed || r.expired) log.info(r, 'payout round');
      },
    },
    {
      name: 'invoice-reconciliation',
      run: async () => {
        const settled = await services.payments.reconcileTopUps(em(), 15 * 60_000);
        if (settled) log.info({ settled }, 'stale top-ups settled with the provider');
      },
    },
  ],
  topics: ['transactions', 'withdrawals', 'payoutWallet'],
});
