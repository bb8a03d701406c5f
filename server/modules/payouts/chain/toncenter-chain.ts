import { Address, Cell, type TupleItem, TupleReader } from '@ton/core';
import { type ChainTransaction, ChainUnavailable, type TonChain, type TonNetwork } from './chain.ts';
import { type SandboxChainInfo, stateInitBoc } from './sandbox-service.ts';

/** toncenter's v3 stack entries (runGetMethod). */
type StackEntry = { type: 'num'; value: string } | { type: 'cell' | 'slice'; value: string };

interface V3Transaction {
  hash: string;
  lt: string;
  now: number;
  description: {
    aborted?: boolean;
    compute_ph?: { skipped?: boolean; success?: boolean; exit_code?: number };
    action?: { success?: boolean };
  };
  in_msg?: { source?: string | null; bounced?: boolean; message_content?: { body?: string } } | null;
}

/**
 * toncenter's HTTP API v3 (an API key from @tonapibot; mainnet or testnet by its URL): the
 * chain for real payouts. Network errors, timeouts, 429 and 5xx answers are ChainUnavailable
 * (the round stops and the next one tries again); nothing here retries on its own.
 */
export class ToncenterChain implements TonChain {
  readonly kind: TonChain['kind'] = 'toncenter';
  get id() {
    return `toncenter:${this.network}`;
  }
  constructor(
    private readonly opts: {
      url: string;
      apiKey?: string;
      network: TonNetwork;
      /** How long one call may take before the round gives up on it. */
      timeoutMs: number;
      /** A bounce of a jetton transfer comes back within a few blocks; a minute is well past them. */
      settleSeconds: number;
    },
  ) {}

  get settleSeconds() {
    return this.opts.settleSeconds;
  }

  get network() {
    return this.opts.network;
  }

