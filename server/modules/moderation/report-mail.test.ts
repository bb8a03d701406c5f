import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../shared/languages.ts';
import { reportMail } from './report-mail.ts';

const ask = {
  name: 'Ada',
  campaign: 'Spring push',
  task: 'Join Farm News',
  app: 'Farm Hero',
  reason: 'BROKEN' as const,
  text: 'the button does nothing',
  note: 'please fix the link',
  link: 'https://ads.example/advertiser/projects',
};

describe("the advertiser's mail about a player's report", () => {
  it('reads in English as before', () => {
    const mail = reportMail('en', ask);
    expect(mail.subject).toBe('A player reported your task: Join Farm News');
    expect(mail.text).toContain(
      'A player of Farm Hero reported the task “Join Farm News” of your campaign “Spring push”: the task is broken.',
    );
    expect(mail.text).toContain('The player wrote: “the button does nothing”');
    expect(mail.text).toContain('Our moderator adds: “please fix the link”');
  });

  it("names the task, campaign, app, the player's and moderator's words and the link in every language, the reason in it", () => {
    for (const language of LANGUAGES) {
      const mail = reportMail(language, ask);
      expect(mail.subject, language).toContain('Join Farm News');
      for (const part of [ask.name, ask.campaign, ask.task, ask.app, ask.text, ask.note, ask.link])
        expect(mail.text, language).toContain(part);
      if (language !== 'en') expect(mail.text, language).not.toContain('the task is broken');
      // Without the player's text and the note, neither line.
      const bare = reportMail(language, { ...ask, text: null, note: null });
      expect(bare.text.split('\n').length, language).toBe(mail.text.split('\n').length - 4);
    }
  });
});
