import { type Language, languageOf } from '../../../shared/languages.ts';
import { withoutLinks } from '../../lib/text.ts';
import { type BotText, TRANSLATIONS } from './translations.ts';
import { chainReason } from './chain-reasons.ts';

/**
 * The notification types, who they are for, and what each message says (one or two lines) in
 * the dashboard's nine languages (English and Russian here, the seven others in translations.ts),
 * with the dashboard page its button opens.
 */

export const NOTIFICATION_GROUPS = [
  'SECURITY',
  'ADVERTISER',
  'PUBLISHER',
  'EXCHANGE',
  'MODERATION',
  'FINANCE',
] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

type Params = Record<string, string | number>;
type Text = (p: Params) => string;

export interface TypeDef {
  group: NotificationGroup;
  /** What the Notifications page calls it. */
  label: string;
  /** E-mail on by default (where the product mailed before: a failed payout). */
  email?: boolean;
  /**
   * A security notice: by e-mail always and in Telegram when linked, whatever the choices (a
   * stolen session must not be able to silence what tells the owner of it).
   */
  alwaysOn?: boolean;
  /** The mail's subject; the message's first words otherwise. */
  subject?: Text;
  text: { en: Text; ru: Text };
  /** The button's label. */
  button: { en: string; ru: string };
}

const open = { en: 'Open', ru: 'Открыть' };

