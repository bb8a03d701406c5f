import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Address, beginCell, Cell, storeShardAccount, type TupleItem, type Transaction, toNano } from '@ton/core';
import { Blockchain, snapshotFromSerializable, snapshotToSerializable } from '@ton/sandbox';
import { JettonMinter } from '@ton-community/assets-sdk/dist/jetton/JettonMinter.js';
import type { ChainTransaction, TonChain, TonNetwork } from './chain.ts';

/** How often a kept sandbox chain is written while it changes. */
const SAVE_EVERY_MS = 10_000;

/** A sandbox transaction in the shape toncenter's v3 API gives. */
export function chainTransaction(tx: Transaction): ChainTransaction {
  const d = tx.description;
  const compute = d.type === 'generic' ? d.computePhase : undefined;
  const vm = compute?.type === 'vm' ? compute : undefined;
  const success = d.type === 'generic' && !!vm?.success && (d.actionPhase ? d.actionPhase.success : true) && !d.aborted;
  const msg = tx.inMessage;
  return {
    hash: tx.hash().toString('hex'),
    lt: tx.lt,
    now: tx.now,
    success,
    exitCode: vm ? vm.exitCode : null,
    inMessage: msg
      ? {
          source: msg.info.type === 'internal' ? msg.info.src.toRawString() : null,
          bounced: msg.info.type === 'internal' ? msg.info.bounced : false,
          body: msg.body,
        }
      : null,
  };
}

/**
 * TON's transaction emulator (`@ton/sandbox`) running the real contracts in this process: the
 * embedded default (no TON configuration) and the tests' chain. It keeps every account's
 * transactions, as an indexer would, and yields to the event loop between transactions so a
 * large batch does not stall the server.
 */
export class SandboxChain implements TonChain {
  readonly kind = 'sandbox';
  readonly settleSeconds = 0;
  private readonly history = new Map<string, ChainTransaction[]>();
  /** One message's trace at a time, as a chain orders its blocks (the emulator is not re-entrant). */
  private queue: Promise<unknown> = Promise.resolve();
  /** What its owner keeps with it (the payout job: its sealed hot wallet and the USDT master). */
  meta: Record<string, string> = {};
  private file: string | undefined;
  private saveTimer: NodeJS.Timeout | undefined;

  /**
   * What the file holds, kept up to date as the chain changes so that a save serializes only what
   * changed since the last one: each transaction of the history once, each account again only
   * when it changed (a save re-serialized every account and every transaction each time, which
   * grew with the chain: 10 % of a payout run's server CPU at 3,000 withdrawals).
   */
  private readonly savedHistory = new Map<string, SavedTransaction[]>();
  private readonly savedAccounts = new Map<string, { version: string; saved: SavedContract }>();

  private constructor(
    readonly blockchain: Blockchain,
    readonly network: TonNetwork,
    readonly id = `sandbox:${randomBytes(6).toString('hex')}`,
  ) {}

  static async create(network: TonNetwork = 'testnet'): Promise<SandboxChain> {
    return new SandboxChain(await Blockchain.create(), network);
  }

  /**
   * The chain kept in `file` by an earlier start (`keepIn`), on the same network: its accounts,
   * their history, its clock and its id (the payout job's cursor is per chain id). Null when there
   * is none, or it cannot be read (a new chain starts; the old file is left for a person).
   */
  static async load(file: string, network: TonNetwork): Promise<SandboxChain | null> {
    if (!existsSync(file)) return null;
    let saved: SavedChain;
    try {
      saved = JSON.parse(readFileSync(file, 'utf8')) as SavedChain;
    } catch {
      return null;
    }
    if (saved.version !== 1 || saved.network !== network) return null;
    const blockchain = await Blockchain.create();
    await blockchain.loadFrom(snapshotFromSerializable(saved.snapshot));
    const chain = new SandboxChain(blockchain, network, saved.id);
    chain.offset = saved.offset;
    chain.meta = saved.meta;
    for (const [account, list] of Object.entries(saved.history)) {
      chain.savedHistory.set(account, [...list]);
      chain.history.set(
        account,
        list.map((t) => ({
          ...t,
          lt: BigInt(t.lt),
          inMessage: t.inMessage && { ...t.inMessage, body: Cell.fromBase64(t.inMessage.body) },
        })),
      );
    }
    return chain;
  }

