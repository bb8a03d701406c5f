import { describe, expect, test } from 'vitest';
import { DomainError, httpStatus } from './errors.ts';
import { FAILURES, fail, render } from './failures.ts';
import { ALL_CODES, answerCode, LEGACY_CODES, MESSAGE_CODES, messageCode } from './message-codes.ts';

describe('failures that carry their code', () => {
  test('fail: the code, typed parameters as text, the English rendered from the code, the old code', () => {
    const error = fail('WITHDRAWAL_OVER_AVAILABLE_WITH_HOLD', { available: '70.00', onHold: 35 });
    expect(error).toBeInstanceOf(DomainError);
    expect(httpStatus(error.code)).toBe(400);
    expect(error.field).toBe('amount');
    expect(error.message).toBe(
      'You can withdraw up to 70.00 $ now: 35 $ more is on hold until its conversions are confirmed',
    );
    expect(answerCode(error)).toEqual({
      code: 'WITHDRAWAL_OVER_AVAILABLE_WITH_HOLD',
      params: { available: '70.00', onHold: '35' },
      legacyCode: 'WITHDRAW_UP_TO_ON_HOLD',
    });
    expect(answerCode(fail('WITHDRAWAL_NOT_FOUND'))).toEqual({ code: 'WITHDRAWAL_NOT_FOUND' });
  });

  test('the code does not move when the wording does: it is never read back from the English', () => {
    const error = fail('OWN_WITHDRAWAL');
    error.message = 'Some other wording';
    expect(answerCode(error).code).toBe('OWN_WITHDRAWAL');
  });

  test('a failure not moved yet is still coded from its message', () => {
    expect(answerCode(new DomainError('CONFLICT', 'This address is saved already'))).toEqual(
      messageCode('This address is saved already', 'CONFLICT'),
    );
  });

  test('every failure is published: its code among the answers’ codes, its old code still known', () => {
    for (const [code, failure] of Object.entries(FAILURES)) {
      expect(ALL_CODES).toContain(code);
      if ('was' in failure) {
        expect(LEGACY_CODES[code]).toBe(failure.was);
        expect(MESSAGE_CODES).toHaveProperty([failure.was]);
        // The old code's wording is the failure's: a client keyed on it shows the same message.
        const old = MESSAGE_CODES[failure.was as keyof typeof MESSAGE_CODES];
        expect(typeof old === 'string' ? [old] : old).toContain(failure.message);
      }
    }
  });

  test('a failure’s code that was also a sentence’s code before means the same sentence', () => {
    for (const [code, failure] of Object.entries(FAILURES)) {
      const before = MESSAGE_CODES[code as keyof typeof MESSAGE_CODES];
      if (before === undefined) continue;
      expect(typeof before === 'string' ? [before] : before, code).toContain(failure.message);
    }
  });

  test('render fills each {name} and leaves one without a value as it is', () => {
    expect(render('Keep at most {max} addresses', { max: '20' })).toBe('Keep at most 20 addresses');
    expect(render('from {holdUntil}')).toBe('from {holdUntil}');
  });
});