export const NOTIFICATION_TYPES = {
  telegramLinked: {
    group: 'SECURITY',
    label: 'Telegram linked to the account',
    alwaysOn: true,
    subject: () => 'Telegram was linked to your Taskgram Ads account',
    text: {
      en: (p) =>
        `🔐 The Telegram account ${p.account} was linked to your Taskgram Ads account (${p.email}): it can sign in to it and gets its notifications. If this was not you, unlink it on the Notifications page and change your password.`,
      ru: (p) =>
        `🔐 Telegram-аккаунт ${p.account} привязан к вашему аккаунту Taskgram Ads (${p.email}): он может входить в него и получать уведомления. Если это были не вы, отвяжите его на странице «Уведомления» и смените пароль.`,
    },
    button: { en: 'Open the notifications', ru: 'Открыть уведомления' },
  },
  secondFactorAdded: {
    group: 'SECURITY',
    label: 'Second factor added',
    alwaysOn: true,
    subject: () => 'A second factor was added to your Taskgram Ads account',
    text: {
      en: (p) =>
        `🔐 ${p.factor} was added as a second factor of your Taskgram Ads account (${p.email}). If this was not you, change your password and remove it on the Security page.`,
      ru: (p) =>
        `🔐 ${p.factor} добавлено как второй фактор вашего аккаунта Taskgram Ads (${p.email}). Если это были не вы, смените пароль и удалите его на странице «Безопасность».`,
    },
    button: { en: 'Open Security', ru: 'Открыть «Безопасность»' },
  },
  secondFactorRemoved: {
    group: 'SECURITY',
    label: 'Second factor removed',
    alwaysOn: true,
    subject: () => 'A second factor was removed from your Taskgram Ads account',
    text: {
      en: (p) =>
        `🔐 ${p.factor} was removed from the second factors of your Taskgram Ads account (${p.email}). If this was not you, change your password at once.`,
      ru: (p) =>
        `🔐 ${p.factor} удалено из вторых факторов вашего аккаунта Taskgram Ads (${p.email}). Если это были не вы, немедленно смените пароль.`,
    },
    button: { en: 'Open Security', ru: 'Открыть «Безопасность»' },
  },
  telegramUnlinked: {
    group: 'SECURITY',
    label: 'Telegram unlinked from the account',
    alwaysOn: true,
    subject: () => 'Telegram was unlinked from your Taskgram Ads account',
    text: {
      en: (p) =>
        `🔐 The Telegram account ${p.account} was unlinked from your Taskgram Ads account (${p.email}): it no longer signs in or gets notifications. If this was not you, change your password.`,
      ru: (p) =>
        `🔐 Telegram-аккаунт ${p.account} отвязан от вашего аккаунта Taskgram Ads (${p.email}): он больше не входит в него и не получает уведомлений. Если это были не вы, смените пароль.`,
    },
    button: { en: 'Open the notifications', ru: 'Открыть уведомления' },
  },
  signInNew: {
    group: 'SECURITY',
    label: 'Sign-in from a new device or address',
    alwaysOn: true,
    subject: () => 'A new sign-in to your Taskgram Ads account',
    text: {
      en: (p) =>
        `🔐 Your Taskgram Ads account (${p.email}) was signed in to from a device or address it had not used before: ${p.device}, address ${p.ip}, by ${p.method}. If this was you, nothing to do.`,
      ru: (p) =>
        `🔐 В ваш аккаунт Taskgram Ads (${p.email}) вошли с нового устройства или адреса: ${p.device}, адрес ${p.ip}, способ: ${p.method}. Если это были вы, ничего делать не нужно.`,
    },
    button: { en: 'Open the sessions', ru: 'Открыть сеансы' },
  },
  passwordChanged: {
    group: 'SECURITY',
    label: 'Password changed',
    alwaysOn: true,
    subject: () => 'The password of your Taskgram Ads account was changed',
    text: {
      en: (p) => `🔐 The password of your Taskgram Ads account (${p.email}) was changed, and its other sessions ended.`,
      ru: (p) => `🔐 Пароль вашего аккаунта Taskgram Ads (${p.email}) изменён, другие его сеансы завершены.`,
    },
    button: { en: 'Open the dashboard', ru: 'Открыть кабинет' },
  },
  emailChanged: {
    group: 'SECURITY',
    label: 'E-mail changed',
    alwaysOn: true,
    subject: () => 'The e-mail of your Taskgram Ads account was changed',
    text: {
      en: (p) =>
        `🔐 The e-mail of your Taskgram Ads account was changed from ${p.email} to ${p.newEmail}: mail and sign-in go to the new address now.`,
      ru: (p) =>
        `🔐 E-mail вашего аккаунта Taskgram Ads изменён с ${p.email} на ${p.newEmail}: письма и вход теперь идут на новый адрес.`,
    },
    button: { en: 'Open Security', ru: 'Открыть «Безопасность»' },
  },
  withdrawalRequested: {
    group: 'SECURITY',
    label: 'Withdrawal requested',
    alwaysOn: true,
    subject: (p) => `A withdrawal of ${p.amount} $ was requested from your Taskgram Ads account`,
    text: {
      en: (p) =>
        `🔐 A withdrawal of ${p.amount} $ to ${p.wallet} was requested from your Taskgram Ads account (${p.email}).${p.newAddress ? ' This address is new: the account has not been paid at it before.' : ''}${p.heldUntil ? ` It is held until ${p.heldUntil}: if it was not you, say so before then.` : ''}`,
      ru: (p) =>
        `🔐 С вашего аккаунта Taskgram Ads (${p.email}) запрошен вывод ${p.amount} $ на ${p.wallet}.${p.newAddress ? ' Это новый адрес: на него аккаунту ещё не платили.' : ''}${p.heldUntil ? ` Вывод задержан до ${p.heldUntil}: если это были не вы, сообщите до этого времени.` : ''}`,
    },
    button: { en: 'Open the withdrawals', ru: 'Открыть выводы' },
  },
  campaignApproved: {
    group: 'ADVERTISER',
    label: 'Campaign approved',
    text: {
      en: (p) => `✅ Your campaign “${p.campaign}” was approved and is running.`,
      ru: (p) => `✅ Кампания «${p.campaign}» одобрена и запущена.`,
    },
    button: { en: 'Open the campaign', ru: 'Открыть кампанию' },
  },
  campaignRejected: {
    group: 'ADVERTISER',
    label: 'Campaign rejected',
    text: {
      en: (p) => `❌ Your campaign “${p.campaign}” was rejected: ${p.reason}`,
      ru: (p) => `❌ Кампания «${p.campaign}» отклонена: ${p.reason}`,
    },
    button: { en: 'Open the campaign', ru: 'Открыть кампанию' },
  },
  budgetLow: {
    group: 'ADVERTISER',
    label: 'Budget below 10 %',
    text: {
      en: (p) => `⚠️ “${p.campaign}” has ${p.left} $ of its ${p.budget} $ budget left. Top it up to keep buying.`,
      ru: (p) =>
        `⚠️ У «${p.campaign}» осталось ${p.left} $ из бюджета ${p.budget} $. Пополните, чтобы закупка не встала.`,
    },
    button: { en: 'Open the campaign', ru: 'Открыть кампанию' },
  },
  budgetExhausted: {
    group: 'ADVERTISER',
    label: 'Budget exhausted',
    text: {
      en: (p) => `⛔ “${p.campaign}” spent its ${p.budget} $ budget and stopped buying.`,
      ru: (p) => `⛔ «${p.campaign}» израсходовала бюджет ${p.budget} $ и остановилась.`,
    },
    button: { en: 'Open the campaign', ru: 'Открыть кампанию' },
  },
  dailyCapReached: {
    group: 'ADVERTISER',
    label: 'Daily cap reached',
    text: {
      en: (p) => `⏸ “${p.campaign}” reached its daily cap of ${p.cap} conversions; it resumes tomorrow (UTC).`,
      ru: (p) => `⏸ «${p.campaign}» набрала дневной лимит ${p.cap} конверсий; продолжит завтра (UTC).`,
    },
    button: { en: 'Open the campaign', ru: 'Открыть кампанию' },
  },
  topUpConfirmed: {
    group: 'ADVERTISER',
    label: 'Top-up confirmed',
    text: {
      en: (p) => `💰 Your top-up of ${p.amount} $ is confirmed.`,
      ru: (p) => `💰 Пополнение на ${p.amount} $ подтверждено.`,
    },
    button: open,
  },
  withdrawalApproved: {
    group: 'PUBLISHER',
    label: 'Withdrawal approved',
    text: {
      en: (p) => `👍 Your withdrawal of ${p.amount} $ was approved; it is sent in USDT on TON shortly.`,
      ru: (p) => `👍 Вывод ${p.amount} $ одобрен; скоро он будет отправлен в USDT на TON.`,
    },
    button: { en: 'Open the withdrawal', ru: 'Открыть вывод' },
  },
  withdrawalSent: {
    group: 'PUBLISHER',
    label: 'Withdrawal sent',
    text: {
      en: (p) => `📤 Your withdrawal of ${p.amount} $ was sent to ${p.address}; waiting for the chain to confirm.`,
      ru: (p) => `📤 Вывод ${p.amount} $ отправлен на ${p.address}; ждём подтверждения сети.`,
    },
    button: { en: 'Open the withdrawal', ru: 'Открыть вывод' },
  },
  withdrawalConfirmed: {
    group: 'PUBLISHER',
    label: 'Withdrawal confirmed',
    text: {
      en: (p) => `✅ Your withdrawal of ${p.amount} $ arrived: ${p.amount} USDT are in your wallet.`,
      ru: (p) => `✅ Вывод ${p.amount} $ зачислен: ${p.amount} USDT на вашем кошельке.`,
    },
    button: { en: 'Open the withdrawal', ru: 'Открыть вывод' },
  },
  withdrawalFailed: {
    group: 'PUBLISHER',
    label: 'Withdrawal failed',
    email: true,
    // `rejected`: finance turned it down before it was sent; otherwise the chain refused its transfer.
    subject: (p) => `Your withdrawal #${p.id} was ${p.rejected ? 'rejected' : 'not paid'}`,
    text: {
      en: (p) =>
        `❌ Your withdrawal of ${p.amount} $ ${p.rejected ? 'was rejected' : 'failed'}: ${p.reason}. The amount is back in your balance.`,
      ru: (p) =>
        `❌ Вывод ${p.amount} $ ${p.rejected ? 'отклонён' : 'не прошёл'}: ${p.reason}. Сумма вернулась на баланс.`,
    },
    button: { en: 'Open the withdrawal', ru: 'Открыть вывод' },
  },
  appPaused: {
    group: 'PUBLISHER',
    label: 'App paused by the quality floor',
    text: {
      en: (p) => `⏸ “${p.app}” was paused: its quality ${p.score} fell under the floor of ${p.floor}.`,
      ru: (p) => `⏸ «${p.app}» приостановлено: качество ${p.score} ниже порога ${p.floor}.`,
    },
    button: { en: 'Open the app', ru: 'Открыть приложение' },
  },
  appResumed: {
    group: 'PUBLISHER',
    label: 'App’s pause lifted',
    text: {
      en: (p) => `▶️ Paid campaigns show in “${p.app}” again: its pause under the quality floor ended.`,
      ru: (p) => `▶️ Платные кампании снова показываются в «${p.app}»: пауза по порогу качества снята.`,
    },
    button: { en: 'Open the app', ru: 'Открыть приложение' },
  },
  firstConversion: {
    group: 'PUBLISHER',
    label: 'An app’s first conversion',
    text: {
      en: (p) => `🎉 “${p.app}” earned its first conversion.`,
      ru: (p) => `🎉 «${p.app}» получило первую конверсию.`,
    },
    button: { en: 'Open the app', ru: 'Открыть приложение' },
  },
  offerReceived: {
    group: 'EXCHANGE',
    label: 'New exchange offer',
    text: {
      en: (p) => `🤝 New exchange offer from ${p.from}: ${p.count} users each way.`,
      ru: (p) => `🤝 Новое предложение обмена от ${p.from}: по ${p.count} пользователей.`,
    },
    button: { en: 'Open the offers', ru: 'Открыть предложения' },
  },
  offerAccepted: {
    group: 'EXCHANGE',
    label: 'Offer accepted',
    text: {
      en: (p) => `✅ ${p.by} accepted your exchange offer: the swap has started.`,
      ru: (p) => `✅ ${p.by} принял ваше предложение обмена: обмен начался.`,
    },
    button: { en: 'Open the swaps', ru: 'Открыть обмены' },
  },
  offerDeclined: {
    group: 'EXCHANGE',
    label: 'Offer declined',
    text: {
      en: (p) => `❌ ${p.by} declined your exchange offer.`,
      ru: (p) => `❌ ${p.by} отклонил ваше предложение обмена.`,
    },
    button: { en: 'Open the offers', ru: 'Открыть предложения' },
  },
  swapFinished: {
    group: 'EXCHANGE',
    label: 'Swap finished',
    text: {
      en: (p) => `🏁 Your swap with ${p.with} is finished.`,
      ru: (p) => `🏁 Обмен с ${p.with} завершён.`,
    },
    button: { en: 'Open the swaps', ru: 'Открыть обмены' },
  },
  queueWaiting: {
    group: 'MODERATION',
    label: 'Moderation queue waiting',
    text: {
      en: (p) => `🕑 ${p.count} item(s) in the moderation queue, the oldest waiting ${p.minutes} min.`,
      ru: (p) => `🕑 В очереди модерации ${p.count}, старейшее ждёт ${p.minutes} мин.`,
    },
    button: { en: 'Open the queue', ru: 'Открыть очередь' },
  },
  payoutLimitReached: {
    group: 'FINANCE',
    label: 'Payout limit reached',
    email: true,
    subject: () => 'Payouts wait: a payout limit is reached',
    text: {
      en: (p) => `⏸️ ${p.message}`,
      ru: (p) =>
        `⏸️ Выплаты ждут: достигнут лимит (${p.limit}). ${p.count} одобренных выводов на ${p.amount} $ ждут по очереди; финансист может снять лимиты до конца дня.`,
    },
    button: { en: 'Open Finance', ru: 'Открыть «Финансы»' },
  },
} satisfies Record<string, TypeDef>;

