import { describe, expect, test } from 'vitest';
import { containsLink, withoutLinks } from './text.ts';

describe('links in user-written text', () => {
  test('addresses, domains and t.me links are found; ordinary names are not', () => {
    for (const text of [
      'Taskgram Support: your payout is on hold, verify at https://taskgram-verify.example/claim',
      'visit taskgram-verify.example',
      'www.example.org',
      'Join t.me/scam_channel',
      'ftp://files',
      'Мой сайт пример.рф'.replace('рф', 'com'),
    ]) {
      expect(containsLink(text), text).toBe(true);
    }
    for (const text of [
      'Ada Lovelace',
      'Studio 3.0',
      'O’Brien & Sons Ltd.',
      'Иван Петров',
      'Farm Hero Play',
      'v2.5 team',
    ]) {
      expect(containsLink(text), text).toBe(false);
    }
  });

  test('shown without links: broken apart where a messenger would link them, otherwise unchanged', () => {
    expect(withoutLinks('verify at https://taskgram-verify.example/claim')).toBe(
      'verify at https[:]//taskgram-verify[.]example/claim',
    );
    expect(withoutLinks('ask @scam_support')).toBe('ask @\u200Bscam_support');
    expect(withoutLinks('Farm Hero Play')).toBe('Farm Hero Play');
    for (const broken of [withoutLinks('https://taskgram-verify.example/claim'), withoutLinks('t.me/scam')]) {
      expect(broken).not.toMatch(/https?:\/\/|\w\.\w/);
    }
  });
});
