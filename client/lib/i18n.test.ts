import { msg } from '@lingui/core/macro';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage, i18n, isRightToLeft, preferredLanguage, supportedLanguage } from './i18n';

afterEach(async () => {
  localStorage.clear();
  vi.unstubAllGlobals();
  window.location.hash = '';
  await activateLanguage('en');
});

describe('the dashboard language', () => {
  it('takes a supported language from a code in any case or region', () => {
    expect(supportedLanguage('pt-BR')).toBe('pt');
    expect(supportedLanguage('RU')).toBe('ru');
    expect(supportedLanguage('fa_IR')).toBe('fa');
    expect(supportedLanguage('de')).toBeUndefined();
    expect(supportedLanguage(null)).toBeUndefined();
    expect(isRightToLeft('ar')).toBe(true);
    expect(isRightToLeft('ru')).toBe(false);
  });

  it("chooses the account's choice, else this browser's last, else Telegram's, else the browser's, else English", () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['de-DE', 'es-ES'], language: 'de-DE' });
    // Every dashboard page is translated: the browser's language is taken unasked.
    expect(preferredLanguage()).toBe('es');
    expect(preferredLanguage(undefined, false)).toBe('en');
    const detect = (saved?: string) => preferredLanguage(saved, true);
    expect(detect()).toBe('es');
    // Inside Telegram: the player's language_code from the launch parameters.
    const user = encodeURIComponent(JSON.stringify({ id: 1, language_code: 'tr' }));
    window.location.hash = `#tgWebAppData=${encodeURIComponent(`user=${user}&auth_date=1`)}`;
    expect(detect()).toBe('tr');
    localStorage.setItem('taskgram:language', 'uk');
    expect(detect()).toBe('uk');
    expect(preferredLanguage()).toBe('uk');
    expect(detect('ar')).toBe('ar');
    // An unknown saved value is passed over.
    expect(detect('xx')).toBe('uk');
    vi.stubGlobal('navigator', { ...navigator, languages: ['de-DE'], language: 'de-DE' });
    localStorage.clear();
    window.location.hash = '';
    expect(detect()).toBe('en');
    // The developers' pseudo-locale, set by hand in this browser, wins over everything.
    localStorage.setItem('taskgram:language', 'pseudo');
    expect(detect('ar')).toBe('pseudo');
    localStorage.clear();
  });

  it('switches every message at once, loads the catalog once, and sets the page direction', async () => {
    await activateLanguage('fa');
    expect(i18n.locale).toBe('fa');
    expect(i18n._(msg`Log out`)).toBe('خروج');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('fa');
    expect(localStorage.getItem('taskgram:language')).toBe('fa');
    await activateLanguage('ru');
    expect(i18n._(msg`Log out`)).toBe('Выйти');
    expect(document.documentElement.dir).toBe('ltr');
    await activateLanguage('en');
    expect(i18n._(msg`Log out`)).toBe('Log out');
  });
});
