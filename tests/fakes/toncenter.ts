import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mnemonicNew } from '@ton/crypto';
import { HotWallet } from '../../server/modules/payouts/chain/hot-wallet.ts';
import { SandboxChain } from '../../server/modules/payouts/chain/sandbox-chain.ts';
import { sandboxChainHandler } from '../../server/modules/payouts/chain/sandbox-service.ts';

/**
 * A local stand-in for toncenter's HTTP API v3 (https://toncenter.com/api/v3/): the product's
 * sandbox chain service (sandbox-service.ts, toncenter's calls in its JSON behind the
 * `X-API-Key` header) with faults around it. A test funds a hot wallet on it and drives the faults a real API has:
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

  const handle = sandboxChainHandler(chain, {
    apiKey,
    before(path, send) {
      const failing = faults.fail.get(path) ?? 0;
      if (failing <= 0) return false;
      faults.fail.set(path, failing - 1);
      send(500, { error: 'Internal server error' });
      return true;
    },
    hooks: {
      async beforeApply() {
        if (faults.holdBeforeApply) await hold();
        return !faults.dropMessages;
      },
      async afterApply() {
        if (faults.holdAfterApply) await hold();
      },
    },
  });
  const server: Server = createServer((req, res) => {
    calls.push({ method: req.method ?? 'GET', path: new URL(req.url ?? '/', 'http://x').pathname });
    void handle(req, res);
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