export type NotificationType = keyof typeof NOTIFICATION_TYPES;
export const NOTIFICATION_TYPE_NAMES = Object.keys(NOTIFICATION_TYPES) as NotificationType[];

export function isNotificationType(value: string): value is NotificationType {
  return Object.hasOwn(NOTIFICATION_TYPES, value);
}

/** The message's language: one of the nine for a language code of one of them, else English. */
export const messageLanguage = languageOf;

/**
 * Parameters the product writes itself (figures, the payee's address, the account's own e-mail
 * and linked Telegram username): shown as they are. Every other one is somebody's text (a
 * campaign's, an app's or a partner's name, a reason) and is shown without links: withoutLinks.
 */
const OWN_PARAMS = new Set([
  'amount',
  'left',
  'budget',
  'cap',
  'count',
  'minutes',
  'score',
  'floor',
  'id',
  'address',
  'account',
  'email',
  'wallet',
  'ip',
  'method',
]);

/**
 * Where a message's text holds the dashboard's address: replaced when it is sent (the text is
 * written before, in the transaction of what happened).
 */
export const APP_URL_MARK = '{app}';

/** The seven languages written in translations.ts; English and Russian live beside each type here. */
function moreOf(language: Language) {
  return language === 'en' || language === 'ru' ? undefined : TRANSLATIONS[language];
}

