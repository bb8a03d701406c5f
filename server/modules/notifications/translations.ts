import type { Language } from '../../../showcase/i18n/languages.ts';

/**
 * The notifications, the "This was not me" line and the bot's answers in the languages past
 * English and Russian (those two are beside each type in messages.ts). Keyed by type; a test
 * (messages.test.ts) keeps every type, button and answer present in every language.
 */

type Params = Record<string, string | number>;
type Text = (p: Params) => string;

export interface BotText {
  welcome: string;
  linked: (name: string) => string;
  expired: string;
  taken: string;
  notLinked: string;
  settings: string;
  stopped: string;
  openDashboard: string;
  openSettings: string;
}

export interface MessageTranslation {
  text: Record<string, Text>;
  /** Each button's label, by its English label. */
  buttons: Record<string, string>;
  notMe: (link: string) => string;
  bot: BotText;
}

type More = Exclude<Language, 'en' | 'ru'>;

export const TRANSLATIONS: Record<More, MessageTranslation> = {
  uk: {
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
  },
  es: {
    text: {
      telegramLinked: (p) =>
        `🔐 La cuenta de Telegram ${p.account} se vinculó a tu cuenta de Taskgram Ads (${p.email}): puede iniciar sesión en ella y recibe sus notificaciones. Si no fuiste tú, desvincúlala en la página Notificaciones y cambia tu contraseña.`,
      secondFactorAdded: (p) =>
        `🔐 ${p.factor} se añadió como segundo factor de tu cuenta de Taskgram Ads (${p.email}). Si no fuiste tú, cambia tu contraseña y elimínalo en la página Seguridad.`,
      secondFactorRemoved: (p) =>
        `🔐 ${p.factor} se eliminó de los segundos factores de tu cuenta de Taskgram Ads (${p.email}). Si no fuiste tú, cambia tu contraseña de inmediato.`,
      telegramUnlinked: (p) =>
        `🔐 La cuenta de Telegram ${p.account} se desvinculó de tu cuenta de Taskgram Ads (${p.email}): ya no inicia sesión ni recibe notificaciones. Si no fuiste tú, cambia tu contraseña.`,
      signInNew: (p) =>
        `🔐 Se inició sesión en tu cuenta de Taskgram Ads (${p.email}) desde un dispositivo o dirección que no había usado: ${p.device}, dirección ${p.ip}, con ${p.method}. Si fuiste tú, no hay nada que hacer.`,
      passwordChanged: (p) =>
        `🔐 Se cambió la contraseña de tu cuenta de Taskgram Ads (${p.email}) y se cerraron sus otras sesiones.`,
      emailChanged: (p) =>
        `🔐 El correo de tu cuenta de Taskgram Ads cambió de ${p.email} a ${p.newEmail}: el correo y el inicio de sesión van ahora a la nueva dirección.`,
      withdrawalRequested: (p) =>
        `🔐 Se solicitó un retiro de ${p.amount} $ a ${p.wallet} desde tu cuenta de Taskgram Ads (${p.email}).${p.newAddress ? ' Esta dirección es nueva: la cuenta nunca ha cobrado en ella.' : ''}${p.heldUntil ? ` Queda retenido hasta ${p.heldUntil}: si no fuiste tú, avísanos antes.` : ''}`,
      campaignApproved: (p) => `✅ Tu campaña «${p.campaign}» fue aprobada y está activa.`,
      campaignRejected: (p) => `❌ Tu campaña «${p.campaign}» fue rechazada: ${p.reason}`,
      budgetLow: (p) =>
        `⚠️ A «${p.campaign}» le quedan ${p.left} $ de su presupuesto de ${p.budget} $. Recárgalo para seguir comprando.`,
      budgetExhausted: (p) => `⛔ «${p.campaign}» gastó su presupuesto de ${p.budget} $ y dejó de comprar.`,
      dailyCapReached: (p) =>
        `⏸ «${p.campaign}» alcanzó su límite diario de ${p.cap} conversiones; sigue mañana (UTC).`,
      topUpConfirmed: (p) => `💰 Tu recarga de ${p.amount} $ está confirmada.`,
      withdrawalApproved: (p) => `👍 Tu retiro de ${p.amount} $ fue aprobado; se envía en USDT en TON en breve.`,
      withdrawalSent: (p) =>
        `📤 Tu retiro de ${p.amount} $ se envió a ${p.address}; esperando la confirmación de la red.`,
      withdrawalConfirmed: (p) => `✅ Tu retiro de ${p.amount} $ llegó: ${p.amount} USDT están en tu billetera.`,
      withdrawalFailed: (p) =>
        `❌ Tu retiro de ${p.amount} $ ${p.rejected ? 'fue rechazado' : 'falló'}: ${p.reason}. El importe volvió a tu saldo.`,
      appPaused: (p) => `⏸ «${p.app}» se pausó: su calidad ${p.score} bajó del mínimo de ${p.floor}.`,
      appResumed: (p) =>
        `▶️ Las campañas pagadas vuelven a mostrarse en «${p.app}»: terminó su pausa por el mínimo de calidad.`,
      firstConversion: (p) => `🎉 «${p.app}» consiguió su primera conversión.`,
      offerReceived: (p) => `🤝 Nueva oferta de intercambio de ${p.from}: ${p.count} usuarios en cada sentido.`,
      offerAccepted: (p) => `✅ ${p.by} aceptó tu oferta de intercambio: el intercambio ha empezado.`,
      offerDeclined: (p) => `❌ ${p.by} rechazó tu oferta de intercambio.`,
      swapFinished: (p) => `🏁 Tu intercambio con ${p.with} terminó.`,
      queueWaiting: (p) =>
        `🕑 ${p.count} elemento(s) en la cola de moderación; el más antiguo espera desde hace ${p.minutes} min.`,
      payoutLimitReached: (p) =>
        `⏸️ Los pagos esperan: se alcanzó un límite (${p.limit}). ${p.count} retiros aprobados por ${p.amount} $ esperan su turno; finanzas puede levantar los límites hasta el final del día.`,
    },
    buttons: {
      Open: 'Abrir',
      'Open the notifications': 'Abrir las notificaciones',
      'Open Security': 'Abrir Seguridad',
      'Open the sessions': 'Abrir las sesiones',
      'Open the dashboard': 'Abrir el panel',
      'Open the withdrawals': 'Abrir los retiros',
      'Open the campaign': 'Abrir la campaña',
      'Open the withdrawal': 'Abrir el retiro',
      'Open the app': 'Abrir la app',
      'Open the offers': 'Abrir las ofertas',
      'Open the swaps': 'Abrir los intercambios',
      'Open the queue': 'Abrir la cola',
      'Open Finance': 'Abrir Finanzas',
    },
    notMe: (link) => `¿No fuiste tú? Abre ${link} para cerrar todas las sesiones de la cuenta y detener sus retiros.`,
    bot: {
      welcome:
        'Este es el bot del sistema de Taskgram Ads. Vincúlalo desde el panel (Notificaciones → Vincular Telegram) para recibir aquí novedades de campañas, pagos e intercambios.',
      linked: (name) =>
        `Vinculado a ${name}. Recibirás las notificaciones aquí; /settings elige cuáles, /stop las desactiva.`,
      expired: 'Este enlace caducó o ya se usó. Abre el panel y pulsa «Vincular Telegram» de nuevo.',
      taken: 'Esta cuenta de Telegram ya está vinculada a otra cuenta del panel. Desvincúlala allí primero.',
      notLinked: 'Este chat aún no está vinculado a una cuenta del panel. Vincúlalo desde la página Notificaciones.',
      settings: 'Elige qué notificaciones recibes en la página Notificaciones del panel.',
      stopped:
        'Las notificaciones están desactivadas y este chat se desvinculó. Vuelve a vincularlo desde el panel para activarlas.',
      openDashboard: 'Abrir el panel',
      openSettings: 'Ajustes de notificaciones',
    },
  },
  pt: {
    text: {
      telegramLinked: (p) =>
        `🔐 A conta do Telegram ${p.account} foi vinculada à sua conta do Taskgram Ads (${p.email}): ela pode entrar nela e recebe as notificações. Se não foi você, desvincule-a na página Notificações e altere sua senha.`,
      secondFactorAdded: (p) =>
        `🔐 ${p.factor} foi adicionado como segundo fator da sua conta do Taskgram Ads (${p.email}). Se não foi você, altere sua senha e remova-o na página Segurança.`,
      secondFactorRemoved: (p) =>
        `🔐 ${p.factor} foi removido dos segundos fatores da sua conta do Taskgram Ads (${p.email}). Se não foi você, altere sua senha imediatamente.`,
      telegramUnlinked: (p) =>
        `🔐 A conta do Telegram ${p.account} foi desvinculada da sua conta do Taskgram Ads (${p.email}): ela não entra mais nem recebe notificações. Se não foi você, altere sua senha.`,
      signInNew: (p) =>
        `🔐 Houve um login na sua conta do Taskgram Ads (${p.email}) a partir de um dispositivo ou endereço ainda não usado: ${p.device}, endereço ${p.ip}, por ${p.method}. Se foi você, nada a fazer.`,
      passwordChanged: (p) =>
        `🔐 A senha da sua conta do Taskgram Ads (${p.email}) foi alterada, e as outras sessões foram encerradas.`,
      emailChanged: (p) =>
        `🔐 O e-mail da sua conta do Taskgram Ads foi alterado de ${p.email} para ${p.newEmail}: as mensagens e o login agora vão para o novo endereço.`,
      withdrawalRequested: (p) =>
        `🔐 Um saque de ${p.amount} $ para ${p.wallet} foi solicitado na sua conta do Taskgram Ads (${p.email}).${p.newAddress ? ' Este endereço é novo: a conta nunca recebeu nele.' : ''}${p.heldUntil ? ` Ele fica retido até ${p.heldUntil}: se não foi você, avise antes disso.` : ''}`,
      campaignApproved: (p) => `✅ Sua campanha “${p.campaign}” foi aprovada e está rodando.`,
      campaignRejected: (p) => `❌ Sua campanha “${p.campaign}” foi rejeitada: ${p.reason}`,
      budgetLow: (p) =>
        `⚠️ “${p.campaign}” tem ${p.left} $ restantes do orçamento de ${p.budget} $. Recarregue para continuar comprando.`,
      budgetExhausted: (p) => `⛔ “${p.campaign}” gastou o orçamento de ${p.budget} $ e parou de comprar.`,
      dailyCapReached: (p) => `⏸ “${p.campaign}” atingiu o limite diário de ${p.cap} conversões; retoma amanhã (UTC).`,
      topUpConfirmed: (p) => `💰 Sua recarga de ${p.amount} $ foi confirmada.`,
      withdrawalApproved: (p) => `👍 Seu saque de ${p.amount} $ foi aprovado; ele é enviado em USDT na TON em breve.`,
      withdrawalSent: (p) =>
        `📤 Seu saque de ${p.amount} $ foi enviado para ${p.address}; aguardando a confirmação da rede.`,
      withdrawalConfirmed: (p) => `✅ Seu saque de ${p.amount} $ chegou: ${p.amount} USDT estão na sua carteira.`,
      withdrawalFailed: (p) =>
        `❌ Seu saque de ${p.amount} $ ${p.rejected ? 'foi rejeitado' : 'falhou'}: ${p.reason}. O valor voltou ao seu saldo.`,
      appPaused: (p) => `⏸ “${p.app}” foi pausado: a qualidade ${p.score} ficou abaixo do mínimo de ${p.floor}.`,
      appResumed: (p) =>
        `▶️ As campanhas pagas voltam a aparecer em “${p.app}”: a pausa pelo mínimo de qualidade terminou.`,
      firstConversion: (p) => `🎉 “${p.app}” teve sua primeira conversão.`,
      offerReceived: (p) => `🤝 Nova oferta de troca de ${p.from}: ${p.count} usuários em cada sentido.`,
      offerAccepted: (p) => `✅ ${p.by} aceitou sua oferta de troca: a troca começou.`,
      offerDeclined: (p) => `❌ ${p.by} recusou sua oferta de troca.`,
      swapFinished: (p) => `🏁 Sua troca com ${p.with} terminou.`,
      queueWaiting: (p) => `🕑 ${p.count} item(ns) na fila de moderação, o mais antigo esperando há ${p.minutes} min.`,
      payoutLimitReached: (p) =>
        `⏸️ Os pagamentos aguardam: um limite foi atingido (${p.limit}). ${p.count} saques aprovados somando ${p.amount} $ aguardam a vez; o financeiro pode liberar os limites até o fim do dia.`,
    },
    buttons: {
      Open: 'Abrir',
      'Open the notifications': 'Abrir as notificações',
      'Open Security': 'Abrir Segurança',
      'Open the sessions': 'Abrir as sessões',
      'Open the dashboard': 'Abrir o painel',
      'Open the withdrawals': 'Abrir os saques',
      'Open the campaign': 'Abrir a campanha',
      'Open the withdrawal': 'Abrir o saque',
      'Open the app': 'Abrir o app',
      'Open the offers': 'Abrir as ofertas',
      'Open the swaps': 'Abrir as trocas',
      'Open the queue': 'Abrir a fila',
      'Open Finance': 'Abrir Finanças',
    },
    notMe: (link) => `Não foi você? Abra ${link} para encerrar todas as sessões da conta e parar os saques.`,
    bot: {
      welcome:
        'Este é o bot do sistema do Taskgram Ads. Vincule-o no painel (Notificações → Vincular Telegram) para receber aqui as novidades de campanhas, pagamentos e trocas.',
      linked: (name) =>
        `Vinculado a ${name}. Você receberá as notificações aqui; /settings escolhe quais, /stop as desliga.`,
      expired: 'Este link expirou ou já foi usado. Abra o painel e toque em “Vincular Telegram” de novo.',
      taken: 'Esta conta do Telegram já está vinculada a outra conta do painel. Desvincule-a lá primeiro.',
      notLinked: 'Este chat ainda não está vinculado a uma conta do painel. Vincule-o na página Notificações.',
      settings: 'Escolha quais notificações receber na página Notificações do painel.',
      stopped:
        'As notificações estão desligadas e este chat foi desvinculado. Vincule de novo no painel para religá-las.',
      openDashboard: 'Abrir o painel',
      openSettings: 'Configurações de notificação',
    },
  },
  tr: {
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
  },
  id: {
    text: {
      telegramLinked: (p) =>
        `🔐 Akun Telegram ${p.account} ditautkan ke akun Taskgram Ads Anda (${p.email}): akun itu bisa masuk dan menerima notifikasinya. Jika ini bukan Anda, lepas tautannya di halaman Notifikasi dan ganti kata sandi Anda.`,
      secondFactorAdded: (p) =>
        `🔐 ${p.factor} ditambahkan sebagai faktor kedua akun Taskgram Ads Anda (${p.email}). Jika ini bukan Anda, ganti kata sandi dan hapus di halaman Keamanan.`,
      secondFactorRemoved: (p) =>
        `🔐 ${p.factor} dihapus dari faktor kedua akun Taskgram Ads Anda (${p.email}). Jika ini bukan Anda, segera ganti kata sandi Anda.`,
      telegramUnlinked: (p) =>
        `🔐 Tautan akun Telegram ${p.account} dilepas dari akun Taskgram Ads Anda (${p.email}): akun itu tidak lagi masuk atau menerima notifikasi. Jika ini bukan Anda, ganti kata sandi Anda.`,
      signInNew: (p) =>
        `🔐 Akun Taskgram Ads Anda (${p.email}) dimasuki dari perangkat atau alamat yang belum pernah dipakai: ${p.device}, alamat ${p.ip}, dengan ${p.method}. Jika itu Anda, tidak perlu melakukan apa-apa.`,
      passwordChanged: (p) => `🔐 Kata sandi akun Taskgram Ads Anda (${p.email}) diubah, dan sesi lainnya diakhiri.`,
      emailChanged: (p) =>
        `🔐 E-mail akun Taskgram Ads Anda diubah dari ${p.email} menjadi ${p.newEmail}: e-mail dan masuk kini memakai alamat baru.`,
      withdrawalRequested: (p) =>
        `🔐 Penarikan ${p.amount} $ ke ${p.wallet} diminta dari akun Taskgram Ads Anda (${p.email}).${p.newAddress ? ' Alamat ini baru: akun belum pernah dibayar ke alamat ini.' : ''}${p.heldUntil ? ` Penarikan ditahan hingga ${p.heldUntil}: jika ini bukan Anda, beri tahu sebelum itu.` : ''}`,
      campaignApproved: (p) => `✅ Kampanye Anda “${p.campaign}” disetujui dan sedang berjalan.`,
      campaignRejected: (p) => `❌ Kampanye Anda “${p.campaign}” ditolak: ${p.reason}`,
      budgetLow: (p) =>
        `⚠️ “${p.campaign}” tersisa ${p.left} $ dari anggaran ${p.budget} $. Isi ulang agar pembelian tetap berjalan.`,
      budgetExhausted: (p) => `⛔ “${p.campaign}” menghabiskan anggaran ${p.budget} $ dan berhenti membeli.`,
      dailyCapReached: (p) => `⏸ “${p.campaign}” mencapai batas harian ${p.cap} konversi; dilanjutkan besok (UTC).`,
      topUpConfirmed: (p) => `💰 Pengisian saldo ${p.amount} $ Anda dikonfirmasi.`,
      withdrawalApproved: (p) => `👍 Penarikan ${p.amount} $ Anda disetujui; segera dikirim dalam USDT di TON.`,
      withdrawalSent: (p) => `📤 Penarikan ${p.amount} $ Anda dikirim ke ${p.address}; menunggu konfirmasi jaringan.`,
      withdrawalConfirmed: (p) => `✅ Penarikan ${p.amount} $ Anda tiba: ${p.amount} USDT ada di dompet Anda.`,
      withdrawalFailed: (p) =>
        `❌ Penarikan ${p.amount} $ Anda ${p.rejected ? 'ditolak' : 'gagal'}: ${p.reason}. Jumlahnya kembali ke saldo Anda.`,
      appPaused: (p) => `⏸ “${p.app}” dijeda: kualitasnya ${p.score} di bawah batas minimum ${p.floor}.`,
      appResumed: (p) =>
        `▶️ Kampanye berbayar tampil lagi di “${p.app}”: jeda karena batas minimum kualitas telah berakhir.`,
      firstConversion: (p) => `🎉 “${p.app}” mendapatkan konversi pertamanya.`,
      offerReceived: (p) => `🤝 Penawaran pertukaran baru dari ${p.from}: ${p.count} pengguna untuk tiap arah.`,
      offerAccepted: (p) => `✅ ${p.by} menerima penawaran pertukaran Anda: pertukaran telah dimulai.`,
      offerDeclined: (p) => `❌ ${p.by} menolak penawaran pertukaran Anda.`,
      swapFinished: (p) => `🏁 Pertukaran Anda dengan ${p.with} telah selesai.`,
      queueWaiting: (p) => `🕑 ${p.count} item di antrean moderasi, yang terlama menunggu ${p.minutes} menit.`,
      payoutLimitReached: (p) =>
        `⏸️ Pembayaran menunggu: batas tercapai (${p.limit}). ${p.count} penarikan yang disetujui senilai ${p.amount} $ menunggu giliran; keuangan dapat mencabut batas hingga akhir hari.`,
    },
    buttons: {
      Open: 'Buka',
      'Open the notifications': 'Buka notifikasi',
      'Open Security': 'Buka Keamanan',
      'Open the sessions': 'Buka sesi',
      'Open the dashboard': 'Buka dasbor',
      'Open the withdrawals': 'Buka penarikan',
      'Open the campaign': 'Buka kampanye',
      'Open the withdrawal': 'Buka penarikan',
      'Open the app': 'Buka aplikasi',
      'Open the offers': 'Buka penawaran',
      'Open the swaps': 'Buka pertukaran',
      'Open the queue': 'Buka antrean',
      'Open Finance': 'Buka Keuangan',
    },
    notMe: (link) => `Bukan Anda? Buka ${link} untuk mengakhiri semua sesi akun dan menghentikan penarikannya.`,
    bot: {
      welcome:
        'Ini adalah bot sistem Taskgram Ads. Tautkan dari dasbor (Notifikasi → Tautkan Telegram) untuk mendapatkan kabar kampanye, pembayaran, dan pertukaran di sini.',
      linked: (name) =>
        `Tertaut ke ${name}. Notifikasi akan masuk ke sini; /settings memilih yang mana, /stop mematikannya.`,
      expired: 'Tautan ini sudah kedaluwarsa atau sudah dipakai. Buka dasbor dan tekan “Tautkan Telegram” lagi.',
      taken: 'Akun Telegram ini sudah tertaut ke akun dasbor lain. Lepas tautannya di sana terlebih dahulu.',
      notLinked: 'Obrolan ini belum tertaut ke akun dasbor. Tautkan dari halaman Notifikasi.',
      settings: 'Pilih notifikasi yang Anda terima di halaman Notifikasi dasbor.',
      stopped: 'Notifikasi mati dan tautan obrolan ini dilepas. Tautkan lagi dari dasbor untuk menyalakannya.',
      openDashboard: 'Buka dasbor',
      openSettings: 'Pengaturan notifikasi',
    },
  },
  fa: {
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
      passwordChanged: (p) =>
        `🔐 رمز عبور حساب Taskgram Ads شما (${p.email}) تغییر کرد و نشست‌های دیگر آن پایان یافتند.`,
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
      linked: (name) =>
        `به ${name} متصل شد. اعلان‌ها اینجا می‌آیند؛ ‎/settings انتخاب می‌کند کدام‌ها، ‎/stop خاموششان می‌کند.`,
      expired: 'این پیوند منقضی شده یا قبلاً استفاده شده است. داشبورد را باز کنید و دوباره «اتصال تلگرام» را بزنید.',
      taken: 'این حساب تلگرام از قبل به حساب دیگری در داشبورد متصل است. ابتدا اتصالش را آنجا قطع کنید.',
      notLinked: 'این گفتگو هنوز به حسابی در داشبورد متصل نیست. آن را از صفحهٔ اعلان‌ها متصل کنید.',
      settings: 'در صفحهٔ اعلان‌های داشبورد انتخاب کنید کدام اعلان‌ها را بگیرید.',
      stopped: 'اعلان‌ها خاموش‌اند و اتصال این گفتگو قطع شد. برای روشن کردن دوباره، از داشبورد متصلش کنید.',
      openDashboard: 'باز کردن داشبورد',
      openSettings: 'تنظیمات اعلان',
    },
  },
  ar: {
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
  },
};
