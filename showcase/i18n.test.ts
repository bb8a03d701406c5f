import { FAILURES } from '../server/failures.ts';
import ts from 'typescript';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CampaignsService } from '../server/modules/campaigns/campaigns.service.ts';
import { CHECK_MESSAGES } from '../server/modules/showcase/player-actions.ts';
import { PLAYER_FAILURES } from '../server/modules/showcase/showcase.rest.ts';
import { initDataLanguage, LANGUAGES, languageOf } from '../shared/languages.ts';
import { CATALOGS } from './i18n/index.ts';
import { en } from './i18n/en.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogs', () => {
  it('has the nine languages, each with every key of English and nothing else', () => {
    expect(LANGUAGES).toEqual(['en', 'ru', 'uk', 'es', 'pt', 'tr', 'id', 'fa', 'ar']);
    const keys = Object.keys(en).sort();
    for (const lang of LANGUAGES) expect(Object.keys(CATALOGS[lang]).sort(), lang).toEqual(keys);
  });

  it('keeps the placeholders and the kind (text or plural) of every message', () => {
    for (const lang of LANGUAGES) {
      for (const [key, value] of Object.entries(en)) {
        const translated = CATALOGS[lang][key as keyof typeof en];
        expect(typeof translated, `${lang}.${key}`).toBe(typeof value);
        if (typeof value === 'string') {
          expect(translated, `${lang}.${key}`).not.toBe('');
          expect(placeholders(translated as string), `${lang}.${key}`).toEqual(placeholders(value));
        }
      }
    }
  });

  it('gives every plural the categories its language uses (Intl.PluralRules)', () => {
    for (const lang of LANGUAGES) {
      const forms = CATALOGS[lang].taskCount as Record<string, string>;
      for (const category of new Intl.PluralRules(lang).resolvedOptions().pluralCategories) {
        // `many` for es/pt/fr is for millions of items: `other` reads right there.
        if (category === 'many' && !['ru', 'uk', 'ar'].includes(lang)) continue;
        expect(forms[category], `${lang}.taskCount.${category}`).toBeTypeOf('string');
      }
    }
  });

  it('covers every player-facing message of the showcase API, by its key', () => {
    // A check's message and a refusal are said by their key in the player's language (never by their English).
    const keys = [...Object.keys(CHECK_MESSAGES), ...Object.values(PLAYER_FAILURES)] as (keyof typeof en)[];
    for (const key of keys) for (const catalog of Object.values(CATALOGS)) expect(catalog[key], key).toBeTruthy();
    for (const [key, english] of Object.entries(CHECK_MESSAGES)) expect(en[key as keyof typeof en]).toBe(english);
    expect(FAILURES.INITDATA_TOO_OLD_REOPEN_APP.message).toBe(en.staleInitData);
    expect(CampaignsService.unavailable('DAILY_CAP').message).toBe(en.dailyCap);
  });

  it('picks the language from Telegram’s language_code, falling back to English', () => {
    expect(languageOf('ru')).toBe('ru');
    expect(languageOf('pt-br')).toBe('pt');
    expect(languageOf('de')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
    const initData = new URLSearchParams({ user: JSON.stringify({ id: 1, language_code: 'fa' }), hash: 'x' });
    expect(initDataLanguage(initData.toString())).toBe('fa');
    expect(initDataLanguage('user=%7Bbroken')).toBeUndefined();
  });
});

describe('/showcase.d.ts', () => {
  const types = readFileSync(join(process.cwd(), 'showcase/types.ts'), 'utf8');

  /** Type-checks `usage` against the published definitions, in memory. */
  function check(usage: string): string[] {
    const files: Record<string, string> = { '/showcase.d.ts': types, '/usage.ts': usage };
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2020,
      lib: ['lib.es2020.d.ts', 'lib.dom.d.ts'],
      module: ts.ModuleKind.ESNext,
      types: [],
    };
    const host = ts.createCompilerHost(options);
    const read = host.readFile.bind(host);
    host.readFile = (name) => files[name] ?? read(name);
    host.fileExists = (name) => name in files || ts.sys.fileExists(name);
    const getSource = host.getSourceFile.bind(host);
    host.getSourceFile = (name, version) =>
      name in files ? ts.createSourceFile(name, files[name], version) : getSource(name, version);
    const program = ts.createProgram(['/usage.ts'], options, host);
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  }

  it('types Showcase.init, the element and its events', () => {
    const ok = `
      import type { ShowcaseAward } from './showcase';
      const instance = window.Showcase.init({
        platformId: 12, container: '#tasks', debug: true, lang: 'ru',
        onFinishTask: (task, awards: ShowcaseAward[]) => console.log(task.campaignId, awards[0].value),
      });
      void instance.reload();
      const el = document.createElement('taskgram-showcase');
      el.dataset.platformId = '12';
      el.addEventListener('finishtask', (e) => console.log(e.detail.awards.map((a) => a.title)));
      el.addEventListener('load', (e) => console.log(e.detail.tasks.length));
      export {};
    `;
    expect(check(ok)).toEqual([]);
    const wrong = `import type {} from './showcase'; window.Showcase.init({ container: '#x' }); export {};`;
    expect(check(wrong).join('\n')).toContain('platformId');
  });
});
