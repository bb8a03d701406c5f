import { LockMode } from '@mikro-orm/core';
import { requireFreshProof } from '../../lib/step-up.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Address, beginCell } from '@ton/core';
import { mnemonicNew } from '@ton/crypto';
import type { Logger } from 'pino';
import type { PayoutSettings } from '../../config.ts';
import { pgIds } from '../../db/columns.ts';
import type { Emit } from '../../db/transaction.ts';
import { conflict, forbidden, notFound, validation } from '../../errors.ts';
import type { Background } from '../../lib/background.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { formatMoney } from '../../lib/money.ts';
import { type PubSub, topics } from '../../lib/pubsub.ts';
import { decryptSecret, encryptSecret } from '../../lib/secrets.ts';
import type { Ledger } from '../ledger/ledger.service.ts';
import type { User } from '../users/user.entity.ts';
import { Payment } from './payment.entity.ts';
import { OWN_WITHDRAWAL_MESSAGE, SECOND_APPROVAL_MESSAGE, holdText, paymentView } from './payments.service.ts';
import { type AuditEntry, ROUND_ACTOR, RULE_ACTOR, personActor, recordAudit, recordAudits } from '../audit/record.ts';
import type { Notify } from '../notifications/notify.ts';
import { ChainUnavailable, type TonChain } from './payouts/chain.ts';
import {
  HotWallet,
  type JettonTransfer,
  OP_INTERNAL_TRANSFER,
  OP_JETTON_TRANSFER,
  QUERY_ID_COUNT,
  queryIdOf,
  readJettonBody,
  TON_PER_TRANSFER,
} from './payouts/hot-wallet.ts';
import { PayoutBatch } from './payout.entity.ts';
import type { PayoutFigures } from './payout-metrics.ts';
import { SandboxChain } from './payouts/sandbox-chain.ts';
import { SharedSandboxChain, ToncenterChain } from './payouts/toncenter-chain.ts';
import { languageOf } from '../../../showcase/i18n/languages.ts';
import { lowFundsMail } from './low-funds-mail.ts';
import {
  amountBackReason,
  type ChainFailure,
  chainFailureOf,
  chainFailureText,
  withoutAmountBack,
} from './chain-failure.ts';

type WithdrawalNotice = 'withdrawalApproved' | 'withdrawalSent' | 'withdrawalConfirmed' | 'withdrawalFailed';

/** `UQAb…wXyZ`: an address short enough for a one-line message. */
const shortAddress = (a: string) => (a.length > 16 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a);

/** TON kept on the hot wallet beyond the transfers' own (its storage fee and the batch's gas). */
const TON_RESERVE = 100_000_000n;
/** A batch not yet seen is sent again at most this often. */
const RESEND_MS = 10_000;
/** Transactions read from the chain per call. */
const PAGE = 256;
/** Low-funds mails to finance at most this often. */
const ALERT_MAIL_MS = 60 * 60_000;
/** Batches made in one round at most (each one's message is sent before the next is made); the next round follows at once. */
const BATCHES_PER_ROUND = 4;

/** The chain, the hot wallet and its USDT jetton wallet, made once (lazily: tests that never pay out pay nothing). */
interface PayoutChain {
  chain: TonChain;
  wallet: HotWallet;
  jettonMaster: Address;
  jettonWallet: Address;
}

/** The product's page for a sandbox chain transaction (sandbox.page.ts), the hash appended. */
export const SANDBOX_EXPLORER_PATH = '/sandbox/explorer/tx/';

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

/** What finance sees of the hot wallet; micro-USD and nanotons as decimal strings. */
export interface PayoutWalletView {
  network: 'mainnet' | 'testnet';
  chain: 'sandbox' | 'toncenter';
  address: string;
  jettonWallet: string;
  jettonMaster: string;
  ton: string;
  usdt: string;
  /** What the approved and sent (unconfirmed) withdrawals need. */
  neededTon: string;
  neededUsdt: string;
  /** Set when the wallet holds less than they need: what to do. */
  alert: string | null;
  /** Set when a payout limit holds approved withdrawals back: which, and what waits. */
  limit: string | null;
  /** The same as figures, for a reader's own language: which limit, sent under it, and what waits. */
  limitHit: PayoutLimitHit | null;
  /** Whether the limits are set at all, and lifted for today. */
  limitsSet: boolean;
  limitsLifted: boolean;
  /** Block explorer base for a transaction hash (null on the sandbox chain). */
  explorer: string | null;
  /** Paid transfers on chain no withdrawal in the books explains (after a restore), newest first (at most 20). */
  unmatched: UnmatchedTransfer[];
}

/** A payout limit that holds approved withdrawals back (micro-USD amounts as decimal strings of micros). */
export interface PayoutLimitHit {
  kind: 'hour' | 'day';
  sent: string;
  max: string;
  waiting: number;
  waitingAmount: string;
}

/** The setting that names a limit of this kind. */
const limitSetting = (kind: 'hour' | 'day') => (kind === 'hour' ? 'PAYOUT_MAX_PER_HOUR_USD' : 'PAYOUT_MAX_PER_DAY_USD');

/** The wallet card's English line for a limit hit (the notice to finance says the same). */
function limitMessage(hit: PayoutLimitHit): string {
  const name = limitSetting(hit.kind);
  const span = hit.kind === 'hour' ? 'the last hour' : 'the last 24 hours';
  return `Payouts wait: the hot wallet sent ${formatMoney(BigInt(hit.sent))} USD in ${span}, the limit is ${formatMoney(BigInt(hit.max))} (${name}). ${hit.waiting} approved withdrawals (${formatMoney(BigInt(hit.waitingAmount))} USD) wait in order; a finance person can lift the limits for the rest of the day.`;
}

/** The stored limit hit (JSON; an older English line is kept as it is). */
function storedLimit(value: string | null): { limit: string | null; limitHit: PayoutLimitHit | null } {
  if (!value) return { limit: null, limitHit: null };
  if (!value.startsWith('{')) return { limit: value, limitHit: null };
  const hit = JSON.parse(value) as PayoutLimitHit;
  return { limit: limitMessage(hit), limitHit: hit };
}

/** A paid transfer the books cannot place: the chain's evidence and why. */
export interface UnmatchedTransfer {
  withdrawalId: number;
  txHash: string;
  amount: string;
  destination: string;
  /** Why, in English (recorded once, when it was seen). */
  reason: string;
  seenAt: string;
  /**
   * The withdrawal the books hold under that number now, for a reader's own language (null: none,
   * as after a restore to before it was requested): already paid or failed, or for another
   * amount or address (micro-USD amount as a decimal string).
   */
  booked: { status: string; amount: string; address: string | null; txHash: string | null } | null;
}

/** A transfer the hot wallet's jetton wallet was seen to make, or refuse, or get back. */
interface SeenTransfer {
  withdrawalId: number;
  txHash: string;
  lt: bigint;
  amount: bigint;
  destination: string;
  ok: boolean;
  reason: string | null;
}

/** What a round may still send of the wallet's USDT (PAYOUT_MAX_ROUND_SHARE); absent: no share limit. */
interface RoundAllowance {
  left: bigint | undefined;
}

/**
 * The approved withdrawals (in order) that leave under `allowance`: the longest prefix that fits,
 * so none jumps the queue — except one larger than the hour's or the day's limit itself, which
 * no window will ever fit: it waits for the limits to be lifted without holding back the ones
 * behind it.
 */
export function withinAllowance<T extends { amount: string }>(rows: T[], allowance: LimitHit): T[] {
  const taken: T[] = [];
  let sum = 0n;
  for (const r of rows) {
    const amount = BigInt(r.amount);
    if (allowance.kind !== 'round' && amount > allowance.max) continue;
    if (sum + amount > allowance.left) break;
    sum += amount;
    taken.push(r);
  }
  return taken;
}

/** The tightest payout limit now: which, its maximum, what was sent under it, and what is left (micro-USD). */
interface LimitHit {
  kind: 'hour' | 'day' | 'round';
  max: bigint;
  sent: bigint;
  left: bigint;
}

/** The payout_state key of today's (UTC) lift of the limits. */
const liftKey = () => `limits-lifted:${new Date().toISOString().slice(0, 10)}`;
const moneyOrNull = (v: bigint | undefined) => (v === undefined ? null : formatMoney(v));

