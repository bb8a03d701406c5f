import type { MessageTranslation } from '../translations.ts';

/** The notifications in Persian. */
export const fa: MessageTranslation = {
  text: {
    telegramLinked: (p) =>
      `🔐 حساب تلگرام ${p.account} به حساب Taskgram Ads شما (${p.email}) متصل شد: می‌تواند وارد آن شود و اعلان‌هایش را می‌گیرد. اگر شما نبودید، در صفحهٔ اعلان‌ها اتصالش را قطع و رمز عبورتان را عوض کنید.`,
    secondFactorAdded: (p) =>
      `🔐 ${p.factor} به‌عنوان عامل دوم به حساب Taskgram Ads شما (${p.email}) افزوده شد. اگر شما نبودید، رمز عبورتان را عوض و آن را در صفحهٔ امنیت حذف کنید.`,
    secondFactorRemoved: (p) =>
      `🔐 ${p.factor} از عامل‌های دوم حساب Taskgram Ads شما (${p.email}) حذف شد. اگر شما نبودید، بی‌درنگ رمز عبورتان را عوض کنید.`,
    telegramUnlinked: (p) =>
      `🔐 اتصال حساب تلگرام ${p.account} از حساب Taskgram Ads شما (${p.email}) قطع شد: دیگر وارد نمی‌شود و اعلانی نمی‌گیرد. اگر شما نبودید، رمز عبورتان را عوض کنید.`,
    signInNew: (p) =>
      `🔐 از دستگاه یا نشانی‌ای که پیش‌تر استفاده نشده بود به حساب Taskgram Ads شما (${p.email}) وارد شدند: ${p.device}، نشانی ${p.ip}، با ${p.method}. اگر خودتان بودید، کاری لازم نیست.`,
    passwordChanged: (p) => `🔐 رمز عبور حساب Taskgram Ads شما (${p.email}) تغییر کرد و نشست‌های دیگر آن پایان یافتند.`,
    emailChanged: (p) =>
      `🔐 ایمیل حساب Taskgram Ads شما از ${p.email} به ${p.newEmail} تغییر کرد: نامه‌ها و ورود اکنون به نشانی تازه می‌روند.`,
    withdrawalRequested: (p) =>
      `🔐 برداشت ${p.amount} $ به ${p.wallet} از حساب Taskgram Ads شما (${p.email}) درخواست شد.${p.newAddress ? ' این نشانی تازه است: پیش‌تر به آن پرداختی نشده است.' : ''}${p.heldUntil ? ` تا ${p.heldUntil} نگه داشته می‌شود: اگر شما نبودید، پیش از آن خبر دهید.` : ''}`,
    campaignApproved: (p) => `✅ کمپین «${p.campaign}» شما تأیید شد و در حال اجراست.`,
    campaignRejected: (p) => `❌ کمپین «${p.campaign}» شما رد شد: ${p.reason}`,
    budgetLow: (p) =>
      `⚠️ از بودجهٔ ${p.budget} $ «${p.campaign}» فقط ${p.left} $ مانده است. برای ادامهٔ خرید آن را افزایش دهید.`,
    budgetExhausted: (p) => `⛔ «${p.campaign}» بودجهٔ ${p.budget} $ خود را خرج کرد و خرید را متوقف کرد.`,
    dailyCapReached: (p) => `⏸ «${p.campaign}» به سقف روزانهٔ ${p.cap} تبدیل رسید؛ فردا (UTC) ادامه می‌دهد.`,
    topUpConfirmed: (p) => `💰 افزایش موجودی ${p.amount} $ شما تأیید شد.`,
    withdrawalApproved: (p) => `👍 برداشت ${p.amount} $ شما تأیید شد؛ به‌زودی به‌صورت USDT روی TON فرستاده می‌شود.`,
    withdrawalSent: (p) => `📤 برداشت ${p.amount} $ شما به ${p.address} فرستاده شد؛ در انتظار تأیید شبکه.`,
    withdrawalConfirmed: (p) => `✅ برداشت ${p.amount} $ شما رسید: ${p.amount} USDT در کیف پول شماست.`,
    withdrawalFailed: (p) =>
      `❌ برداشت ${p.amount} $ شما ${p.rejected ? 'رد شد' : 'ناموفق بود'}: ${p.reason}. مبلغ به موجودی شما بازگشت.`,
    appPaused: (p) => `⏸ «${p.app}» متوقف شد: کیفیت آن ${p.score} زیر کف ${p.floor} رفت.`,
    appResumed: (p) => `▶️ کمپین‌های پولی دوباره در «${p.app}» نمایش داده می‌شوند: توقف به‌خاطر کف کیفیت پایان یافت.`,
    firstConversion: (p) => `🎉 «${p.app}» نخستین تبدیل خود را گرفت.`,
    offerReceived: (p) => `🤝 پیشنهاد مبادلهٔ تازه از ${p.from}: ${p.count} کاربر در هر سو.`,
    offerAccepted: (p) => `✅ ${p.by} پیشنهاد مبادلهٔ شما را پذیرفت: مبادله آغاز شد.`,
    offerDeclined: (p) => `❌ ${p.by} پیشنهاد مبادلهٔ شما را رد کرد.`,
    swapFinished: (p) => `🏁 مبادلهٔ شما با ${p.with} پایان یافت.`,
    queueWaiting: (p) => `🕑 ${p.count} مورد در صف بررسی است؛ قدیمی‌ترین ${p.minutes} دقیقه است که منتظر است.`,
    payoutLimitReached: (p) =>
      `⏸️ پرداخت‌ها منتظرند: به یک سقف رسیده‌اند (${p.limit}). ${p.count} برداشت تأییدشده به مبلغ ${p.amount} $ در نوبت‌اند؛ امور مالی می‌تواند سقف‌ها را تا پایان روز بردارد.`,
  },
  buttons: {
    Open: 'باز کردن',
    'Open the notifications': 'باز کردن اعلان‌ها',
    'Open Security': 'باز کردن امنیت',
    'Open the sessions': 'باز کردن نشست‌ها',
    'Open the dashboard': 'باز کردن داشبورد',
    'Open the withdrawals': 'باز کردن برداشت‌ها',
    'Open the campaign': 'باز کردن کمپین',
    'Open the withdrawal': 'باز کردن برداشت',
    'Open the app': 'باز کردن برنامه',
    'Open the offers': 'باز کردن پیشنهادها',
    'Open the swaps': 'باز کردن مبادله‌ها',
    'Open the queue': 'باز کردن صف',
    'Open Finance': 'باز کردن امور مالی',
  },
  notMe: (link) => `شما نبودید؟ ${link} را باز کنید تا همهٔ نشست‌های حساب پایان یابد و برداشت‌هایش متوقف شود.`,
  bot: {
    welcome:
      'این ربات سیستمی Taskgram Ads است. آن را از داشبورد متصل کنید (اعلان‌ها ← اتصال تلگرام) تا خبرهای کمپین، پرداخت و مبادله را اینجا بگیرید.',
    linked: (name) => `به ${name} متصل شد. اعلان‌ها اینجا می‌آیند؛ ‎/settings انتخاب می‌کند کدام‌ها، ‎/stop خاموششان می‌کند.`,
    expired: 'این پیوند منقضی شده یا قبلاً استفاده شده است. داشبورد را باز کنید و دوباره «اتصال تلگرام» را بزنید.',
    taken: 'این حساب تلگرام از قبل به حساب دیگری در داشبورد متصل است. ابتدا اتصالش را آنجا قطع کنید.',
    notLinked: 'این گفتگو هنوز به حسابی در داشبورد متصل نیست. آن را از صفحهٔ اعلان‌ها متصل کنید.',
    settings: 'در صفحهٔ اعلان‌های داشبورد انتخاب کنید کدام اعلان‌ها را بگیرید.',
    stopped: 'اعلان‌ها خاموش‌اند و اتصال این گفتگو قطع شد. برای روشن کردن دوباره، از داشبورد متصلش کنید.',
    openDashboard: 'باز کردن داشبورد',
    openSettings: 'تنظیمات اعلان',
  },
};
