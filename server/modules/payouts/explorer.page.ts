import type { FastifyInstance } from 'fastify';
import { escapeHtml, sandboxPage as page } from '../../lib/sandbox-page.ts';
import { SANDBOX_EXPLORER_PATH, type SandboxTransactionView } from './explorer.ts';
import type { PayoutsService } from './payouts.service.ts';

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
