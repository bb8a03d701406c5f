// A publisher's mini app page for end-to-end tests of /showcase.js: it loads the script from
// the server under test, calls Showcase.init and records every callback in `window.__events`.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';

export interface ShowcasePageOptions {
  /** Origin of the server under test (serves /showcase.js and the API), e.g. `app.url`. */
  baseUrl: string;
  platformId: string | number;
  initData: string;
  /**
   * Stub `window.Telegram.WebApp` as inside Telegram (default true): the script then reads
   * initData from it, and `openLink` / `openTelegramLink` are recorded instead of navigating.
   * false: no Telegram object, initData is passed to init and links open with window.open.
   */
  telegram?: boolean;
  /** Sent as `X-Country` by the script. */
  country?: string;
  /** Extra CSS of the host page, e.g. rules that must not reach the showcase. */
  hostCss?: string;
  /** Use <taskgram-showcase data-platform-id> and its DOM events instead of Showcase.init. */
  element?: boolean;
  /** data-debug / debug: one test task, no money moves. */
  debug?: boolean;
  /** A `<meta name="color-scheme">` dark host page (Telegram's dark theme). */
  dark?: boolean;
}

/** One entry of `window.__events`, in the order they happened. */
export type ShowcasePageEvent =
  | { type: 'load'; tasks: any[] }
  | { type: 'start'; task: any }
  | { type: 'finish'; task: any; awards: any[] }
  | { type: 'openLink' | 'openTelegramLink' | 'windowOpen'; url: string }
  | { type: 'error'; message: string };

/** A script-safe JSON literal (no `</script>` can end the inline script early). */
function literal(value: unknown): string {
  return JSON.stringify(value ?? null)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function initBody(opts: ShowcasePageOptions, base: string, telegram: boolean): string {
  return `<div id="taskgram-showcase"></div>
<script src="${base}/showcase.js"></script>
<script>
  try {
    window.__showcase = Showcase.init({
      platformId: ${literal(opts.platformId)},
      container: document.getElementById('taskgram-showcase'),
      ${telegram ? '' : `initData: ${literal(opts.initData)},`}
      ${opts.country ? `country: ${literal(opts.country)},` : ''}
      ${opts.debug ? 'debug: true,' : ''}
      onLoad: (data) => window.__events.push({ type: 'load', tasks: data.tasks }),
      onStartTask: (task) => window.__events.push({ type: 'start', task }),
      onFinishTask: (task, awards) => window.__events.push({ type: 'finish', task, awards }),
    });
  } catch (e) {
    window.__events.push({ type: 'error', message: String(e && e.message) });
  }
</script>`;
}

/** The custom element; its DOM events land in the same `__events` list. */
function elementBody(opts: ShowcasePageOptions, base: string): string {
  const attr = (v: unknown) => String(v).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<script src="${base}/showcase.js"></script>
<taskgram-showcase data-platform-id="${attr(opts.platformId)}"${opts.country ? ` data-country="${attr(opts.country)}"` : ''}${
    opts.debug ? ' data-debug="true"' : ''
  }></taskgram-showcase>
<script>
  const el = document.querySelector('taskgram-showcase');
  el.addEventListener('load', (e) => window.__events.push({ type: 'load', tasks: e.detail.tasks }));
  el.addEventListener('starttask', (e) => window.__events.push({ type: 'start', task: e.detail.task }));
  el.addEventListener('finishtask', (e) =>
    window.__events.push({ type: 'finish', task: e.detail.task, awards: e.detail.awards }));
</script>`;
}

/** The HTML of the host page. `window.__showcase` is the instance (reload, destroy). */
export function showcasePage(opts: ShowcasePageOptions): string {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const telegram = opts.telegram ?? true;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Publisher mini app</title>
${opts.dark ? '<meta name="color-scheme" content="dark">' : ''}
<style>body{margin:0;padding:8px;font-family:serif${opts.dark ? ';background:#000;color:#eee' : ''}}${opts.hostCss ?? ''}</style>
<script>
  window.__events = [];
  window.addEventListener('error', (e) => window.__events.push({ type: 'error', message: String(e.message) }));
  ${
    telegram
      ? `window.Telegram = { WebApp: {
    initData: ${literal(opts.initData)},
    colorScheme: 'light',
    openLink: (url) => window.__events.push({ type: 'openLink', url }),
    openTelegramLink: (url) => window.__events.push({ type: 'openTelegramLink', url }),
    onEvent: () => {},
    offEvent: () => {},
  } };`
      : `window.open = (url) => { window.__events.push({ type: 'windowOpen', url }); return {}; };`
  }
</script>
</head>
<body>
<h1>My game</h1>
${opts.element ? elementBody(opts, base) : initBody(opts, base, telegram)}
</body>
</html>`;
}

export interface ShowcasePageServer {
  /** The host page's URL: another origin than the server under test (another port), as in production. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the host page from its own loopback server. A real server rather than page.route:
 * Chromium treats an intercepted page as public and then refuses its calls to 127.0.0.1.
 */
export async function serveShowcasePage(opts: ShowcasePageOptions): Promise<ShowcasePageServer> {
  const html = showcasePage(opts);
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Serves the host page and opens it in the page; close the returned server after the test. */
export async function openShowcasePage(page: Page, opts: ShowcasePageOptions): Promise<ShowcasePageServer> {
  const host = await serveShowcasePage(opts);
  await page.goto(host.url);
  return host;
}

/** The events recorded so far by the host page. */
export function showcaseEvents(page: Page): Promise<ShowcasePageEvent[]> {
  return page.evaluate(() => (window as unknown as { __events: ShowcasePageEvent[] }).__events);
}
