import type { Language } from '../../../shared/languages.ts';
import { signInPageLink } from '../auth/mails.ts';

/**
 * The decision on a registration request, mailed to the applicant: in the language
 * they applied in (`registration_requests.language`, from the page that sent the request), else
 * English; the links open the sign-in pages in it.
 */
interface Words {
  approvedSubject: string;
  approved: (p: { name: string; how: string; link: string }) => string;
  withGoogle: string;
  withPassword: string;
  declinedSubject: string;
  declined: (p: { name: string; reason: string | null; link: string }) => string;
}

const WORDS: Record<Language, Words> = {
  en: {
    approvedSubject: 'Your Taskgram Ads account is ready',
    approved: ({ name, how, link }) =>
      `Hello ${name},\n\nYour registration request was approved: your Taskgram Ads account is ready. ${how}:\n\n    ${link}\n\nWelcome aboard!`,
    withGoogle: 'Sign in with the same Google account',
    withPassword: 'Sign in with this e-mail and the password you chose when you applied',
    declinedSubject: 'Your Taskgram Ads registration request was declined',
    declined: ({ name, reason, link }) =>
      `Hello ${name},\n\nYour registration request was declined.${reason ? `\n\nThe moderator's reason: ${reason}` : ''}\n\nIf you think this is a mistake, or once the reason no longer applies, reply to this e-mail or send a new request at ${link}.`,
  },
  ru: {
    approvedSubject: 'Ваш аккаунт Taskgram Ads готов',
    approved: ({ name, how, link }) =>
      `Здравствуйте, ${name}!\n\nВаша заявка на регистрацию одобрена: аккаунт Taskgram Ads готов. ${how}:\n\n    ${link}\n\nДобро пожаловать!`,
    withGoogle: 'Войдите через тот же аккаунт Google',
    withPassword: 'Войдите с этим e-mail и паролем, который вы задали в заявке',
    declinedSubject: 'Ваша заявка на регистрацию в Taskgram Ads отклонена',
    declined: ({ name, reason, link }) =>
      `Здравствуйте, ${name}!\n\nВаша заявка на регистрацию отклонена.${reason ? `\n\nПричина от модератора: ${reason}` : ''}\n\nЕсли вы считаете это ошибкой или причина больше не актуальна, ответьте на это письмо или отправьте новую заявку: ${link}.`,
  },
  uk: {
    approvedSubject: 'Ваш акаунт Taskgram Ads готовий',
    approved: ({ name, how, link }) =>
      `Вітаємо, ${name}!\n\nВашу заявку на реєстрацію схвалено: акаунт Taskgram Ads готовий. ${how}:\n\n    ${link}\n\nЛаскаво просимо!`,
    withGoogle: 'Увійдіть через той самий акаунт Google',
    withPassword: 'Увійдіть із цим e-mail і паролем, який ви задали в заявці',
    declinedSubject: 'Вашу заявку на реєстрацію в Taskgram Ads відхилено',
    declined: ({ name, reason, link }) =>
      `Вітаємо, ${name}!\n\nВашу заявку на реєстрацію відхилено.${reason ? `\n\nПричина від модератора: ${reason}` : ''}\n\nЯкщо ви вважаєте це помилкою або причина вже не актуальна, дайте відповідь на цей лист або надішліть нову заявку: ${link}.`,
  },
  es: {
    approvedSubject: 'Tu cuenta de Taskgram Ads está lista',
    approved: ({ name, how, link }) =>
      `Hola, ${name}:\n\nTu solicitud de registro fue aprobada: tu cuenta de Taskgram Ads está lista. ${how}:\n\n    ${link}\n\n¡Bienvenido!`,
    withGoogle: 'Inicia sesión con la misma cuenta de Google',
    withPassword: 'Inicia sesión con este correo y la contraseña que elegiste al solicitarla',
    declinedSubject: 'Tu solicitud de registro en Taskgram Ads fue rechazada',
    declined: ({ name, reason, link }) =>
      `Hola, ${name}:\n\nTu solicitud de registro fue rechazada.${reason ? `\n\nEl motivo del moderador: ${reason}` : ''}\n\nSi crees que es un error, o cuando el motivo ya no se aplique, responde a este correo o envía una nueva solicitud en ${link}.`,
  },
  pt: {
    approvedSubject: 'Sua conta do Taskgram Ads está pronta',
    approved: ({ name, how, link }) =>
      `Olá, ${name},\n\nSeu pedido de cadastro foi aprovado: sua conta do Taskgram Ads está pronta. ${how}:\n\n    ${link}\n\nBoas-vindas!`,
    withGoogle: 'Entre com a mesma conta do Google',
    withPassword: 'Entre com este e-mail e a senha que você escolheu no pedido',
    declinedSubject: 'Seu pedido de cadastro no Taskgram Ads foi recusado',
    declined: ({ name, reason, link }) =>
      `Olá, ${name},\n\nSeu pedido de cadastro foi recusado.${reason ? `\n\nO motivo do moderador: ${reason}` : ''}\n\nSe você acha que é um engano, ou quando o motivo não se aplicar mais, responda a este e-mail ou envie um novo pedido em ${link}.`,
  },
  tr: {
    approvedSubject: 'Taskgram Ads hesabınız hazır',
    approved: ({ name, how, link }) =>
      `Merhaba ${name},\n\nKayıt isteğiniz onaylandı: Taskgram Ads hesabınız hazır. ${how}:\n\n    ${link}\n\nAramıza hoş geldiniz!`,
    withGoogle: 'Aynı Google hesabıyla giriş yapın',
    withPassword: 'Bu e-posta ve başvururken seçtiğiniz parolayla giriş yapın',
    declinedSubject: 'Taskgram Ads kayıt isteğiniz reddedildi',
    declined: ({ name, reason, link }) =>
      `Merhaba ${name},\n\nKayıt isteğiniz reddedildi.${reason ? `\n\nModeratörün gerekçesi: ${reason}` : ''}\n\nBunun bir hata olduğunu düşünüyorsanız ya da gerekçe artık geçerli değilse bu e-postayı yanıtlayın veya ${link} adresinden yeni bir istek gönderin.`,
  },
  id: {
    approvedSubject: 'Akun Taskgram Ads Anda sudah siap',
    approved: ({ name, how, link }) =>
      `Halo ${name},\n\nPermintaan pendaftaran Anda disetujui: akun Taskgram Ads Anda sudah siap. ${how}:\n\n    ${link}\n\nSelamat bergabung!`,
    withGoogle: 'Masuk dengan akun Google yang sama',
    withPassword: 'Masuk dengan e-mail ini dan kata sandi yang Anda pilih saat mendaftar',
    declinedSubject: 'Permintaan pendaftaran Taskgram Ads Anda ditolak',
    declined: ({ name, reason, link }) =>
      `Halo ${name},\n\nPermintaan pendaftaran Anda ditolak.${reason ? `\n\nAlasan dari moderator: ${reason}` : ''}\n\nJika menurut Anda ini keliru, atau setelah alasannya tidak berlaku lagi, balas e-mail ini atau kirim permintaan baru di ${link}.`,
  },
  fa: {
    approvedSubject: 'حساب Taskgram Ads شما آماده است',
    approved: ({ name, how, link }) =>
      `سلام ${name}،\n\nدرخواست ثبت‌نام شما تأیید شد: حساب Taskgram Ads شما آماده است. ${how}:\n\n    ${link}\n\nخوش آمدید!`,
    withGoogle: 'با همان حساب Google وارد شوید',
    withPassword: 'با این ایمیل و گذرواژه‌ای که هنگام درخواست انتخاب کردید وارد شوید',
    declinedSubject: 'درخواست ثبت‌نام شما در Taskgram Ads رد شد',
    declined: ({ name, reason, link }) =>
      `سلام ${name}،\n\nدرخواست ثبت‌نام شما رد شد.${reason ? `\n\nدلیل ناظر: ${reason}` : ''}\n\nاگر فکر می‌کنید اشتباهی رخ داده، یا وقتی آن دلیل دیگر صدق نمی‌کند، به این ایمیل پاسخ دهید یا درخواست تازه‌ای در ${link} بفرستید.`,
  },
  ar: {
    approvedSubject: 'حسابك في Taskgram Ads جاهز',
    approved: ({ name, how, link }) =>
      `مرحبًا ${name}،\n\nتمت الموافقة على طلب تسجيلك: حسابك في Taskgram Ads جاهز. ${how}:\n\n    ${link}\n\nأهلًا بك!`,
    withGoogle: 'سجّل الدخول بحساب Google نفسه',
    withPassword: 'سجّل الدخول بهذا البريد الإلكتروني وكلمة المرور التي اخترتها عند التقديم',
    declinedSubject: 'رُفض طلب تسجيلك في Taskgram Ads',
    declined: ({ name, reason, link }) =>
      `مرحبًا ${name}،\n\nرُفض طلب تسجيلك.${reason ? `\n\nسبب المشرف: ${reason}` : ''}\n\nإن كنت ترى أن هذا خطأ، أو حين لا يعود السبب قائمًا، فردّ على هذه الرسالة أو أرسل طلبًا جديدًا على ${link}.`,
  },
};

/** The decision's mail in `language`: what was decided and what to do next. */
export function decisionMail(
  language: Language,
  p: { approved: boolean; google: boolean; name: string; reason: string | null; appUrl: string },
): { subject: string; text: string } {
  const words = WORDS[language];
  const page = (path: string) => signInPageLink(p.appUrl, path, language);
  if (p.approved) {
    const how = p.google ? words.withGoogle : words.withPassword;
    return { subject: words.approvedSubject, text: words.approved({ name: p.name, how, link: page('/login') }) };
  }
  return {
    subject: words.declinedSubject,
    text: words.declined({ name: p.name, reason: p.reason, link: page('/register') }),
  };
}
