// The task showcase a publisher embeds in its Telegram mini app (spec 9, design 3):
//   <script src="https://<server>/showcase.js"></script>
//   Showcase.init({ platformId, container, onLoad, onStartTask, onFinishTask })
// Plain DOM and no dependencies: it is built into one small IIFE (`npm run build:showcase`).
// Everything renders inside a shadow root, so the host page's CSS and ours never mix.
// The same script defines <taskgram-showcase data-platform-id="…"> (see element.ts).
// Text follows the player's Telegram language: English is built in, other languages load from
// the server on demand (`/showcase/i18n/<lang>.json`); fa and ar are laid out right to left.

import { en, type MessageKey, type Messages, type Plural } from './i18n/en.ts';
import { initDataLanguage, languageOf, RTL_LANGUAGES } from './i18n/languages.ts';

import type {
  ShowcaseAward,
  ShowcaseInstance,
  ShowcaseLoad,
  ShowcaseOptions as PublicOptions,
  ShowcaseTask,
  ShowcaseTaskType,
} from './types.ts';

export type { ShowcaseAward, ShowcaseInstance, ShowcaseLoad, ShowcaseTask, ShowcaseTaskType };

export interface ShowcaseOptions extends PublicOptions {
  /** @internal The element whose own shadow root holds the showcase (the custom element). */
  shadowHost?: HTMLElement;
}

interface TelegramWebApp {
  initData?: string;
  initDataUnsafe?: { user?: { language_code?: string } };
  colorScheme?: 'light' | 'dark';
  openLink?: (url: string) => void;
  openTelegramLink?: (url: string) => void;
  onEvent?: (event: string, handler: () => void) => void;
  offEvent?: (event: string, handler: () => void) => void;
}

declare global {
  interface Window {
    Telegram?: { WebApp?: TelegramWebApp };
  }
}

interface CheckResult {
  status: 'COMPLETED' | 'PENDING';
  awards: ShowcaseAward[];
  message?: string;
}

export const TYPE_LABELS: Record<ShowcaseTaskType, MessageKey> = {
  BOT: 'typeBot',
  CHANNEL: 'typeChannel',
  CHAT: 'typeChat',
  SMART_LINK: 'typeSmartLink',
  CUSTOM: 'typeCustom',
};

const REPORT_REASONS: Array<[string, MessageKey]> = [
  ['NOT_REWARDED', 'reasonNotRewarded'],
  ['BROKEN', 'reasonBroken'],
  ['INAPPROPRIATE', 'reasonInappropriate'],
  ['OTHER', 'reasonOther'],
];

/** The id of the debug mode's test task (no campaign has it). */
export const DEBUG_TASK_ID = 'debug';

