import { Address, beginCell } from '@ton/core';
import { mnemonicNew } from '@ton/crypto';
import type { Logger } from 'pino';
import type { PayoutSettings } from '../../../config.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { decryptSecret, encryptSecret } from '../../../lib/secrets.ts';
import { friendly } from '../policies/address-refusals.ts';
import { readState, writeState, writeStateOnce } from '../payouts.repository.ts';
import { ChainUnavailable, type TonChain } from './chain.ts';
import { HotWallet } from './hot-wallet.ts';
import { SandboxChain } from './sandbox-chain.ts';
import { SharedSandboxChain, ToncenterChain } from './toncenter-chain.ts';

/** The chain, the hot wallet and its USDT jetton wallet, made once (lazily: tests that never pay out pay nothing). */
export interface PayoutChain {
  chain: TonChain;
  wallet: HotWallet;
  jettonMaster: Address;
  jettonWallet: Address;
}

export interface ChainSetupDeps {
  settings: PayoutSettings;
  secretsKey: Buffer;
  production: boolean;
  log: Logger;
  em: () => EntityManager;
}

/** The sandbox hot wallet's funds as configured, in nanotons and USDT's micro-units. */
function sandboxFunds(s: PayoutSettings): { ton: bigint; usdt: bigint } {
  return { ton: BigInt(s.sandboxFunds.ton) * 1_000_000_000n, usdt: BigInt(s.sandboxFunds.usdt) * 1_000_000n };
}

/** The hot wallet's USDT (its jetton wallet's balance; none before it received any). */
export async function jettonBalance(setup: PayoutChain): Promise<bigint> {
  try {
    return (await setup.chain.get(setup.jettonWallet, 'get_wallet_data')).readBigNumber();
  } catch (err) {
    if (err instanceof ChainUnavailable) throw err;
    return 0n;
  }
}

/** Whether the hot wallet processed `queryId` within its timeout. */
export async function processedOnChain(setup: PayoutChain, queryId: number): Promise<boolean> {
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

/**
 * Sets the payout chain up once: toncenter (a real network), the deployment's shared sandbox
 * chain, or a sandbox chain in this process (kept in the data folder between starts).
 */
export class ChainSetup {
  private setUp?: Promise<PayoutChain>;
  /** The chain once set up, without waiting for it. */
  current: PayoutChain | undefined;

  constructor(private readonly deps: ChainSetupDeps) {}

  ready(): Promise<PayoutChain> {
    this.setUp ??= this.make().then(
      (setup) => {
        this.current = setup;
        return setup;
      },
      (err) => {
        this.setUp = undefined;
        throw err;
      },
    );
    return this.setUp;
  }

  /** Writes the sandbox chain to the data folder (at a stop: the last changes are not lost). */
  async close(): Promise<void> {
    const setup = this.current;
    if (setup?.chain instanceof SandboxChain) await setup.chain.save();
  }

  /** The network's own addresses known now (the master from the settings; the rest once set up). */
  ownAddresses(): (Address | string | undefined)[] {
    const c = this.current;
    return [c?.wallet.address, c?.jettonWallet, c?.jettonMaster, this.deps.settings.usdtMaster];
  }

  private async make(): Promise<PayoutChain> {
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
   * its wallet's), else a new one, funded, kept there from now on. So a restarted `npm start`
   * pays on with the same wallet, and the hashes on the Finance page stay on its chain.
   */
  private async sandbox(wallet: HotWallet, words: string[]) {
    const s = this.deps.settings;
    const em = this.deps.em();
    // The chain this database has paid on: a kept chain of another database (a fresh one, another
    // data) is not loaded, nor overwritten by a database that never saw it.
    const ours = await readState(em, 'sandbox-chain');
    const kept = s.sandboxFile && ours ? await SandboxChain.load(s.sandboxFile, s.network) : null;
    if (kept?.id === ours && kept.meta.wallet && kept.meta.jettonMaster) {
      const keptWords = decryptSecret(this.deps.secretsKey, kept.meta.wallet).split(' ');
      const keptWallet = await HotWallet.fromMnemonic(keptWords, s.walletTimeout);
      if (!s.mnemonic || keptWallet.address.equals(wallet.address)) {
        this.deps.log.info(
          { file: s.sandboxFile },
          'payouts: the sandbox chain of the last start, kept in the data folder',
        );
        // Kept on from here: a loaded chain must be written again, or a second restart loses what this one paid.
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
      await writeState(em, 'sandbox-chain', chain.id, false);
    }
    return { chain, wallet, master };
  }

  /**
   * The shared sandbox chain's hot wallet words, sealed in `payout_state`: `mine` when this
   * instance is the first to ask, else the ones another instance kept.
   */
  private async sharedWords(mine: string[]): Promise<string[]> {
    const em = this.deps.em();
    await writeStateOnce(em, 'sandbox-wallet', encryptSecret(this.deps.secretsKey, mine.join(' ')));
    try {
      return decryptSecret(this.deps.secretsKey, (await readState(em, 'sandbox-wallet'))!).split(' ');
    } catch {
      throw new Error(
        'the shared sandbox chain’s hot wallet was sealed by an instance with another SECRETS_KEY: give every instance the same SECRETS_KEY',
      );
    }
  }

  private mnemonic(configured: string): string[] {
    const plain = configured.startsWith('v1.') ? decryptSecret(this.deps.secretsKey, configured) : configured;
    if (!configured.startsWith('v1.') && this.deps.production) {
      this.deps.log.warn('PAYOUT_WALLET_MNEMONIC is not sealed: seal it with `npm run payouts:seal`');
    }
    return plain.trim().split(/\s+/);
  }
}
