import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import { formatMoney } from '../../lib/money.ts';
import { Payment } from './payment.entity.ts';
import type { PaymentsService } from './payments.service.ts';
import { sandboxPage as page } from '../../lib/sandbox-page.ts';
import type { SandboxProvider } from './providers/sandbox.ts';

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
