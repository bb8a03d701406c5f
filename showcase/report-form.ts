// The player's report on a task (it gave no award, it is broken, it is inappropriate): a small
// form under the row, sent to `/reports`; the row then thanks the player and hides "report".

import { h } from './dom.ts';
import type { MessageKey } from './i18n/en.ts';
import type { createTranslator } from './language.ts';
import type { Row } from './rows.ts';

const REPORT_REASONS: Array<[string, MessageKey]> = [
  ['NOT_REWARDED', 'reasonNotRewarded'],
  ['BROKEN', 'reasonBroken'],
  ['INAPPROPRIATE', 'reasonInappropriate'],
  ['OTHER', 'reasonOther'],
];

/** Opens the row's report form, or closes it when it is open (focus back on "report"). */
export function toggleReportForm(
  row: Row,
  deps: {
    t: ReturnType<typeof createTranslator>['t'];
    send: (body: { campaignId: string | number; reason: string; text?: string }) => Promise<unknown>;
    errorText: (e: unknown) => string;
    /** The showcase was destroyed while the report was on its way. */
    destroyed: () => boolean;
    /** Sent: the row's status line thanks the player. */
    onSent: (row: Row) => void;
  },
) {
  const { t } = deps;
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
  cancel.addEventListener('click', () => toggleReportForm(row, deps));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    send.disabled = true;
    status.className = 'msg';
    status.textContent = '';
    const details = text.value.trim();
    try {
      await deps.send({ campaignId: row.task.campaignId, reason: reason.value, ...(details ? { text: details } : {}) });
      if (deps.destroyed()) return;
      form.remove();
      row.form = null;
      row.report.hidden = true;
      deps.onSent(row);
    } catch (e) {
      status.className = 'msg err';
      status.textContent = deps.errorText(e);
      send.disabled = false;
    }
  });
  row.form = form;
  row.li.append(form);
  row.report.setAttribute('aria-controls', formId);
  row.report.setAttribute('aria-expanded', 'true');
  reason.focus();
}
