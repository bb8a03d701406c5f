import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Address, beginCell, Cell, contractAddress, loadStateInit, storeStateInit, type TupleItem } from '@ton/core';
import type { ChainTransaction } from './chain.ts';
import type { SandboxChain } from './sandbox-chain.ts';

/**
 * One sandbox chain for a whole deployment: `@ton/sandbox` behind toncenter's
 * HTTP API v3 — the calls the payout adapter makes (`masterchainInfo`, `message`, `account`,
 * `runGetMethod`, `transactions`, also by hash), in toncenter's JSON, behind `X-API-Key` — plus
 * two calls of its own under `/sandbox/v1/`: what the chain is (`GET chain`: its id, size and
 * hot wallet) and funding the deployment's hot wallet once (`POST hot-wallet`). Every instance
 * (`TON_SANDBOX_URL`) pays through it, so they share one hot wallet, one history and one set of
 * balances, where each would otherwise run a chain of its own. `npm run sandbox:chain` and
 * compose's `chain` service run it (server/sandbox-chain.ts); the tests' toncenter stand-in is
 * this handler with faults around it.
 */
export interface ToncenterHooks {
  /** Before a sent message is applied; `false` drops it (taken, never applied). */
  beforeApply?: () => Promise<boolean | undefined>;
  /** After it was applied, before the answer. */
  afterApply?: () => Promise<void>;
}

type Send = (status: number, body: unknown) => void;

async function json(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString() || '{}');
}

/**
 * Answers a toncenter v3 call on `chain`; false when the path is not one of them (the caller
 * answers 404 or serves its own).
 */
export async function toncenterCall(
  chain: SandboxChain,
  req: IncomingMessage,
  url: URL,
  send: Send,
  hooks: ToncenterHooks = {},
): Promise<boolean> {
  const path = url.pathname;
  if (path === '/api/v3/masterchainInfo') {
    send(200, { last: { seqno: 1, gen_utime: String(await chain.now()) }, first: {} });
    return true;
  }
  if (path === '/api/v3/message' && req.method === 'POST') {
    const { boc } = await json(req);
    if ((await hooks.beforeApply?.()) !== false) {
      try {
        await chain.send(Buffer.from(boc, 'base64'));
      } catch (err) {
        send(500, { error: `cannot apply external message: ${(err as Error).message.slice(0, 200)}` });
        return true;
      }
    }
    await hooks.afterApply?.();
    send(200, { message_hash: Cell.fromBase64(boc).hash().toString('base64') });
    return true;
  }
  if (path === '/api/v3/account') {
    const address = Address.parse(url.searchParams.get('address') ?? '');
    const contract = await chain.blockchain.getContract(address);
    const state = contract.accountState?.type ?? 'uninit';
    if (state === 'uninit' && contract.balance === 0n) send(404, { error: 'account not found' });
    else send(200, { balance: contract.balance.toString(), status: state === 'active' ? 'active' : state });
    return true;
  }
  if (path === '/api/v3/runGetMethod' && req.method === 'POST') {
    const body = await json(req);
    const stack: TupleItem[] = body.stack.map((e: { type: string; value: string }) =>
      e.type === 'num' ? { type: 'int', value: BigInt(e.value) } : { type: e.type, cell: Cell.fromBase64(e.value) },
    );
    try {
      const r = await chain.blockchain.runGetMethod(Address.parse(body.address), body.method, stack);
      send(200, { gas_used: 0, exit_code: r.exitCode, stack: r.stack.map(toEntry) });
    } catch {
      send(200, { gas_used: 0, exit_code: -13, stack: [] });
    }
    return true;
  }
  if (path === '/api/v3/transactions') {
    const hash = url.searchParams.get('hash');
    if (hash) {
      const found = chain.find(Buffer.from(hash, 'base64').toString('hex'));
      send(200, { transactions: found ? [v3Transaction(found.account, found.tx)] : [], address_book: {} });
      return true;
    }
    const account = Address.parse(url.searchParams.get('account') ?? '');
    const start = BigInt(url.searchParams.get('start_lt') ?? '0');
    const limit = Number(url.searchParams.get('limit') ?? '10');
    const txs = await chain.transactions(account, start - 1n, limit);
    send(200, { transactions: txs.map((t) => v3Transaction(account.toRawString(), t)), address_book: {} });
    return true;
  }
  return false;
}

/** A transaction in toncenter v3's form (hashes base64, raw addresses upper-case). */
function v3Transaction(account: string, t: ChainTransaction) {
  return {
    account: account.toUpperCase(),
    hash: Buffer.from(t.hash, 'hex').toString('base64'),
    lt: t.lt.toString(),
    now: t.now,
    description: {
      aborted: !t.success,
      compute_ph: t.exitCode === null ? { skipped: true } : { success: t.success, exit_code: t.exitCode },
      action: { success: t.success },
    },
    in_msg: t.inMessage && {
      source: t.inMessage.source?.toUpperCase() ?? null,
      bounced: t.inMessage.bounced,
      message_content: { body: t.inMessage.body.toBoc().toString('base64') },
    },
  };
}

