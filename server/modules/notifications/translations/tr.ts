import type { MessageTranslation } from '../translations.ts';

/** The notifications in Turkish. */
export const tr: MessageTranslation = {
  text: {
    telegramLinked: (p) =>
      `🔐 ${p.account} Telegram hesabı Taskgram Ads hesabınıza (${p.email}) bağlandı: hesaba giriş yapabilir ve bildirimlerini alır. Bu siz değilseniz Bildirimler sayfasında bağlantısını kaldırın ve parolanızı değiştirin.`,
    secondFactorAdded: (p) =>
      `🔐 ${p.factor}, Taskgram Ads hesabınıza (${p.email}) ikinci faktör olarak eklendi. Bu siz değilseniz parolanızı değiştirin ve Güvenlik sayfasından kaldırın.`,
    secondFactorRemoved: (p) =>
      `🔐 ${p.factor}, Taskgram Ads hesabınızın (${p.email}) ikinci faktörlerinden kaldırıldı. Bu siz değilseniz parolanızı hemen değiştirin.`,
    telegramUnlinked: (p) =>
      `🔐 ${p.account} Telegram hesabının Taskgram Ads hesabınızla (${p.email}) bağlantısı kaldırıldı: artık giriş yapmaz ve bildirim almaz. Bu siz değilseniz parolanızı değiştirin.`,
    signInNew: (p) =>
      `🔐 Taskgram Ads hesabınıza (${p.email}) daha önce kullanılmamış bir cihaz veya adresten giriş yapıldı: ${p.device}, adres ${p.ip}, ${p.method} ile. Bu sizseniz yapılacak bir şey yok.`,
    passwordChanged: (p) =>
      `🔐 Taskgram Ads hesabınızın (${p.email}) parolası değiştirildi ve diğer oturumları kapatıldı.`,
    emailChanged: (p) =>
      `🔐 Taskgram Ads hesabınızın e-postası ${p.email} adresinden ${p.newEmail} adresine değiştirildi: e-postalar ve giriş artık yeni adrese gidiyor.`,
    withdrawalRequested: (p) =>
      `🔐 Taskgram Ads hesabınızdan (${p.email}) ${p.wallet} adresine ${p.amount} $ çekim talep edildi.${p.newAddress ? ' Bu adres yeni: hesaba bu adreste daha önce ödeme yapılmadı.' : ''}${p.heldUntil ? ` ${p.heldUntil} tarihine kadar bekletiliyor: bu siz değilseniz o zamana kadar bildirin.` : ''}`,
    campaignApproved: (p) => `✅ “${p.campaign}” kampanyanız onaylandı ve yayında.`,
    campaignRejected: (p) => `❌ “${p.campaign}” kampanyanız reddedildi: ${p.reason}`,
    budgetLow: (p) =>
      `⚠️ “${p.campaign}” kampanyasının ${p.budget} $ bütçesinden ${p.left} $ kaldı. Satın almaya devam etmek için yükleyin.`,
    budgetExhausted: (p) => `⛔ “${p.campaign}” ${p.budget} $ bütçesini harcadı ve satın almayı durdurdu.`,
    dailyCapReached: (p) => `⏸ “${p.campaign}” günlük ${p.cap} dönüşüm limitine ulaştı; yarın (UTC) devam eder.`,
    topUpConfirmed: (p) => `💰 ${p.amount} $ bakiye yüklemeniz onaylandı.`,
    withdrawalApproved: (p) =>
      `👍 ${p.amount} $ çekiminiz onaylandı; kısa süre içinde TON üzerinde USDT olarak gönderilir.`,
    withdrawalSent: (p) => `📤 ${p.amount} $ çekiminiz ${p.address} adresine gönderildi; ağın onayı bekleniyor.`,
    withdrawalConfirmed: (p) => `✅ ${p.amount} $ çekiminiz ulaştı: ${p.amount} USDT cüzdanınızda.`,
    withdrawalFailed: (p) =>
      `❌ ${p.amount} $ çekiminiz ${p.rejected ? 'reddedildi' : 'başarısız oldu'}: ${p.reason}. Tutar bakiyenize geri döndü.`,
    appPaused: (p) => `⏸ “${p.app}” duraklatıldı: kalitesi ${p.score}, ${p.floor} alt sınırının altına düştü.`,
    appResumed: (p) =>
      `▶️ Ücretli kampanyalar “${p.app}” içinde yeniden gösteriliyor: kalite alt sınırı nedeniyle duraklatma sona erdi.`,
    firstConversion: (p) => `🎉 “${p.app}” ilk dönüşümünü kazandı.`,
    offerReceived: (p) => `🤝 ${p.from} kullanıcısından yeni takas teklifi: her yöne ${p.count} kullanıcı.`,
    offerAccepted: (p) => `✅ ${p.by} takas teklifinizi kabul etti: takas başladı.`,
    offerDeclined: (p) => `❌ ${p.by} takas teklifinizi reddetti.`,
    swapFinished: (p) => `🏁 ${p.with} ile takasınız bitti.`,
    queueWaiting: (p) => `🕑 Moderasyon kuyruğunda ${p.count} öğe var, en eskisi ${p.minutes} dakikadır bekliyor.`,
    payoutLimitReached: (p) =>
      `⏸️ Ödemeler bekliyor: bir limite ulaşıldı (${p.limit}). Toplam ${p.amount} $ tutarında ${p.count} onaylı çekim sırasını bekliyor; finans, limitleri gün sonuna kadar kaldırabilir.`,
  },
  buttons: {
    Open: 'Aç',
    'Open the notifications': 'Bildirimleri aç',
    'Open Security': 'Güvenlik’i aç',
    'Open the sessions': 'Oturumları aç',
    'Open the dashboard': 'Paneli aç',
    'Open the withdrawals': 'Para çekmeleri aç',
    'Open the campaign': 'Kampanyayı aç',
    'Open the withdrawal': 'Çekimi aç',
    'Open the app': 'Uygulamayı aç',
    'Open the offers': 'Teklifleri aç',
    'Open the swaps': 'Takasları aç',
    'Open the queue': 'Kuyruğu aç',
    'Open Finance': 'Finans’ı aç',
  },
  notMe: (link) =>
    `Bu siz değil miydiniz? Hesabın tüm oturumlarını kapatmak ve para çekmelerini durdurmak için ${link} adresini açın.`,
  bot: {
    welcome:
      'Bu, Taskgram Ads sistem botudur. Kampanya, ödeme ve takas haberlerini burada almak için paneldan bağlayın (Bildirimler → Telegram’ı bağla).',
    linked: (name) =>
      `${name} hesabına bağlandı. Bildirimler buraya gelecek; /settings hangilerini seçer, /stop kapatır.`,
    expired: 'Bu bağlantının süresi doldu veya zaten kullanıldı. Paneli açıp “Telegram’ı bağla”ya yeniden basın.',
    taken: 'Bu Telegram hesabı zaten başka bir panel hesabına bağlı. Önce oradan bağlantısını kaldırın.',
    notLinked: 'Bu sohbet henüz bir panel hesabına bağlı değil. Bildirimler sayfasından bağlayın.',
    settings: 'Hangi bildirimleri alacağınızı panelin Bildirimler sayfasında seçin.',
    stopped: 'Bildirimler kapalı ve bu sohbetin bağlantısı kaldırıldı. Yeniden açmak için panelden tekrar bağlayın.',
    openDashboard: 'Paneli aç',
    openSettings: 'Bildirim ayarları',
  },
};
