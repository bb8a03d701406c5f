import type { MessageTranslation } from '../translations.ts';

/** The notifications in Portuguese. */
export const pt: MessageTranslation = {
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
};
