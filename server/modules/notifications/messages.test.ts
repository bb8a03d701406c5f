import { describe, expect, test } from 'vitest';
import { LANGUAGES } from '../../../shared/languages.ts';
import {
  botText,
  buttonLabel,
  messageLanguage,
  NOTIFICATION_TYPE_NAMES,
  notMeLine,
  renderMessage,
} from './messages.ts';

describe('bot messages and mails', () => {
  test('a stranger’s name in an exchange offer reaches the other user without a link', async () => {
    const from = 'Taskgram Support: your payout is on hold, verify at https://taskgram-verify.example/claim';
    for (const language of ['en', 'ru'] as const) {
      const { text, subject } = renderMessage('offerReceived', { from, count: 100 }, language);
      expect(text).toContain('https[:]//taskgram-verify[.]example/claim');
      expect(text).not.toMatch(/https?:\/\/|verify\.example/);
      expect(subject).not.toMatch(/https?:\/\/|verify\.example/);
    }
    // The product's own figures and the payee's address are shown as they are.
    const { text } = renderMessage('withdrawalSent', { amount: '12.50', address: 'EQAbc.def' }, 'en');
    expect(text).toContain('12.50 $ was sent to EQAbc.def');
  });
});

describe('the nine languages', () => {
  test('every type, button, "This was not me" line and bot answer is written in each language, with its figures', () => {
    const params = {
      account: '@tg_user',
      email: 'a@b.example',
      factor: 'Authenticator app',
      device: 'Chrome on Linux',
      ip: '203.0.113.7',
      method: 'password',
      amount: '12.50',
      wallet: 'EQAbc',
      address: 'EQAbc',
      campaign: 'Spring',
      reason: 'Spam',
      left: '1.00',
      budget: '10.00',
      cap: 5,
      app: 'Quest',
      score: 40,
      floor: 50,
      from: 'Partner',
      by: 'Partner',
      with: 'Partner',
      count: 3,
      minutes: 7,
      limit: 'daily',
      id: 9,
      message: 'Payouts wait',
      newEmail: 'new@example.com',
    };
    for (const language of LANGUAGES) {
      for (const type of NOTIFICATION_TYPE_NAMES) {
        const { text, subject } = renderMessage(type, params, language);
        expect(text.length, `${language} ${type}`).toBeGreaterThan(10);
        expect(text, `${language} ${type}`).not.toContain('undefined');
        expect(subject.length, `${language} ${type} subject`).toBeGreaterThan(3);
        expect(buttonLabel(type, language), `${language} ${type} button`).toBeTruthy();
      }
      expect(notMeLine(language, 'tok')).toContain('{app}/not-me#tok');
      for (const answer of Object.values(botText(language))) expect(answer).toBeTruthy();
    }
    expect(renderMessage('topUpConfirmed', params, 'tr').text).toBe('💰 12.50 $ bakiye yüklemeniz onaylandı.');
    // Mails in other languages take their subject from the message, not the English one.
    expect(renderMessage('withdrawalFailed', { ...params, rejected: 1 }, 'es').subject).toBe(
      'Tu retiro de 12.50 $ fue rechazado',
    );
    expect(messageLanguage('pt-BR')).toBe('pt');
    expect(messageLanguage('de')).toBe('en');
  });
});

describe('the words come from the server’s catalogs', () => {
  test('a hold’s end is a date in the reader’s language (Intl, in UTC); a count is a plural; a choice says only what applies', () => {
    const params = { amount: '60.00', wallet: 'EQAbc', email: 'a@b.example', newAddress: 'yes' };
    const held = { ...params, heldUntil: '2026-12-07T12:00:00.000Z' };
    expect(renderMessage('withdrawalRequested', held, 'en').text).toContain(
      'This address is new: the account has not been paid at it before. It is held until Dec 7, 2026, 12:00 UTC:',
    );
    expect(renderMessage('withdrawalRequested', held, 'ru').text).toContain(
      'Вывод задержан до 7 дек. 2026 г., 12:00 UTC',
    );
    // Counts through ICU plurals, their figures through Intl.
    const cap = (n: number) => renderMessage('dailyCapReached', { campaign: 'Spring', cap: n }, 'en').text;
    expect(cap(1)).toContain('daily cap of 1 conversion;');
    expect(cap(10_000)).toContain('daily cap of 10,000 conversions;');
    const plain = renderMessage('withdrawalRequested', { ...params, newAddress: '' }, 'en').text;
    expect(plain).toMatch(/\(a@b\.example\)\.$/);
  });
});

describe("a withdrawal the chain did not pay: the chain's reason", () => {
  test("is said in the reader's language, not the stored English", () => {
    const params = {
      id: 5,
      amount: '70.00',
      address: 'UQAb…cd',
      reason: 'The hot wallet’s jetton wallet refused the transfer (exit code 709)',
      chain: 'REFUSED',
      exitCode: '709',
    };
    for (const language of LANGUAGES) {
      const { text } = renderMessage('withdrawalFailed', params, language);
      expect(text, language).toContain('709');
      if (language !== 'en') expect(text, language).not.toContain('refused the transfer');
    }
    expect(renderMessage('withdrawalFailed', params, 'ru').text).toContain('отклонил перевод (код выхода 709)');
    // Finance's own words stay as written.
    const { chain: _chain, exitCode: _code, ...rest } = params;
    const rejected = renderMessage('withdrawalFailed', { ...rest, reason: 'Wrong address', rejected: 1 }, 'ru');
    expect(rejected.text).toContain('Wrong address');
  });
});
