import { Address } from '@ton/core';
import { describe, expect, test } from 'vitest';
import { DomainError, httpStatus } from '../../../errors.ts';
import { FAILURES } from '../../../failures.ts';
import { parseMoney } from '../../../lib/money.ts';
import { friendly, parsePayoutAddress, refuseOwnAddress, sameAddress } from './address-refusals.ts';
import { autoApproval, oldEnough, type PayeeFacts, ruleMayApprove } from './auto-approve.ts';
import {
  approvalsNeeded,
  approvalsNeededForDay,
  approvalsNeededOf,
  approves,
  fourEyesState,
  refuseSecondBySamePerson,
} from './four-eyes.ts';
import { holdText, holdUntil, isHeld, refuseHeld } from './new-address-hold.ts';
import { holdsOwnMoney, refuseOwnMoney } from './own-money.ts';
import { limitsSet, roundShareOf, tightestLimit, withinAllowance } from './velocity.ts';

const usd = (n: string) => parseMoney(n);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = Date.UTC(2026, 11, 6, 12, 0, 0);

/** What a DomainError says (its status, English and own code), or the thrown value when something else was thrown. */
function refusal(fn: () => void): { status: number; message: string; code?: string } | null {
  try {
    fn();
    return null;
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return { status: httpStatus(err.code), message: err.message, code: err.coded?.code };
  }
}

describe('own money', () => {
  test('a call holding one of the finance person’s own withdrawals is refused whole', () => {
    const rows = [{ userId: 2 }, { userId: 7 }];
    expect(holdsOwnMoney(7, rows)).toBe(true);
    expect(refusal(() => refuseOwnMoney(7, rows))).toEqual({
      status: 403,
      message: FAILURES.OWN_WITHDRAWAL.message,
      code: 'OWN_WITHDRAWAL',
    });
  });

  test('somebody else’s money, or none, is not refused', () => {
    expect(refusal(() => refuseOwnMoney(7, [{ userId: 2 }]))).toBeNull();
    expect(refusal(() => refuseOwnMoney(7, []))).toBeNull();
  });
});

describe('four eyes', () => {
  const min = usd('1000');

  test('exactly at PAYOUT_SECOND_APPROVAL_USD needs two; one micro-dollar under needs one', () => {
    expect(approvalsNeeded(min, min)).toBe(2);
    expect(approvalsNeeded(min - 1n, min)).toBe(1);
  });

  test('the payee’s day counts: what one person approves plus this request reaching the figure needs two', () => {
    expect(approvalsNeededForDay(usd('999'), usd('1'), min)).toBe(2);
    expect(approvalsNeededForDay(usd('999'), usd('0.999999'), min)).toBe(1);
    // Two instances' requests are summed by the database under the payee's lock: the day is their sum.
    const day = usd('400') + usd('400');
    expect(approvalsNeededForDay(day, usd('200'), min)).toBe(2);
  });

  test('a withdrawal keeps the figure decided at its request; an older one is read from its amount', () => {
    expect(approvalsNeededOf({ amount: usd('10'), approvalsNeeded: 2 }, min)).toBe(2);
    expect(approvalsNeededOf({ amount: min.toString(), approvalsNeeded: null }, min)).toBe(2);
    expect(approvalsNeededOf({ amount: usd('10') }, min)).toBe(1);
  });

  test('two people approve what needs two; the same person does not give the second', () => {
    expect(approves(1, 2)).toBe(false);
    expect(approves(2, 2)).toBe(true);
    expect(approves(1, 1)).toBe(true);
    expect(refusal(() => refuseSecondBySamePerson(true))).toEqual({
      status: 409,
      message: FAILURES.SECOND_APPROVAL_BY_SAME_PERSON.message,
      code: 'SECOND_APPROVAL_BY_SAME_PERSON',
    });
    expect(refusal(() => refuseSecondBySamePerson(false))).toBeNull();
  });

  test('the state a viewer reads: who may give the approval that approves it', () => {
    expect(fourEyesState(2, [], 5)).toEqual({ needed: 2, given: 0, gaveOne: false, approvesNow: false });
    expect(fourEyesState(2, [3], 5)).toEqual({ needed: 2, given: 1, gaveOne: false, approvesNow: true });
    expect(fourEyesState(2, [5], 5)).toEqual({ needed: 2, given: 1, gaveOne: true, approvesNow: false });
    expect(fourEyesState(1, [], 5)).toEqual({ needed: 1, given: 0, gaveOne: false, approvesNow: true });
  });
});

