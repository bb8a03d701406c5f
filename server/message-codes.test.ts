import { describe, expect, it } from 'vitest';
import { ErrorCode } from './errors.ts';
import { ALL_CODES, MESSAGE_CODES, messageCode } from './message-codes.ts';

describe('message codes', () => {
  it('gives a message its code, exactly', () => {
    expect(messageCode('Incorrect e-mail or password', ErrorCode.UNAUTHENTICATED)).toEqual({
      code: 'INCORRECT_E_MAIL_OR_PASSWORD',
    });
  });

  it('gives a templated message its code and the values of its parts', () => {
    expect(messageCode('The price for tier 2 must be at least 0.05 USD', ErrorCode.VALIDATION)).toEqual({
      code: 'TIER_PRICE_BELOW_FLOOR',
      params: { level: '2', floor: '0.05' },
    });
    expect(messageCode('Campaign name is required', ErrorCode.VALIDATION)).toEqual({ code: 'CAMPAIGN_NAME_REQUIRED' });
  });

  it('prefers the exact wording over a template it also fits', () => {
    expect(messageCode('This withdrawal is already approved', ErrorCode.CONFLICT).code).toBe(
      'WITHDRAWAL_ALREADY_APPROVED',
    );
    expect(messageCode('This withdrawal is already done', ErrorCode.CONFLICT)).toEqual({
      code: 'WITHDRAWAL_ALREADY',
      params: { status: 'done' },
    });
  });

  it('gives every step-up wording one code', () => {
    for (const message of MESSAGE_CODES.STEP_UP_REQUIRED)
      expect(messageCode(message, ErrorCode.STEP_UP_REQUIRED).code).toBe('STEP_UP_REQUIRED');
  });

  it("gives a message it does not know its kind's code", () => {
    expect(messageCode('Invalid input: expected string, received number', ErrorCode.VALIDATION)).toEqual({
      code: 'VALIDATION',
    });
    expect(ALL_CODES).toContain('VALIDATION');
  });

  it('has codes that are unique and in capitals', () => {
    const codes = Object.keys(MESSAGE_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
  });
});
