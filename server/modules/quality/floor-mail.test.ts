import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../shared/languages.ts';
import { floorMail } from './floor-mail.ts';

describe('the quality floor’s mail', () => {
  const pause = {
    name: 'Pat',
    title: 'Clicker Quest',
    score: 45,
    floor: 60,
    link: 'https://ads.example/publisher/7/campaigns',
    penalties: [
      { component: 'RETENTION' as const, points: 35 },
      { component: 'VOIDS' as const, points: 20 },
    ],
  };

  it('keeps the English the publisher read before', () => {
    const mail = floorMail('en', pause);
    expect(mail.subject).toBe('Paid campaigns paused in Clicker Quest');
    expect(mail.text).toContain('- retention: −35 points\n- voids: −20 points');
  });

  it('says the app, the score, the floor, each component and the link in every language', () => {
    for (const language of LANGUAGES) {
      const { subject, text } = floorMail(language, pause);
      expect(subject, language).toContain('Clicker Quest');
      for (const part of ['Pat', '45', pause.link, '−35', '−20']) expect(text, language).toContain(part);
      expect(text, language).toMatch(/60|۶۰/);
    }
  });
});
