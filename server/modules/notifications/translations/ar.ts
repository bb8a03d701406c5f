import type { MessageTranslation } from '../translations.ts';

/** The notifications in Arabic. */
export const ar: MessageTranslation = {
  text: {
    telegramLinked: (p) =>
      `🔐 رُبط حساب تيليجرام ${p.account} بحسابك في Taskgram Ads ‏(${p.email}): يمكنه تسجيل الدخول إليه ويتلقى إشعاراته. إن لم تكن أنت، فافصله في صفحة الإشعارات وغيّر كلمة مرورك.`,
    secondFactorAdded: (p) =>
      `🔐 أُضيف ${p.factor} عاملًا ثانيًا لحسابك في Taskgram Ads ‏(${p.email}). إن لم تكن أنت، فغيّر كلمة مرورك واحذفه من صفحة الأمان.`,
    secondFactorRemoved: (p) =>
      `🔐 أُزيل ${p.factor} من العوامل الثانية لحسابك في Taskgram Ads ‏(${p.email}). إن لم تكن أنت، فغيّر كلمة مرورك فورًا.`,
    telegramUnlinked: (p) =>
      `🔐 فُصل حساب تيليجرام ${p.account} عن حسابك في Taskgram Ads ‏(${p.email}): لم يعد يسجّل الدخول أو يتلقى الإشعارات. إن لم تكن أنت، فغيّر كلمة مرورك.`,
    signInNew: (p) =>
      `🔐 سُجّل الدخول إلى حسابك في Taskgram Ads ‏(${p.email}) من جهاز أو عنوان لم يُستخدم من قبل: ${p.device}، العنوان ${p.ip}، عبر ${p.method}. إن كنت أنت، فلا شيء عليك.`,
    passwordChanged: (p) => `🔐 غُيّرت كلمة مرور حسابك في Taskgram Ads ‏(${p.email})، وأُنهيت جلساته الأخرى.`,
    emailChanged: (p) =>
      `🔐 تغيّر البريد الإلكتروني لحسابك في Taskgram Ads من ${p.email} إلى ${p.newEmail}: صارت الرسائل وتسجيل الدخول إلى العنوان الجديد.`,
    withdrawalRequested: (p) =>
      `🔐 طُلب سحب ${p.amount} $ إلى ${p.wallet} من حسابك في Taskgram Ads ‏(${p.email}).${p.newAddress ? ' هذا العنوان جديد: لم يُدفع للحساب عليه من قبل.' : ''}${p.heldUntil ? ` وهو محتجز حتى ${p.heldUntil}: إن لم تكن أنت، فأبلغ قبل ذلك.` : ''}`,
    campaignApproved: (p) => `✅ تمت الموافقة على حملتك «${p.campaign}» وهي تعمل الآن.`,
    campaignRejected: (p) => `❌ رُفضت حملتك «${p.campaign}»: ${p.reason}`,
    budgetLow: (p) =>
      `⚠️ تبقّى لـ «${p.campaign}» ‏${p.left} $ من ميزانيتها البالغة ${p.budget} $. اشحنها لمواصلة الشراء.`,
    budgetExhausted: (p) => `⛔ أنفقت «${p.campaign}» ميزانيتها البالغة ${p.budget} $ وتوقفت عن الشراء.`,
    dailyCapReached: (p) => `⏸ بلغت «${p.campaign}» حدها اليومي البالغ ${p.cap} تحويلًا؛ وتستأنف غدًا (UTC).`,
    topUpConfirmed: (p) => `💰 تم تأكيد شحن رصيدك بمبلغ ${p.amount} $.`,
    withdrawalApproved: (p) => `👍 تمت الموافقة على سحبك البالغ ${p.amount} $؛ يُرسل قريبًا بعملة USDT على TON.`,
    withdrawalSent: (p) => `📤 أُرسل سحبك البالغ ${p.amount} $ إلى ${p.address}؛ بانتظار تأكيد الشبكة.`,
    withdrawalConfirmed: (p) => `✅ وصل سحبك البالغ ${p.amount} $: ‏${p.amount} USDT في محفظتك.`,
    withdrawalFailed: (p) =>
      `❌ ${p.rejected ? 'رُفض' : 'فشل'} سحبك البالغ ${p.amount} $: ${p.reason}. عاد المبلغ إلى رصيدك.`,
    appPaused: (p) => `⏸ أُوقف «${p.app}» مؤقتًا: انخفضت جودته ${p.score} عن الحد الأدنى ${p.floor}.`,
    appResumed: (p) => `▶️ تظهر الحملات المدفوعة في «${p.app}» من جديد: انتهى إيقافه بسبب الحد الأدنى للجودة.`,
    firstConversion: (p) => `🎉 حقق «${p.app}» أول تحويل له.`,
    offerReceived: (p) => `🤝 عرض تبادل جديد من ${p.from}: ${p.count} مستخدم في كل اتجاه.`,
    offerAccepted: (p) => `✅ قبل ${p.by} عرض التبادل الخاص بك: بدأ التبادل.`,
    offerDeclined: (p) => `❌ رفض ${p.by} عرض التبادل الخاص بك.`,
    swapFinished: (p) => `🏁 انتهى تبادلك مع ${p.with}.`,
    queueWaiting: (p) => `🕑 ${p.count} عنصر في طابور الإشراف، وأقدمها ينتظر منذ ${p.minutes} دقيقة.`,
    payoutLimitReached: (p) =>
      `⏸️ المدفوعات تنتظر: تم بلوغ حد (${p.limit}). ${p.count} عملية سحب موافق عليها بمجموع ${p.amount} $ تنتظر دورها؛ ويمكن للمالية رفع الحدود حتى نهاية اليوم.`,
  },
  buttons: {
    Open: 'فتح',
    'Open the notifications': 'فتح الإشعارات',
    'Open Security': 'فتح الأمان',
    'Open the sessions': 'فتح الجلسات',
    'Open the dashboard': 'فتح لوحة التحكم',
    'Open the withdrawals': 'فتح عمليات السحب',
    'Open the campaign': 'فتح الحملة',
    'Open the withdrawal': 'فتح السحب',
    'Open the app': 'فتح التطبيق',
    'Open the offers': 'فتح العروض',
    'Open the swaps': 'فتح التبادلات',
    'Open the queue': 'فتح الطابور',
    'Open Finance': 'فتح المالية',
  },
  notMe: (link) => `لم تكن أنت؟ افتح ${link} لإنهاء كل جلسات الحساب وإيقاف عمليات السحب منه.`,
  bot: {
    welcome:
      'هذا بوت النظام في Taskgram Ads. اربطه من لوحة التحكم (الإشعارات ← ربط تيليجرام) لتتلقى هنا أخبار الحملات والمدفوعات والتبادلات.',
    linked: (name) => `تم الربط بـ ${name}. ستصلك الإشعارات هنا؛ ‎/settings لاختيارها، و‎/stop لإيقافها.`,
    expired: 'انتهت صلاحية هذا الرابط أو استُخدم من قبل. افتح لوحة التحكم واضغط «ربط تيليجرام» مرة أخرى.',
    taken: 'حساب تيليجرام هذا مرتبط بالفعل بحساب آخر في لوحة التحكم. افصله هناك أولًا.',
    notLinked: 'هذه الدردشة غير مرتبطة بحساب في لوحة التحكم بعد. اربطها من صفحة الإشعارات.',
    settings: 'اختر الإشعارات التي تتلقاها من صفحة الإشعارات في لوحة التحكم.',
    stopped: 'الإشعارات متوقفة وفُصلت هذه الدردشة. اربطها من جديد من لوحة التحكم لتشغيلها.',
    openDashboard: 'فتح لوحة التحكم',
    openSettings: 'إعدادات الإشعارات',
  },
};
