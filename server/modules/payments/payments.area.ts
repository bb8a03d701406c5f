import { createHmac } from 'node:crypto';
import { defineArea } from '../../app/area.ts';
import { notifyLater } from '../notifications/notify.ts';
import { Payment } from './payment.entity.ts';
import { paymentsRoutes } from './payments.rest.ts';
import './payments.schema.ts';
import { PaymentsService } from './payments.service.ts';
import { CryptoPayProvider } from './providers/cryptopay.ts';
import { SandboxProvider } from './providers/sandbox.ts';
import { registerSandboxCheckout } from './sandbox.page.ts';

/**
 * Top-ups through the payment provider (Crypto Pay, or the built-in sandbox), and the history of
 * top-ups and withdrawals (the payouts area decides and pays the withdrawals).
 */
export const paymentsArea = defineArea({
  name: 'payments',
  provides: ['payments'],
  needs: ['ledger', 'withdrawals'],
  // A confirmed top-up is notified (the notifications area needs users only).
  later: ['notifications'],
  entities: [Payment],
  services: ({ config, log, url }, { ledger, withdrawals }, later) => {
    // The sandbox checkout signs with a key derived from the JWT secret: nothing to configure.
    const provider = config.cryptoPay
      ? new CryptoPayProvider(config.cryptoPay.token, config.cryptoPay.apiUrl)
      : new SandboxProvider(createHmac('sha256', config.jwtSecret).update('sandbox-payments').digest('hex'), url);
    return { payments: new PaymentsService({ ledger, provider, log, withdrawals, notify: notifyLater(later) }) };
  },
  routes: paymentsRoutes,
  http: ({ http, em, services: { payments } }) => {
    // The sandbox's checkout page, when no real provider is configured.
    if (payments.provider instanceof SandboxProvider) {
      registerSandboxCheckout(http, { em, payments, sandbox: payments.provider });
    }
  },
  jobs: ({ log, em, services }) => [
    {
      name: 'invoice-reconciliation',
      run: async () => {
        const settled = await services.payments.reconcileTopUps(em(), 15 * 60_000);
        if (settled) log.info({ settled }, 'stale top-ups settled with the provider');
      },
    },
  ],
  topics: ['transactions', 'withdrawals'],
});
