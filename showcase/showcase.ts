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
import { type Row, taskRows } from './rows.ts';
import { CSS, h, safeCall } from './dom.ts';
import { createTranslator } from './language.ts';
import { initDataLanguage, languageOf, RTL_LANGUAGES } from '../shared/languages.ts';
import { type TelegramWebApp, taskActions } from './tasks.ts';

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

declare global {
  interface Window {
    Telegram?: { WebApp?: TelegramWebApp };
  }
}

export { DEBUG_TASK_ID, TYPE_LABELS } from './rows.ts';

// Completion of these shows up on the server on its own (membership, the advertiser's event,
// the visit), so a player coming back is checked a few times without pressing Check.
const POLLED_TYPES: ShowcaseTaskType[] = ['CHANNEL', 'CHAT', 'BOT', 'SMART_LINK'];
export { POLL_DELAYS } from './tasks.ts';

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

  const self = createInstance(options, container);
  const { t, say } = self;
  const { start, check, schedulePoll, stopPoll } = taskActions({ ...self, isDestroyed: () => self.destroyed });
  self.stopPoll = stopPoll;
  /** Start, or check a started task; "open again" starts again; "report" opens the form. */
  self.rowActions = {
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
        send: (body) => self.api('POST', '/reports', body),
        errorText: self.errorText,
        destroyed: () => self.destroyed,
        onSent: (sent) => say(sent, t('reportThanks'), 'ok'),
      });
    },
  };

  // The player is back from the channel, chat, bot or link: check the tasks opened from here.
  function onReturn() {
    if (document.visibilityState === 'hidden') return;
    for (const row of self.rows) {
      if (row.awaitingReturn && row.task.status === 'STARTED' && POLLED_TYPES.includes(row.task.taskType)) {
        row.awaitingReturn = false;
        say(row, t('checking'));
        schedulePoll(row, 0);
      }
    }
  }

  document.addEventListener('visibilitychange', onReturn);
  const wa = self.webApp();
  wa?.onEvent?.('activated', onReturn);

  const instance: ShowcaseInstance = {
    reload: () => load(self),
    destroy() {
      if (self.destroyed) return;
      self.destroyed = true;
      clearPolls(self);
      document.removeEventListener('visibilitychange', onReturn);
      wa?.offEvent?.('activated', onReturn);
      if (self.ownHost) self.shadow.replaceChildren();
      else self.host.remove();
      instances.delete(container);
    },
  };
  instances.set(container, instance);
  void load(self);
  return instance;
}

/** One showcase's settings, text, API, mounted root and state, as its parts share them. */
type Instance = ReturnType<typeof createInstance>;

