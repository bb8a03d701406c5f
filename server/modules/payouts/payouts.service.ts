import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { PayoutSettings } from '../../config.ts';
import type { Background } from '../../lib/background.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { formatMoney } from '../../lib/money.ts';
import { type PubSub, topics } from '../../lib/pubsub.ts';
import { authorize } from '../../lib/access.ts';
import { personActor, recordAudit } from '../audit/record.ts';
import type { Ledger } from '../ledger/ledger.service.ts';
import type { Notify } from '../notifications/notify.ts';
import type { User } from '../users/user.entity.ts';
import { PayoutAlerts } from './alerts.ts';
import type { AutoApprover } from './auto-approver.ts';
import { Batching } from './batching.ts';
import { ChainSetup, type PayoutChain } from './chain/setup.ts';
import { BatchExpiry } from './expiry.ts';
import { explorerBase, type SandboxTransactionView, sandboxTransaction } from './explorer.ts';
import type { PayoutFigures } from './payout-metrics.ts';
import { writeState } from './payouts.repository.ts';
import { friendly, parsePayoutAddress, refuseOwnAddress } from './policies/address-refusals.ts';
import { liftKey } from './policies/velocity.ts';
import { Reconciliation } from './reconcile.ts';
import { type PayoutWalletView, payoutFigures, walletView } from './wallet-view.ts';

/** What the payouts' parts are built from (the area gives it). */
export interface PayoutsDeps {
  ledger: Ledger;
  settings: PayoutSettings;
  secretsKey: Buffer;
  production: boolean;
  log: Logger;
  mailer: Mailer;
  pubsub: PubSub;
  background: Background;
  em: () => EntityManager;
  /** Tells the payee of each stage, and finance of a limit (the notifications area). */
  notify?: Notify;
}

export interface RoundResult {
  confirmed: number;
  failed: number;
  expired: number;
  batches: number;
  /** Approved withdrawals left waiting for funds. */
  short: boolean;
}

const moneyOrNull = (v: bigint | undefined) => (v === undefined ? null : formatMoney(v));

/**
 * Withdrawals paid by the network itself in USDT on TON (docs/payouts.md): a round gathers the
 * approved withdrawals (withdrawals.service.ts) into highload batches written to the database
 * before they are sent (batching.ts), resends each until the chain has it or its timeout passes
 * (expiry.ts), and marks a withdrawal DONE or FAILED only from what the hot wallet's jetton
 * wallet is seen to have done (reconcile.ts). This service runs the rounds and shows the wallet.
 */
export class PayoutsService {
  private readonly chain: ChainSetup;
  private readonly reconciliation: Reconciliation;
  private readonly expiry: BatchExpiry;
  private readonly batching: Batching;
  private readonly alerts: PayoutAlerts;
  private running?: Promise<RoundResult>;
  /** An approval asked for a round while one ran: another follows it. */
  private roundAsked = false;
  private lastWallet = '';
  /** The wallet as the last round read it (for /metrics). */
  private lastView: PayoutWalletView | undefined;
  /** Set by the area when this instance runs background work: approvals start a round at once. */
  runsRounds = false;

  constructor(
    private readonly deps: PayoutsDeps & {
      /** The auto-approve rule, which looks at held withdrawals again when their hold ends. */
      rule: AutoApprover;
    },
  ) {
    this.chain = new ChainSetup(deps);
    this.reconciliation = new Reconciliation(deps);
    this.expiry = new BatchExpiry(deps);
    this.batching = new Batching(deps);
    this.alerts = new PayoutAlerts(deps);
  }

  get network() {
    return this.deps.settings.network;
  }

  /**
   * A payout transaction's block-explorer page (without a hash, none): tonviewer's for a real
   * network, the product's own page for the sandbox chain (`/sandbox/explorer/tx/<hash>`).
   */
  explorerUrl(txHash: string | null): string | null {
    const base = explorerBase(this.deps.settings.toncenter ? 'toncenter' : 'sandbox', this.network);
    return txHash ? `${base}${txHash}` : null;
  }

  /** A transaction of the sandbox chain as its explorer shows it; null on a real chain or for an unknown hash. */
  async sandboxTransaction(hash: string): Promise<SandboxTransactionView | null> {
    if (this.deps.settings.toncenter || !/^[0-9a-f]{64}$/.test(hash)) return null;
    return sandboxTransaction(await this.ready(), hash, this.network);
  }

  /** Resolves when the mails and rounds started in the background are done. */
  idle() {
    return this.deps.background.idle();
  }

  /** The chain, hot wallet and jetton wallet (the sandbox chain is made and funded here). */
  ready(): Promise<PayoutChain> {
    return this.chain.ready();
  }

