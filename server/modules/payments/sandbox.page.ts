import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import { formatMoney } from '../../lib/money.ts';
import { Payment } from './payment.entity.ts';
import type { PaymentsService } from './payments.service.ts';
import { SANDBOX_EXPLORER_PATH, type PayoutsService, type SandboxTransactionView } from './payouts.service.ts';
import type { SandboxProvider } from './providers/sandbox.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string, wide = false) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>
:root{color-scheme:light dark;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f4f6fb}
@media (prefers-color-scheme:dark){body{background:#0f1115;color:#e8eaf0}.card{background:#181b22!important;border-color:#2a2f3a!important}}
*{box-sizing:border-box}.card{background:#fff;border:1px solid #e3e7ef;border-radius:16px;padding:28px;max-width:380px;width:calc(100% - 32px);box-shadow:0 8px 30px rgba(0,0,0,.06)}
h1{font-size:20px;margin:0 0 4px}.muted{opacity:.7;font-size:14px;margin:0 0 20px}.amount{font-size:36px;font-weight:700;margin:8px 0 24px}
.row{display:flex;gap:12px}button{flex:1;font:inherit;font-weight:600;padding:12px;border-radius:10px;border:0;cursor:pointer}
.wide{max-width:640px}dl{display:grid;grid-template-columns:max-content 1fr;gap:8px 16px;margin:0 0 16px}dt{opacity:.7}dd{margin:0;word-break:break-all;font-variant-numeric:tabular-nums}.badge.ok{background:#dcfce7;color:#166534}.badge.no{background:#fee2e2;color:#991b1b}
.pay{background:#2563eb;color:#fff}.fail{background:#fee2e2;color:#991b1b}.badge{display:inline-block;font-size:12px;padding:2px 8px;border-radius:99px;background:#fef3c7;color:#92400e;margin-bottom:12px}
</style></head><body><main class="card${wide ? ' wide' : ''}">${body}</main></body></html>`;
}

/** The built-in checkout used by default and in the demo: Pay or Fail, then back to Add Funds. */
export function registerSandboxCheckout(
  root: FastifyInstance,
  deps: { em: () => EntityManager; payments: PaymentsService; sandbox: SandboxProvider },
) {
  root.register(async (http) => {
    // The page's Pay and Fail buttons post an ordinary HTML form; its fields are not needed.
    http.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
      done(null, {}),
    );
    http.get<{ Params: { id: string }; Querystring: { token?: string } }>('/pay/sandbox/:id', async (req, reply) => {
      const id = Number(req.params.id);
      const payment = Number.isSafeInteger(id) ? await deps.em().findOne(Payment, { id, kind: 'TOP_UP' }) : null;
      reply.type('text/html').header('Cache-Control', 'no-store');
      if (!payment || !deps.sandbox.checkPageToken(id, req.query.token ?? '')) {
        return reply
          .code(404)
          .send(
            page(
              'Payment not found',
              '<h1>Payment not found</h1><p class="muted">This payment link is not valid.</p><a href="/advertiser/payments">Back to Add funds</a>',
            ),
          );
      }
      const amount = `${formatMoney(payment.amount)} $`;
      if (payment.status !== 'IN_PROGRESS') {
        return reply.send(
          page(
            'Payment',
            `<h1>Payment #${payment.id}</h1><p class="muted">This payment is already ${payment.status === 'DONE' ? 'paid' : 'failed'}.</p><div class="amount">${amount}</div><a href="/advertiser/payments">Back to Add funds</a>`,
          ),
        );
      }
      const action = (what: string) =>
        `/pay/sandbox/${payment.id}/${what}?token=${encodeURIComponent(req.query.token ?? '')}`;
      return reply.send(
        page(
          'Sandbox checkout',
          `<span class="badge">Sandbox: no real money moves</span><h1>Top up your balance</h1><p class="muted">Payment #${payment.id}</p>
<div class="amount" data-testid="sandbox-amount">${amount}</div>
<div class="row"><form method="post" action="${action('fail')}" style="flex:1;display:flex"><button class="fail" type="submit">Fail</button></form>
<form method="post" action="${action('pay')}" style="flex:1;display:flex"><button class="pay" type="submit">Pay</button></form></div>`,
        ),
      );
    });

    http.post<{ Params: { id: string; outcome: string }; Querystring: { token?: string } }>(
      '/pay/sandbox/:id/:outcome',
      async (req, reply) => {
        const id = Number(req.params.id);
        const outcome = req.params.outcome === 'pay' ? 'paid' : req.params.outcome === 'fail' ? 'failed' : null;
        if (!Number.isSafeInteger(id) || !outcome || !deps.sandbox.checkPageToken(id, req.query.token ?? '')) {
          return reply.code(404).type('text/html').send(page('Payment not found', '<h1>Payment not found</h1>'));
        }
        // A real provider takes no payment for an invoice that ended (failed, cancelled, expired):
        // nor does its stand-in; the page says it is over.
        const payment = await deps.em().findOne(Payment, { id, kind: 'TOP_UP' });
        if (payment?.status !== 'IN_PROGRESS') {
          return reply.redirect(
            `/advertiser/payments?payment=${id}&status=${payment?.status === 'DONE' ? 'paid' : 'failed'}`,
            303,
          );
        }
        // Same path as a provider's webhook: a signed body, verified and applied once.
        const { body, signature } = deps.sandbox.webhook(id, outcome);
        await deps.payments.handleWebhook(deps.em(), body, { 'x-sandbox-signature': signature });
        return reply.redirect(`/advertiser/payments?payment=${id}&status=${outcome}`, 303);
      },
    );
  });
}

