import type { Language } from '../../../shared/languages.ts';
import type { ReportReason } from '../campaigns/campaign.entity.ts';

/**
 * The mail an advertiser gets when a moderator asks them to look at a player's report of their
 * task: in the language the advertiser's account chose, else English. The task's,
 * campaign's and app's names and the player's and moderator's words stay as written.
 */
export interface ReportAsk {
  name: string;
  campaign: string;
  task: string;
  app: string;
  reason: ReportReason;
  text: string | null;
  note: string | null;
  link: string;
}

interface Words {
  subject: (task: string) => string;
  hello: (name: string) => string;
  reported: (p: { app: string; task: string; campaign: string; reason: string }) => string;
  wrote: (text: string) => string;
  adds: (note: string) => string;
  check: (link: string) => string;
  reasons: Partial<Record<ReportReason, string>>;
}

const WORDS: Record<Language, Words> = {
  en: {
    subject: (task) => `A player reported your task: ${task}`,
    hello: (name) => `Hello ${name},`,
    reported: ({ app, task, campaign, reason }) =>
      `A player of ${app} reported the task “${task}” of your campaign “${campaign}”: ${reason}.`,
    wrote: (text) => `The player wrote: “${text}”`,
    adds: (note) => `Our moderator adds: “${note}”`,
    check: (link) =>
      `Please check the task (open it as a new player would) and fix what is wrong. Your campaigns: ${link}`,
    reasons: {
      NOT_REWARDED: 'they did the task and were not rewarded',
      BROKEN: 'the task is broken',
      INAPPROPRIATE: 'the task is inappropriate',
      OTHER: 'another problem',
    },
  },
  ru: {
    subject: (task) => `Игрок пожаловался на ваше задание: ${task}`,
    hello: (name) => `Здравствуйте, ${name}!`,
    reported: ({ app, task, campaign, reason }) =>
      `Игрок из ${app} пожаловался на задание «${task}» вашей кампании «${campaign}»: ${reason}.`,
    wrote: (text) => `Игрок написал: «${text}»`,
    adds: (note) => `Наш модератор добавляет: «${note}»`,
    check: (link) =>
      `Проверьте задание (откройте его так, как это сделал бы новый игрок) и исправьте то, что не так. Ваши кампании: ${link}`,
    reasons: {
      NOT_REWARDED: 'он выполнил задание, но не получил награду',
      BROKEN: 'задание не работает',
      INAPPROPRIATE: 'задание неуместно',
      OTHER: 'другая проблема',
    },
  },
  uk: {
    subject: (task) => `Гравець поскаржився на ваше завдання: ${task}`,
    hello: (name) => `Вітаємо, ${name}!`,
    reported: ({ app, task, campaign, reason }) =>
      `Гравець із ${app} поскаржився на завдання «${task}» вашої кампанії «${campaign}»: ${reason}.`,
    wrote: (text) => `Гравець написав: «${text}»`,
    adds: (note) => `Наш модератор додає: «${note}»`,
    check: (link) =>
      `Перевірте завдання (відкрийте його так, як це зробив би новий гравець) і виправте те, що не так. Ваші кампанії: ${link}`,
    reasons: {
      NOT_REWARDED: 'він виконав завдання, але не отримав винагороди',
      BROKEN: 'завдання не працює',
      INAPPROPRIATE: 'завдання недоречне',
      OTHER: 'інша проблема',
    },
  },
  es: {
    subject: (task) => `Un jugador reportó tu tarea: ${task}`,
    hello: (name) => `Hola, ${name}:`,
    reported: ({ app, task, campaign, reason }) =>
      `Un jugador de ${app} reportó la tarea «${task}» de tu campaña «${campaign}»: ${reason}.`,
    wrote: (text) => `El jugador escribió: «${text}»`,
    adds: (note) => `Nuestro moderador añade: «${note}»`,
    check: (link) =>
      `Revisa la tarea (ábrela como lo haría un jugador nuevo) y corrige lo que esté mal. Tus campañas: ${link}`,
    reasons: {
      NOT_REWARDED: 'hizo la tarea y no recibió la recompensa',
      BROKEN: 'la tarea no funciona',
      INAPPROPRIATE: 'la tarea es inapropiada',
      OTHER: 'otro problema',
    },
  },
  pt: {
    subject: (task) => `Um jogador denunciou sua tarefa: ${task}`,
    hello: (name) => `Olá, ${name},`,
    reported: ({ app, task, campaign, reason }) =>
      `Um jogador do ${app} denunciou a tarefa “${task}” da sua campanha “${campaign}”: ${reason}.`,
    wrote: (text) => `O jogador escreveu: “${text}”`,
    adds: (note) => `Nosso moderador acrescenta: “${note}”`,
    check: (link) =>
      `Verifique a tarefa (abra-a como um jogador novo faria) e corrija o que estiver errado. Suas campanhas: ${link}`,
    reasons: {
      NOT_REWARDED: 'fez a tarefa e não recebeu a recompensa',
      BROKEN: 'a tarefa não funciona',
      INAPPROPRIATE: 'a tarefa é inadequada',
      OTHER: 'outro problema',
    },
  },
  tr: {
    subject: (task) => `Bir oyuncu görevinizi bildirdi: ${task}`,
    hello: (name) => `Merhaba ${name},`,
    reported: ({ app, task, campaign, reason }) =>
      `${app} uygulamasından bir oyuncu, “${campaign}” kampanyanızdaki “${task}” görevini bildirdi: ${reason}.`,
    wrote: (text) => `Oyuncunun yazdığı: “${text}”`,
    adds: (note) => `Moderatörümüzün eklediği: “${note}”`,
    check: (link) =>
      `Lütfen görevi kontrol edin (yeni bir oyuncunun açacağı gibi açın) ve yanlış olanı düzeltin. Kampanyalarınız: ${link}`,
    reasons: {
      NOT_REWARDED: 'görevi yaptı ama ödülünü almadı',
      BROKEN: 'görev çalışmıyor',
      INAPPROPRIATE: 'görev uygunsuz',
      OTHER: 'başka bir sorun',
    },
  },
  id: {
    subject: (task) => `Seorang pemain melaporkan tugas Anda: ${task}`,
    hello: (name) => `Halo ${name},`,
    reported: ({ app, task, campaign, reason }) =>
      `Seorang pemain ${app} melaporkan tugas “${task}” dari kampanye Anda “${campaign}”: ${reason}.`,
    wrote: (text) => `Pemain menulis: “${text}”`,
    adds: (note) => `Moderator kami menambahkan: “${note}”`,
    check: (link) =>
      `Periksa tugasnya (buka seperti pemain baru membukanya) dan perbaiki yang salah. Kampanye Anda: ${link}`,
    reasons: {
      NOT_REWARDED: 'ia sudah menyelesaikan tugas tetapi tidak mendapat hadiah',
      BROKEN: 'tugasnya rusak',
      INAPPROPRIATE: 'tugasnya tidak pantas',
      OTHER: 'masalah lain',
    },
  },
  fa: {
    subject: (task) => `بازیکنی وظیفهٔ شما را گزارش کرد: ${task}`,
    hello: (name) => `سلام ${name}،`,
    reported: ({ app, task, campaign, reason }) =>
      `بازیکنی از ${app} وظیفهٔ «${task}» از کمپین «${campaign}» شما را گزارش کرد: ${reason}.`,
    wrote: (text) => `بازیکن نوشت: «${text}»`,
    adds: (note) => `ناظر ما می‌افزاید: «${note}»`,
    check: (link) =>
      `لطفاً وظیفه را بررسی کنید (آن را همان‌طور باز کنید که یک بازیکن تازه باز می‌کند) و مشکل را برطرف کنید. کمپین‌های شما: ${link}`,
    reasons: {
      NOT_REWARDED: 'وظیفه را انجام داده و پاداش نگرفته است',
      BROKEN: 'وظیفه کار نمی‌کند',
      INAPPROPRIATE: 'وظیفه نامناسب است',
      OTHER: 'مشکلی دیگر',
    },
  },
  ar: {
    subject: (task) => `أبلغ لاعب عن مهمتك: ${task}`,
    hello: (name) => `مرحبًا ${name}،`,
    reported: ({ app, task, campaign, reason }) =>
      `أبلغ لاعب من ${app} عن المهمة «${task}» في حملتك «${campaign}»: ${reason}.`,
    wrote: (text) => `كتب اللاعب: «${text}»`,
    adds: (note) => `يضيف مشرفنا: «${note}»`,
    check: (link) => `يُرجى التحقق من المهمة (افتحها كما يفعل لاعب جديد) وإصلاح الخطأ. حملاتك: ${link}`,
    reasons: {
      NOT_REWARDED: 'أنجز المهمة ولم يحصل على المكافأة',
      BROKEN: 'المهمة لا تعمل',
      INAPPROPRIATE: 'المهمة غير لائقة',
      OTHER: 'مشكلة أخرى',
    },
  },
};

/** The report mail in `language`. */
export function reportMail(language: Language, ask: ReportAsk): { subject: string; text: string } {
  const words = WORDS[language];
  const reason = words.reasons[ask.reason] ?? ask.reason;
  const lines = [
    words.hello(ask.name),
    '',
    words.reported({ app: ask.app, task: ask.task, campaign: ask.campaign, reason }),
    ...(ask.text ? ['', words.wrote(ask.text)] : []),
    ...(ask.note ? ['', words.adds(ask.note)] : []),
    '',
    words.check(ask.link),
  ];
  return { subject: words.subject(ask.task), text: lines.join('\n') };
}