/** The "This was not me" line every security notice ends with (its one-time link). */
export function notMeLine(language: Language, token: string): string {
  const link = `${APP_URL_MARK}/not-me#${token}`;
  if (language === 'en')
    return `This was not you? Open ${link} to end every session of the account and stop its withdrawals.`;
  const more = moreOf(language);
  if (more) return more.notMe(link);
  return `Это были не вы? Откройте ${link}, чтобы завершить все сеансы аккаунта и остановить выводы.`;
}

/**
 * The message in `language`, and the mail's subject: English has its own subjects; the other
 * languages take the message's first words (the subject in the reader's language).
 */
export function renderMessage(type: NotificationType, params: Params, language: Language) {
  const def: TypeDef = NOTIFICATION_TYPES[type];
  const shown = Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' && !OWN_PARAMS.has(k) ? withoutLinks(v) : v]),
  );
  // A withdrawal the chain did not pay: its reason in the reader's language.
  const chain = chainReason(language, params);
  if (chain) shown.reason = chain;
  const more = moreOf(language);
  const text = more ? more.text[type](shown) : def.text[language as 'en' | 'ru'](shown);
  // Up to the first colon or full stop (not the decimal point of an amount).
  const words = text.replace(/^\P{L}+/u, '').split(/:|\.(?:\s|$)/)[0];
  const subject = language === 'en' ? def.subject?.(shown) : undefined;
  return { text, subject: subject ?? (words.length > 90 ? `${words.slice(0, 87)}…` : words) };
}