  protected async call<T>(path: string, init?: { body: unknown }): Promise<T | null> {
    let res: Response;
    try {
      res = await fetch(`${this.opts.url}${path}`, {
        method: init ? 'POST' : 'GET',
        headers: {
          accept: 'application/json',
          ...(init ? { 'content-type': 'application/json' } : {}),
          ...(this.opts.apiKey ? { 'x-api-key': this.opts.apiKey } : {}),
        },
        body: init ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
    } catch (err) {
      throw new ChainUnavailable(`toncenter ${path.split('?')[0]}: ${(err as Error).message}`);
    }
    if (res.status === 404) return null;
    if (res.status === 429 || res.status >= 500) {
      throw new ChainUnavailable(`toncenter ${path.split('?')[0]} answered ${res.status}`);
    }
    const body = (await res.json().catch(() => null)) as (T & { error?: string }) | null;
    if (!res.ok) throw new Error(`toncenter ${path.split('?')[0]} answered ${res.status}: ${body?.error ?? ''}`);
    return body;
  }

  async now(): Promise<number> {
    const info = await this.call<{ last: { gen_utime: string | number } }>('/api/v3/masterchainInfo');
    if (!info) throw new ChainUnavailable('toncenter has no masterchain block');
    return Number(info.last.gen_utime);
  }

  async send(boc: Buffer): Promise<void> {
    await this.call('/api/v3/message', { body: { boc: boc.toString('base64') } });
  }

  async balance(address: Address): Promise<bigint> {
    const account = await this.call<{ balance: string }>(`/api/v3/account?address=${address.toRawString()}`);
    return account ? BigInt(account.balance) : 0n;
  }

  async get(address: Address, method: string, stack: TupleItem[] = []) {
    const answer = await this.call<{ exit_code: number; stack: StackEntry[] }>('/api/v3/runGetMethod', {
      body: { address: address.toRawString(), method, stack: stack.map(toEntry) },
    });
    if (!answer) throw new Error(`${method}: the account does not exist`);
    if (answer.exit_code !== 0 && answer.exit_code !== 1) throw new Error(`${method} exited with ${answer.exit_code}`);
    return new TupleReader(answer.stack.map(fromEntry));
  }

  async transactions(address: Address, afterLt: bigint, limit: number): Promise<ChainTransaction[]> {
    const q = new URLSearchParams({
      account: address.toRawString(),
      start_lt: String(afterLt + 1n),
      limit: String(limit),
      sort: 'asc',
    });
    const page = await this.call<{ transactions: V3Transaction[] }>(`/api/v3/transactions?${q}`);
    return (page?.transactions ?? []).map(fromV3).filter((t) => t.lt > afterLt);
  }
}

/**
 * The deployment's one sandbox chain (`TON_SANDBOX_URL`, served by `npm run sandbox:chain`,
 * sandbox-service.ts), through the toncenter API it speaks: every instance pays from the same hot
 * wallet on the same chain. Its id is the sandbox's (the payout cursor is kept per chain), and its
 * transactions are found by hash for the product's sandbox explorer.
 */
export class SharedSandboxChain extends ToncenterChain {
  override readonly kind: TonChain['kind'] = 'sandbox';
  private chainId = '';
  override get id() {
    return this.chainId;
  }

  /** Connects and learns the chain's id; a chain of another network is refused. */
  static async connect(opts: { url: string; apiKey?: string; network: TonNetwork; timeoutMs: number }) {
    const chain = new SharedSandboxChain({ ...opts, settleSeconds: 0 });
    const info = await chain.info();
    if (info.network !== opts.network) {
      throw new Error(`the sandbox chain at ${opts.url} is on ${info.network}, not ${opts.network} (TON_NETWORK)`);
    }
    chain.chainId = info.id;
    return chain;
  }

  async info(): Promise<SandboxChainInfo> {
    const info = await this.call<SandboxChainInfo>('/sandbox/v1/chain');
    if (!info) throw new ChainUnavailable('the sandbox chain does not answer /sandbox/v1/chain');
    return info;
  }

  /**
   * The hot wallet deployed with `ton` nanotons and `usdt` of the chain's USDT the first time any
   * instance asks; answers the USDT master. Another wallet than the chain's is refused.
   */
  async fund(wallet: { address: Address; init: { code: Cell; data: Cell } }, ton: bigint, usdt: bigint) {
    const answer = await this.call<{ jettonMaster: string }>('/sandbox/v1/hot-wallet', {
      body: { stateInit: stateInitBoc(wallet.init), ton: ton.toString(), usdt: usdt.toString() },
    });
    if (!answer) throw new Error('the sandbox chain has no /sandbox/v1/hot-wallet');
    return Address.parseRaw(answer.jettonMaster);
  }

  async find(hash: string): Promise<{ account: string; tx: ChainTransaction } | null> {
    const q = new URLSearchParams({ hash: Buffer.from(hash, 'hex').toString('base64') });
    const page = await this.call<{ transactions: (V3Transaction & { account: string })[] }>(
      `/api/v3/transactions?${q}`,
    );
    const found = page?.transactions[0];
    return found ? { account: Address.parseRaw(found.account).toRawString(), tx: fromV3(found) } : null;
  }
}

function toEntry(item: TupleItem): StackEntry {
  if (item.type === 'int') return { type: 'num', value: `0x${item.value.toString(16)}` };
  if (item.type === 'slice' || item.type === 'cell')
    return { type: item.type, value: item.cell.toBoc().toString('base64') };
  throw new Error(`toncenter stack: ${item.type} is not supported`);
}

function fromEntry(entry: StackEntry): TupleItem {
  if (entry.type === 'num') {
    const negative = entry.value.startsWith('-');
    const value = BigInt(negative ? entry.value.slice(1) : entry.value);
    return { type: 'int', value: negative ? -value : value };
  }
  return { type: entry.type, cell: Cell.fromBase64(entry.value) };
}

function fromV3(t: V3Transaction): ChainTransaction {
  const d = t.description;
  const compute = d.compute_ph;
  const ran = !!compute && !compute.skipped;
  const body = t.in_msg?.message_content?.body;
  return {
    hash: Buffer.from(t.hash, 'base64').toString('hex'),
    lt: BigInt(t.lt),
    now: t.now,
    success: ran && !!compute?.success && (d.action ? !!d.action.success : true) && !d.aborted,
    exitCode: ran ? (compute?.exit_code ?? null) : null,
    inMessage: t.in_msg
      ? {
          source: t.in_msg.source ? Address.parse(t.in_msg.source).toRawString() : null,
          bounced: !!t.in_msg.bounced,
          body: body ? Cell.fromBase64(body) : new Cell(),
        }
      : null,
  };
}