/** One sandbox transaction as an explorer shows it: who sent what to whom, when, and whether it went through. */
function transactionPage(t: SandboxTransactionView): string {
  const row = (label: string, value: string | null, testId: string) =>
    value === null ? '' : `<dt>${label}</dt><dd data-testid="${testId}">${escapeHtml(value)}</dd>`;
  const status = t.success
    ? '<span class="badge ok" data-testid="explorer-status">Succeeded</span>'
    : `<span class="badge no" data-testid="explorer-status">Failed${t.exitCode === null ? '' : ` (exit code ${t.exitCode})`}</span>`;
  return page(
    'Sandbox transaction',
    `<span class="badge">Sandbox chain: this transaction exists only in this server's TON emulator</span>
<h1>Transaction</h1><p class="muted">${status}</p>
<dl>${row('Hash', t.hash, 'explorer-hash')}${row('Time', `${t.at.replace('T', ' ').slice(0, 19)} UTC`, 'explorer-time')}${row('Amount', t.amount && `${t.amount} USDT`, 'explorer-amount')}${row('From', t.from === t.hotWallet ? `${t.from} (the network's hot wallet)` : t.from, 'explorer-from')}${row('To', t.to, 'explorer-to')}${row('Payout', t.withdrawalId === null ? null : `Withdrawal #${t.withdrawalId}`, 'explorer-withdrawal')}${row('Account', `${t.account} (its USDT jetton wallet)`, 'explorer-account')}${row('Logical time', t.lt, 'explorer-lt')}</dl>
<p class="muted">On a real network (TONCENTER_API_KEY set) the same link opens tonviewer.</p>`,
    true,
  );
}

/** The sandbox chain's explorer: the page a payout's hash links to when no real network is configured. */
export function registerSandboxExplorer(root: FastifyInstance, deps: { payouts: PayoutsService }) {
  root.get<{ Params: { hash: string } }>(`${SANDBOX_EXPLORER_PATH}:hash`, async (req, reply) => {
    const found = await deps.payouts.sandboxTransaction(req.params.hash.toLowerCase());
    reply.type('text/html').header('Cache-Control', 'no-store');
    if (!found) {
      return reply
        .code(404)
        .send(
          page(
            'Transaction not found',
            '<h1>Transaction not found</h1><p class="muted">The sandbox chain has no transaction with this hash (it keeps what this server sent since its data folder was made).</p>',
          ),
        );
    }
    return reply.send(transactionPage(found));
  });
}