describe('the new-address hold', () => {
  test('a person’s first withdrawal to a new address waits the set hours', () => {
    expect(holdUntil({ byPerson: true, known: false, hours: 24, now })?.getTime()).toBe(now + DAY);
  });

  test('a known address, the operator, or no hours set: not held', () => {
    expect(holdUntil({ byPerson: true, known: true, hours: 24, now })).toBeNull();
    expect(holdUntil({ byPerson: false, known: false, hours: 24, now })).toBeNull();
    expect(holdUntil({ byPerson: true, known: false, hours: 0, now })).toBeNull();
  });

  test('held until the 24th hour ends: one millisecond before it, refused with when; at it, approvable', () => {
    const p = { holdUntil: new Date(now + DAY) };
    expect(isHeld(p, now + DAY - 1)).toBe(true);
    expect(refusal(() => refuseHeld(p, now + DAY - 1))).toMatchObject({ code: 'ADDRESS_ON_HOLD' });
    expect(refusal(() => refuseHeld(p, now + DAY - 1))?.message).toContain(holdText(p.holdUntil));
    expect(isHeld(p, now + DAY)).toBe(false);
    expect(refusal(() => refuseHeld(p, now + DAY))).toBeNull();
    expect(isHeld({ holdUntil: null }, now)).toBe(false);
  });

  test('the moment is said in UTC to the minute', () => {
    expect(holdText(new Date(now + DAY))).toBe('2026-12-07 12:00 UTC');
  });
});

describe('the auto-approve rule', () => {
  const s = { autoApproveMax: usd('100'), autoApproveMinAgeDays: 7, secondApprovalMin: usd('1000') };
  const facts = (over: Partial<PayeeFacts> = {}): PayeeFacts => ({
    accountCreatedAt: new Date(now - 30 * DAY),
    pausedUnderFloor: false,
    openFraudReport: false,
    approvedByRuleLast24h: 0n,
    ...over,
  });

  test('off when PAYOUT_AUTO_APPROVE_MAX is not set', () => {
    expect(ruleMayApprove(usd('1'), 1, { ...s, autoApproveMax: undefined })).toBe(false);
    expect(autoApproval(usd('1'), 1, facts(), { ...s, autoApproveMax: undefined }, now)).toBeNull();
  });

  test('exactly at the maximum over 24 hours approves; one micro-dollar over does not', () => {
    expect(autoApproval(usd('40'), 1, facts({ approvedByRuleLast24h: usd('60') }), s, now)).toEqual({
      max: usd('100'),
      minAgeDays: 7,
      last24h: usd('60'),
      amount: usd('40'),
    });
    expect(autoApproval(usd('40') + 1n, 1, facts({ approvedByRuleLast24h: usd('60') }), s, now)).toBeNull();
  });

  test('what needs four eyes is never the rule’s', () => {
    expect(ruleMayApprove(usd('50'), 2, s)).toBe(false);
    expect(ruleMayApprove(usd('50'), null, { ...s, secondApprovalMin: usd('50') })).toBe(false);
  });

  test('the account’s age: exactly the set days approves; a millisecond younger does not', () => {
    expect(oldEnough(new Date(now - 7 * DAY), now, 7)).toBe(true);
    expect(oldEnough(new Date(now - 7 * DAY + 1), now, 7)).toBe(false);
    expect(autoApproval(usd('1'), 1, facts({ accountCreatedAt: new Date(now - 7 * DAY + 1) }), s, now)).toBeNull();
  });

  test('an app paused under the quality floor, or an open fraud report, stops it', () => {
    expect(autoApproval(usd('1'), 1, facts({ pausedUnderFloor: true }), s, now)).toBeNull();
    expect(autoApproval(usd('1'), 1, facts({ openFraudReport: true }), s, now)).toBeNull();
  });
});

