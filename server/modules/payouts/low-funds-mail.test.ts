import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../shared/languages.ts';
import { lowFundsMail } from './low-funds-mail.ts';

describe("finance's mail when the hot wallet is short", () => {
  it('reads in English as the wallet card did', () => {
    expect(lowFundsMail('en', { usdt: '12.50', ton: '0.35', address: '0QAbc' })).toEqual({
      subject: 'The payout wallet is short of funds',
      text: 'Approved withdrawals are waiting: the hot wallet needs 12.50 USDT and 0.35 TON (fees) more. Send them to 0QAbc; nothing is sent until then.\n',
    });
    expect(lowFundsMail('en', { usdt: '', ton: '0.35', address: '0QAbc' }).text).toContain(
      'needs 0.35 TON (fees) more',
    );
  });

  it('says what to send and where in every language', () => {
    for (const language of LANGUAGES) {
      const { subject, text } = lowFundsMail(language, { usdt: '12.50', ton: '0.35', address: '0QAbc' });
      expect(subject.length, language).toBeGreaterThan(10);
      for (const part of ['12.50 USDT', '0.35 TON', '0QAbc']) expect(text, language).toContain(part);
      expect(lowFundsMail(language, { usdt: '12.50', ton: '', address: '0QAbc' }).text, language).not.toContain('TON');
    }
  });
});
