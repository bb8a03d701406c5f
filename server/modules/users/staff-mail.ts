import type { Language } from '../../../shared/languages.ts';
import type { StaffRole } from './user.entity.ts';

/**
 * The mail a person gets when a staff role of theirs is granted or taken: in the
 * language their account chose, else English (the change is somebody else's request: no browser
 * of theirs says a language).
 */
interface Words {
  roles: Record<StaffRole, string>;
  granted: (role: StaffRole, name: string) => string;
  taken: (name: string) => string;
  text: (p: { name: string; email: string; granted: boolean; role: string; by: string; link: string }) => string;
}

const WORDS: Record<Language, Words> = {
  en: {
    roles: { moderator: 'moderator', finance: 'finance', admin: 'staff administrator' },
    granted: (role, name) =>
      `You are now ${role === 'admin' ? 'a staff administrator' : `${name} staff`} on Taskgram Ads`,
    taken: (name) => `Your ${name} role on Taskgram Ads was taken away`,
    text: ({ name, email, granted, role, by, link }) =>
      `Hello ${name},\n\nYour Taskgram Ads account (${email}) was ${granted ? `given the ${role} role` : `changed: it no longer has the ${role} role`}, by ${by}. It is in force at once, on every page you have open.\n\nIf you did not expect this, tell your team: every change of a staff role is recorded with who made it.\n\n${link}`,
  },
  ru: {
    roles: { moderator: 'модератора', finance: 'финансиста', admin: 'администратора команды' },
    granted: (_role, name) => `Теперь у вас роль ${name} в Taskgram Ads`,
    taken: (name) => `С вас снята роль ${name} в Taskgram Ads`,
    text: ({ name, email, granted, role, by, link }) =>
      `Здравствуйте, ${name}!\n\n${granted ? `Вашему аккаунту Taskgram Ads (${email}) выдана роль ${role}` : `С вашего аккаунта Taskgram Ads (${email}) снята роль ${role}`}; это сделал(а) ${by}. Изменение действует сразу, на всех открытых у вас страницах.\n\nЕсли вы этого не ждали, сообщите своей команде: каждое изменение ролей команды записывается вместе с тем, кто его сделал.\n\n${link}`,
  },
  uk: {
    roles: { moderator: 'модератора', finance: 'фінансиста', admin: 'адміністратора команди' },
    granted: (_role, name) => `Тепер у вас роль ${name} в Taskgram Ads`,
    taken: (name) => `З вас знято роль ${name} в Taskgram Ads`,
    text: ({ name, email, granted, role, by, link }) =>
      `Вітаємо, ${name}!\n\n${granted ? `Вашому акаунту Taskgram Ads (${email}) надано роль ${role}` : `З вашого акаунта Taskgram Ads (${email}) знято роль ${role}`}; це зробив(ла) ${by}. Зміна діє одразу, на всіх відкритих у вас сторінках.\n\nЯкщо ви цього не очікували, повідомте свою команду: кожну зміну ролей команди записано разом із тим, хто її зробив.\n\n${link}`,
  },
  es: {
    roles: { moderator: 'moderador', finance: 'finanzas', admin: 'administrador del equipo' },
    granted: (_role, name) => `Ahora tienes el rol de ${name} en Taskgram Ads`,
    taken: (name) => `Se te retiró el rol de ${name} en Taskgram Ads`,
    text: ({ name, email, granted, role, by, link }) =>
      `Hola, ${name}:\n\n${granted ? `Tu cuenta de Taskgram Ads (${email}) recibió el rol de ${role}` : `A tu cuenta de Taskgram Ads (${email}) se le retiró el rol de ${role}`}; lo hizo ${by}. El cambio rige al instante, en todas las páginas que tengas abiertas.\n\nSi no lo esperabas, avisa a tu equipo: cada cambio de un rol del equipo queda registrado con quién lo hizo.\n\n${link}`,
  },
  pt: {
    roles: { moderator: 'moderador', finance: 'financeiro', admin: 'administrador da equipe' },
    granted: (_role, name) => `Agora você tem o papel de ${name} no Taskgram Ads`,
    taken: (name) => `Seu papel de ${name} no Taskgram Ads foi retirado`,
    text: ({ name, email, granted, role, by, link }) =>
      `Olá, ${name},\n\n${granted ? `Sua conta do Taskgram Ads (${email}) recebeu o papel de ${role}` : `Sua conta do Taskgram Ads (${email}) perdeu o papel de ${role}`}; quem fez foi ${by}. A mudança vale na hora, em todas as páginas que você tem abertas.\n\nSe você não esperava isso, avise sua equipe: cada mudança de papel da equipe é registrada com quem a fez.\n\n${link}`,
  },
  tr: {
    roles: { moderator: 'moderatör', finance: 'finans', admin: 'ekip yöneticisi' },
    granted: (_role, name) => `Artık Taskgram Ads'te ${name} rolünüz var`,
    taken: (name) => `Taskgram Ads'teki ${name} rolünüz kaldırıldı`,
    text: ({ name, email, granted, role, by, link }) =>
      `Merhaba ${name},\n\n${granted ? `Taskgram Ads hesabınıza (${email}) ${role} rolü verildi` : `Taskgram Ads hesabınızdan (${email}) ${role} rolü kaldırıldı`}; bunu yapan: ${by}. Değişiklik hemen, açık olan her sayfanızda geçerlidir.\n\nBunu beklemiyorsanız ekibinize haber verin: ekip rollerindeki her değişiklik, kimin yaptığıyla birlikte kaydedilir.\n\n${link}`,
  },
  id: {
    roles: { moderator: 'moderator', finance: 'keuangan', admin: 'administrator tim' },
    granted: (_role, name) => `Sekarang Anda memiliki peran ${name} di Taskgram Ads`,
    taken: (name) => `Peran ${name} Anda di Taskgram Ads dicabut`,
    text: ({ name, email, granted, role, by, link }) =>
      `Halo ${name},\n\n${granted ? `Akun Taskgram Ads Anda (${email}) diberi peran ${role}` : `Peran ${role} dicabut dari akun Taskgram Ads Anda (${email})`} oleh ${by}. Perubahan ini langsung berlaku, di setiap halaman yang Anda buka.\n\nJika Anda tidak mengharapkannya, beri tahu tim Anda: setiap perubahan peran tim dicatat bersama siapa yang melakukannya.\n\n${link}`,
  },
  fa: {
    roles: { moderator: 'ناظر', finance: 'امور مالی', admin: 'مدیر تیم' },
    granted: (_role, name) => `اکنون نقش ${name} را در Taskgram Ads دارید`,
    taken: (name) => `نقش ${name} شما در Taskgram Ads گرفته شد`,
    text: ({ name, email, granted, role, by, link }) =>
      `سلام ${name}،\n\n${granted ? `نقش ${role} به حساب Taskgram Ads شما (${email}) داده شد` : `نقش ${role} از حساب Taskgram Ads شما (${email}) گرفته شد`}؛ این کار را ${by} انجام داد. این تغییر فوراً در همهٔ صفحه‌هایی که باز دارید اعمال می‌شود.\n\nاگر انتظارش را نداشتید، به تیم خود خبر دهید: هر تغییر در نقش‌های تیم همراه با انجام‌دهنده‌اش ثبت می‌شود.\n\n${link}`,
  },
  ar: {
    roles: { moderator: 'مشرف', finance: 'المالية', admin: 'مدير الفريق' },
    granted: (_role, name) => `أصبح لديك دور ${name} في Taskgram Ads`,
    taken: (name) => `سُحب منك دور ${name} في Taskgram Ads`,
    text: ({ name, email, granted, role, by, link }) =>
      `مرحبًا ${name}،\n\n${granted ? `مُنح حسابك في Taskgram Ads (${email}) دور ${role}` : `سُحب دور ${role} من حسابك في Taskgram Ads (${email})`}، وقام بذلك ${by}. يسري التغيير فورًا في كل صفحة مفتوحة لديك.\n\nإن لم تكن تتوقع ذلك، فأخبر فريقك: كل تغيير في أدوار الفريق يُسجَّل مع من قام به.\n\n${link}`,
  },
};

/** The mail for a grant (`granted`) or removal of `role`, in `language`. */
export function staffRoleMail(
  language: Language,
  p: { name: string; email: string; role: StaffRole; granted: boolean; by: string; link: string },
): { subject: string; text: string } {
  const words = WORDS[language];
  const role = words.roles[p.role];
  return {
    subject: p.granted ? words.granted(p.role, role) : words.taken(role),
    text: words.text({ ...p, role }),
  };
}
