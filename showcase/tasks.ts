// A task row's actions: start (open the task's link), check (by hand, or automatically a few
// times after the player comes back), finish; and the automatic checks' timers.

import type { createApi } from './api.ts';
import type { createTranslator } from './language.ts';
import { DEBUG_TASK_ID, type Row, type taskRows } from './rows.ts';
import { safeCall } from './dom.ts';
import type { ShowcaseAward, ShowcaseOptions } from './types.ts';

/** Delays (ms) before each automatic check after the player returns to the page. */
export const POLL_DELAYS = [300, 1500, 3000, 6000];

/** The parts of Telegram's WebApp object the showcase uses. */
export interface TelegramWebApp {
  initData?: string;
  initDataUnsafe?: { user?: { language_code?: string } };
  colorScheme?: 'light' | 'dark';
  openLink?: (url: string) => void;
  openTelegramLink?: (url: string) => void;
  onEvent?: (event: string, handler: () => void) => void;
  offEvent?: (event: string, handler: () => void) => void;
}

interface CheckResult {
  status: 'COMPLETED' | 'PENDING';
  awards: ShowcaseAward[];
  message?: string;
}

type Translator = ReturnType<typeof createTranslator>;

/** What the task actions work with: the instance's API, text and rows, and whether it was destroyed. */
export interface TaskContext {
  api: ReturnType<typeof createApi>;
  t: Translator['t'];
  number: Translator['number'];
  update: ReturnType<typeof taskRows>['update'];
  say: ReturnType<typeof taskRows>['say'];
  errorText: (e: unknown) => string;
  apiBase: string;
  webApp: () => TelegramWebApp | undefined;
  options: Pick<ShowcaseOptions, 'onStartTask' | 'onFinishTask'>;
  isDestroyed: () => boolean;
}

export function taskActions(ctx: TaskContext) {
  const { api, t, number, errorText, apiBase, webApp, options, isDestroyed, update, say } = ctx;

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
      if (isDestroyed()) return;
      const first = row.task.status === 'AVAILABLE';
      row.task.status = 'STARTED';
      const opened = openTaskLink(started.link, apiBase, webApp());
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
    if (isDestroyed()) return;
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
      if (!isDestroyed() && !row.busy && row.task.status === 'STARTED') void check(row, false, attempt);
    }, POLL_DELAYS[attempt]);
  }

  function stopPoll(row: Row) {
    clearTimeout(row.pollTimer);
    row.pollTimer = undefined;
  }

  return { start, check, schedulePoll, stopPoll };
}

/** Opens a task link the Telegram way when inside Telegram. false: not a web link; null: blocked. */
export function openTaskLink(link: string, apiBase: string, wa: TelegramWebApp | undefined): boolean | null {
  let url: URL;
  try {
    url = new URL(link, `${apiBase}/`);
  } catch {
    return false;
  }
  if (!/^https?:$/.test(url.protocol)) return false;
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
