// The task showcase a publisher embeds in its Telegram mini app (spec 9, design 3):
//   <script src="https://<server>/showcase.js"></script>
//   Showcase.init({ platformId, container, onLoad, onStartTask, onFinishTask })
// Plain DOM and no dependencies: it is built into one small IIFE (`npm run build:showcase`).
// Everything renders inside a shadow root, so the host page's CSS and ours never mix.
// The same script defines <taskgram-showcase data-platform-id="…"> (see element.ts).
// Text follows the player's Telegram language: English is built in, other languages load from
// the server on demand (`/showcase/i18n/<lang>.json`); fa and ar are laid out right to left.

import { ApiError, createApi } from './api.ts';
import { CSS, h, safeCall } from './dom.ts';
import type { MessageKey } from './i18n/en.ts';
import { createTranslator } from './language.ts';
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

// Completion of these shows up on the server on its own (membership, the advertiser's event,
// the visit), so a player coming back is checked a few times without pressing Check.
const POLLED_TYPES: ShowcaseTaskType[] = ['CHANNEL', 'CHAT', 'BOT', 'SMART_LINK'];
/** Delays (ms) before each automatic check after the player returns to the page. */
export const POLL_DELAYS = [300, 1500, 3000, 6000];

// Captured while the script itself runs: afterwards document.currentScript is another script or null.
const scriptSrc = (document.currentScript as HTMLScriptElement | null)?.src ?? '';

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
  const { ready: messagesReady, t, number, plural, waitingForCatalog } = createTranslator(apiBase, lang);
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

  const api = createApi({
    base,
    authorization: () => `tma ${options.initData ?? webApp()?.initData ?? ''}`,
    country: options.country,
    networkError: () => t('networkError'),
  });

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
      [waitingForCatalog() ? h('div', { class: 'state', role: 'status' }, h('div', { class: 'spin' })) : loading()],
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
