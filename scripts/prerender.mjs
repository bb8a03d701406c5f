// After `vite build`: the public pages as HTML. A server build of client/prerender.tsx
// renders each page as a visitor without a session sees it (styles inline, the theme set by an
// inline script before the first paint); the client then hydrates it (client/main.tsx). The
// landing page and the policies load no React at all: everything on them works as HTML but the
// theme button, the landing page's sections menu and its support contacts, which their own small
// script does (client/static-pages.js); a visitor with a session is sent on from the landing
// page to the dashboard. Writes
// dist/client/<page>.html, the shell for every other path (shell.html: the signed-in layout's
// frame, replaced by the app once its code has run), a shell with the page's heading for each
// dashboard page whose heading never changes (shell-<path>.html) and
// prerendered.json: which file serves which path, and the hashes of the inline scripts (the
// server's Content-Security-Policy allows exactly those).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

/** The public pages: open to a visitor without a session, the same for everyone. */
const PAGES = ['/', '/login', '/register', '/reset-password', '/privacy-policy', '/user-agreement'];
/** Of them, those with nothing React must do: served without the app (no forms, only links and the theme). */
const STATIC_PAGES = ['/', '/privacy-policy', '/user-agreement'];
/**
 * The sign-in pages, built in every language (`/ru/login`, …) with the dashboard's catalog of that
 * language preloaded (their route loads it before the page takes over its HTML).
 */
const AUTH_PAGES = ['/login', '/register', '/reset-password'];
/**
 * Of the others, those whose app waits for the visitor's first touch, key or focus (its code is
 * fetched at once, run then): their forms are plain inputs the app takes over with what was
 * typed in them, and until then nothing on them needs it (the submit button waits, disabled).
 * Registration is not among them: its role choice is the app's own control.
 */
const ON_INTERACTION = ['/login', '/reset-password'];
const CLIENT = 'dist/client';
const OUT = 'dist/prerender';

const started = performance.now();
await build({
  configFile: 'vite.config.ts',
  logLevel: 'warn',
  build: { ssr: 'prerender.tsx', outDir: `../${OUT}`, emptyOutDir: true, sourcemap: false, minify: false },
  // Bundled whole (no node_modules lookups at run time), as the page gets them.
  ssr: { noExternal: true },
});

const { render, renderShell, pageHeadings, themeWords, LANGUAGES, isRightToLeft, publicPath } = await import(
  pathToFileURL(`${OUT}/prerender.js`).href
);
const template = readFileSync(`${CLIENT}/index.html`, 'utf8');
/** Each language's catalog file (client/build-report.ts writes it for this script only). */
const catalogs = JSON.parse(readFileSync(`${CLIENT}/catalogs.json`, 'utf8'));
rmSync(`${CLIENT}/catalogs.json`);

/**
 * Emotion writes each component's styles as a <style> next to it: dozens of elements the
 * browser parses and applies one by one in the body. They go into <head> instead, the
 * components' in one element (its data-emotion lists the names, which the page's emotion cache
 * reads as already there), each global one in its own (as its Global component looks it up).
 */
function hoistStyles(html) {
  const names = [];
  const rules = [];
  const globals = new Map();
  const body = html.replace(/<style data-emotion="([^"]+)"[^>]*>([\s\S]*?)<\/style>/g, (_, attr, css) => {
    const [key, ...ids] = attr.split(' ');
    if (key === 'css') {
      for (const id of ids) if (!names.includes(id)) names.push(id);
      rules.push(css);
    } else if (!globals.has(attr)) {
      globals.set(attr, css);
    }
    return '';
  });
  const head = [
    ...[...globals].map(([attr, css]) => `<style data-emotion="${attr}">${css}</style>`),
    `<style data-emotion="css ${names.join(' ')}">${rules.join('')}</style>`,
  ].join('');
  return { body, head };
}

/**
 * The page's HTML: the template with the rendered root and its styles in <head>. The first paint
 * waits for the whole root (a render-blocking `expect` link to the element after it): a paint of
 * the part parsed so far would move when the rest came (the sign-in form is centred). `page` is
 * the public page the app takes over (hydrates); without it the app renders its own over it.
 */
