import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../shared/languages.ts';
import { answerLanguage } from '../../lib/language.ts';
import { accountMail } from './mails.ts';

describe("the account's mails", () => {
  it("are in the account's language, else the one of the nine the browser prefers most, else English", () => {
    expect(answerLanguage('fa', 'ru-RU,ru;q=0.9')).toBe('fa');
    expect(answerLanguage(null, 'de-DE,de;q=0.9,pt-BR;q=0.8,en;q=0.5')).toBe('pt');
    expect(answerLanguage(undefined, '*')).toBe('en');
    expect(answerLanguage(null)).toBe('en');
    // Negotiated, not read in order: the browser's weights count, and a region or case does not hide a language.
    expect(answerLanguage(null, 'en;q=0.1, ru')).toBe('ru');
    expect(answerLanguage(null, 'zh-CN, UK-ua;q=0.5, en;q=0.2')).toBe('uk');
    expect(answerLanguage(null, 'de, fr')).toBe('en');
  });

  it('carry every link, code and address in every language', () => {
    for (const language of LANGUAGES) {
      const reset = accountMail('passwordReset', language, { name: 'Ann', link: 'LINK-1' });
      expect(reset.text, language).toContain('LINK-1');
      expect(reset.text, language).toContain('Ann');
      const code = accountMail('signInCode', language, {
        name: 'Ann',
        code: 'K7QX-M2PD',
        ip: '10.0.0.9',
        resetLink: 'R-2',
      });
      expect(code.subject, language).toContain('K7QX-M2PD');
      for (const part of ['K7QX-M2PD', '10.0.0.9', 'R-2']) expect(code.text, language).toContain(part);
      const exists = accountMail('registrationExists', language, { loginLink: 'L-3', resetLink: 'R-4' });
      for (const part of ['L-3', 'R-4']) expect(exists.text, language).toContain(part);
      expect(accountMail('signInFailures', language, { resetLink: 'R-5' }).text, language).toContain('R-5');
      expect(accountMail('registrationPending', language).subject.length, language).toBeGreaterThan(5);
      expect(accountMail('registrationReceived', language, { name: 'Nora' }).text, language).toContain('Nora');
    }
  });
});
