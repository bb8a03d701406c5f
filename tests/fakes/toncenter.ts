import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Address, Cell, type TupleItem } from '@ton/core';
import { mnemonicNew } from '@ton/crypto';
import { HotWallet } from '../../server/modules/payments/payouts/hot-wallet.ts';
import { SandboxChain } from '../../server/modules/payments/payouts/sandbox-chain.ts';

/**
 * A local stand-in for toncenter's HTTP API v3 (https://toncenter.com/api/v3/), backed by a
 * `@ton/sandbox` chain: the calls the payout adapter makes (`masterchainInfo`, `message`,
 * `account`, `runGetMethod`, `transactions`), answered in toncenter's JSON, behind the
 * `X-API-Key` header. A test funds a hot wallet on it and drives the faults a real API has:
 * 500s, hanging calls, messages taken but dropped, a message applied and its answer held.
 */
export interface ToncenterFake {
  url: string;
  apiKey: string;
  chain: SandboxChain;
  /** The hot wallet's words (the app is configured with them) and the sandbox USDT master. */
  mnemonic: string;
  jettonMaster: string;
  /** Every call: method and path. */
  calls: { method: string; path: string }[];
  /** Faults: answer the next N calls of a path with 500; drop sent messages; hold /message answers. */
  faults: {
    fail: Map<string, number>;
    dropMessages: boolean;
    /** The message is applied to the chain, but the answer waits until released. */
    holdAfterApply: boolean;
    /** The answer waits before anything is applied (until released). */
    holdBeforeApply: boolean;
  };
  /** Resolves when a /message call is being held. */
  held(): Promise<void>;
  release(): void;
  close(): Promise<void>;
}

export async function startToncenterFake(opts: { ton?: bigint; usdt?: bigint; timeout?: number } = {}) {
  const chain = await SandboxChain.create('testnet');
  const words = await mnemonicNew();
  const wallet = await HotWallet.fromMnemonic(words, opts.timeout ?? 3600);
  const master = await chain.fundHotWallet(wallet, opts.ton ?? 1000_000_000_000n, opts.usdt ?? 1_000_000_000_000n);
  const apiKey = 'fake-toncenter-key-0001';
  const calls: ToncenterFake['calls'] = [];
  const faults: ToncenterFake['faults'] = {
    fail: new Map(),
    dropMessages: false,
    holdAfterApply: false,
    holdBeforeApply: false,
  };
  let releaseHeld: (() => void) | null = null;
  let onHeld: (() => void) | null = null;
  const hold = () =>
    new Promise<void>((r) => {
      releaseHeld = r;
      onHeld?.();
    });

  const json = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString() || '{}');
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname;
    calls.push({ method: req.method ?? 'GET', path });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers['x-api-key'] !== apiKey) return send(401, { error: 'API key does not exist' });
    const failing = faults.fail.get(path) ?? 0;
    if (failing > 0) {
      faults.fail.set(path, failing - 1);
      return send(500, { error: 'Internal server error' });
    }
    try {
      if (path === '/api/v3/masterchainInfo') {
        return send(200, { last: { seqno: 1, gen_utime: String(await chain.now()) }, first: {} });
      }
      if (path === '/api/v3/message' && req.method === 'POST') {
        const { boc } = await json(req);
        if (faults.holdBeforeApply) await hold();
        if (!faults.dropMessages) {
          try {
            await chain.send(Buffer.from(boc, 'base64'));
          } catch (err) {
            return send(500, { error: `cannot apply external message: ${(err as Error).message.slice(0, 200)}` });
          }
        }
        if (faults.holdAfterApply) await hold();
        return send(200, { message_hash: Cell.fromBase64(boc).hash().toString('base64') });
      }
      if (path === '/api/v3/account') {
        const address = Address.parse(url.searchParams.get('address') ?? '');
        const contract = await chain.blockchain.getContract(address);
        const state = contract.accountState?.type ?? 'uninit';
        if (state === 'uninit' && contract.balance === 0n) return send(404, { error: 'account not found' });
        return send(200, { balance: contract.balance.toString(), status: state === 'active' ? 'active' : state });
      }
      if (path === '/api/v3/runGetMethod' && req.method === 'POST') {
        const body = await json(req);
        const stack: TupleItem[] = body.stack.map((e: { type: string; value: string }) =>
          e.type === 'num' ? { type: 'int', value: BigInt(e.value) } : { type: e.type, cell: Cell.fromBase64(e.value) },
        );
        try {
          const r = await chain.blockchain.runGetMethod(Address.parse(body.address), body.method, stack);
          return send(200, { gas_used: 0, exit_code: r.exitCode, stack: r.stack.map(toEntry) });
        } catch {
          return send(200, { gas_used: 0, exit_code: -13, stack: [] });
        }
      }
      if (path === '/api/v3/transactions') {
        const account = Address.parse(url.searchParams.get('account') ?? '');
        const start = BigInt(url.searchParams.get('start_lt') ?? '0');
        const limit = Number(url.searchParams.get('limit') ?? '10');
        const txs = await chain.transactions(account, start - 1n, limit);
        return send(200, {
          transactions: txs.map((t) => ({
            account: account.toRawString().toUpperCase(),
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
          })),
          address_book: {},
        });
      }
      send(404, { error: 'not found' });
    } catch (err) {
      send(500, { error: (err as Error).message });
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    chain,
    mnemonic: words.join(' '),
    jettonMaster: master.toString({ testOnly: true }),
    calls,
    faults,
    held: () =>
      new Promise<void>((r) => {
        if (releaseHeld) r();
        else onHeld = r;
      }),
    release() {
      const r = releaseHeld;
      releaseHeld = null;
      onHeld = null;
      r?.();
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  } satisfies ToncenterFake;
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
