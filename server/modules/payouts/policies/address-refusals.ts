import { fail } from '../../../failures.ts';
import { Address } from '@ton/core';

export type PayoutNetwork = 'mainnet' | 'testnet';

/** An address in the form the network expects (non-bounceable, test-only on testnet). */
export function friendly(address: Address, network: PayoutNetwork): string {
  return address.toString({ bounceable: false, urlSafe: true, testOnly: network === 'testnet' });
}

/** Whether two addresses (in any form) are the same account; an unreadable one is nobody's. */
export function sameAddress(a: string | null | undefined, b: string): boolean {
  try {
    return !!a && Address.parse(a).equals(Address.parse(b));
  } catch {
    return false;
  }
}

/**
 * A withdrawal address, checked for the network the product pays on; answered in its form.
 * The sandbox chain is a testnet too: an address in the other network's form is refused there
 * as on a real one, so what works in the demo works in production.
 */
export function parsePayoutAddress(input: string, network: PayoutNetwork): string {
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
    throw fail('ADDRESS_NOT_TON');
  }
  if (testOnly && network === 'mainnet') {
    throw fail('ADDRESS_ON_TESTNET');
  }
  if (!testOnly && Address.isFriendly(text) && network === 'testnet') {
    throw fail('ADDRESS_ON_MAINNET');
  }
  if (address.workChain !== 0) {
    throw fail('ADDRESS_NOT_BASECHAIN');
  }
  return friendly(address, network);
}

/**
 * The network's own addresses are never a payout's destination: the hot wallet, its USDT
 * jetton wallet and the USDT master (a transfer there would be lost or loop back). `own` lists
 * those known (an unknown one, before the chain is set up, is undefined).
 */
export function refuseOwnAddress(wallet: string, own: readonly (Address | string | undefined)[]): void {
  const raw = Address.parse(wallet).toRawString();
  const ours = own.map((a) =>
    a === undefined ? undefined : (typeof a === 'string' ? Address.parse(a) : a).toRawString(),
  );
  if (ours.includes(raw)) {
    throw fail('ADDRESS_IS_THE_NETWORKS');
  }
}