/** Reads the options and the player's language, and mounts the shadow root in `container`. */
function createInstance(options: ShowcaseOptions, container: Element) {
  const webApp = () => window.Telegram?.WebApp;
  const scriptOrigin = scriptSrc ? new URL(scriptSrc, location.href).origin : location.origin;
  const apiBase = (options.apiBase ?? scriptOrigin).replace(/\/+$/, '');
  const base = `${apiBase}/api/v1/showcase/platforms/${encodeURIComponent(String(options.platformId))}`;
  const lang = languageOf(
    options.lang ??
      initDataLanguage(options.initData ?? webApp()?.initData) ??
      webApp()?.initDataUnsafe?.user?.language_code,
  );
  const translator = createTranslator(apiBase, lang);
  const { t, number } = translator;
  const ownHost = options.shadowHost;
  const host = ownHost ?? h('div', { 'data-showcase': '' });
  const shadow: ShadowRoot | HTMLElement =
    ownHost?.shadowRoot ?? (host.attachShadow ? host.attachShadow({ mode: 'open' }) : host);
  const root = h('div', { class: 'tgs', lang, dir: RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr' });
  const self = {
    ...translator,
    ...taskRows({ t, number, apiBase }),
    options,
    webApp,
    apiBase,
    idPrefix: `tgs${++instanceCount}`,
    ownHost,
    host,
    shadow,
    root,
    api: createApi({
      base,
      authorization: () => `tma ${options.initData ?? webApp()?.initData ?? ''}`,
      country: options.country,
      networkError: () => t('networkError'),
    }),
    /** Server error text from the `{ error }` envelope (already in the player's language), else a generic one. */
    errorText: (e: unknown) => (e instanceof ApiError ? e.message : t('networkError')),
    rows: [] as Row[],
    rowActions: undefined as unknown as Parameters<ReturnType<typeof taskRows>['build']>[2],
    stopPoll: (_row: Row) => {},
    loaded: false,
    destroyed: false,
    loadSeq: 0,
  };
  setTheme(
    self,
    webApp()?.colorScheme === 'dark' ||
      (!webApp()?.colorScheme && !!window.matchMedia?.('(prefers-color-scheme: dark)').matches),
  );
  shadow.replaceChildren(h('style', {}, CSS), root);
  if (!ownHost) container.append(host);
  return self;
}

function setTheme(self: { root: HTMLElement }, dark: boolean) {
  self.root.classList.toggle('dark', dark);
  self.root.setAttribute('data-theme', dark ? 'dark' : 'light');
}

function clearPolls(self: Instance) {
  for (const row of self.rows) self.stopPoll(row);
}

function showState(self: Instance, content: Node[], busy = false) {
  self.root.setAttribute('aria-busy', String(busy));
  self.root.replaceChildren(...content);
}

/** Loads the player's list (again): outside Telegram only in debug mode, with loading and error states. */
async function load(self: Instance): Promise<void> {
  const { options, t } = self;
  const seq = ++self.loadSeq;
  clearPolls(self);
  // Outside Telegram there is no player: only debug mode shows anything (a test player's list).
  const inTelegram = Boolean(options.initData ?? self.webApp()?.initData);
  if (!inTelegram && !options.debug) {
    await self.ready;
    showError(self, t('openInTelegram'));
    return;
  }
  // English is at hand at once; another language shows its own "Loading" once its text arrives.
  const loading = () => h('div', { class: 'state', role: 'status' }, h('div', { class: 'spin' }), t('loading'));
  showState(
    self,
    [self.waitingForCatalog() ? h('div', { class: 'state', role: 'status' }, h('div', { class: 'spin' })) : loading()],
    true,
  );
  const list = self.api<ShowcaseLoad & { debug?: boolean }>('GET', options.debug ? '?debug=true' : '');
  list.catch(() => {});
  await self.ready;
  const stale = () => seq !== self.loadSeq || self.destroyed;
  if (stale()) return;
  if (self.root.getAttribute('aria-busy') === 'true') showState(self, [loading()], true);
  let data: ShowcaseLoad & { debug?: boolean };
  try {
    data = await list;
  } catch (e) {
    if (!stale()) showError(self, self.errorText(e));
    return;
  }
  if (stale()) return;
  setTheme(self, !!data.platform?.isDarkTheme);
  const tasks = Array.isArray(data.tasks) ? data.tasks : [];
  render(self, tasks, data.debug === true, !inTelegram);
  if (!self.loaded) {
    self.loaded = true;
    safeCall(options.onLoad, { tasks, platform: data.platform, player: data.player });
  }
}

function showError(self: Instance, message: string) {
  const retry = h('button', { type: 'button', class: 'btn' }, self.t('retry'));
  retry.addEventListener('click', () => void load(self));
  showState(self, [h('div', { class: 'state', role: 'alert' }, h('p', { class: 'msg err' }, message), retry)]);
}

function render(self: Instance, tasks: ShowcaseTask[], debug: boolean, outsideTelegram = false) {
  const { t } = self;
  self.rows = tasks.map((task, i) => self.build(task, `${self.idPrefix}-${i}`, self.rowActions));
  const banner = debug
    ? h(
        'p',
        { class: 'test', role: 'note' },
        outsideTelegram ? `${t('testMode')}. ${t('testOutsideTelegram')}` : t('testMode'),
      )
    : null;
  showState(
    self,
    self.rows.length === 0
      ? [h('p', { class: 'state', role: 'status' }, t('noTasks'))]
      : [
          ...(banner ? [banner] : []),
          h('p', { class: 'count' }, self.plural('taskCount', self.rows.length)),
          h('ul', { 'aria-label': t('tasksLabel') }, ...self.rows.map((r) => r.li)),
        ],
  );
}