/** Fills `{name}` placeholders. */
function fill(text: string, vars: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

/** A language's messages: built-in English, others fetched once per page and language. */
const catalogs: Record<string, Promise<Messages>> = {};
function catalog(apiBase: string, lang: string): Promise<Messages> {
  if (lang === 'en') return Promise.resolve(en);
  catalogs[lang] ??= fetch(`${apiBase}/showcase/i18n/${lang}.json`, { credentials: 'omit' })
    .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
    .then((m: Partial<Messages>) => ({ ...en, ...m }) as Messages)
    .catch(() => {
      delete catalogs[lang];
      return en;
    });
  return catalogs[lang];
}

// Completion of these shows up on the server on its own (membership, the advertiser's event,
// the visit), so a player coming back is checked a few times without pressing Check.
const POLLED_TYPES: ShowcaseTaskType[] = ['CHANNEL', 'CHAT', 'BOT', 'SMART_LINK'];
/** Delays (ms) before each automatic check after the player returns to the page. */
export const POLL_DELAYS = [300, 1500, 3000, 6000];

// Captured while the script itself runs: afterwards document.currentScript is another script or null.
const scriptSrc = (document.currentScript as HTMLScriptElement | null)?.src ?? '';

const CSS = `
:host{all:initial;display:block}
.tgs{--bg:#f4f5f7;--card:#fff;--fg:#111318;--muted:#545b66;--border:#e5e7eb;--accent:#6d28d9;--on-accent:#fff;--ok:#15803d;--err:#b91c1c;
display:block;box-sizing:border-box;min-width:0;padding:12px;border-radius:16px;background:var(--bg);color:var(--fg);
font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;-webkit-text-size-adjust:100%;text-align:start}
.tgs.dark{--bg:#0f1115;--card:#1a1d24;--fg:#f3f4f6;--muted:#a3aab5;--border:#2a2e37;--accent:#a78bfa;--on-accent:#0f1115;--ok:#4ade80;--err:#f87171}
.tgs *{box-sizing:border-box}
.tgs ul{list-style:none;margin:0;padding:0;display:grid;gap:8px}
.tgs li{display:flex;flex-wrap:wrap;align-items:center;gap:8px 10px;padding:10px 12px;background:var(--card);border:1px solid var(--border);border-radius:12px;transition:opacity .3s}
.tgs li.done{opacity:.75}
.tgs .logo{flex:none;width:40px;height:40px;border-radius:10px;object-fit:cover;background:var(--border)}
.tgs .body{flex:1 1 100px;min-width:0}
.tgs .title{font-weight:600;overflow-wrap:anywhere}
.tgs .type{font-size:12px;color:var(--muted)}
.tgs .awards{display:flex;flex-wrap:wrap;gap:2px 10px;margin-top:2px;font-size:13px;font-weight:600}
.tgs .award{display:inline-flex;align-items:center;gap:4px}
.tgs .award img{width:16px;height:16px;border-radius:50%;object-fit:cover}
.tgs .links{display:flex;flex-wrap:wrap;gap:0 12px}
.tgs li>.btn{margin-inline-start:auto}
.tgs .count{margin:0 0 8px;font-size:13px;color:var(--muted)}
.tgs .test{margin:0 0 8px;padding:6px 10px;border-radius:8px;border:1px dashed var(--accent);font-size:13px}
.tgs button,.tgs select,.tgs textarea{font:inherit;color:inherit}
.tgs .btn{appearance:none;min-height:36px;min-width:72px;padding:6px 16px;border:0;border-radius:999px;background:var(--accent);color:var(--on-accent);font-weight:600;cursor:pointer;transition:filter .2s}
.tgs .btn:hover{filter:brightness(1.08)}
.tgs .btn:disabled,.tgs .btn[aria-disabled=true]{opacity:.6;cursor:default;filter:none}
.tgs .lnk{appearance:none;padding:4px 0;border:0;background:none;color:var(--muted);font-size:12px;text-decoration:underline;cursor:pointer}
.tgs a{color:var(--accent)}
.tgs :focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.tgs .msg{flex-basis:100%;margin:0;font-size:13px;color:var(--muted);overflow-wrap:anywhere}
.tgs .msg:empty{display:none}
.tgs .msg.ok{color:var(--ok)}
.tgs .msg.err{color:var(--err)}
.tgs form{flex-basis:100%;display:grid;gap:8px;padding-top:8px;border-top:1px solid var(--border)}
.tgs .field{display:grid;gap:4px}
.tgs label{font-size:12px;color:var(--muted)}
.tgs select,.tgs textarea{width:100%;padding:8px;border:1px solid var(--border);border-radius:8px;background:var(--bg);font-size:14px}
.tgs textarea{resize:vertical}
.tgs .row{display:flex;align-items:center;gap:12px}
.tgs .state{padding:24px 8px;text-align:center;color:var(--muted)}
.tgs .state .btn{margin-top:12px}
.tgs .spin{width:22px;height:22px;margin:0 auto 8px;border:2px solid var(--border);border-top-color:var(--accent);border-radius:50%;animation:tgs-spin .8s linear infinite}
@keyframes tgs-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.tgs *{animation:none!important;transition:none!important}}
`;

type Attrs = Record<string, string | number | boolean | null | undefined>;

/** A new element; attribute values are set as attributes, text children as text nodes (never HTML). */
function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Array<Node | string | null | false | undefined>
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === true) el.setAttribute(name, '');
    else if (value !== false && value != null) el.setAttribute(name, String(value));
  }
  for (const child of children) if (child) el.append(child);
  return el;
}

class ApiError extends Error {}

function safeCall<A extends unknown[]>(fn: ((...args: A) => void) | undefined, ...args: A): void {
  try {
    fn?.(...args);
  } catch (e) {
    console.error('[Showcase] callback failed', e);
  }
}

