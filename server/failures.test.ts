import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { CATALOGS } from '../showcase/i18n/index.ts';
import { DomainError, httpStatus } from './errors.ts';
import { FAILURES, fail, failWith, firstIssue, render, says } from './failures.ts';
import { ALL_CODES, answerCode, LEGACY_CODES } from './message-codes.ts';
import { PLAYER_FAILURES } from './modules/showcase/showcase.rest.ts';
import PUBLISHED from './published-codes.json' with { type: 'json' };

/** Codes answered before that no failure answers now, and why. */
const RETIRED: Record<string, string> = {
  // Answers to a request that went well, never a failure's code.
  IF_ACCOUNT_EXISTS_FOR_E: 'a password reset asked for',
  THANK_YOU_WE_HAVE_RECEIVED: 'a registration filed',
  EMAIL_CHANGE_SENT: 'an e-mail change asked for',
  TELEGRAM_ACCOUNT_NOT_LINKED_TO: 'a Telegram sign-in that asks for the link',
  // The delivery log's words, not an answer.
  TELEGRAM_UNREACHABLE: 'a delivery that will be tried again',
  TELEGRAM_NOT_LINKED_OR_CONFIGURED: 'a delivery with nowhere to go',
  // `notFound(what)` of an area not written with its own code: none is left.
  THING_NOT_FOUND: 'every missing thing has its own code',
  RECORD_NOT_FOUND: 'every missing thing has its own code',
  // Passwords may hold spaces now: a passphrase goes in whole (NIST SP 800-63B).
  PASSWORD_MUST_NOT_CONTAIN_SPACES: 'spaces are allowed in a password',
};

const failures = FAILURES as Record<string, { message: string; kind: string; was?: string; byProof?: object }>;

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

  test('an input check says its code: firstIssue answers it at the issue’s field, as a bad request', () => {
    const schema = z.object({
      name: z.string().min(1, says('ENTER_REQUIRED_VALUE')),
      count: z.number().max(5, says('MUST_AT_MOST', { name: 'count', max: 5 })),
      id: z.uuid(says('SESSION_NOT_FOUND')),
    });
    const issue = (value: object) => firstIssue(schema.safeParse(value).error!);
    const empty = issue({ name: '', count: 1, id: crypto.randomUUID() });
    expect([empty.code, empty.message, empty.field]).toEqual(['VALIDATION', 'Enter required value', 'name']);
    expect(answerCode(empty)).toEqual({ code: 'ENTER_REQUIRED_VALUE' });
    const many = issue({ name: 'a', count: 9, id: crypto.randomUUID() });
    expect(many.message).toBe('count must be at most 5');
    expect(answerCode(many)).toEqual({ code: 'MUST_AT_MOST', params: { name: 'count', max: '5' } });
    // A code whose kind is NOT_FOUND elsewhere is still a 400 when an input check says it.
    const malformed = issue({ name: 'a', count: 1, id: 'x' });
    expect([malformed.code, answerCode(malformed).code]).toEqual(['VALIDATION', 'SESSION_NOT_FOUND']);
  });

  test("zod's own wording (a check without a message of ours) has the kind's code", () => {
    const own = firstIssue(z.object({ n: z.number() }).safeParse({ n: 'x' }).error!);
    expect(own.code).toBe('VALIDATION');
    expect(answerCode(own)).toEqual({ code: 'VALIDATION' });
  });

  test('a step-up is one code, worded by the first proof the account can give', () => {
    const word = (methods: string[]) => failWith('STEP_UP_REQUIRED', { methods });
    expect(word(['PASSWORD']).message).toBe(FAILURES.STEP_UP_REQUIRED.byProof.PASSWORD);
    expect(word(['PASSKEY', 'TOTP']).message).toBe(FAILURES.STEP_UP_REQUIRED.byProof.PASSKEY);
    expect(word(['TOTP', 'RECOVERY_CODE']).message).toBe(FAILURES.STEP_UP_REQUIRED.message);
    expect(answerCode(word(['PASSWORD'])).code).toBe('STEP_UP_REQUIRED');
  });

  test('every failure is published: its code among the answers’ codes, its old code still known', () => {
    const published = PUBLISHED as Record<string, string | string[]>;
    for (const [code, failure] of Object.entries(failures)) {
      expect(ALL_CODES).toContain(code);
      expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
      if (failure.was) {
        expect(LEGACY_CODES[code]).toBe(failure.was);
        expect(published, code).toHaveProperty([failure.was]);
        // The old code's wording is the failure's: a client keyed on it shows the same message.
        expect([published[failure.was]].flat(), code).toContain(failure.message);
      }
    }
  });

  test('every code answered before is still answered: as it was, as the old code of a failure, or retired', () => {
    const olds = new Set(Object.values(failures).flatMap((f) => (f.was ? [f.was] : [])));
    for (const [code, wordings] of Object.entries(PUBLISHED as Record<string, string | string[]>)) {
      if (RETIRED[code] || olds.has(code) || ['INTERNAL', 'INTERNAL_SERVER_ERROR'].includes(code)) continue;
      expect(failures, code).toHaveProperty([code]);
      // A code that stayed means the same sentence (a new code never takes an old one's name).
      const failure = failures[code];
      expect([wordings].flat(), code).toContain(failure.message);
    }
    for (const code of Object.keys(RETIRED)) expect(failures).not.toHaveProperty([code]);
  });

  test('a player’s failures read in the showcase catalogs, in English as the failure says', () => {
    for (const [code, key] of Object.entries(PLAYER_FAILURES)) {
      expect(CATALOGS.en[key!], code).toBe(failures[code].message);
      for (const [language, catalog] of Object.entries(CATALOGS)) expect(catalog[key!], language).toBeTruthy();
    }
  });

  test('the dashboard says each failure by a code the server answers (no key left behind by a rename)', () => {
    const table = readFileSync(join(import.meta.dirname, '../client/lib/serverMessages.ts'), 'utf8');
    const keys = [...table.matchAll(/^ {2}([A-Z][A-Z0-9_]*): /gm), ...table.matchAll(/^MESSAGES\.([A-Z0-9_]+) = /gm)];
    expect(keys.length).toBeGreaterThan(100);
    for (const [, key] of keys) if (key !== 'NETWORK') expect(ALL_CODES, key).toContain(key);
  });

  test('render fills each {name} and leaves one without a value as it is', () => {
    expect(render('Keep at most {max} addresses', { max: '20' })).toBe('Keep at most 20 addresses');
    expect(render('from {holdUntil}')).toBe('from {holdUntil}');
  });
});