  /** Writes the sandbox chain to the data folder (at a stop: the last changes are not lost). */
  close(): Promise<void> {
    return this.chain.close();
  }

  /** A withdrawal address, checked for the network the product pays on; answered in its form. */
  parseAddress(input: string): string {
    return parsePayoutAddress(input, this.network);
  }

  /** Refuses the network's own payout addresses as a destination. */
  refuseOwnAddress(wallet: string): void {
    refuseOwnAddress(wallet, this.chain.ownAddresses());
  }

  /** Starts a round in this instance soon (after an approval), when it runs background work. */
  kick() {
    if (this.runsRounds) this.deps.background.start('payout round', () => this.round());
  }

  /**
   * One round of the payout job: confirm what the chain did, expire batches whose timeout
   * passed unseen, resend the pending ones, batch the approved withdrawals, publish the wallet.
   * Rounds in one instance never overlap (a round asked for meanwhile runs after); rounds in
   * two instances may, and pay nothing twice (row locks, unique hashes, one query id a batch).
   */
  round(): Promise<RoundResult> {
    if (this.running) {
      this.roundAsked = true;
      return this.running;
    }
    const run = async (): Promise<RoundResult> => {
      let result: RoundResult;
      do {
        this.roundAsked = false;
        result = await this.roundOnce();
      } while (this.roundAsked);
      return result;
    };
    this.running = run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async roundOnce(): Promise<RoundResult> {
    const setup = await this.ready();
    const em = this.deps.em();
    let { confirmed, failed } = await this.reconciliation.confirm(em, setup);
    const expired = await this.expiry.expire(em, setup);
    await this.expiry.resend(em, setup);
    await this.deps.rule.releaseHeld(em);
    const send = (batch: Parameters<BatchExpiry['send']>[2]) => this.expiry.send(em, setup, batch);
    // After each batch sent: what it did, as far as the chain has done it (all of it on the sandbox).
    const { batches, stop } = await this.batching.run(em, setup, send, async () => {
      const after = await this.reconciliation.confirm(em, setup);
      confirmed += after.confirmed;
      failed += after.failed;
    });
    if (stop.kind === 'short') await this.alerts.lowFunds(em, stop.funds, friendly(setup.wallet.address, this.network));
    else if (stop.kind === 'limit') await this.alerts.limitReached(em, stop.limit);
    else await this.alerts.clear(em);
    await this.publishWallet(em).catch((err) => this.deps.log.warn({ err }, 'payouts: wallet not read'));
    return { confirmed, failed, expired, batches, short: stop.kind === 'short' };
  }

  /**
   * A finance person (with a fresh proof) lifts the hour's, the day's and the round's limits
   * until the end of the day (UTC): recorded in the audit trail; a round starts.
   */
  async liftLimits(em: EntityManager, finance: User): Promise<void> {
    authorize(finance, 'payoutLimits.lift');
    const s = this.deps.settings;
    await this.deps.ledger.run(em, async (tx) => {
      const key = liftKey();
      await writeState(tx, key, String(finance.id), false);
      await writeState(tx, 'limit', '', false);
      await recordAudit(tx, {
        actor: personActor(finance),
        action: 'payouts.limits_lifted',
        object: { type: 'setting', id: 'PAYOUT_LIMITS' },
        before: {
          maxPerHour: moneyOrNull(s.maxPerHour),
          maxPerDay: moneyOrNull(s.maxPerDay),
          maxRoundShare: s.maxRoundShare,
        },
        after: { liftedUntil: `${key.slice('limits-lifted:'.length)}T23:59:59Z` },
      });
    });
    this.kick();
    this.walletChanged();
  }

  /** Balances, what the queue needs, and the alert (if any). */
  async wallet(em: EntityManager): Promise<PayoutWalletView> {
    return walletView(em, await this.ready(), this.deps.settings);
  }

  /** The payout loop's figures for /metrics: one query, and the wallet as last read. */
  figures(em: EntityManager): Promise<PayoutFigures> {
    return payoutFigures(em, this.lastView);
  }

  /** What the wallet card shows changed (an approval, a lift): finance's card follows, in the background. */
  walletChanged() {
    this.deps.background.start('payout wallet', () => this.publishWallet(this.deps.em()));
  }

  private async publishWallet(em: EntityManager) {
    const view = await this.wallet(em);
    this.lastView = view;
    const key = JSON.stringify(view);
    if (key === this.lastWallet) return;
    this.lastWallet = key;
    await this.deps.pubsub.publish(topics.payoutWallet(), view);
  }
}
