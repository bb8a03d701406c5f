/** What each component of an app's traffic quality means, and what a publisher can do about it. */
export const componentText: Record<string, { label: string; advice: string }> = {
  RETENTION: {
    label: 'Retention',
    advice: 'Players leave the channels and chats they joined before the hold ends. Reward staying, not just joining.',
  },
  RETENTION_30D: {
    label: 'Still members a month on',
    advice: 'Players checked again 30 days after joining have left. It counts in retention from 10 checks.',
  },
  VOIDS: {
    label: 'Voided conversions',
    advice:
      'Many conversions are voided (players left, or moderators voided them). Show tasks to players who want them.',
  },
  REPORTS: {
    label: 'Confirmed reports',
    advice: 'Moderators confirmed players’ reports about tasks in this app. Check that awards reach your players.',
  },
  FRAUD_RULES: {
    label: 'Fraud-rule hits',
    advice:
      'Fraud rules flag players of this app (too many completions an hour, or too fast). Look for bots and farms.',
  },
  FAST: {
    label: 'Too-fast completions',
    advice: 'Tasks are completed faster than a person could. Make sure players open the task before checking it.',
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
