import { t } from '@lingui/core/macro';
/** What each component of an app's traffic quality means, and what a publisher can do about it. */
export const componentText: Record<string, { label: string; advice: string }> = {
  RETENTION: {
    get label() {
      return t`Retention`;
    },
    get advice() {
      return t`Players leave the channels and chats they joined before the hold ends. Reward staying, not just joining.`;
    },
  },
  RETENTION_30D: {
    get label() {
      return t`Still members a month on`;
    },
    get advice() {
      return t`Players checked again 30 days after joining have left. It counts in retention from 10 checks.`;
    },
  },
  VOIDS: {
    get label() {
      return t`Voided conversions`;
    },
    get advice() {
      return t`Many conversions are voided (players left, or moderators voided them). Show tasks to players who want them.`;
    },
  },
  REPORTS: {
    get label() {
      return t`Confirmed reports`;
    },
    get advice() {
      return t`Moderators confirmed players’ reports about tasks in this app. Check that awards reach your players.`;
    },
  },
  FRAUD_RULES: {
    get label() {
      return t`Fraud-rule hits`;
    },
    get advice() {
      return t`Fraud rules flag players of this app (too many completions an hour, or too fast). Look for bots and farms.`;
    },
  },
  FAST: {
    get label() {
      return t`Too-fast completions`;
    },
    get advice() {
      return t`Tasks are completed faster than a person could. Make sure players open the task before checking it.`;
    },
  },
};

/** A share (0–1) as a percentage with at most one decimal. */
export const percent = (share: number | null | undefined) =>
  share === null || share === undefined ? '—' : `${Math.round(share * 1000) / 10}%`;

/** A rate per 1,000 with at most one decimal. */
export const perThousand = (rate: number | null | undefined) =>
  rate === null || rate === undefined ? '—' : `${Math.round(rate * 10) / 10}`;

/** The score's colour: green from 80, orange from 50, red under it. */
export const scorePalette = (score: number | null | undefined) =>
  score === null || score === undefined ? 'gray' : score >= 80 ? 'green' : score >= 50 ? 'orange' : 'red';
