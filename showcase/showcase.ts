// The task showcase a publisher embeds in its Telegram mini app:
//   <script src="https://<server>/showcase.js"></script>
//   Showcase.init({ platformId, container, onLoad, onStartTask, onFinishTask })
// Plain DOM and no dependencies: it is built into one small IIFE (`npm run build:showcase`).
// Everything renders inside a shadow root, so the host page's CSS and ours never mix.
// The same script defines <taskgram-showcase data-platform-id="…"> (see element.ts).
// Text follows the player's Telegram language: English is built in, other languages load from
// the server on demand (`/showcase/i18n/<lang>.json`); fa and ar are laid out right to left.

import { ApiError, createApi } from './api.ts';
import { toggleReportForm } from './report-form.ts';
import { DEBUG_TASK_ID, type Row, taskRows } from './rows.ts';
import { CSS, h, safeCall } from './dom.ts';
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

export { DEBUG_TASK_ID, TYPE_LABELS } from './rows.ts';

// Completion of these shows up on the server on its own (membership, the advertiser's event,
// the visit), so a player coming back is checked a few times without pressing Check.
const POLLED_TYPES: ShowcaseTaskType[] = ['CHANNEL', 'CHAT', 'BOT', 'SMART_LINK'];
/** Delays (ms) before each automatic check after the player returns to the page. */
export const POLL_DELAYS = [300, 1500, 3000, 6000];

// Captured while the script itself runs: afterwards document.currentScript is another script or null.
const scriptSrc = (document.currentScript as HTMLScriptElement | null)?.src ?? '';

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
  const { build, update, say } = taskRows({ t, number, apiBase });

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
    // Outside Telegram there is no player: only debug mode shows anything (a test player's list).
    const inTelegram = Boolean(options.initData ?? webApp()?.initData);
    if (!inTelegram && !options.debug) {
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
    render(tasks, data.debug === true, !inTelegram);
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

  function render(tasks: ShowcaseTask[], debug: boolean, outsideTelegram = false) {
    rows = tasks.map((task, i) => build(task, `${idPrefix}-${i}`, rowActions));
    const banner = debug
      ? h(
          'p',
          { class: 'test', role: 'note' },
          outsideTelegram ? `${t('testMode')}. ${t('testOutsideTelegram')}` : t('testMode'),
        )
      : null;
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

  /** Start, or check a started task; "open again" starts again; "report" opens the form. */
  const rowActions = {
    main(row: Row) {
      if (row.busy || row.task.status === 'COMPLETED') return;
      if (row.task.status === 'STARTED') void check(row, true);
      else if (row.task.status === 'AVAILABLE') void start(row);
    },
    reopen(row: Row) {
      if (!row.busy) void start(row);
    },
    report(row: Row) {
      toggleReportForm(row, {
        t,
        send: (body) => api('POST', '/reports', body),
        errorText,
        destroyed: () => destroyed,
        onSent: (sent) => say(sent, t('reportThanks'), 'ok'),
      });
    },
  };

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
