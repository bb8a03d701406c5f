import type { MessageTranslation } from '../translations.ts';

/** The notifications in Ukrainian. */
export const uk: MessageTranslation = {
  text: {
    telegramLinked: (p) =>
      `🔐 Telegram-акаунт ${p.account} прив’язано до вашого акаунта Taskgram Ads (${p.email}): він може входити в нього й отримувати сповіщення. Якщо це були не ви, відв’яжіть його на сторінці «Сповіщення» і змініть пароль.`,
    secondFactorAdded: (p) =>
      `🔐 ${p.factor} додано як другий фактор вашого акаунта Taskgram Ads (${p.email}). Якщо це були не ви, змініть пароль і видаліть його на сторінці «Безпека».`,
    secondFactorRemoved: (p) =>
      `🔐 ${p.factor} видалено з других факторів вашого акаунта Taskgram Ads (${p.email}). Якщо це були не ви, негайно змініть пароль.`,
    telegramUnlinked: (p) =>
      `🔐 Telegram-акаунт ${p.account} відв’язано від вашого акаунта Taskgram Ads (${p.email}): він більше не входить і не отримує сповіщень. Якщо це були не ви, змініть пароль.`,
    signInNew: (p) =>
      `🔐 У ваш акаунт Taskgram Ads (${p.email}) увійшли з нового пристрою чи адреси: ${p.device}, адреса ${p.ip}, спосіб: ${p.method}. Якщо це були ви, нічого робити не треба.`,
    passwordChanged: (p) => `🔐 Пароль вашого акаунта Taskgram Ads (${p.email}) змінено, інші його сеанси завершено.`,
    emailChanged: (p) =>
      `🔐 E-mail вашого акаунта Taskgram Ads змінено з ${p.email} на ${p.newEmail}: листи й вхід тепер ідуть на нову адресу.`,
    withdrawalRequested: (p) =>
      `🔐 З вашого акаунта Taskgram Ads (${p.email}) запитано виведення ${p.amount} $ на ${p.wallet}.${p.newAddress ? ' Це нова адреса: на неї акаунту ще не платили.' : ''}${p.heldUntil ? ` Виведення затримано до ${p.heldUntil}: якщо це були не ви, повідомте до цього часу.` : ''}`,
    campaignApproved: (p) => `✅ Кампанію «${p.campaign}» схвалено й запущено.`,
    campaignRejected: (p) => `❌ Кампанію «${p.campaign}» відхилено: ${p.reason}`,
    budgetLow: (p) =>
      `⚠️ У «${p.campaign}» залишилося ${p.left} $ із бюджету ${p.budget} $. Поповніть, щоб закупівля не зупинилася.`,
    budgetExhausted: (p) => `⛔ «${p.campaign}» витратила бюджет ${p.budget} $ і зупинилася.`,
    dailyCapReached: (p) => `⏸ «${p.campaign}» досягла денного ліміту ${p.cap} конверсій; продовжить завтра (UTC).`,
    topUpConfirmed: (p) => `💰 Поповнення на ${p.amount} $ підтверджено.`,
    withdrawalApproved: (p) => `👍 Виведення ${p.amount} $ схвалено; незабаром його буде надіслано в USDT на TON.`,
    withdrawalSent: (p) => `📤 Виведення ${p.amount} $ надіслано на ${p.address}; чекаємо підтвердження мережі.`,
    withdrawalConfirmed: (p) => `✅ Виведення ${p.amount} $ зараховано: ${p.amount} USDT на вашому гаманці.`,
    withdrawalFailed: (p) =>
      `❌ Виведення ${p.amount} $ ${p.rejected ? 'відхилено' : 'не пройшло'}: ${p.reason}. Сума повернулася на баланс.`,
    appPaused: (p) => `⏸ «${p.app}» призупинено: якість ${p.score} нижча за поріг ${p.floor}.`,
    appResumed: (p) => `▶️ Платні кампанії знову показуються в «${p.app}»: паузу за порогом якості знято.`,
    firstConversion: (p) => `🎉 «${p.app}» отримав першу конверсію.`,
    offerReceived: (p) => `🤝 Нова пропозиція обміну від ${p.from}: по ${p.count} користувачів.`,
    offerAccepted: (p) => `✅ ${p.by} прийняв вашу пропозицію обміну: обмін почався.`,
    offerDeclined: (p) => `❌ ${p.by} відхилив вашу пропозицію обміну.`,
    swapFinished: (p) => `🏁 Обмін із ${p.with} завершено.`,
    queueWaiting: (p) => `🕑 У черзі модерації ${p.count}, найстаріше чекає ${p.minutes} хв.`,
    payoutLimitReached: (p) =>
      `⏸️ Виплати чекають: досягнуто ліміту (${p.limit}). ${p.count} схвалених виведень на ${p.amount} $ чекають у черзі; фінансист може зняти ліміти до кінця дня.`,
  },
  buttons: {
    Open: 'Відкрити',
    'Open the notifications': 'Відкрити сповіщення',
    'Open Security': 'Відкрити «Безпеку»',
    'Open the sessions': 'Відкрити сеанси',
    'Open the dashboard': 'Відкрити кабінет',
    'Open the withdrawals': 'Відкрити виведення',
    'Open the campaign': 'Відкрити кампанію',
    'Open the withdrawal': 'Відкрити виведення',
    'Open the app': 'Відкрити застосунок',
    'Open the offers': 'Відкрити пропозиції',
    'Open the swaps': 'Відкрити обміни',
    'Open the queue': 'Відкрити чергу',
    'Open Finance': 'Відкрити «Фінанси»',
  },
  notMe: (link) => `Це були не ви? Відкрийте ${link}, щоб завершити всі сеанси акаунта й зупинити виведення.`,
  bot: {
    welcome:
      'Це системний бот Taskgram Ads. Прив’яжіть його в кабінеті (Сповіщення → Прив’язати Telegram), щоб отримувати тут новини кампаній, виплат і обмінів.',
    linked: (name) =>
      `Прив’язано до ${name}. Сповіщення надходитимуть сюди; /settings — вибрати які, /stop — вимкнути.`,
    expired: 'Посилання застаріло або вже використане. Відкрийте кабінет і натисніть «Прив’язати Telegram» ще раз.',
    taken: 'Цей Telegram уже прив’язано до іншого акаунта кабінету. Спершу відв’яжіть його там.',
    notLinked: 'Цей чат ще не прив’язано до акаунта. Прив’яжіть його на сторінці «Сповіщення».',
    settings: 'Виберіть, які сповіщення отримувати, на сторінці «Сповіщення» в кабінеті.',
    stopped: 'Сповіщення вимкнено, чат відв’язано. Прив’яжіть знову в кабінеті, щоб увімкнути.',
    openDashboard: 'Відкрити кабінет',
    openSettings: 'Налаштування сповіщень',
  },
};