function pageHtml(shell, page, html) {
  const { body, head } = hoistStyles(html);
  const root = page ? `<div id="root" data-prerendered="${page}">` : '<div id="root">';
  return shell
    .replace(
      '</head>',
      () =>
        `  ${head}\n    <link rel="expect" href="#root-end" blocking="render">\n    <script>${THEME_CHOICE}</script>\n  </head>`,
    )
    .replace(ROOT, () => `${root}${body}</div><template id="root-end"></template>`);
}

/**
 * A static page's CSS without the custom properties nothing on it reads (Chakra declares
 * every token of both themes, ~500, on :root; the page reads about half, directly or through
 * another property). Only where no React takes over: the app would read the rest.
 */
function withoutUnusedProperties(html) {
  const DECL = /(--[\w-]+)\s*:([^;{}]*)(;|(?=\}))/g;
  const refs = (text) => [...text.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]);
  const STYLE = /(<style[^>]*>)([\s\S]*?)(<\/style>)/g;
  const css = [...html.matchAll(STYLE)].map((m) => m[2]).join('\n');
  const values = new Map();
  for (const [, name, value] of css.matchAll(DECL)) values.set(name, `${values.get(name) ?? ''} ${value}`);
  // Read by a rule, an inline style or the page's script; then whatever those read in turn.
  const used = new Set(refs(html.replace(STYLE, (_, open, body, close) => open + body.replace(DECL, '') + close)));
  for (const name of used) for (const ref of refs(values.get(name) ?? '')) used.add(ref);
  let dropped = 0;
  const out = html.replace(STYLE, (_, open, body, close) => {
    const kept = body.replace(DECL, (all, name) => {
      if (used.has(name)) return all;
      dropped += all.length;
      return '';
    });
    return open + kept + close;
  });
  return { html: out, dropped };
}

/** The template without the app's scripts (its entry and the entry's imports). */
function withoutAppScripts(shell) {
  const out = shell
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  if (/<script[^>]*\bsrc=|modulepreload/.test(out))
    throw new Error('index.html: a script left that the page would load');
  return out;
}

/**
 * A page script of client/ to inline (no request): the file with `constants` declared at the top of
 * its `(() => {` (the file reads them as globals).
 */