  /**
   * Keeps the chain in `file` from now on: written at most every 10 s while it changes (the whole
   * state each time: a busy sandbox holds thousands of accounts), and by `save` at a stop. A
   * `kill -9` loses at most those seconds of the sandbox: the batches sent in them are resent from
   * the database and taken again by the chain as it was.
   */
  keepIn(file: string): Promise<void> {
    if (!this.file)
      for (const [account, list] of this.history) {
        const saved = this.savedHistory.get(account) ?? [];
        this.savedHistory.set(account, [...saved, ...list.slice(saved.length).map(savedTransaction)]);
      }
    mkdirSync(dirname(file), { recursive: true });
    this.file = file;
    return this.save();
  }

  private saveSoon() {
    if (!this.file || this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      void this.save().catch(() => {});
    }, SAVE_EVERY_MS);
    this.saveTimer.unref();
  }

  /**
   * Writes the chain to its file between two messages' traces (a consistent state), through a
   * temporary file and a rename: a crash leaves the last whole state. The emulator's own trace
   * log (its `transactions`) is left out; the history the payout job reads is kept.
   */
  save(): Promise<void> {
    const file = this.file;
    if (!file) return Promise.resolve();
    if (this.saveTimer) {
      clearTimeout(this.saveTimer);
      this.saveTimer = undefined;
    }
    const run = this.queue.then(() => {
      const snapshot = this.savedSnapshot();
      const history = Object.fromEntries(this.savedHistory);
      const saved: SavedChain = {
        version: 1,
        id: this.id,
        network: this.network,
        offset: this.offset,
        meta: this.meta,
        snapshot,
        history,
      };
      writeFileSync(`${file}.tmp`, JSON.stringify(saved));
      renameSync(`${file}.tmp`, file);
    });
    this.queue = run.catch(() => {});
    return run;
  }

  /**
   * The emulator's snapshot as `snapshotToSerializable` writes it, each account serialized again
   * only when it changed: a transaction moves its last lt and hash, a top-up its balance.
   */
  private savedSnapshot(): SavedChain['snapshot'] {
    const snapshot = this.blockchain.snapshot();
    const contracts = snapshot.contracts.map((contract) => {
      const { account, lastTransactionLt, lastTransactionHash } = contract.account;
      const version = `${lastTransactionLt}:${lastTransactionHash}:${account?.storage.balance.coins ?? ''}:${contract.lastTxTime}`;
      const address = contract.address.toString();
      const kept = this.savedAccounts.get(address);
      if (kept?.version === version) return kept.saved;
      const saved: SavedContract = {
        account: beginCell().store(storeShardAccount(contract.account)).endCell().toBoc().toString('base64'),
        address,
        lastTxTime: contract.lastTxTime,
        verbosity: contract.verbosity,
      };
      this.savedAccounts.set(address, { version, saved });
      return saved;
    });
    return { ...snapshotToSerializable({ ...snapshot, contracts: [], transactions: [] }), contracts };
  }

  /** Seconds the emulator's clock runs ahead of this machine's (`advance`). */
  private offset = 0;

  async now(): Promise<number> {
    return Math.floor(Date.now() / 1000) + this.offset;
  }

  /**
   * Moves the chain's clock forward (a test lets a highload timeout pass). It never goes back:
   * the emulator refuses a transaction older than an account's last one.
   */
  advance(seconds: number) {
    this.offset += seconds;
    this.saveSoon();
  }

  send(boc: Buffer): Promise<void> {
    const message = Cell.fromBoc(boc)[0];
    if (!message) return Promise.reject(new Error('empty message'));
    const run = this.queue.then(async () => {
      this.blockchain.now = await this.now();
      let n = 0;
      for await (const tx of await this.blockchain.sendMessageIter(message)) {
        this.record(tx);
        if (++n % 20 === 0) await new Promise((r) => setImmediate(r));
      }
      this.saveSoon();
    });
    this.queue = run.catch(() => {});
    return run;
  }

  /** Keeps a transaction in its account's history (the sends made outside `send` call this too). */
  record(tx: Transaction): void {
    const key = accountKey(tx);
    const list = this.history.get(key) ?? [];
    const transaction = chainTransaction(tx);
    list.push(transaction);
    this.history.set(key, list);
    if (this.file) {
      const saved = this.savedHistory.get(key);
      if (saved) saved.push(savedTransaction(transaction));
      else this.savedHistory.set(key, [savedTransaction(transaction)]);
    }
    this.saveSoon();
  }

  async balance(address: Address): Promise<bigint> {
    return (await this.blockchain.getContract(address)).balance;
  }

  async get(address: Address, method: string, stack: TupleItem[] = []) {
    const result = await this.blockchain.runGetMethod(address, method, stack);
    return result.stackReader;
  }

  /** How big the chain has grown: accounts with a history, their transactions, the kept file's bytes. */
  size(): { accounts: number; transactions: number; fileBytes: number } {
    let transactions = 0;
    for (const list of this.history.values()) transactions += list.length;
    const fileBytes = this.file && existsSync(this.file) ? statSync(this.file).size : 0;
    return { accounts: this.history.size, transactions, fileBytes };
  }

  private funding: Promise<unknown> = Promise.resolve();

  /**
   * Funds the chain's one hot wallet (`fund`, answering its USDT master) the first time it is
   * asked, one request at a time; the same wallet again gets the same master, another null. What
   * was funded is kept with the chain (`meta`).
   */
  fundOnce(address: string, fund: () => Promise<Address>): Promise<string | null> {
    const run = this.funding.then(async () => {
      if (this.meta.hotWallet) return this.meta.hotWallet === address ? (this.meta.jettonMaster ?? null) : null;
      const master = (await fund()).toRawString();
      this.meta = { ...this.meta, hotWallet: address, jettonMaster: master };
      await this.save();
      return master;
    });
    this.funding = run.catch(() => {});
    return run;
  }

  /** A transaction by its hash, with the account it belongs to (the sandbox's explorer page). */
  find(hash: string): { account: string; tx: ChainTransaction } | null {
    for (const [account, list] of this.history) {
      const tx = list.find((t) => t.hash === hash);
      if (tx) return { account, tx };
    }
    return null;
  }

  async transactions(address: Address, afterLt: bigint, limit: number): Promise<ChainTransaction[]> {
    const list = this.history.get(address.toRawString()) ?? [];
    return list.filter((t) => t.lt > afterLt).slice(0, limit);
  }

  /**
   * The demo's money: the hot wallet deployed with `ton`, and a sandbox USDT (a standard TEP-74
   * minter and wallet, compiled code from `@ton-community/assets-sdk`) with `usdt` minted to it.
   * Answers the jetton master's address.
   */
  async fundHotWallet(wallet: { address: Address; init: { code: Cell; data: Cell } }, ton: bigint, usdt: bigint) {
    const admin = await this.blockchain.treasury('network-admin', { balance: ton + toNano('1000') });
    const deploy = await admin.send({ to: wallet.address, value: ton, init: wallet.init, bounce: false });
    for (const t of deploy.transactions) this.record(t);
    const minter = this.blockchain.openContract(
      JettonMinter.createFromConfig({ admin: admin.address, content: beginCell().storeUint(0, 8).endCell() }),
    );
    await minter.sendDeploy(admin.getSender(), toNano('1'));
    if (usdt > 0n) await minter.sendMint(admin.getSender(), wallet.address, usdt);
    return minter.address;
  }

  /** More TON for an existing account (a test tops the hot wallet up). */
  async topUpTon(address: Address, ton: bigint) {
    const admin = await this.blockchain.treasury('network-admin');
    const sent = await admin.send({ to: address, value: ton, bounce: false });
    for (const t of sent.transactions) this.record(t);
  }
}

/** The account of a transaction (basechain: the only one payouts watch). */
function accountKey(tx: Transaction): string {
  return new Address(0, Buffer.from(tx.address.toString(16).padStart(64, '0'), 'hex')).toRawString();
}

/** A transaction of the history as the file keeps it. */
type SavedTransaction = Omit<ChainTransaction, 'lt' | 'inMessage'> & {
  lt: string;
  inMessage: { source: string | null; bounced: boolean; body: string } | null;
};

function savedTransaction(t: ChainTransaction): SavedTransaction {
  return {
    ...t,
    lt: t.lt.toString(),
    inMessage: t.inMessage && { ...t.inMessage, body: t.inMessage.body.toBoc().toString('base64') },
  };
}

type SavedContract = ReturnType<typeof snapshotToSerializable>['contracts'][number];

/** A sandbox chain as its file keeps it. */
interface SavedChain {
  version: 1;
  id: string;
  network: TonNetwork;
  offset: number;
  meta: Record<string, string>;
  snapshot: ReturnType<typeof snapshotToSerializable>;
  history: Record<string, SavedTransaction[]>;
}
