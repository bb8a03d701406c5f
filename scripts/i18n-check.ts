/**
 * `npm run lint:i18n`: nothing of the dashboard or the server left untranslated.
 *
 * 1. `lingui extract --clean` brings the catalogs (client/locales/<lang>/messages.po and public.po, the
 *    server's server/locales/<lang>/server.po) up to date
 *    with the code: a message the code gained, changed or no longer uses. Any change it makes
 *    fails the check (the files are left updated, to translate and commit).
 * 2. Every message has a translation in every language but English (the source) and the
 *    pseudo-locale (made from English when compiled).
 * 3. No English the dashboard's code writes outside the macros (scripts/i18n-source.ts): a label
 *    or a sentence as a plain string shows in English whatever the reader's language.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { untranslatedEnglishAt } from './i18n-source';

const root = join(import.meta.dirname, '..');
const DIRS = [join(root, 'client/locales'), join(root, 'server/locales')];
const UNTRANSLATED = new Set(['en', 'pseudo']);

/**
 * Every catalog of every language (`<lang>/messages.po`, the dashboard's; `<lang>/public.po`, the
 * public pages'; `<lang>/server.po`, the server's).
 */
const read = () =>
  new Map(
    DIRS.flatMap((dir) =>
      readdirSync(dir).flatMap((lang) =>
        readdirSync(join(dir, lang))
          .filter((file) => file.endsWith('.po'))
          .map((file): [string, string] => [`${lang}/${file}`, readFileSync(join(dir, lang, file), 'utf8')]),
      ),
    ),
  );

/** The PO catalog's entries: msgid → msgstr (single-line strings, as Lingui writes ours). */
function entries(po: string): Map<string, string> {
  const result = new Map<string, string>();
  for (const block of po.split(/\n\s*\n/)) {
    const id = /^msgid "((?:[^"\\]|\\.)*)"$/m.exec(block);
    const str = /^msgstr "((?:[^"\\]|\\.)*)"$/m.exec(block);
    // The same words in another context ("Campaign": a page's name, or one campaign) are another message.
    const context = /^msgctxt "((?:[^"\\]|\\.)*)"$/m.exec(block);
    if (id && id[1] !== '') result.set(context ? `${id[1]} (${context[1]})` : id[1], str?.[1] ?? '');
  }
  return result;
}

const before = read();
for (const config of ['lingui.config.ts', 'lingui.server.config.ts'])
  execFileSync(join(root, 'node_modules/.bin/lingui'), ['extract', '--clean', '--config', config], {
    cwd: root,
    stdio: 'pipe',
  });
const after = read();
const problems: string[] = [];
for (const [catalog, text] of after) {
  if (before.get(catalog) !== text)
    problems.push(`${catalog}: the catalog did not match the code (now updated: translate and commit it)`);
  const lang = catalog.split('/')[0];
  if (UNTRANSLATED.has(lang)) continue;
  for (const [id, str] of entries(text)) if (str === '') problems.push(`${catalog}: no translation for "${id}"`);
}
for (const [text, file] of untranslatedEnglishAt(root))
  problems.push(`${file}: "${text}" is English outside the catalogs (write it with t\`…\` or <Trans>)`);
if (problems.length) {
  console.error(`The catalogs (client/locales, server/locales) are not complete:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
const count = (file: string) => entries(after.get(`en/${file}`) ?? '').size;
const languages = readdirSync(DIRS[0]!).length - UNTRANSLATED.size;
console.log(
  `i18n: ${count('messages.po')} dashboard, ${count('public.po')} public pages' and ${count('server.po')} server messages, translated in ${languages} languages`,
);