function inlineScript(file, constants = {}) {
  const declared = Object.entries(constants).map(([name, value]) => `\n  const ${name} = ${JSON.stringify(value)};`);
  const text = readFileSync(file, 'utf8');
  if (!/^\(\(\) => \{/m.test(text)) throw new Error(`${file}: no (() => { to start the script`);
  return text.replace(/^\(\(\) => \{/m, () => `(() => {${declared.join('')}`);
}

/**
 * Where `/` (and `/login`, `/register`, `/reset-password`) send a first visit: the
 * language this browser chose before (the switcher, or the dashboard, keep it as
 * `taskgram:language`), else the browser's first of the nine, to the same page in it; English
 * stays. Only the English addresses: a language's own (`/ru/`) is what was asked for.
 */
const LANGUAGE_REDIRECT = `try{var L=${JSON.stringify(LANGUAGES)},c=localStorage.getItem('taskgram:language');if(L.indexOf(c)<0){c=null;var n=navigator.languages||[navigator.language];for(var i=0;i<n.length&&!c;i++){var b=String(n[i]).toLowerCase().split(/[-_]/)[0];if(L.indexOf(b)>=0)c=b}}c&&c!=='en'&&location.replace('/'+c+location.pathname+location.search+location.hash)}catch(e){}`;

/**
 * A language picked on a sign-in page is kept (as the static pages' script does) even when the app
 * has not taken the page over yet: `/login` must not send the visitor back to the one left. Marked
 * on <html> too, so the app starting after the click keeps it (client/lib/i18n.ts).
 */
const REMEMBER_LANGUAGE = `addEventListener('click',function(e){var a=e.target.closest&&e.target.closest('a[data-language]');if(a)try{document.documentElement.dataset.languageChosen=a.dataset.language;localStorage.setItem('taskgram:language',a.dataset.language)}catch(x){}},true);`;

/** A page without the app: its HTML without the app's scripts, with its own (inline, so no request). */
async function staticPage(shell, page, html, language) {
  const withoutApp = withoutAppScripts(shell);
  const script = inlineScript('client/static-pages.js');
  // The theme button's words in the page's language, as data the script reads (one script, so one
  // CSP hash, for every language).
  const words = `<script type="application/json" id="theme-words">${JSON.stringify(await themeWords(language)).replace(/</g, '\\u003c')}</script>`;
  // The landing page is for guests (as its route's guard says): a visitor with a session goes on
  // to the dashboard before anything paints, and so does the dashboard opened in Telegram as a
  // Mini App (its launch parameters in the fragment: the app signs in with them). The policies
  // are for everyone.
  const redirect = `try{/[#&]tgWebAppData=/.test(location.hash)?location.replace('/advertiser/projects'+location.hash):localStorage.getItem('accessToken')&&location.replace('/advertiser/projects')}catch(e){}`;
  const redirects = language === 'en' ? `${redirect}${LANGUAGE_REDIRECT}` : redirect;
  // The policies follow the browser's language as the landing page does (their English address
  // sends a ru-RU browser to /ru/privacy-policy); no session redirect there: they are for everyone.
  const headScript = page === '/' ? redirects : language === 'en' ? LANGUAGE_REDIRECT : '';
  const head = headScript
    ? withoutApp.replace('</head>', () => `  <script>${headScript}</script>\n  </head>`)
    : withoutApp;
  const out = pageHtml(head, page, html).replace(
    '</body>',
    () => `  ${words}\n  <script>${script}</script>\n  </body>`,
  );
  if (!out.includes(script)) throw new Error(`${page}: no </body> to put the page's script before`);
  const trimmed = withoutUnusedProperties(inLanguage(out, language));
  console.log(
    `${publicPath(page, language)}: ${trimmed.dropped} bytes of CSS custom properties nothing reads left out`,
  );
  return trimmed.html;
}
/** The page's `<html lang dir>`: the template says English, left to right. */
function inLanguage(html, language) {
  const dir = isRightToLeft(language) ? 'rtl' : 'ltr';
  const out = html.replace(
    /<html lang="en"([^>]*)>/,
    (_, rest) => `<html lang="${language}" dir="${dir}"${rest.replace(/\sdir="[^"]*"/, '')}>`,
  );
  if (out === html && language !== 'en') throw new Error('index.html: no <html lang="en"> to set the language on');
  return out;
}

/** A page whose app starts at the first interaction (client/start-on-interaction.js). */
function onInteraction(shell) {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(shell);
  if (!entry) throw new Error('index.html: no module script for the entry');
  const preloads = [...shell.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
  const script = inlineScript('client/start-on-interaction.js', { ENTRY: entry[1], PRELOADS: preloads });
  return withoutAppScripts(shell).replace('</body>', () => `  <script>${script}</script>\n  </body>`);
}

/**
 * A sign-in page in `language`: hydrated by the app, at once or at the first interaction, with
 * that language's catalog preloaded (none for English); in English, a visitor who chose another language goes to
 * its version first.
 */
function authPage(page, html, language) {
  // (English is in the code: it has no catalog to preload.)
  const file = catalogs[language];
  if (!file && language !== 'en') throw new Error(`no catalog file for ${language} (dist/client/catalogs.json)`);
  let shell = file
    ? template.replace('</head>', () => `  <link rel="modulepreload" crossorigin href="/${file}">\n  </head>`)
    : template;
  const head = language === 'en' ? `${LANGUAGE_REDIRECT}${REMEMBER_LANGUAGE}` : REMEMBER_LANGUAGE;
  shell = shell.replace('</head>', () => `  <script>${head}</script>\n  </head>`);
  const path = publicPath(page, language);
  return inLanguage(pageHtml(ON_INTERACTION.includes(page) ? onInteraction(shell) : shell, path, html), language);
}

/** The stored theme choice on <html> before the first paint: the theme button's HTML shows it (ThemeToggle). */
const THEME_CHOICE = `try{var t=localStorage.getItem('theme');document.documentElement.dataset.themeChoice=t==='dark'||t==='light'?t:'system'}catch(e){}`;

const ROOT = '<div id="root"></div>';
if (!template.includes(ROOT)) throw new Error(`${CLIENT}/index.html has no ${ROOT}`);
/** The CSP's hashes of every inline script the served HTML holds. */
const hashes = new Set();
function hashInlineScripts(html) {
  // Scripts that run: not a file's (src), not data (type="application/json").
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/json)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.add(`'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
  }
}
/** A shell (the signed-in layout's frame; with a page's heading, that page's own) written to `file`. */
async function writeShell(file, heading) {
  const out = pageHtml(template, undefined, await renderShell(heading));
  hashInlineScripts(out);
  writeFileSync(`${CLIENT}/${file}`, out);
  return file;
}
const pages = {};
for (const page of PAGES) {
  const { html, path } = await render(page);
  if (path !== page) throw new Error(`prerender ${page}: the router went to ${path}`);
  const file = page === '/' ? 'index.html' : `${page.slice(1)}.html`;
  const out = STATIC_PAGES.includes(page) ? await staticPage(template, page, html, 'en') : authPage(page, html, 'en');
  hashInlineScripts(out);
  writeFileSync(`${CLIENT}/${file}`, out);
  pages[page] = file;
}
// The static and sign-in pages in the other eight languages: `/ru/`, `/ru/login`,
// `/ru/privacy-policy`, … Each language's versions of a page name each other (`alternates`: the
// server's hreflang Link header).
const alternates = {};
for (const page of [...STATIC_PAGES, ...AUTH_PAGES]) {
  const versions = Object.fromEntries(LANGUAGES.map((language) => [language, publicPath(page, language)]));
  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    // (A static page's route is the English one, rendered in `language`; a sign-in page's has it.)
    const url = STATIC_PAGES.includes(page) ? page : versions[language];
    const { html, path } = await render(url, language);
    if (path !== url) throw new Error(`prerender ${url}: the router went to ${path}`);
    const file = `${language}/${page === '/' ? 'index' : page.slice(1)}.html`;
    const out = STATIC_PAGES.includes(page)
      ? await staticPage(template, page, html, language)
      : authPage(page, html, language);
    hashInlineScripts(out);
    mkdirSync(`${CLIENT}/${language}`, { recursive: true });
    writeFileSync(`${CLIENT}/${file}`, out);
    pages[servedPath(versions[language])] = file;
  }
  for (const href of Object.values(versions)) alternates[servedPath(href)] = versions;
}
/** The path the server looks a page up by (no trailing slash but the root's). */
function servedPath(href) {
  return href.replace(/(.)\/+$/, '$1');
}
const shell = await writeShell('shell.html');
// A dashboard page whose heading never changes gets its own shell with it (pageHeadings.ts).
const shells = {};
for (const [path, heading] of Object.entries(pageHeadings)) {
  shells[path] = await writeShell(`shell${path.replaceAll('/', '-')}.html`, heading);
}
writeFileSync(
  `${CLIENT}/prerendered.json`,
  `${JSON.stringify({ pages, shell, shells, alternates, scriptHashes: [...hashes] }, null, 2)}\n`,
);
rmSync(OUT, { recursive: true, force: true });
console.log(
  `prerendered ${PAGES.length} public pages (${PAGES.join(', ')}; ${[...STATIC_PAGES, ...AUTH_PAGES].join(', ')} in ${LANGUAGES.length} languages) and ${Object.keys(shells).length} dashboard pages' shells in ${((performance.now() - started) / 1000).toFixed(1)} s; inline scripts: ${hashes.size}`,
);