interface Row {
  task: ShowcaseTask;
  li: HTMLLIElement;
  main: HTMLButtonElement;
  reopen: HTMLButtonElement;
  report: HTMLButtonElement;
  msg: HTMLParagraphElement;
  form: HTMLFormElement | null;
  titleId: string;
  busy: boolean;
  /** The link was opened from this page: check when the player comes back. */
  awaitingReturn: boolean;
  pollTimer: ReturnType<typeof setTimeout> | undefined;
}

const instances = new WeakMap<Element, ShowcaseInstance>();
let instanceCount = 0;

export function init(options: ShowcaseOptions): ShowcaseInstance {
  if (!options || options.platformId == null || options.platformId === '') {
    throw new Error('Showcase.init: platformId is required');
  }
  const container =
    typeof options.container === 'string' ? document.querySelector(options.container) : options.container;
  if (!container) throw new Error(`Showcase.init: container ${String(options.container)} was not found`);
  instances.get(container)?.destroy();

  const webApp = () => window.Telegram?.WebApp;
  const scriptOrigin = scriptSrc ? new URL(scriptSrc, location.href).origin : location.origin;
  const apiBase = (options.apiBase ?? scriptOrigin).replace(/\/+$/, '');
  const base = `${apiBase}/api/v1/showcase/platforms/${encodeURIComponent(String(options.platformId))}`;
  const idPrefix = `tgs${++instanceCount}`;
  const lang = languageOf(
    options.lang ??
      initDataLanguage(options.initData ?? webApp()?.initData) ??
      webApp()?.initDataUnsafe?.user?.language_code,
  );
  let messages: Messages = en;
  const messagesReady = catalog(apiBase, lang).then((m) => {
    messages = m;
  });
  const t = (key: MessageKey, vars?: Record<string, string | number>) => {
    const value = messages[key];
    return fill(typeof value === 'string' ? value : value.other, vars);
  };
  const number = (n: number) => {
    try {
      return new Intl.NumberFormat(lang).format(n);
    } catch {
      return String(n);
    }
  };
  const plural = (key: MessageKey, count: number) => {
    const forms = messages[key] as Plural;
    let category = 'other';
    try {
      category = new Intl.PluralRules(lang).select(count);
    } catch {}
    return fill(forms[category as keyof Plural] ?? forms.other, { count: number(count) });
  };
  /** Server error text from the `{ error }` envelope (already in the player's language), else a generic one. */
  const errorText = (e: unknown) => (e instanceof ApiError ? e.message : t('networkError'));

  const ownHost = options.shadowHost;
  const host = ownHost ?? h('div', { 'data-showcase': '' });
  const shadow: ShadowRoot | HTMLElement =
    ownHost?.shadowRoot ?? (host.attachShadow ? host.attachShadow({ mode: 'open' }) : host);
  const root = h('div', { class: 'tgs', lang, dir: RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr' });
  const initialDark =
    webApp()?.colorScheme === 'dark' ||
    (!webApp()?.colorScheme && !!window.matchMedia?.('(prefers-color-scheme: dark)').matches);
  setTheme(initialDark);
  shadow.replaceChildren(h('style', {}, CSS), root);
  if (!ownHost) container.append(host);

  let rows: Row[] = [];
  let loaded = false;
  let destroyed = false;
  let loadSeq = 0;

  function setTheme(dark: boolean) {
    root.classList.toggle('dark', dark);
    root.setAttribute('data-theme', dark ? 'dark' : 'light');
  }

  async function api<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const initData = options.initData ?? webApp()?.initData ?? '';
    const headers: Record<string, string> = { Authorization: `tma ${initData}` };
    if (options.country) headers['X-Country'] = options.country;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(base + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'omit',
      });
    } catch {
      throw new Error(t('networkError'));
    }
    let json: { value?: T; error?: string } | null = null;
    try {
      json = await res.json();
    } catch {}
    if (!res.ok || typeof json !== 'object' || !json || !('value' in json)) {
      if (json?.error) throw new ApiError(json.error);
      throw new Error(t('networkError'));
    }
    return json.value as T;
  }

  function showState(content: Node[], busy = false) {
    root.setAttribute('aria-busy', String(busy));
    root.replaceChildren(...content);
  }

  async function load(): Promise<void> {
    const seq = ++loadSeq;
    clearPolls();
    if (!(options.initData ?? webApp()?.initData)) {
      await messagesReady;
      showError(t('openInTelegram'));
      return;
    }
    // English is at hand at once; another language shows its own "Loading" once its text arrives.
    const loading = () => h('div', { class: 'state', role: 'status' }, h('div', { class: 'spin' }), t('loading'));
    showState(
      [
        messages === en && lang !== 'en'
          ? h('div', { class: 'state', role: 'status' }, h('div', { class: 'spin' }))
          : loading(),
      ],
      true,
    );
    const list = api<ShowcaseLoad & { debug?: boolean }>('GET', options.debug ? '?debug=true' : '');
    list.catch(() => {});
    await messagesReady;
    if (seq !== loadSeq || destroyed) return;
    if (root.getAttribute('aria-busy') === 'true') showState([loading()], true);
    let data: ShowcaseLoad & { debug?: boolean };
    try {
      data = await list;
    } catch (e) {
      if (seq === loadSeq && !destroyed) showError(errorText(e));
      return;
    }
    if (seq !== loadSeq || destroyed) return;
    setTheme(!!data.platform?.isDarkTheme);
    const tasks = Array.isArray(data.tasks) ? data.tasks : [];
    render(tasks, data.debug === true);
    if (!loaded) {
      loaded = true;
      safeCall(options.onLoad, { tasks, platform: data.platform, player: data.player });
    }
  }

  function showError(message: string) {
    const retry = h('button', { type: 'button', class: 'btn' }, t('retry'));
    retry.addEventListener('click', () => void load());
    showState([h('div', { class: 'state', role: 'alert' }, h('p', { class: 'msg err' }, message), retry)]);
  }

  function render(tasks: ShowcaseTask[], debug: boolean) {
    rows = tasks.map((task, i) => buildRow(task, `${idPrefix}-${i}`));
    const banner = debug ? h('p', { class: 'test', role: 'note' }, t('testMode')) : null;
    showState(
      rows.length === 0
        ? [h('p', { class: 'state', role: 'status' }, t('noTasks'))]
        : [
            ...(banner ? [banner] : []),
            h('p', { class: 'count' }, plural('taskCount', rows.length)),
            h('ul', { 'aria-label': t('tasksLabel') }, ...rows.map((r) => r.li)),
          ],
    );
  }

  /** An image URL from the server: paths are relative to the server, not the host page. */
  function imageUrl(src: string): string | null {
    if (!src) return null;
    try {
      const url = new URL(src, `${apiBase}/`);
      return /^(https?|data):$/.test(url.protocol) ? url.href : null;
    } catch {
      return null;
    }
  }

  function image(src: string, cls?: string): HTMLImageElement | null {
    const url = imageUrl(src);
    if (!url) return cls ? h('img', { class: cls, alt: '' }) : null;
    const img = h('img', { class: cls, src: url, alt: '', loading: 'lazy', decoding: 'async' });
    img.addEventListener('error', () => img.removeAttribute('src'));
    return img;
  }

  function awardList(awards: ShowcaseAward[]): HTMLElement {
    return h(
      'div',
      { class: 'awards' },
      ...awards.map((a) => h('span', { class: 'award' }, image(a.logo), `+${number(a.value)} ${a.title}`)),
    );
  }

  function buildRow(task: ShowcaseTask, id: string): Row {
    const titleId = `${id}-title`;
    const main = h('button', { type: 'button', class: 'btn', 'aria-describedby': titleId });
    const reopen = h('button', { type: 'button', class: 'lnk', 'aria-describedby': titleId }, t('openAgain'));
    const report = h('button', { type: 'button', class: 'lnk', 'aria-describedby': titleId }, t('report'));
    const debugTask = String(task.campaignId) === DEBUG_TASK_ID;
    if (debugTask) report.hidden = true;
    const msg = h('p', { class: 'msg', role: 'status', 'aria-live': 'polite' });
    const li = h(
      'li',
      { 'data-campaign-id': String(task.campaignId), 'data-task-type': task.taskType },
      image(task.logo, 'logo'),
      h(
        'div',
        { class: 'body' },
        h('div', { class: 'title', id: titleId }, task.title),
        h(
          'div',
          { class: 'type' },
          debugTask ? t('testTask') : TYPE_LABELS[task.taskType] ? t(TYPE_LABELS[task.taskType]) : task.taskType,
        ),
        awardList(task.awards ?? []),
        h('div', { class: 'links' }, reopen, report),
      ),
      main,
      msg,
    );
    const row: Row = {
      task,
      li,
      main,
      reopen,
      report,
      msg,
      form: null,
      titleId,
      busy: false,
      awaitingReturn: false,
      pollTimer: undefined,
    };
    main.addEventListener('click', () => {
      if (row.busy || row.task.status === 'COMPLETED') return;
      if (row.task.status === 'STARTED') void check(row, true);
      else if (row.task.status === 'AVAILABLE') void start(row);
    });
    reopen.addEventListener('click', () => {
      if (!row.busy) void start(row);
    });
    report.addEventListener('click', () => toggleReport(row));
    update(row);
    return row;
  }

  function update(row: Row) {
    const { status } = row.task;
    row.main.textContent = t(status === 'COMPLETED' ? 'done' : status === 'STARTED' ? 'check' : 'start');
    // aria-disabled, not disabled: a disabled button drops the keyboard focus mid-task.
    row.main.setAttribute('aria-disabled', String(row.busy || status === 'COMPLETED'));
    row.main.setAttribute('aria-busy', String(row.busy));
    row.reopen.hidden = status !== 'STARTED';
    row.li.classList.toggle('done', status === 'COMPLETED');
    row.li.setAttribute('data-status', status);
  }

  function say(row: Row, text: string, kind: '' | 'ok' | 'err' = '', link?: string) {
    row.msg.className = kind ? `msg ${kind}` : 'msg';
    row.msg.replaceChildren(text);
    if (link) {
      row.msg.append(' ', h('a', { href: link, target: '_blank', rel: 'noopener noreferrer' }, t('openTask')));
    }
  }

  function taskPath(row: Row, action: 'start' | 'check'): string {
    return `/tasks/${encodeURIComponent(String(row.task.campaignId))}/${action}`;
  }

  async function start(row: Row) {
    if (String(row.task.campaignId) === DEBUG_TASK_ID) {
      // The test task: no click, no link, nothing recorded on the server.
      const first = row.task.status === 'AVAILABLE';
      row.task.status = 'STARTED';
      update(row);
      if (first) safeCall(options.onStartTask, row.task);
      say(row, t('testStarted'));
      return;
    }
    row.busy = true;
    update(row);
    say(row, '');
    try {
      // A task started earlier (status STARTED on load) reopens its link through the same call.
      const started = await api<{ link: string }>('POST', taskPath(row, 'start'));
      if (destroyed) return;
      const first = row.task.status === 'AVAILABLE';
      row.task.status = 'STARTED';
      const opened = openTaskLink(started.link);
      row.awaitingReturn = opened !== false;
      if (first) safeCall(options.onStartTask, row.task);
      if (opened === false) say(row, t('cannotOpen'), 'err');
      else if (opened === null) say(row, t('popupBlocked'), '', started.link);
      else say(row, t('completeThenCheck'));
    } catch (e) {
      say(row, errorText(e), 'err');
    } finally {
      row.busy = false;
      update(row);
    }
  }

  /** Opens a task link the Telegram way when inside Telegram. false: not a web link; null: blocked. */
  function openTaskLink(link: string): boolean | null {
    let url: URL;
    try {
      url = new URL(link, `${apiBase}/`);
    } catch {
      return false;
    }
    if (!/^https?:$/.test(url.protocol)) return false;
    const wa = webApp();
    if (/^(t\.me|telegram\.me)$/i.test(url.hostname) && wa?.openTelegramLink) {
      wa.openTelegramLink(url.href);
      return true;
    }
    if (wa?.openLink) {
      wa.openLink(url.href);
      return true;
    }
    const win = window.open(url.href, '_blank');
    if (!win) return null;
    win.opener = null;
    return true;
  }

  /** One check; automatic ones (manual = false) go on with the next delay until the last. */
  async function check(row: Row, manual: boolean, attempt = 0) {
    if (String(row.task.campaignId) === DEBUG_TASK_ID) {
      finish(row, row.task.awards);
      return;
    }
    if (manual) stopPoll(row);
    const last = manual || attempt >= POLL_DELAYS.length - 1;
    row.busy = true;
    update(row);
    if (manual) say(row, t('checking'));
    let result: CheckResult | null = null;
    try {
      result = await api<CheckResult>('POST', taskPath(row, 'check'));
    } catch (e) {
      if (last) say(row, errorText(e), 'err');
    }
    row.busy = false;
    update(row);
    if (destroyed) return;
    if (result?.status === 'COMPLETED') finish(row, result.awards?.length ? result.awards : row.task.awards);
    else if (!last) schedulePoll(row, attempt + 1);
    else if (result) say(row, result.message || t('notCompleted'));
  }

  function finish(row: Row, awards: ShowcaseAward[]) {
    stopPoll(row);
    row.task.status = 'COMPLETED';
    row.awaitingReturn = false;
    say(row, t('finished', { awards: awards.map((a) => `+${number(a.value)} ${a.title}`).join(', ') }), 'ok');
    row.report.hidden = true;
    row.form?.remove();
    row.form = null;
    update(row);
    safeCall(options.onFinishTask, row.task, awards);
  }

  function schedulePoll(row: Row, attempt: number) {
    stopPoll(row);
    row.pollTimer = setTimeout(() => {
      row.pollTimer = undefined;
      if (!destroyed && !row.busy && row.task.status === 'STARTED') void check(row, false, attempt);
    }, POLL_DELAYS[attempt]);
  }

  function stopPoll(row: Row) {
    clearTimeout(row.pollTimer);
    row.pollTimer = undefined;
  }

  function clearPolls() {
    for (const row of rows) stopPoll(row);
  }

  // The player is back from the channel, chat, bot or link: check the tasks opened from here.
  function onReturn() {
    if (document.visibilityState === 'hidden') return;
    for (const row of rows) {
      if (row.awaitingReturn && row.task.status === 'STARTED' && POLLED_TYPES.includes(row.task.taskType)) {
        row.awaitingReturn = false;
        say(row, t('checking'));
        schedulePoll(row, 0);
      }
    }
  }

  function toggleReport(row: Row) {
    if (row.form) {
      row.form.remove();
      row.form = null;
      row.report.setAttribute('aria-expanded', 'false');
      row.report.focus();
      return;
    }
    const formId = `${row.titleId}-report`;
    const reason = h(
      'select',
      { name: 'reason', id: `${formId}-reason` },
      ...REPORT_REASONS.map(([value, label]) => h('option', { value }, t(label))),
    );
    const text = h('textarea', { name: 'text', id: `${formId}-text`, rows: 2, maxlength: 1000 });
    const send = h('button', { type: 'submit', class: 'btn' }, t('send'));
    const cancel = h('button', { type: 'button', class: 'lnk' }, t('cancel'));
    const status = h('p', { class: 'msg', role: 'status', 'aria-live': 'polite' });
    const form = h(
      'form',
      { id: formId, 'aria-label': t('reportTitle', { title: row.task.title }) },
      h('div', { class: 'field' }, h('label', { for: reason.id }, t('reason')), reason),
      h('div', { class: 'field' }, h('label', { for: text.id }, t('details')), text),
      h('div', { class: 'row' }, send, cancel),
      status,
    );
    cancel.addEventListener('click', () => toggleReport(row));
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      send.disabled = true;
      status.className = 'msg';
      status.textContent = '';
      const details = text.value.trim();
      try {
        await api('POST', '/reports', {
          campaignId: row.task.campaignId,
          reason: reason.value,
          ...(details ? { text: details } : {}),
        });
        if (destroyed) return;
        form.remove();
        row.form = null;
        row.report.hidden = true;
        say(row, t('reportThanks'), 'ok');
      } catch (e) {
        status.className = 'msg err';
        status.textContent = errorText(e);
        send.disabled = false;
      }
    });
    row.form = form;
    row.li.append(form);
    row.report.setAttribute('aria-controls', formId);
    row.report.setAttribute('aria-expanded', 'true');
    reason.focus();
  }

  document.addEventListener('visibilitychange', onReturn);
  const wa = webApp();
  wa?.onEvent?.('activated', onReturn);

  const instance: ShowcaseInstance = {
    reload: load,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      clearPolls();
      document.removeEventListener('visibilitychange', onReturn);
      wa?.offEvent?.('activated', onReturn);
      if (ownHost) shadow.replaceChildren();
      else host.remove();
      instances.delete(container);
    },
  };
  instances.set(container, instance);
  void load();
  return instance;
}