describe('velocity limits', () => {
  const settings = { maxPerHour: usd('1000'), maxPerDay: usd('5000'), maxRoundShare: 1 };

  test('no limit set: none applies', () => {
    expect(limitsSet({ maxRoundShare: 1 })).toBe(false);
    expect(tightestLimit({ hour: 0n, day: 0n }, { maxRoundShare: 1 }, undefined)).toBeNull();
    expect(limitsSet({ maxRoundShare: 0.5 })).toBe(true);
  });

  test('the tightest of the hour, the day and the round, from what every instance sent', () => {
    // Two instances sent 300 and 500 in the last hour: 200 is left of the hour's 1,000.
    const sent = { hour: usd('300') + usd('500'), day: usd('4900') };
    expect(tightestLimit(sent, settings, undefined)).toEqual({
      kind: 'day',
      max: usd('5000'),
      sent: usd('4900'),
      left: usd('100'),
    });
    expect(tightestLimit({ hour: usd('800'), day: usd('800') }, settings, undefined)?.kind).toBe('hour');
    expect(tightestLimit({ hour: 0n, day: 0n }, settings, usd('10'))?.kind).toBe('round');
  });

  test('exactly at the hour’s limit leaves; one micro-dollar over waits', () => {
    const hit = tightestLimit({ hour: usd('600'), day: usd('600') }, settings, undefined)!;
    expect(withinAllowance([{ amount: usd('400').toString() }], hit)).toHaveLength(1);
    expect(withinAllowance([{ amount: (usd('400') + 1n).toString() }], hit)).toHaveLength(0);
  });

  test('a round’s share of the wallet, exact in micro-dollars', () => {
    expect(roundShareOf(usd('1000'), 0.25)).toBe(usd('250'));
    expect(roundShareOf(usd('1000'), 1)).toBeUndefined();
  });
});

describe('address refusals', () => {
  const raw = `0:${'ab'.repeat(32)}`;
  const address = Address.parseRaw(raw);

  test('an address in the network’s form is answered in it', () => {
    expect(parsePayoutAddress(raw, 'testnet')).toBe(friendly(address, 'testnet'));
    expect(parsePayoutAddress(` ${friendly(address, 'mainnet')} `, 'mainnet')).toBe(friendly(address, 'mainnet'));
  });

  test('the other network’s form, another workchain, or no address at all is refused on the field', () => {
    expect(refusal(() => parsePayoutAddress(friendly(address, 'testnet'), 'mainnet'))?.message).toBe(
      'This is a testnet address: payouts are sent on TON mainnet',
    );
    expect(refusal(() => parsePayoutAddress(friendly(address, 'mainnet'), 'testnet'))?.message).toBe(
      'This is a mainnet address: payouts are sent on TON testnet',
    );
    expect(refusal(() => parsePayoutAddress(`-1:${'ab'.repeat(32)}`, 'mainnet'))?.message).toBe(
      'Enter a basechain address (workchain 0): USDT is paid there',
    );
    expect(refusal(() => parsePayoutAddress('hello', 'mainnet'))?.message).toBe(
      'Enter a valid TON wallet address (USDT on TON)',
    );
  });

  test('the network’s own addresses are refused, in any form; unknown ones are skipped', () => {
    const wallet = friendly(address, 'mainnet');
    expect(refusal(() => refuseOwnAddress(wallet, [undefined, raw]))?.status).toBe(400);
    expect(refusal(() => refuseOwnAddress(wallet, [address]))?.status).toBe(400);
    expect(refusal(() => refuseOwnAddress(wallet, [undefined, `0:${'cd'.repeat(32)}`]))).toBeNull();
  });

  test('the same account in two forms is the same address', () => {
    expect(sameAddress(raw, friendly(address, 'testnet'))).toBe(true);
    expect(sameAddress(null, raw)).toBe(false);
    expect(sameAddress('nonsense', raw)).toBe(false);
  });
});