/** The auto-approve rule's figures for one request it approved (micro-USD). */
export interface AutoApproval {
  max: bigint;
  minAgeDays: number;
  /** What the rule approved for this user in the 24 hours before. */
  last24h: bigint;
  amount: bigint;
}

export interface RoundResult {
  confirmed: number;
  failed: number;
  expired: number;
  batches: number;
  /** Approved withdrawals left waiting for funds. */
  short: boolean;
}

/** An address in the form the network expects (non-bounceable, test-only on testnet). */
export function friendly(address: Address, network: 'mainnet' | 'testnet'): string {
  return address.toString({ bounceable: false, urlSafe: true, testOnly: network === 'testnet' });
}

/**
 * Withdrawals paid by the network itself in USDT on TON (docs/payouts.md): finance approves
 * (or the auto-approve rule does), a round gathers approved withdrawals into highload batches
 * written to the database before they are sent, resends each until the chain has it or its
 * timeout passes, and marks a withdrawal DONE or FAILED only from what the hot wallet's jetton
 * wallet is seen to have done.
 */
export class PayoutsService {
  private chainSetUp?: Promise<PayoutChain>;
  /** The chain once set up (the payout job sets it up at its first round), without waiting for it. */
  private chainReady: PayoutChain | undefined;
  private running?: Promise<RoundResult>;
  /** An approval asked for a round while one ran: another follows it. */
  private roundAsked = false;
  private lastWallet = '';
  /** The wallet as the last round read it (for /metrics). */
  private lastView: PayoutWalletView | undefined;
  /** Set by the area when this instance runs background work: approvals start a round at once. */
  runsRounds = false;

  constructor(
    private readonly deps: {
      ledger: Ledger;
      settings: PayoutSettings;
      secretsKey: Buffer;
      production: boolean;
      log: Logger;
      mailer: Mailer;
      pubsub: PubSub;
      background: Background;
      em: () => EntityManager;
      /** Tells the publisher of each stage (the notifications area). */
      notify?: Notify;
    },
  ) {}