export function buttonLabel(type: NotificationType, language: Language): string {
  const button = (NOTIFICATION_TYPES[type] as TypeDef).button;
  return moreOf(language)?.buttons[button.en] ?? button[language as 'en' | 'ru'];
}

/** The bot's answers in `language`. */
export function botText(language: Language): BotText {
  return moreOf(language)?.bot ?? BOT_TEXT[language as 'en' | 'ru'];
}

/** What the bot answers to its commands and to links, in the chat's language. */
export const BOT_TEXT = {
  en: {
    welcome:
      'This is the Taskgram Ads system bot. Link it from the dashboard (Notifications → Link Telegram) to get campaign, payout and exchange news here.',
    linked: (name: string) =>
      `Linked to ${name}. You will get notifications here; /settings chooses which, /stop turns them off.`,
    expired: 'This link has expired or was already used. Open the dashboard and press “Link Telegram” again.',
    taken: 'This Telegram account is already linked to another dashboard account. Unlink it there first.',
    notLinked: 'This chat is not linked to a dashboard account yet. Link it from the Notifications page.',
    settings: 'Choose which notifications you get on the Notifications page of the dashboard.',
    stopped: 'Notifications are off and this chat is unlinked. Link again from the dashboard to turn them back on.',
    openDashboard: 'Open the dashboard',
    openSettings: 'Notification settings',
  },
  ru: {
    welcome:
      'Это системный бот Taskgram Ads. Привяжите его в кабинете (Уведомления → Привязать Telegram), чтобы получать здесь новости кампаний, выплат и обменов.',
    linked: (name: string) =>
      `Привязано к ${name}. Уведомления будут приходить сюда; /settings — выбрать какие, /stop — выключить.`,
    expired: 'Ссылка устарела или уже использована. Откройте кабинет и нажмите «Привязать Telegram» ещё раз.',
    taken: 'Этот Telegram уже привязан к другому аккаунту кабинета. Сначала отвяжите его там.',
    notLinked: 'Этот чат ещё не привязан к аккаунту. Привяжите его на странице «Уведомления».',
    settings: 'Выберите, какие уведомления получать, на странице «Уведомления» в кабинете.',
    stopped: 'Уведомления выключены, чат отвязан. Привяжите снова в кабинете, чтобы включить.',
    openDashboard: 'Открыть кабинет',
    openSettings: 'Настройки уведомлений',
  },
} as const;
