import { Address } from '@ton/core';
import { formatMoney } from '../../lib/money.ts';
import type { PayoutChain } from './chain/setup.ts';
import { OP_JETTON_TRANSFER, readJettonBody } from './chain/hot-wallet.ts';
import { friendly, type PayoutNetwork } from './policies/address-refusals.ts';

/** The product's page for a sandbox chain transaction (explorer.page.ts), the hash appended. */
export const SANDBOX_EXPLORER_PATH = '/sandbox/explorer/tx/';

/** Where a transaction hash opens in a block explorer (tonviewer), per network. */
export function explorerBase(chain: 'sandbox' | 'toncenter', network: PayoutNetwork): string {
  // The sandbox chain lives in this server: its transactions are shown by the product itself.
  if (chain === 'sandbox') return SANDBOX_EXPLORER_PATH;
  return network === 'mainnet' ? 'https://tonviewer.com/transaction/' : 'https://testnet.tonviewer.com/transaction/';
}

/** A sandbox chain transaction as its explorer page shows it. */
export interface SandboxTransactionView {
  hash: string;
  /** The account whose transaction it is (for a payout: the hot wallet's USDT jetton wallet). */
  account: string;
  at: string;
  lt: string;
  success: boolean;
  exitCode: number | null;
  /** The inbound message's sender (for a payout: the hot wallet). */
  from: string | null;
  /** A jetton transfer's recipient and amount (USDT, exact to its 6 decimals). */
  to: string | null;
  amount: string | null;
  /** A payout's withdrawal (the transfer's query id). */
  withdrawalId: number | null;
  hotWallet: string;
}

/**
 * A transaction of the sandbox chain, as an explorer shows it: the account, when, whether it
 * succeeded, and for a jetton transfer from whom, to whom and how much (USDT, to 6 decimals).
 * Null for a hash the sandbox does not have.
 */
export async function sandboxTransaction(
  setup: PayoutChain,
  hash: string,
  network: PayoutNetwork,
): Promise<SandboxTransactionView | null> {
  const found = await setup.chain.find?.(hash);
  if (!found) return null;
  const { tx } = found;
  const body = tx.inMessage && !tx.inMessage.bounced ? readJettonBody(tx.inMessage.body, false) : null;
  const transfer = body?.op === OP_JETTON_TRANSFER;
  const asFriendly = (raw: string) => friendly(Address.parseRaw(raw), network);
  return {
    hash,
    account: asFriendly(found.account),
    at: new Date(tx.now * 1000).toISOString(),
    lt: tx.lt.toString(),
    success: tx.success,
    exitCode: tx.exitCode,
    from: tx.inMessage?.source ? asFriendly(tx.inMessage.source) : null,
    to: transfer && body.destination ? friendly(body.destination, network) : null,
    amount: transfer && body.amount !== undefined ? formatMoney(body.amount) : null,
    withdrawalId: transfer && body.queryId <= 2_147_483_647n ? Number(body.queryId) : null,
    hotWallet: friendly(setup.wallet.address, network),
  };
}