function toEntry(item: TupleItem) {
  if (item.type === 'int')
    return {
      type: 'num',
      value: `${item.value < 0n ? '-' : ''}0x${(item.value < 0n ? -item.value : item.value).toString(16)}`,
    };
  if (item.type === 'cell' || item.type === 'slice' || item.type === 'builder') {
    return { type: item.type === 'builder' ? 'cell' : item.type, value: item.cell.toBoc().toString('base64') };
  }
  return { type: 'num', value: '0x0' };
}

/** What `GET /sandbox/v1/chain` answers. */
export interface SandboxChainInfo {
  id: string;
  network: string;
  accounts: number;
  transactions: number;
  /** The hot wallet it funded (raw address) and the USDT master it made; null before the first. */
  hotWallet: string | null;
  jettonMaster: string | null;
}

/**
 * The sandbox's own calls. `POST /sandbox/v1/hot-wallet` `{ stateInit, ton, usdt }` (the wallet's
 * StateInit as a base64 bag of cells; nanotons and USDT's micro-units as strings) deploys that
 * wallet with `ton` and mints it `usdt` of a new USDT, the first time; asked again for the same
 * wallet it answers the same master and funds nothing; another wallet is refused (409): one
 * chain pays from one hot wallet, whichever instance asks first.
 */
async function sandboxCall(chain: SandboxChain, req: IncomingMessage, url: URL, send: Send): Promise<boolean> {
  if (url.pathname === '/sandbox/v1/chain' && req.method === 'GET') {
    const stats = chain.size();
    send(200, {
      id: chain.id,
      network: chain.network,
      ...stats,
      hotWallet: chain.meta.hotWallet ?? null,
      jettonMaster: chain.meta.jettonMaster ?? null,
    } satisfies SandboxChainInfo);
    return true;
  }
  if (url.pathname === '/sandbox/v1/hot-wallet' && req.method === 'POST') {
    const body = (await json(req)) as { stateInit?: string; ton?: string; usdt?: string };
    let init: { code: Cell; data: Cell };
    try {
      const state = loadStateInit(Cell.fromBase64(body.stateInit ?? '').beginParse());
      if (!state.code || !state.data) throw new Error('no code or data');
      init = { code: state.code, data: state.data };
    } catch {
      send(400, { error: 'stateInit: a base64 bag of cells of the wallet’s StateInit (code and data)' });
      return true;
    }
    const address = contractAddress(0, init).toRawString();
    const funded = await chain.fundOnce(address, () =>
      chain.fundHotWallet(
        { address: Address.parseRaw(address), init },
        BigInt(body.ton ?? '0'),
        BigInt(body.usdt ?? '0'),
      ),
    );
    if (!funded) {
      send(409, { error: `this sandbox chain pays from the hot wallet ${chain.meta.hotWallet}, not ${address}` });
      return true;
    }
    send(200, { hotWallet: address, jettonMaster: funded });
    return true;
  }
  return false;
}

/** The StateInit a funding request carries, as a base64 bag of cells. */
export function stateInitBoc(init: { code: Cell; data: Cell }): string {
  return beginCell().store(storeStateInit(init)).endCell().toBoc().toString('base64');
}

/** Whether the request carries the key (compared in constant time). */
function keyMatches(req: IncomingMessage, apiKey: string | undefined): boolean {
  if (!apiKey) return true;
  const given = Buffer.from(String(req.headers['x-api-key'] ?? ''));
  const want = Buffer.from(apiKey);
  return given.length === want.length && timingSafeEqual(given, want);
}

/** A node request handler: toncenter's calls, then the sandbox's own, else 404. */
export function sandboxChainHandler(
  chain: SandboxChain,
  opts: { apiKey?: string; hooks?: ToncenterHooks; before?: (path: string, send: Send) => boolean } = {},
) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const send: Send = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (!keyMatches(req, opts.apiKey)) return send(401, { error: 'API key does not exist' });
    if (opts.before?.(url.pathname, send)) return;
    try {
      if (await toncenterCall(chain, req, url, send, opts.hooks)) return;
      if (await sandboxCall(chain, req, url, send)) return;
      send(404, { error: 'not found' });
    } catch (err) {
      send(500, { error: (err as Error).message });
    }
  };
}

/** Serves `chain` on `host:port` (0: any free port); answers the server and its URL. */
export async function serveSandboxChain(
  chain: SandboxChain,
  opts: { host?: string; port?: number; apiKey?: string },
): Promise<{ server: Server; url: string }> {
  const server = createServer(sandboxChainHandler(chain, { apiKey: opts.apiKey }));
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}` };
}
