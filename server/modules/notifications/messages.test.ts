import { describe, expect, test } from 'vitest';
import { renderMessage } from './messages.ts';

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
