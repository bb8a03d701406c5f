import type { MessageTranslation } from '../translations.ts';

/** The notifications in Spanish. */
export const es: MessageTranslation = {
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
    dailyCapReached: (p) => `⏸ «${p.campaign}» alcanzó su límite diario de ${p.cap} conversiones; sigue mañana (UTC).`,
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
};
