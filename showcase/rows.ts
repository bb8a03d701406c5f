// The showcase's task rows: each task as a list item with its logo, title, type, awards, the
// main button (Start, Check, Done), "open again", "report" and a status line. Built and kept
// up to date here; what the buttons do is the caller's (showcase.ts).

import { h } from './dom.ts';
import type { MessageKey } from './i18n/en.ts';
import type { createTranslator } from './language.ts';
import type { ShowcaseAward, ShowcaseTask, ShowcaseTaskType } from './types.ts';

export const TYPE_LABELS: Record<ShowcaseTaskType, MessageKey> = {
  CHANNEL: 'typeChannel',
  CHAT: 'typeChat',
  BOT: 'typeBot',
  SMART_LINK: 'typeSmartLink',
  CUSTOM: 'typeCustom',
};

/** The campaign id of the test task the server adds in test mode (`debug=true`). */
export const DEBUG_TASK_ID = 'debug';

export interface Row {
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

type Translator = ReturnType<typeof createTranslator>;

/** What the row's buttons do. */
export interface RowActions {
  main(row: Row): void;
  reopen(row: Row): void;
  report(row: Row): void;
}

/** Row building for one showcase: its language and the server its images are relative to. */
export function taskRows({ t, number, apiBase }: Pick<Translator, 't' | 'number'> & { apiBase: string }) {
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

  /** The main button's text and state, "open again", and the row's status for styling. */
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

  /** The row's status line, with the task's link when the browser blocked opening it. */
  function say(row: Row, text: string, kind: '' | 'ok' | 'err' = '', link?: string) {
    row.msg.className = kind ? `msg ${kind}` : 'msg';
    row.msg.replaceChildren(text);
    if (link) {
      row.msg.append(' ', h('a', { href: link, target: '_blank', rel: 'noopener noreferrer' }, t('openTask')));
    }
  }

  function build(task: ShowcaseTask, id: string, actions: RowActions): Row {
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
    main.addEventListener('click', () => actions.main(row));
    reopen.addEventListener('click', () => actions.reopen(row));
    report.addEventListener('click', () => actions.report(row));
    update(row);
    return row;
  }

  return { build, update, say };
}
