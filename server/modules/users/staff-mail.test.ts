import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../shared/languages.ts';
import { staffRoleMail } from './staff-mail.ts';

const change = { name: 'Pat', email: 'pat@example.com', by: 'admin@example.com', link: 'https://ads.example' };

describe('the staff role mail', () => {
  it('reads in English as before, granted and taken', () => {
    expect(staffRoleMail('en', { ...change, role: 'finance', granted: true }).subject).toBe(
      'You are now finance staff on Taskgram Ads',
    );
    expect(staffRoleMail('en', { ...change, role: 'admin', granted: true }).subject).toBe(
      'You are now a staff administrator on Taskgram Ads',
    );
    const taken = staffRoleMail('en', { ...change, role: 'moderator', granted: false });
    expect(taken.subject).toBe('Your moderator role on Taskgram Ads was taken away');
    expect(taken.text).toContain(
      '(pat@example.com) was changed: it no longer has the moderator role, by admin@example.com.',
    );
  });

  it('says who, which role and by whom in every language, a grant and a removal apart', () => {
    for (const language of LANGUAGES) {
      const granted = staffRoleMail(language, { ...change, role: 'finance', granted: true });
      const taken = staffRoleMail(language, { ...change, role: 'finance', granted: false });
      expect(granted.subject, language).not.toBe(taken.subject);
      for (const mail of [granted, taken]) {
        for (const part of Object.values(change)) expect(mail.text, language).toContain(part);
        if (language !== 'en') expect(mail.text, language).not.toMatch(/\bfinance\b/);
      }
    }
  });
});
