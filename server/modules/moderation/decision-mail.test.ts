import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../shared/languages.ts';
import { decisionMail } from './decision-mail.ts';

const base = { name: 'Ada', appUrl: 'https://ads.example', google: false, reason: null };

describe("the registration decision's mail", () => {
  it('reads in English as before, its links without a language', () => {
    const approved = decisionMail('en', { ...base, approved: true });
    expect(approved.subject).toBe('Your Taskgram Ads account is ready');
    expect(approved.text).toContain('Sign in with this e-mail and the password you chose when you applied:');
    expect(approved.text).toContain('https://ads.example/login');
    const declined = decisionMail('en', { ...base, approved: false, reason: 'Not a fit' });
    expect(declined.subject).toBe('Your Taskgram Ads registration request was declined');
    expect(declined.text).toContain("The moderator's reason: Not a fit");
    expect(declined.text).toContain('https://ads.example/register.');
  });

  it('in every language: the name, the reason, and the sign-in pages in that language', () => {
    for (const language of LANGUAGES) {
      const prefix = language === 'en' ? '' : `/${language}`;
      const form = decisionMail(language, { ...base, approved: true });
      const google = decisionMail(language, { ...base, approved: true, google: true });
      expect(form.text, language).toContain(`https://ads.example${prefix}/login`);
      expect(form.text, language).not.toBe(google.text);
      const declined = decisionMail(language, { ...base, approved: false, reason: 'Not a fit' });
      expect(declined.text, language).toContain('Not a fit');
      expect(declined.text, language).toContain(`https://ads.example${prefix}/register`);
      expect(decisionMail(language, { ...base, approved: false }).text, language).not.toContain('Not a fit');
      for (const mail of [form, declined]) expect(mail.text, language).toContain('Ada');
    }
  });
});
