import {
  type Address,
  beginCell,
  type Cell,
  external,
  internal,
  SendMode,
  type Slice,
  storeMessage,
  toNano,
} from '@ton/core';
import { type KeyPair, mnemonicToPrivateKey, mnemonicValidate } from '@ton/crypto';
import { HighloadWalletV3 } from '@tonkite/highload-wallet-v3';

/** TEP-74 op codes. */
export const OP_JETTON_TRANSFER = 0x0f8a7ea5;
export const OP_INTERNAL_TRANSFER = 0x178d4519;
/** TON attached to each transfer for the jetton wallets' fees; what is left comes back (excesses). */
export const TON_PER_TRANSFER = toNano('0.05');
/** The most transfers one highload external message carries. */
export const MAX_BATCH = 254;

/** One jetton transfer of a batch: `queryId` is the withdrawal's id, `amount` in USDT's 6 decimals. */
export interface JettonTransfer {
  queryId: bigint;
  amount: bigint;
  destination: Address;
}

/** The TEP-74 transfer body (op 0x0f8a7ea5) the hot wallet sends to its own jetton wallet. */
export function jettonTransferBody(t: JettonTransfer, responseTo: Address): Cell {
  return beginCell()
    .storeUint(OP_JETTON_TRANSFER, 32)
    .storeUint(t.queryId, 64)
    .storeCoins(t.amount)
    .storeAddress(t.destination)
    .storeAddress(responseTo)
    .storeBit(false) // no custom payload
    .storeCoins(1n) // forward_ton_amount: 1 nanoton, so the recipient's wallet app is notified
    .storeBit(true) // forward payload in a reference: the comment "Payout #<withdrawal id>"
    .storeRef(payoutComment(t.queryId))
    .endCell();
}

/**
 * The transfer's comment (a TEP-74 text comment, op 0): the recipient's wallet shows it, and the
 * chain keeps which withdrawal each transfer paid, whatever the database remembers.
 */
export function payoutComment(withdrawalId: bigint): Cell {
  return beginCell().storeUint(0, 32).storeStringTail(`Payout #${withdrawalId}`).endCell();
}

/** A transfer body read back: the op, query id and (for a transfer) amount and destination. */
export function readJettonBody(
  body: Cell,
  bounced: boolean,
): { op: number; queryId: bigint; amount?: bigint; destination?: Address } | null {
  try {
    const s: Slice = body.beginParse();
    if (bounced) s.loadUint(32); // 0xffffffff
    const op = s.loadUint(32);
    const queryId = s.loadUintBig(64);
    if (op === OP_JETTON_TRANSFER && !bounced) {
      return { op, queryId, amount: s.loadCoins(), destination: s.loadAddress() };
    }
    return { op, queryId };
  } catch {
    return null;
  }
}

/** Highload query ids: 13 bits of shift and 10 of bit number (1023 used per shift). */
export function queryIdOf(n: number): number {
  return (Math.floor(n / 1023) << 10) | (n % 1023);
}
/** How many distinct query ids `queryIdOf` makes (the database sequence cycles over them). */
export const QUERY_ID_COUNT = 8191 * 1023;

/**
 * The network's hot wallet: a Highload Wallet v3 (the TON Foundation's wallet for batched
 * withdrawals; `@tonkite/highload-wallet-v3` embeds its code). It only signs: the message is
 * returned as bytes, so it can be written to the database before it is sent.
 */
export class HotWallet {
  private constructor(
    private readonly keys: KeyPair,
    private readonly contract: HighloadWalletV3,
  ) {}

  static async fromMnemonic(words: string[], timeoutSeconds: number): Promise<HotWallet> {
    if (!(await mnemonicValidate(words))) throw new Error('the payout wallet mnemonic is not a valid TON mnemonic');
    const keys = await mnemonicToPrivateKey(words);
    return new HotWallet(keys, new HighloadWalletV3(HighloadWalletV3.newSequence(), keys.publicKey, timeoutSeconds));
  }

  get address(): Address {
    return this.contract.address;
  }

  get timeout(): number {
    return this.contract.timeout;
  }

  get init() {
    return this.contract.init;
  }

  /**
   * One signed external message paying `transfers` through the hot wallet's jetton wallet
   * (the highload wallet's internal batch: a message to itself carrying up to 254 actions).
   * The state init rides along, so the first batch deploys a funded, not yet deployed wallet.
   */
  async signBatch(opts: {
    queryId: number;
    createdAt: number;
    jettonWallet: Address;
    transfers: JettonTransfer[];
  }): Promise<Buffer> {
    if (!opts.transfers.length || opts.transfers.length > MAX_BATCH) {
      throw new Error(`a batch carries 1 to ${MAX_BATCH} transfers`);
    }
    const wallet = new HighloadWalletV3(
      HighloadWalletV3.restoreSequence(opts.queryId),
      this.keys.publicKey,
      this.contract.timeout,
    );
    let body: Cell | undefined;
    // The library signs and hands the body to a provider; this one keeps it instead of sending.
    const keep = {
      external: async (signed: Cell) => {
        body = signed;
      },
    };
    await wallet.sendBatch(keep as never, this.keys.secretKey, {
      createdAt: opts.createdAt,
      messages: opts.transfers.map((t) => ({
        mode: SendMode.PAY_GAS_SEPARATELY,
        message: internal({
          to: opts.jettonWallet,
          value: TON_PER_TRANSFER,
          bounce: true,
          body: jettonTransferBody(t, this.address),
        }),
      })),
    });
    if (!body) throw new Error('the highload wallet did not sign the batch');
    const message = external({ to: this.address, init: this.contract.init, body });
    return beginCell().store(storeMessage(message)).endCell().toBoc();
  }
}