  /** One notification per withdrawal and stage, in the transaction that moved it. */
  notifyPayees(tx: EntityManager, emit: Emit, type: WithdrawalNotice, payments: Payment[]) {
    const notify = this.deps.notify;
    if (!notify || !payments.length) return Promise.resolve();
    return notify(
      tx,
      payments.map((p) => ({
        userId: p.userId,
        type,
        key: `${type}:${p.id}`,
        params: {
          id: p.id,
          amount: formatMoney(p.amount),
          address: shortAddress(p.walletAddress ?? ''),
          // The sentence goes on after the reason: without its own closing stop ("…again.. The amount").
          reason: withoutAmountBack(p.failureReason ?? '').replace(/[\s.]+$/, ''),
          // The chain's reason, for the reader's language (the notice says it in theirs).
          ...chainParams(chainFailureOf(p.failureReason)),
          // Refused before it was sent (no batch): a rejection by finance, not a failed transfer.
          ...(type === 'withdrawalFailed' && p.batchId == null ? { rejected: 1 } : {}),
        },
        path: `/publisher/payments?withdrawal=${p.id}`,
      })),
      emit,
    );
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

  /**
   * A transaction of the sandbox chain, as an explorer shows it: the account, when, whether it
   * succeeded, and for a jetton transfer from whom, to whom and how much (USDT, to 6 decimals).
   * Null on a real chain (its explorer is tonviewer) or for a hash the sandbox does not have.
   */
  async sandboxTransaction(hash: string): Promise<SandboxTransactionView | null> {
    if (this.deps.settings.toncenter || !/^[0-9a-f]{64}$/.test(hash)) return null;
    const setup = await this.ready();
    const found = await setup.chain.find?.(hash);
    if (!found) return null;
    const { tx } = found;
    const body = tx.inMessage && !tx.inMessage.bounced ? readJettonBody(tx.inMessage.body, false) : null;
    const transfer = body?.op === OP_JETTON_TRANSFER;
    const asFriendly = (raw: string) => friendly(Address.parseRaw(raw), this.network);
    return {
      hash,
      account: asFriendly(found.account),
      at: new Date(tx.now * 1000).toISOString(),
      lt: tx.lt.toString(),
      success: tx.success,
      exitCode: tx.exitCode,
      from: tx.inMessage?.source ? asFriendly(tx.inMessage.source) : null,
      to: transfer && body.destination ? friendly(body.destination, this.network) : null,
      amount: transfer && body.amount !== undefined ? formatMoney(body.amount) : null,
      withdrawalId: transfer && body.queryId <= 2_147_483_647n ? Number(body.queryId) : null,
      hotWallet: friendly(setup.wallet.address, this.network),
    };
  }

  /** Resolves when the mails and rounds started in the background are done. */
  idle() {
    return this.deps.background.idle();
  }

  /** The chain, hot wallet and jetton wallet (the sandbox chain is made and funded here). */
  ready(): Promise<PayoutChain> {
    this.chainSetUp ??= this.setUp().then(
      (setup) => {
        this.chainReady = setup;
        return setup;
      },
      (err) => {
        this.chainSetUp = undefined;
        throw err;
      },
    );
    return this.chainSetUp;
  }

  /**
   * The network's own addresses are never a payout's destination: the hot wallet, its USDT
   * jetton wallet and the USDT master (a transfer there would be lost or loop back). Known once
   * the chain is set up (at the job's first round) and, for the master, from the settings.
   */
  refuseOwnAddress(wallet: string): void {
    const raw = Address.parse(wallet).toRawString();
    const own = [this.chainReady?.wallet.address, this.chainReady?.jettonWallet, this.chainReady?.jettonMaster].map(
      (a) => a?.toRawString(),
    );
    const master = this.deps.settings.usdtMaster;
    if (master) own.push(Address.parse(master).toRawString());
    if (own.includes(raw)) {
      throw validation(
        'This is one of the network’s own payout addresses: enter your own wallet address',
        'walletAddress',
      );
    }
  }

  private async setUp(): Promise<PayoutChain> {
    const s = this.deps.settings;
    const words = s.mnemonic ? this.mnemonic(s.mnemonic) : await mnemonicNew();
    let wallet = await HotWallet.fromMnemonic(words, s.walletTimeout);
    let chain: TonChain;
    let jettonMaster: Address;
    if (s.toncenter) {
      chain = new ToncenterChain({ ...s.toncenter, network: s.network });
      jettonMaster = Address.parse(s.usdtMaster!);
    } else if (s.sandboxChain) {
      const shared = await SharedSandboxChain.connect({ ...s.sandboxChain, network: s.network });
      // Every instance signs with the same words: configured, else the deployment's own, made by
      // whichever instance came first and kept sealed in the database they share.
      if (!s.mnemonic) wallet = await HotWallet.fromMnemonic(await this.sharedWords(words), s.walletTimeout);
      const funds = sandboxFunds(s);
      jettonMaster = await shared.fund(wallet, funds.ton, funds.usdt);
      chain = shared;
    } else {
      const sandbox = await this.sandbox(wallet, words);
      jettonMaster = sandbox.master;
      wallet = sandbox.wallet;
      chain = sandbox.chain;
    }
    const jettonWallet = (
      await chain.get(jettonMaster, 'get_wallet_address', [
        { type: 'slice', cell: beginCell().storeAddress(wallet.address).endCell() },
      ])
    ).readAddress();
    this.deps.log.info(
      { chain: chain.kind, network: s.network, wallet: friendly(wallet.address, s.network) },
      'payouts: hot wallet ready',
    );
    return { chain, wallet, jettonMaster, jettonWallet };
  }

  /**
   * The sandbox chain: the one an earlier start kept in the data folder (its hot wallet, balances
   * and history; the database's own — `payout_state` names it — and a configured mnemonic must be
   * its wallet's), else a new one, funded, kept there from now on. So a restarted `npm start` pays on with the same wallet, and the hashes on the
   * Finance page stay on its chain.
   */
  private async sandbox(wallet: HotWallet, words: string[]) {
    const s = this.deps.settings;
    const em = this.deps.em();
    // The chain this database has paid on: a kept chain of another database (a fresh one, another
    // data) is not loaded, nor overwritten by a database that never saw it.
    const ours = await this.state(em, 'sandbox-chain');
    const kept = s.sandboxFile && ours ? await SandboxChain.load(s.sandboxFile, s.network) : null;
    if (kept?.id === ours && kept.meta.wallet && kept.meta.jettonMaster) {
      const keptWords = decryptSecret(this.deps.secretsKey, kept.meta.wallet).split(' ');
      const keptWallet = await HotWallet.fromMnemonic(keptWords, s.walletTimeout);
      if (!s.mnemonic || keptWallet.address.equals(wallet.address)) {
        this.deps.log.info(
          { file: s.sandboxFile },
          'payouts: the sandbox chain of the last start, kept in the data folder',
        );
        // Kept on from here (a loaded chain was never written again: a second restart lost what
        // this one paid).
        await kept.keepIn(s.sandboxFile!);
        return { chain: kept, wallet: keptWallet, master: Address.parse(kept.meta.jettonMaster) };
      }
    }
    const chain = await SandboxChain.create(s.network);
    const funds = sandboxFunds(s);
    const master = await chain.fundHotWallet(wallet, funds.ton, funds.usdt);
    chain.meta = { wallet: encryptSecret(this.deps.secretsKey, words.join(' ')), jettonMaster: master.toRawString() };
    if (s.sandboxFile) {
      await chain.keepIn(s.sandboxFile);
      await this.setState(em, 'sandbox-chain', chain.id, false);
    }
    return { chain, wallet, master };
  }

  /**
   * The shared sandbox chain's hot wallet words, sealed in `payout_state`: `mine` when this
   * instance is the first to ask, else the ones another instance kept.
   */
  private async sharedWords(mine: string[]): Promise<string[]> {
    const em = this.deps.em();
    await em.execute(
      `insert into payout_state (key, value, updated_at) values ('sandbox-wallet', ?, now()) on conflict (key) do nothing`,
      [encryptSecret(this.deps.secretsKey, mine.join(' '))],
    );
    try {
      return decryptSecret(this.deps.secretsKey, (await this.state(em, 'sandbox-wallet'))!).split(' ');
    } catch {
      throw new Error(
        'the shared sandbox chain’s hot wallet was sealed by an instance with another SECRETS_KEY: give every instance the same SECRETS_KEY',
      );
    }
  }

  /** Writes the sandbox chain to the data folder (at a stop: the last changes are not lost). */
  async close(): Promise<void> {
    const setup = this.chainReady;
    if (setup?.chain instanceof SandboxChain) await setup.chain.save();
  }

  private mnemonic(configured: string): string[] {
    const plain = configured.startsWith('v1.') ? decryptSecret(this.deps.secretsKey, configured) : configured;
    if (!configured.startsWith('v1.') && this.deps.production) {
      this.deps.log.warn('PAYOUT_WALLET_MNEMONIC is not sealed: seal it with `npm run payouts:seal`');
    }
    return plain.trim().split(/\s+/);
  }

  /** A withdrawal address, checked for the network the product pays on; answered in its form. */
  parseAddress(input: string): string {
    const text = input.trim();
    let address: Address;
    let testOnly = false;
    try {
      if (Address.isFriendly(text)) {
        const parsed = Address.parseFriendly(text);
        address = parsed.address;
        testOnly = parsed.isTestOnly;
      } else if (Address.isRaw(text)) address = Address.parseRaw(text);
      else throw new Error('not an address');
    } catch {
      throw validation('Enter a valid TON wallet address (USDT on TON)', 'walletAddress');
    }
    if (testOnly && this.network === 'mainnet') {
      throw validation('This is a testnet address: payouts are sent on TON mainnet', 'walletAddress');
    }
    // The sandbox chain is a testnet too: an address in the other network's form is refused there
    // as on a real one, so what works in the demo works in production.
    if (!testOnly && Address.isFriendly(text) && this.network === 'testnet') {
      throw validation('This is a mainnet address: payouts are sent on TON testnet', 'walletAddress');
    }
    if (address.workChain !== 0) {
      throw validation('Enter a basechain address (workchain 0): USDT is paid there', 'walletAddress');
    }
    return friendly(address, this.network);
  }

  /**
   * Finance approves: each withdrawal still waiting moves to APPROVED, and a round starts. One of
   * at least PAYOUT_SECOND_APPROVAL_USD needs two finance people: the first approval is recorded
   * (the queue shows "1 of 2", live) and the second, by another person, approves it. Answers
   * every withdrawal the call approved or gave an approval to. Nobody decides their own.
   */
  async approve(em: EntityManager, finance: User, ids: number[]): Promise<Payment[]> {
    requireFreshProof(finance, 'approveWithdrawal');
    if (!ids.length) throw validation('Choose at least one withdrawal', 'ids');
    if (ids.length > 1000) throw validation('Approve at most 1000 withdrawals at once', 'ids');
    const { approved, acted } = await this.deps.ledger.run(em, async (tx, emit) => {
      const rows = await tx.find(
        Payment,
        { id: { $in: ids }, kind: 'WITHDRAWAL' },
        { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' } },
      );
      // Nobody approves their own money: a batch holding one's own withdrawal is refused whole.
      if (rows.some((p) => p.userId === finance.id)) throw forbidden(OWN_WITHDRAWAL_MESSAGE);
      if (ids.length === 1) await this.checkOne(tx, rows[0], finance);
      // Held (a first withdrawal to a new address): left as it is until its hold ends.
      const now = Date.now();
      const waiting = rows.filter(
        (p) =>
          p.status === 'IN_PROGRESS' && p.payoutStage === 'REQUESTED' && !(p.holdUntil && p.holdUntil.getTime() > now),
      );
      const done: Payment[] = [];
      // Rows are locked: two people approving at once are taken one after the other.
      const approvals = await this.addApprovals(
        tx,
        waiting.map((p) => p.id),
        finance.id,
      );
      const trail: AuditEntry[] = [];
      for (const p of waiting) {
        const { given, added } = approvals.get(p.id)!;
        // One's own earlier first approval, in a batch: nothing new to record.
        if (!added) continue;
        const needed = this.approvalsNeededOf(p);
        const approves = given >= needed;
        trail.push({
          actor: personActor(finance),
          action: approves ? 'withdrawal.approved' : 'withdrawal.approval_given',
          object: { type: 'withdrawal', id: p.id },
          before: { stage: 'REQUESTED', approvals: given - 1 },
          after: {
            stage: approves ? 'APPROVED' : 'REQUESTED',
            approvals: given,
            needed,
            amount: formatMoney(p.amount),
          },
        });
        if (!approves) {
          p.updatedAt = new Date();
          emitWithdrawal(emit, p);
          continue;
        }
        this.markApproved(p, finance.id, emit);
        done.push(p);
      }
      // The call's audit rows in one statement (one a withdrawal, chained in order).
      await recordAudits(tx, trail);
      await tx.flush();
      await this.notifyPayees(tx, emit, 'withdrawalApproved', done);
      return { approved: done, acted: waiting };
    });
    this.kick();
    // What the queue needs changed: finance's wallet card follows.
    if (approved.length) this.deps.background.start('payout wallet', () => this.publishWallet(this.deps.em()));
    return acted;
  }

  /** Whether a withdrawal of `amount` needs two finance people (four eyes). */
  needsTwo(amount: bigint): boolean {
    return amount >= this.deps.settings.secondApprovalMin;
  }

  /** The approval of one withdrawal asked for by id: what stands in its way, said. */
  private async checkOne(tx: EntityManager, one: Payment | undefined, finance: User) {
    if (!one) throw notFound('Withdrawal');
    if (one.status !== 'IN_PROGRESS') {
      throw conflict(`This withdrawal is already ${one.status === 'DONE' ? 'done' : 'failed'}`);
    }
    if (one.payoutStage !== 'REQUESTED') throw conflict('This withdrawal is already approved');
    if (one.holdUntil && one.holdUntil.getTime() > Date.now()) {
      throw conflict(
        `This withdrawal goes to a new address: it can be approved from ${holdText(one.holdUntil)} (PAYOUT_NEW_ADDRESS_HOLD_HOURS after the request)`,
      );
    }
    const [mine] = await tx.execute('select 1 from withdrawal_approvals where payment_id = ? and user_id = ?', [
      one.id,
      finance.id,
    ]);
    if (mine) throw conflict(SECOND_APPROVAL_MESSAGE);
  }

  /**
   * Records `userId`'s approval of each of `ids` (once; every approval, so "approved by" is read
   * from one place), in one statement: how many people have approved each now, and whether this
   * one was new.
   */
  private async addApprovals(tx: EntityManager, ids: number[], userId: number) {
    const byId = new Map<number, { given: number; added: boolean }>();
    if (!ids.length) return byId;
    const rows = await tx.execute<{ id: number; n: string; added: boolean }[]>(
      `with added as (insert into withdrawal_approvals (payment_id, user_id) select unnest(?::int[]), ?
                      on conflict (payment_id, user_id) do nothing returning payment_id)
       select p.id,
              (select count(*) from withdrawal_approvals w where w.payment_id = p.id)
                + (select count(*) from added a where a.payment_id = p.id) as n,
              exists (select 1 from added a where a.payment_id = p.id) as added
         from unnest(?::int[]) as p(id)`,
      [pgIds(ids), userId, pgIds(ids)],
    );
    for (const r of rows) byId.set(Number(r.id), { given: Number(r.n), added: r.added });
    return byId;
  }

  /** When a first withdrawal to a new address asked for now may be approved; null when no hold is set. */
  newAddressHold(): Date | null {
    const hours = this.deps.settings.newAddressHoldHours;
    return hours > 0 ? new Date(Date.now() + hours * 3_600_000) : null;
  }

  /** Whether the auto-approve rule could approve a withdrawal of `amount` at all (it is on, and one person decides it). */
  ruleMayApprove(amount: bigint, needed?: number | null): boolean {
    const max = this.deps.settings.autoApproveMax;
    return max !== undefined && amount <= max && (needed ?? this.approvalsNeeded(amount)) === 1;
  }

  /**
   * Held withdrawals whose hold has ended and that the rule may approve: each looked at once,
   * under its user's lock as a request is (the 24-hour sum counts one after the other).
   */
  private async releaseHeld(em: EntityManager): Promise<number> {
    const due = await em.execute<{ id: number; user_id: number }[]>(
      `select id, user_id from payments where kind = 'WITHDRAWAL' and rule_pending and hold_until <= now()
        order by id limit 100`,
    );
    let approved = 0;
    for (const { id, user_id } of due) {
      const done = await this.deps.ledger.run(em.fork(), async (tx, emit) => {
        await tx.execute('select 1 from users where id = ? for update', [user_id]);
        const p = await tx.findOne(Payment, { id, rulePending: true }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!p) return false;
        p.rulePending = false;
        const rule =
          p.status === 'IN_PROGRESS' && p.payoutStage === 'REQUESTED'
            ? await this.autoApproves(tx, p.userId, p.amount, p.approvalsNeeded)
            : null;
        if (rule) await this.autoApproved(tx, p, emit, rule);
        await tx.flush();
        return !!rule;
      });
      if (done) approved++;
    }
    return approved;
  }

  /** How many finance people approve a withdrawal of `amount` alone: 2 from PAYOUT_SECOND_APPROVAL_USD, else 1. */
  approvalsNeeded(amount: bigint): 1 | 2 {
    return this.needsTwo(amount) ? 2 : 1;
  }

  /**
   * How many finance people approve a withdrawal of `amount` asked for now: 2 when the payee's
   * withdrawals of the last 24 hours that one person approves (not failed) and this one reach
   * PAYOUT_SECOND_APPROVAL_USD, so splitting an amount gets round nobody (six of 999 need two
   * people as one of 5,000 does; one under four eyes already is not counted again). Asked in the
   * request's transaction under the payee's lock: one payee's requests are counted one after the
   * other, on every instance.
   */
  async approvalsNeededToday(tx: EntityManager, userId: number, amount: bigint, except?: number): Promise<1 | 2> {
    const [row] = await tx.execute<{ day: string }[]>(
      `select coalesce(sum(amount), 0) as day from payments
        where user_id = ? and kind = 'WITHDRAWAL' and status <> 'FAILED' and id <> ?
          and created_at > now() - interval '24 hours' and coalesce(approvals_needed, 1) = 1
          and amount < ?`,
      [userId, except ?? 0, this.deps.settings.secondApprovalMin.toString()],
    );
    return this.needsTwo(BigInt(row?.day ?? 0) + amount) ? 2 : 1;
  }

  /** How many finance people approve this withdrawal (its own figure; an older one's from its amount). */
  approvalsNeededOf(p: { amount: bigint | string; approvalsNeeded?: number | null }): number {
    return p.approvalsNeeded ?? this.approvalsNeeded(BigInt(p.amount));
  }

  /** The views with who approved each so far, read in one query (the queue, approval answers). */
  async withApprovals<T extends { id: number; approvals?: { userId: number; name: string; at: string }[] }>(
    em: EntityManager,
    views: T[],
  ): Promise<T[]> {
    const byId = await this.approvals(
      em,
      views.map((v) => v.id),
    );
    for (const v of views) v.approvals = byId.get(v.id) ?? [];
    return views;
  }

  /** Who approved each of `ids` so far (the first of two, or both), in order. */
  async approvals(
    em: EntityManager,
    ids: number[],
  ): Promise<Map<number, { userId: number; name: string; at: string }[]>> {
    const byId = new Map<number, { userId: number; name: string; at: string }[]>();
    if (!ids.length) return byId;
    const rows = await em.execute<{ payment_id: number; user_id: number; name: string; created_at: Date }[]>(
      `select a.payment_id, a.user_id, u.name, a.created_at from withdrawal_approvals a join users u on u.id = a.user_id
        where a.payment_id in (${ids.map(() => '?').join(', ')}) order by a.id`,
      ids,
    );
    for (const r of rows) {
      const list = byId.get(r.payment_id) ?? [];
      list.push({ userId: r.user_id, name: r.name, at: new Date(r.created_at).toISOString() });
      byId.set(r.payment_id, list);
    }
    return byId;
  }

  private markApproved(p: Payment, by: number | null, emit: Emit) {
    p.payoutStage = 'APPROVED';
    p.approvedAt = new Date();
    p.approvedById = by;
    p.processedById = by;
    emitWithdrawal(emit, p);
  }

  /**
   * The auto-approve rule (PAYOUT_AUTO_APPROVE_MAX, off by default), in the request's
   * transaction (the user's row locked, so one user's requests are counted one after the other):
   * what the rule approved for this user in the last 24 hours plus this request at most that
   * amount, an account older than the set days, none of its apps paused under the quality
   * floor, and no open fraud report about its apps. Answers the rule's figures when it approves
   * (for the audit trail), else null.
   */
  async autoApproves(
    tx: EntityManager,
    userId: number,
    amount: bigint,
    needed?: number | null,
  ): Promise<AutoApproval | null> {
    // Two people approve what needs four eyes: the rule is nobody.
    if (!this.ruleMayApprove(amount, needed)) return null;
    const max = this.deps.settings.autoApproveMax!;
    const [row] = await tx.execute<{ old_enough: boolean; quality_ok: boolean; no_fraud: boolean; day: string }[]>(
      `select u.created_at <= now() - make_interval(days => ?) as old_enough,
              not exists (select 1 from platform_quality_pauses q join platforms pl on pl.id = q.platform_id
                           where pl.owner_id = u.id and q.ended_at is null) as quality_ok,
              not exists (select 1 from player_reports r join platforms pl on pl.id = r.platform_id
                           where pl.owner_id = u.id and r.reason = 'FRAUD_RULE' and r.status in ('NEW', 'IN_REVIEW')) as no_fraud,
              (select coalesce(sum(p.amount), 0) from payments p
                where p.user_id = u.id and p.kind = 'WITHDRAWAL' and p.approved_by_id is null
                  and p.approved_at > now() - interval '24 hours' and p.status <> 'FAILED') as day
         from users u where u.id = ?`,
      [this.deps.settings.autoApproveMinAgeDays, userId],
    );
    if (!row?.old_enough || !row.quality_ok || !row.no_fraud) return null;
    const last24h = BigInt(row.day);
    if (last24h + amount > max) return null;
    return { max, minAgeDays: this.deps.settings.autoApproveMinAgeDays, last24h, amount };
  }

  /** After a request the rule approved: recorded with the rule's figures; a round starts at once. */
  async autoApproved(tx: EntityManager, p: Payment, emit: Emit, rule: AutoApproval) {
    this.markApproved(p, null, emit);
    await recordAudit(tx, {
      actor: RULE_ACTOR,
      action: 'withdrawal.auto_approved',
      object: { type: 'withdrawal', id: p.id },
      before: { stage: 'REQUESTED' },
      after: {
        stage: 'APPROVED',
        amount: formatMoney(rule.amount),
        max: formatMoney(rule.max),
        approvedInLast24h: formatMoney(rule.last24h),
        minAccountAgeDays: rule.minAgeDays,
      },
    });
    await this.notifyPayees(tx, emit, 'withdrawalApproved', [p]);
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
    let { confirmed, failed } = await this.confirm(em, setup);
    const expired = await this.expire(em, setup);
    await this.resend(em, setup);
    await this.releaseHeld(em);
    // After each batch sent: what it did, as far as the chain has done it (all of it on the sandbox).
    const { batches, short } = await this.batch(em, setup, async () => {
      const after = await this.confirm(em, setup);
      confirmed += after.confirmed;
      failed += after.failed;
    });
    await this.publishWallet(em).catch((err) => this.deps.log.warn({ err }, 'payouts: wallet not read'));
    return { confirmed, failed, expired, batches, short };
  }

  // ── 1. What the chain did ───────────────────────────────────────────────────────────────

  private async confirm(em: EntityManager, setup: PayoutChain): Promise<{ confirmed: number; failed: number }> {
    // Per chain: a new sandbox chain (a restart) starts its logical times again. (toncenter's
    // cursor was kept as `cursor` before chains had ids: read once from there.)
    const cursorKey = `cursor:${setup.chain.id}`;
    const legacy = setup.chain.kind === 'toncenter' ? await this.state(em, 'cursor') : null;
    let cursor = BigInt((await this.state(em, cursorKey)) ?? legacy ?? '0');
    const now = await setup.chain.now();
    const hot = setup.wallet.address.toRawString();
    let confirmed = 0;
    let failed = 0;
    for (;;) {
      const txs = await setup.chain.transactions(setup.jettonWallet, cursor, PAGE);
      // A transfer whose internal_transfer bounced back: its bounce is in the same reading.
      const bounced = new Set<bigint>();
      for (const t of txs) {
        const b = t.inMessage?.bounced ? readJettonBody(t.inMessage.body, true) : null;
        if (b?.op === OP_INTERNAL_TRANSFER) bounced.add(b.queryId);
      }
      let last = cursor;
      for (const t of txs) {
        if (t.now + setup.chain.settleSeconds > now) break;
        last = t.lt;
        const msg = t.inMessage;
        if (!msg || msg.bounced || msg.source !== hot) continue;
        const body = readJettonBody(msg.body, false);
        if (body?.op !== OP_JETTON_TRANSFER || body.queryId > 2_147_483_647n) continue;
        const ok = t.success && !bounced.has(body.queryId);
        const seen: SeenTransfer = {
          withdrawalId: Number(body.queryId),
          txHash: t.hash,
          lt: t.lt,
          amount: body.amount ?? 0n,
          destination: body.destination ? friendly(body.destination, this.network) : '',
          ok,
          reason: ok
            ? null
            : chainFailureText(
                t.success
                  ? { kind: 'BOUNCED', exitCode: null }
                  : { kind: 'REFUSED', exitCode: String(t.exitCode ?? 'none') },
              ),
        };
        const outcome = await this.settle(em.fork(), seen);
        if (outcome?.status === 'DONE') confirmed++;
        // The publisher hears of it through the notifications (Telegram and, by default, mail).
        if (outcome?.status === 'FAILED') failed++;
      }
      if (last > cursor) {
        cursor = last;
        await this.setState(em, cursorKey, cursor.toString(), true);
      }
      if (txs.length < PAGE || last !== txs.at(-1)?.lt) break;
    }
    return { confirmed, failed };
  }

  /**
   * One transfer seen: recorded once (by its hash); its withdrawal DONE or FAILED, once. The chain
   * is the record of what was paid: a withdrawal the books still have waiting (a database restored
   * to before its batch) is settled DONE by its transfer instead of being paid again, and a paid
   * transfer the books cannot place (no such withdrawal, another amount or address, or one already
   * settled) is kept with why, shown to finance and counted, never paid again.
   */
  private settle(em: EntityManager, seen: SeenTransfer): Promise<Payment | null> {
    return this.deps.ledger.run(em, async (tx, emit) => {
      const inserted = await tx.execute<{ id: number }[]>(
        `insert into payout_transfers (withdrawal_id, tx_hash, lt, amount, destination, ok, reason)
         values (?, ?, ?, ?, ?, ?, ?) on conflict (tx_hash) do nothing returning id`,
        [
          seen.withdrawalId,
          seen.txHash,
          seen.lt.toString(),
          seen.amount.toString(),
          seen.destination,
          seen.ok,
          seen.reason,
        ],
      );
      if (!inserted.length) return null;
      const found = await tx.findOne(
        Payment,
        { id: seen.withdrawalId, kind: 'WITHDRAWAL' },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (found?.status !== 'IN_PROGRESS' || found.payoutStage !== 'SENT') {
        // Nothing left the wallet (refused or bounced back): the evidence is kept, nothing to settle.
        if (!seen.ok) return null;
        const why = unplaced(found, seen);
        if (!why) return this.settleFromChain(tx, emit, found!, seen);
        await tx.execute('update payout_transfers set unmatched = ? where id = ?', [why, inserted[0]!.id]);
        this.deps.log.error({ seen, why }, 'payouts: a transfer on chain that no withdrawal in the books explains');
        return null;
      }
      const p = found;
      if (p.batchId) {
        await tx.execute(
          `update payout_batches set status = 'SEEN', updated_at = now() where id = ? and status = 'PENDING'`,
          [p.batchId],
        );
      }
      if (seen.ok && seen.amount !== p.amount) {
        this.deps.log.error({ seen, amount: p.amount.toString() }, 'payouts: a transfer of another amount');
      }
      return this.decide(tx, emit, p, seen);
    });
  }

  /**
   * A withdrawal's end by its transfer: paid (the ledger posts its reservation, DONE) or not (the
   * reservation voided, FAILED with why), with the hash; the publisher told.
   */
  private async decide(tx: EntityManager, emit: Emit, p: Payment, seen: SeenTransfer): Promise<Payment> {
    if (seen.ok) {
      await this.deps.ledger.post(tx, emit, { key: `withdrawal:${p.id}:post`, pendingId: p.transferId! });
      p.status = 'DONE';
    } else {
      await this.deps.ledger.void(tx, emit, { key: `withdrawal:${p.id}:void`, pendingId: p.transferId! });
      p.status = 'FAILED';
      // (chain-failure.ts reads it back: the reader's language in the dashboard and the notice.)
      p.failureReason = amountBackReason(seen.reason ?? '');
    }
    p.txHash = seen.txHash;
    await tx.flush();
    emitWithdrawal(emit, p);
    await this.notifyPayees(tx, emit, p.status === 'DONE' ? 'withdrawalConfirmed' : 'withdrawalFailed', [p]);
    return p;
  }

  /**
   * A withdrawal the books have waiting (requested or approved) that the chain shows paid, to its
   * address and amount: settled DONE with the chain's hash (the ledger posts its reservation), the
   * publisher told, the trail recorded. Never sent again.
   */
  private async settleFromChain(tx: EntityManager, emit: Emit, p: Payment, seen: SeenTransfer) {
    await recordAudit(tx, {
      actor: ROUND_ACTOR,
      action: 'withdrawal.settled_from_chain',
      object: { type: 'withdrawal', id: p.id },
      before: { stage: p.payoutStage, batchId: p.batchId },
      after: { status: 'DONE', txHash: seen.txHash, amount: formatMoney(seen.amount), destination: seen.destination },
    });
    this.deps.log.warn({ withdrawal: p.id, txHash: seen.txHash }, 'payouts: a withdrawal found paid on chain, settled');
    p.payoutStage = 'SENT';
    p.rulePending = false;
    return this.decide(tx, emit, p, seen);
  }

  // ── 2. Batches whose timeout passed ─────────────────────────────────────────────────────

  /**
   * A pending batch whose created_at + timeout has passed on chain can no longer be accepted.
   * If the wallet did not process its query id either, none of its transfers happened: its
   * withdrawals go back to APPROVED (a new batch, a new query id). If it did, its transfers
   * are read by `confirm`; any left unseen need a person (logged, never re-sent).
   */
  private async expire(em: EntityManager, setup: PayoutChain): Promise<number> {
    const now = await setup.chain.now();
    const due = await em.find(
      PayoutBatch,
      { status: 'PENDING', chainCreatedAt: { $lt: now - setup.wallet.timeout - setup.chain.settleSeconds } },
      { orderBy: { id: 'asc' }, limit: 100 },
    );
    let expired = 0;
    for (const batch of due) {
      if (await this.processed(setup, batch.queryId)) {
        this.deps.log.error({ batch: batch.id }, 'payouts: a batch processed on chain with transfers not seen');
        await em.execute(
          `update payout_batches set status = 'SEEN', updated_at = now() where id = ? and status = 'PENDING'`,
          [batch.id],
        );
        continue;
      }
      const moved = await this.deps.ledger.run(em.fork(), async (tx, emit) => {
        const [locked] = await tx.execute<{ id: number }[]>(
          `update payout_batches set status = 'EXPIRED', updated_at = now() where id = ? and status = 'PENDING' returning id`,
          [batch.id],
        );
        if (!locked) return 0;
        const rows = await tx.find(
          Payment,
          { batchId: batch.id, status: 'IN_PROGRESS', payoutStage: 'SENT' },
          { lockMode: LockMode.PESSIMISTIC_WRITE },
        );
        for (const p of rows) {
          p.payoutStage = 'APPROVED';
          p.batchId = null;
          emitWithdrawal(emit, p);
        }
        await tx.flush();
        return rows.length;
      });
      if (moved)
        this.deps.log.warn({ batch: batch.id, withdrawals: moved }, 'payouts: batch expired unseen; re-batched');
      expired++;
    }
    return expired;
  }

  private async processed(setup: PayoutChain, queryId: number): Promise<boolean> {
    try {
      const r = await setup.chain.get(setup.wallet.address, 'processed?', [
        { type: 'int', value: BigInt(queryId) },
        { type: 'int', value: 0n },
      ]);
      return r.readBoolean();
    } catch (err) {
      if (err instanceof ChainUnavailable) throw err;
      // No wallet contract yet (never deployed): it processed nothing. Anything else: ask again.
      if ((await setup.chain.balance(setup.wallet.address)) === 0n) return false;
      throw err;
    }
  }

  // ── 3. Pending batches, sent again until seen ───────────────────────────────────────────

  private async resend(em: EntityManager, setup: PayoutChain) {
    const pending = await em.find(
      PayoutBatch,
      { status: 'PENDING', $or: [{ lastSentAt: null }, { lastSentAt: { $lt: new Date(Date.now() - RESEND_MS) } }] },
      { orderBy: { id: 'asc' }, limit: 20 },
    );
    for (const batch of pending) await this.send(em, setup, batch);
  }

  /** Sends a batch's stored message (the same bytes every time: the wallet takes it once). */
  private async send(em: EntityManager, setup: PayoutChain, batch: PayoutBatch) {
    try {
      await setup.chain.send(Buffer.from(batch.message, 'base64'));
    } catch (err) {
      // Not taken now (the chain away, or the wallet already has it): the next round sends again.
      this.deps.log.info({ batch: batch.id, err: (err as Error).message.slice(0, 200) }, 'payouts: batch not taken');
    }
    await em.execute('update payout_batches set send_count = send_count + 1, last_sent_at = now() where id = ?', [
      batch.id,
    ]);
  }

  // ── 4. Approved withdrawals into batches ────────────────────────────────────────────────

  private async batch(
    em: EntityManager,
    setup: PayoutChain,
    afterSend: () => Promise<void>,
  ): Promise<{ batches: number; short: boolean }> {
    const funds = await this.funds(em, setup);
    // What this round may send of the wallet's USDT (PAYOUT_MAX_ROUND_SHARE); the hour's and the
    // day's limits are read under a lock with each batch.
    const share = this.deps.settings.maxRoundShare;
    const round: RoundAllowance = {
      left: share < 1 ? (funds.usdt * BigInt(Math.round(share * 1_000_000))) / 1_000_000n : undefined,
    };
    let batches = 0;
    for (let i = 0; i < BATCHES_PER_ROUND; i++) {
      const made = await this.makeBatch(em.fork(), setup, funds, round);
      if (made === 'none') break;
      if (typeof made === 'object' && 'limit' in made) {
        await this.limited(em, made.limit);
        return { batches, short: false };
      }
      if (made === 'short') {
        await this.alert(em, funds);
        return { batches, short: true };
      }
      batches++;
      await this.send(em, setup, made);
      await afterSend();
    }
    await this.setState(em, 'alert', '', false);
    await this.setState(em, 'limit', '', false);
    return { batches, short: false };
  }

  /** The hot wallet's balances less what pending batches will take. */
  private async funds(em: EntityManager, setup: PayoutChain) {
    const [ton, usdt, [inFlight]] = await Promise.all([
      setup.chain.balance(setup.wallet.address),
      this.jettonBalance(setup),
      em.execute<{ n: string; amount: string }[]>(
        `select count(*) as n, coalesce(sum(amount), 0)::text as amount from payout_batches where status = 'PENDING'`,
      ),
    ]);
    return {
      ton: ton - BigInt(inFlight!.n) * TON_PER_TRANSFER - TON_RESERVE,
      usdt: usdt - BigInt(inFlight!.amount),
      shortTon: 0n,
      shortUsdt: 0n,
    };
  }

  private async jettonBalance(setup: PayoutChain): Promise<bigint> {
    try {
      return (await setup.chain.get(setup.jettonWallet, 'get_wallet_data')).readBigNumber();
    } catch (err) {
      if (err instanceof ChainUnavailable) throw err;
      return 0n; // no jetton wallet yet: nothing received
    }
  }

  private makeBatch(
    em: EntityManager,
    setup: PayoutChain,
    funds: Awaited<ReturnType<PayoutsService['funds']>>,
    round: RoundAllowance,
  ): Promise<PayoutBatch | 'none' | 'short' | { limit: LimitHit }> {
    return this.deps.ledger.run(em, async (tx, emit) => {
      const conn = tx;
      // Under the limits, batches are made one at a time across instances (what was sent is read
      // after the last one committed) and withdrawals wait in order.
      const allowance = await this.allowance(tx, round);
      let rows = await conn.execute<{ id: number; amount: string; wallet_address: string }[]>(
        `select id, amount::text as amount, wallet_address from payments
          where kind = 'WITHDRAWAL' and status = 'IN_PROGRESS' and payout_stage = 'APPROVED'
            -- Held while the owner's "This was not me" stands (AuthService.notMe).
            and user_id not in (select id from users where withdrawals_stopped_at is not null)
          order by id limit ? for update skip locked`,
        [this.deps.settings.batchSize],
      );
      if (!rows.length) return 'none';
      if (allowance) {
        rows = withinAllowance(rows, allowance);
        if (!rows.length) return { limit: allowance };
      }
      const amount = rows.reduce((sum, r) => sum + BigInt(r.amount), 0n);
      const ton = BigInt(rows.length) * TON_PER_TRANSFER;
      if (funds.usdt < amount || funds.ton < ton) {
        funds.shortUsdt = amount > funds.usdt ? amount - funds.usdt : 0n;
        funds.shortTon = ton > funds.ton ? ton - funds.ton : 0n;
        return 'short';
      }
      const queryId = await this.freshQueryId(conn, setup);
      // A little in the past: the wallet refuses a created_at ahead of its own clock.
      const createdAt = (await setup.chain.now()) - 30;
      const transfers: JettonTransfer[] = rows.map((r) => ({
        queryId: BigInt(r.id),
        amount: BigInt(r.amount),
        destination: Address.parse(r.wallet_address),
      }));
      const message = await setup.wallet.signBatch({ queryId, createdAt, jettonWallet: setup.jettonWallet, transfers });
      const batch = tx.create(PayoutBatch, {
        queryId,
        chainCreatedAt: createdAt,
        timeout: setup.wallet.timeout,
        message: message.toString('base64'),
        count: rows.length,
        amount,
        lastSentAt: null,
      });
      await tx.flush();
      const payments = await tx.find(Payment, { id: { $in: rows.map((r) => r.id) } });
      for (const p of payments) {
        p.payoutStage = 'SENT';
        p.batchId = batch.id;
        emitWithdrawal(emit, p);
      }
      await tx.flush();
      await this.notifyPayees(tx, emit, 'withdrawalSent', payments);
      funds.usdt -= amount;
      funds.ton -= ton;
      if (round.left !== undefined) round.left -= amount;
      return batch;
    });
  }

  /**
   * The next query id from the database's sequence that the wallet has not taken: after a restore
   * the sequence is behind the wallet, and a query id it took within its timeout would be refused.
   */
  private async freshQueryId(conn: EntityManager, setup: PayoutChain): Promise<number> {
    for (let tries = 0; ; tries++) {
      const [seq] = await conn.execute<{ n: string }[]>(`select nextval('payout_query_ids') as n`);
      const queryId = queryIdOf(Number(BigInt(seq!.n) % BigInt(QUERY_ID_COUNT)));
      if (tries >= 10_000 || !(await this.processed(setup, queryId))) return queryId;
    }
  }

  /** Whether any payout limit is set (the hour's, the day's, or a round's share below all). */
  get limitsSet(): boolean {
    const s = this.deps.settings;
    return s.maxPerHour !== undefined || s.maxPerDay !== undefined || s.maxRoundShare < 1;
  }

  /**
   * What may still leave now under the limits, the tightest first: null when none applies (no
   * limit set, or lifted for today). Takes the limits' lock for the transaction.
   */
  private async allowance(tx: EntityManager, round: RoundAllowance): Promise<LimitHit | null> {
    const { maxPerHour, maxPerDay } = this.deps.settings;
    if (!this.limitsSet || (await this.state(tx, liftKey()))) return null;
    await tx.execute(`select pg_advisory_xact_lock(hashtext('payout-limits'))`);
    const [sent] = await tx.execute<{ hour: string; day: string }[]>(
      `select coalesce(sum(amount) filter (where created_at > now() - interval '1 hour'), 0)::text as hour,
              coalesce(sum(amount), 0)::text as day
         from payout_batches where status <> 'EXPIRED' and created_at > now() - interval '24 hours'`,
    );
    const hits: LimitHit[] = [];
    if (maxPerHour !== undefined)
      hits.push({ kind: 'hour', max: maxPerHour, sent: BigInt(sent!.hour), left: maxPerHour - BigInt(sent!.hour) });
    if (maxPerDay !== undefined)
      hits.push({ kind: 'day', max: maxPerDay, sent: BigInt(sent!.day), left: maxPerDay - BigInt(sent!.day) });
    if (round.left !== undefined) hits.push({ kind: 'round', max: round.left, sent: 0n, left: round.left });
    return hits.reduce((a, b) => (b.left < a.left ? b : a));
  }

  /**
   * A limit stopped this round's batches: finance sees why on the wallet card and is told once a
   * day for each limit (Telegram and mail). The round share only spreads a queue over rounds: not told.
   */
  private async limited(em: EntityManager, hit: LimitHit) {
    if (hit.kind === 'round') return;
    const [waiting] = await em.execute<{ n: string; amount: string }[]>(
      `select count(*) as n, coalesce(sum(amount), 0)::text as amount from payments
        where kind = 'WITHDRAWAL' and status = 'IN_PROGRESS' and payout_stage = 'APPROVED'`,
    );
    const name = limitSetting(hit.kind);
    const stored: PayoutLimitHit = {
      kind: hit.kind,
      sent: hit.sent.toString(),
      max: hit.max.toString(),
      waiting: Number(waiting!.n),
      waitingAmount: waiting!.amount,
    };
    const message = limitMessage(stored);
    await this.setState(em, 'limit', JSON.stringify(stored), false);
    await this.deps.ledger.run(em.fork(), async (tx, emit) => {
      const told = `limit-told:${liftKey()}:${hit.kind}`;
      const inserted = await tx.execute(
        `insert into payout_state (key, value, updated_at) values (?, '1', now()) on conflict (key) do nothing returning key`,
        [told],
      );
      if (!inserted.length) return;
      const staff = await tx.execute<{ id: number }[]>('select id from users where is_finance');
      const params = { message, limit: name, count: stored.waiting, amount: formatMoney(BigInt(stored.waitingAmount)) };
      // The hold is a money decision too: recorded once a day for each limit, as finance is told.
      await recordAudit(tx, {
        actor: ROUND_ACTOR,
        action: 'payouts.limit_reached',
        object: { type: 'setting', id: name },
        after: {
          sent: formatMoney(hit.sent),
          limit: formatMoney(hit.max),
          waiting: params.count,
          amount: params.amount,
        },
      });
      await this.deps.notify?.(
        tx,
        staff.map(({ id }) => ({
          userId: id,
          type: 'payoutLimitReached' as const,
          key: told,
          params,
          path: '/finance',
        })),
        emit,
      );
    });
    this.deps.log.warn({ message }, 'payouts: a payout limit is reached');
  }

  /**
   * A finance person (with a fresh proof) lifts the hour's, the day's and
   * the round's limits until the end of the day (UTC): recorded in the audit trail; a round starts.
   */
  async liftLimits(em: EntityManager, finance: User): Promise<void> {
    requireFreshProof(finance, 'liftPayoutLimits');
    await this.deps.ledger.run(em, async (tx) => {
      const key = liftKey();
      await this.setState(tx, key, String(finance.id), false);
      await this.setState(tx, 'limit', '', false);
      await recordAudit(tx, {
        actor: personActor(finance),
        action: 'payouts.limits_lifted',
        object: { type: 'setting', id: 'PAYOUT_LIMITS' },
        before: {
          maxPerHour: moneyOrNull(this.deps.settings.maxPerHour),
          maxPerDay: moneyOrNull(this.deps.settings.maxPerDay),
          maxRoundShare: this.deps.settings.maxRoundShare,
        },
        after: { liftedUntil: `${key.slice('limits-lifted:'.length)}T23:59:59Z` },
      });
    });
    this.kick();
    this.deps.background.start('payout wallet', () => this.publishWallet(this.deps.em()));
  }

  // ── 5. The wallet finance watches ───────────────────────────────────────────────────────

  /** Balances, what the queue needs, and the alert (if any). */
  async wallet(em: EntityManager): Promise<PayoutWalletView> {
    const setup = await this.ready();
    const [ton, usdt, [need], alert, limit, lifted, unmatched] = await Promise.all([
      setup.chain.balance(setup.wallet.address),
      this.jettonBalance(setup),
      em.execute<{ n: string; amount: string }[]>(
        `select count(*) as n, coalesce(sum(p.amount), 0)::text as amount from payments p
           left join payout_batches b on b.id = p.batch_id
          where p.kind = 'WITHDRAWAL' and p.status = 'IN_PROGRESS'
            and (p.payout_stage = 'APPROVED' or (p.payout_stage = 'SENT' and b.status = 'PENDING'))`,
      ),
      this.state(em, 'alert'),
      this.state(em, 'limit'),
      this.state(em, liftKey()),
      em.execute<
        {
          withdrawal_id: number;
          tx_hash: string;
          amount: string;
          destination: string;
          unmatched: string;
          created_at: Date;
          booked_status: string | null;
          booked_amount: string | null;
          booked_address: string | null;
          booked_tx_hash: string | null;
        }[]
      >(
        `select t.withdrawal_id, t.tx_hash, t.amount::text as amount, t.destination, t.unmatched, t.created_at,
                p.status as booked_status, p.amount::text as booked_amount, p.wallet_address as booked_address,
                p.tx_hash as booked_tx_hash
           from payout_transfers t left join payments p on p.id = t.withdrawal_id and p.kind = 'WITHDRAWAL'
          where t.unmatched is not null order by t.id desc limit 20`,
      ),
    ]);
    const neededTon = BigInt(need!.n) * TON_PER_TRANSFER + TON_RESERVE;
    const neededUsdt = BigInt(need!.amount);
    const low = ton < neededTon || usdt < neededUsdt;
    return {
      network: this.network,
      chain: setup.chain.kind,
      address: friendly(setup.wallet.address, this.network),
      jettonWallet: friendly(setup.jettonWallet, this.network),
      jettonMaster: friendly(setup.jettonMaster, this.network),
      ton: ton.toString(),
      usdt: usdt.toString(),
      neededTon: neededTon.toString(),
      neededUsdt: neededUsdt.toString(),
      alert: alert || (low ? lowFundsMessage(ton, usdt, neededTon, neededUsdt) : null),
      explorer: explorerBase(setup.chain.kind, this.network),
      ...storedLimit(limit),
      limitsSet: this.limitsSet,
      limitsLifted: !!lifted,
      unmatched: unmatched.map((t) => ({
        withdrawalId: t.withdrawal_id,
        txHash: t.tx_hash,
        amount: t.amount,
        destination: t.destination,
        reason: t.unmatched,
        seenAt: new Date(t.created_at).toISOString(),
        booked:
          t.booked_status === null
            ? null
            : {
                status: t.booked_status,
                amount: t.booked_amount!,
                address: t.booked_address,
                txHash: t.booked_tx_hash,
              },
      })),
    };
  }

  /** The payout loop's figures for /metrics (payout-metrics.ts): one query, and the wallet as last read. */
  async figures(em: EntityManager): Promise<PayoutFigures> {
    const [row] = await em.execute<{ oldest: number; overdue: number; unmatched: number }[]>(
      `select coalesce((select extract(epoch from now() - min(coalesce(approved_at, updated_at))) from payments
                         where kind = 'WITHDRAWAL' and status = 'IN_PROGRESS' and payout_stage = 'APPROVED'), 0)::float8 as oldest,
              (select count(*) from payout_batches
                where status = 'PENDING' and created_at < now() - make_interval(secs => timeout + 60))::int as overdue,
              (select count(*) from payout_transfers where unmatched is not null)::int as unmatched`,
    );
    const w = this.lastView;
    return {
      taskgram_payout_oldest_approved_seconds: row!.oldest,
      taskgram_payout_batches_overdue: row!.overdue,
      taskgram_payout_unmatched_transfers: row!.unmatched,
      ...(w && {
        taskgram_payout_wallet_ton: Number(w.ton) / 1e9,
        taskgram_payout_wallet_usdt: Number(w.usdt) / 1e6,
        taskgram_payout_needed_ton: Number(w.neededTon) / 1e9,
        taskgram_payout_needed_usdt: Number(w.neededUsdt) / 1e6,
      }),
    };
  }

  private async publishWallet(em: EntityManager) {
    const view = await this.wallet(em);
    this.lastView = view;
    const key = JSON.stringify(view);
    if (key === this.lastWallet) return;
    this.lastWallet = key;
    await this.deps.pubsub.publish(topics.payoutWallet(), view);
  }

  private async alert(em: EntityManager, funds: Awaited<ReturnType<PayoutsService['funds']>>) {
    const setup = await this.ready();
    const short = {
      usdt: funds.shortUsdt > 0n ? formatMoney(funds.shortUsdt) : '',
      ton: funds.shortTon > 0n ? formatTon(funds.shortTon) : '',
      address: friendly(setup.wallet.address, this.network),
    };
    // The wallet card's English line (the dashboard says it from figures) and the log's.
    const message = lowFundsMail('en', short).text.trim();
    await this.setState(em, 'alert', message, false);
    const mailed = Number((await this.state(em, 'alert-mailed-at')) ?? '0');
    if (Date.now() - mailed < ALERT_MAIL_MS) return;
    await this.setState(em, 'alert-mailed-at', String(Date.now()), false);
    const staff = await em.execute<{ email: string; language: string | null }[]>(
      'select email, language from users where is_finance',
    );
    for (const { email, language } of staff) {
      const mail = lowFundsMail(languageOf(language), short);
      this.deps.background.start('low funds mail', () => this.deps.mailer.send({ to: email, ...mail }));
    }
    this.deps.log.warn({ message }, 'payouts: hot wallet short of funds');
  }

  private async state(em: EntityManager, key: string): Promise<string | null> {
    const [row] = await em.execute<{ value: string }[]>('select value from payout_state where key = ?', [key]);
    return row?.value ?? null;
  }

  /** Writes a state value (`greatest`: a cursor only moves forward, whichever instance writes). */
  private async setState(em: EntityManager, key: string, value: string, greatest: boolean) {
    await em.execute(
      `insert into payout_state (key, value, updated_at) values (?, ?, now())
       on conflict (key) do update set value = ${
         greatest ? 'greatest(payout_state.value::numeric, excluded.value::numeric)::text' : 'excluded.value'
       }, updated_at = now()`,
      [key, value],
    );
  }
}

/** The sandbox hot wallet's funds as configured, in nanotons and USDT's micro-units. */
function sandboxFunds(s: PayoutSettings): { ton: bigint; usdt: bigint } {
  return { ton: BigInt(s.sandboxFunds.ton) * 1_000_000_000n, usdt: BigInt(s.sandboxFunds.usdt) * 1_000_000n };
}

function emitWithdrawal(emit: Emit, p: Payment) {
  const view = paymentView(p);
  emit(topics.transactions(p.userId), view);
  emit(topics.withdrawals(), view);
}

/**
 * Why a paid transfer cannot settle the withdrawal it names, or null when it can: the books have
 * that withdrawal waiting (requested or approved), for that amount, to that address.
 */
function unplaced(p: Payment | null, seen: SeenTransfer): string | null {
  const paid = `it paid ${formatMoney(seen.amount)} USDT to ${seen.destination}`;
  if (!p) return `No withdrawal #${seen.withdrawalId} in the books (requested after a restore point?): ${paid}`;
  if (p.status !== 'IN_PROGRESS') {
    return `Withdrawal #${p.id} is already ${p.status === 'DONE' ? `paid${p.txHash ? ` (${p.txHash.slice(0, 12)}…)` : ''}` : 'failed'}: a second transfer, ${paid}`;
  }
  if (p.amount !== seen.amount || !sameAddress(p.walletAddress, seen.destination)) {
    return `Withdrawal #${p.id} is for ${formatMoney(p.amount)} USDT to ${p.walletAddress ?? 'no address'}: ${paid}`;
  }
  return null;
}

function sameAddress(a: string | null | undefined, b: string): boolean {
  try {
    return !!a && Address.parse(a).equals(Address.parse(b));
  } catch {
    return false;
  }
}

function formatTon(nano: bigint): string {
  const whole = nano / 1_000_000_000n;
  const frac = (nano % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : `${whole}`;
}

function lowFundsMessage(ton: bigint, usdt: bigint, neededTon: bigint, neededUsdt: bigint): string {
  const parts = [
    usdt < neededUsdt ? `${formatMoney(neededUsdt - usdt)} USDT` : '',
    ton < neededTon ? `${formatTon(neededTon - ton)} TON (fees)` : '',
  ].filter(Boolean);
  return `The hot wallet holds less than the approved withdrawals need: ${parts.join(' and ')} more.`;
}

/** Where a transaction hash opens in a block explorer (tonviewer), per network. */
export function explorerBase(chain: 'sandbox' | 'toncenter', network: 'mainnet' | 'testnet'): string {
  // The sandbox chain lives in this server: its transactions are shown by the product itself.
  if (chain === 'sandbox') return SANDBOX_EXPLORER_PATH;
  return network === 'mainnet' ? 'https://tonviewer.com/transaction/' : 'https://testnet.tonviewer.com/transaction/';
}

/** A chain failure as a notice's params (`chain`, `exitCode`); none for another reason. */
function chainParams(f: ChainFailure | null): Record<string, string> {
  return f ? { chain: f.kind, ...(f.exitCode ? { exitCode: f.exitCode } : {}) } : {};
}
