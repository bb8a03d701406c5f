// The showcase's English messages: the reference every other language must match key for key
// (showcase/i18n.test.ts). `{name}` is filled in; a plural is one string per Intl.PluralRules
// category the language uses (`other` always).

export type Plural = { other: string } & Partial<Record<'zero' | 'one' | 'two' | 'few' | 'many', string>>;

export const en = {
  // The script's own text.
  loading: 'Loading tasks…',
  openInTelegram: 'Open this app in Telegram to see the tasks',
  retry: 'Retry',
  noTasks: 'No tasks right now',
  tasksLabel: 'Tasks',
  taskCount: { one: '{count} task', other: '{count} tasks' } as Plural,
  start: 'Start',
  check: 'Check',
  done: 'Done',
  openAgain: 'Open again',
  report: 'Report',
  typeBot: 'Start Bot',
  typeChannel: 'Channel',
  typeChat: 'Chat',
  typeSmartLink: 'Visit Link',
  typeCustom: 'Custom',
  reasonNotRewarded: 'Not rewarded',
  reasonBroken: 'Task broken',
  reasonInappropriate: 'Inappropriate',
  reasonOther: 'Other',
  reportTitle: 'Report “{title}”',
  reason: 'Reason',
  details: 'Details (optional)',
  send: 'Send',
  cancel: 'Cancel',
  reportThanks: 'Thanks, we will look into it',
  cannotOpen: 'This task link cannot be opened.',
  popupBlocked: 'Your browser blocked the new tab.',
  openTask: 'Open the task',
  completeThenCheck: 'Complete the task, then press Check.',
  checking: 'Checking…',
  notCompleted: 'Not completed yet',
  finished: 'Done! {awards}',
  networkError: 'Network error, try again later',
  testTask: 'Test task: checks your integration, nothing is paid',
  testMode: 'Test mode: one test task, no money moves',
  testOutsideTelegram: 'Outside Telegram: a test player sees the tasks here; real tasks show in Telegram only',
  testStarted: 'Test task started: press Check to finish it.',
  // Messages of the showcase API that a player reads (the server answers in the player's language).
  joinChannel: 'Join the channel first, then check again',
  joinChat: 'Join the chat first, then check again',
  waiting: 'Waiting for the advertiser to confirm the action: check again in a moment',
  openLink: 'Open the link to complete the task',
  noBot: 'Membership checks are not available on this server yet (no system bot is configured)',
  startFirst: 'Start the task first',
  alreadyMember: 'You were already a member before starting: this task is for new subscribers only',
  notNew: 'This task is for new users only, and the advertiser says you had used it before',
  alreadyCompleted: 'You have already completed this task',
  taskNotFound: 'Task not found',
  blocked: 'Tasks are no longer available to you in this app',
  tooManyRequests: 'Too many requests from this player: wait a minute and try again',
  campaignStopped: 'This campaign is not running now',
  dailyCap: 'This campaign reached its daily cap: try again tomorrow',
  noBudget: 'This campaign has no budget left for this action',
  staleInitData: 'initData is too old: reopen the app',
};

export type Messages = { [K in keyof typeof en]: (typeof en)[K] };
export type MessageKey = keyof Messages;
