import type { Language } from '../../../shared/languages.ts';

/**
 * The account's own mails: the password reset link, the sign-in code, and the notices
 * about registration requests and failed sign-ins, in the nine languages. Which one: the
 * account's saved language, else the first of the nine the asking browser accepts
 * (Accept-Language), else English.
 */

type Mail = { subject: string; text: string };
type Texts = {
  passwordReset: (p: { name: string; link: string }) => Mail;
  emailConfirm: (p: { name: string; link: string; email: string }) => Mail;
  signInCode: (p: { name: string; code: string; ip: string; resetLink: string }) => Mail;
  registrationExists: (p: { loginLink: string; resetLink: string }) => Mail;
  registrationPending: () => Mail;
  signInFailures: (p: { resetLink: string }) => Mail;
};
export type AccountMail = keyof Texts;

/** A sign-in page's address in `language` (`https://…/ru/login`; English has no prefix), for a mail's link. */
export function signInPageLink(appUrl: string, path: string, language: Language): string {
  return `${appUrl}${language === 'en' ? '' : `/${language}`}${path}`;
}

const MAILS: Record<Language, Texts> = {
  en: {
    passwordReset: ({ name, link }) => ({
      subject: 'Reset your password',
      text: `Hello ${name},\n\nOpen this link within one hour to set a new password:\n${link}\n\nIf you did not ask for it, ignore this e-mail.`,
    }),
    emailConfirm: ({ name, link, email }) => ({
      subject: 'Confirm your new e-mail',
      text: `Hello ${name},\n\nOpen this link within 24 hours to make ${email} the e-mail of your Taskgram Ads account:\n${link}\n\nIf you did not ask for it, ignore this e-mail: nothing changes.`,
    }),
    signInCode: ({ name, code, ip, resetLink }) => ({
      subject: `Your sign-in code: ${code}`,
      text: `Hello ${name},\n\nYour Taskgram Ads account has seen many failed sign-in attempts, so signing in from an address it has not used before needs this code (the last attempt came from ${ip}). If it is you, enter it with your password within 15 minutes:\n\n    ${code}\n\nIf it is not you, do not share the code with anybody: without it, nobody gets further than the password field. You may also want to choose a new, strong password at ${resetLink}.`,
    }),
    registrationExists: ({ loginLink, resetLink }) => ({
      subject: 'You already have an account',
      text: `Hello,\n\nSomeone asked to register a Taskgram Ads account with this e-mail, but it already has one.\nSign in at ${loginLink}, or set a new password at ${resetLink} if you forgot it.\n\nIf it was not you, you can ignore this e-mail: nothing has changed.`,
    }),
    registrationPending: () => ({
      subject: 'Your registration request is under review',
      text: `Hello,\n\nSomeone asked again to register a Taskgram Ads account with this e-mail. Your first request is still under review: we will write to you once a moderator has looked at it.\n\nIf it was not you, you can ignore this e-mail.`,
    }),
    signInFailures: ({ resetLink }) => ({
      subject: 'Many failed sign-in attempts on your account',
      text: `Hello,\n\nYour Taskgram Ads account has just seen many sign-in attempts with a wrong password. Sign-ins from where you signed in before are not affected; from anywhere else they now need a one-time code that we e-mail to you, so nobody without this mailbox gets further.\nIf it was not you, choose a new, strong password at ${resetLink}.\n\nIf it was you, you can ignore this e-mail.`,
    }),
  },
  ru: {
    passwordReset: ({ name, link }) => ({
      subject: 'Сброс пароля',
      text: `Здравствуйте, ${name}!\n\nОткройте эту ссылку в течение часа, чтобы задать новый пароль:\n${link}\n\nЕсли вы его не запрашивали, просто проигнорируйте это письмо.`,
    }),
    emailConfirm: ({ name, link, email }) => ({
      subject: 'Подтвердите новый e-mail',
      text: `Здравствуйте, ${name}!\n\nОткройте эту ссылку в течение 24 часов, чтобы ${email} стал e-mail вашего аккаунта Taskgram Ads:\n${link}\n\nЕсли вы этого не просили, просто проигнорируйте письмо: ничего не изменится.`,
    }),
    signInCode: ({ name, code, ip, resetLink }) => ({
      subject: `Ваш код для входа: ${code}`,
      text: `Здравствуйте, ${name}!\n\nВ ваш аккаунт Taskgram Ads было много неудачных попыток входа, поэтому для входа с адреса, с которого вы раньше не входили, нужен этот код (последняя попытка была с ${ip}). Если это вы, введите его вместе с паролем в течение 15 минут:\n\n    ${code}\n\nЕсли это не вы, никому не сообщайте код: без него дальше поля пароля никто не пройдёт. Возможно, стоит также задать новый надёжный пароль: ${resetLink}.`,
    }),
    registrationExists: ({ loginLink, resetLink }) => ({
      subject: 'У вас уже есть аккаунт',
      text: `Здравствуйте!\n\nКто-то попросил зарегистрировать аккаунт Taskgram Ads на этот e-mail, но он у вас уже есть.\nВойдите на ${loginLink} или задайте новый пароль на ${resetLink}, если забыли его.\n\nЕсли это были не вы, проигнорируйте письмо: ничего не изменилось.`,
    }),
    registrationPending: () => ({
      subject: 'Ваша заявка на регистрацию на рассмотрении',
      text: `Здравствуйте!\n\nКто-то снова попросил зарегистрировать аккаунт Taskgram Ads на этот e-mail. Ваша первая заявка ещё на рассмотрении: мы напишем вам, когда модератор её посмотрит.\n\nЕсли это были не вы, проигнорируйте письмо.`,
    }),
    signInFailures: ({ resetLink }) => ({
      subject: 'Много неудачных попыток входа в ваш аккаунт',
      text: `Здравствуйте!\n\nВ ваш аккаунт Taskgram Ads только что было много попыток входа с неверным паролем. Вход оттуда, где вы входили раньше, не затронут; из любого другого места теперь нужен одноразовый код, который мы присылаем на почту, так что без доступа к этому ящику дальше никто не пройдёт.\nЕсли это были не вы, задайте новый надёжный пароль: ${resetLink}.\n\nЕсли это были вы, проигнорируйте письмо.`,
    }),
  },
  uk: {
    passwordReset: ({ name, link }) => ({
      subject: 'Скидання пароля',
      text: `Вітаємо, ${name}!\n\nВідкрийте це посилання протягом години, щоб задати новий пароль:\n${link}\n\nЯкщо ви його не запитували, просто проігноруйте цей лист.`,
    }),
    emailConfirm: ({ name, link, email }) => ({
      subject: 'Підтвердьте новий e-mail',
      text: `Вітаємо, ${name}!\n\nВідкрийте це посилання протягом 24 годин, щоб ${email} став e-mail вашого акаунта Taskgram Ads:\n${link}\n\nЯкщо ви цього не просили, проігноруйте лист: нічого не зміниться.`,
    }),
    signInCode: ({ name, code, ip, resetLink }) => ({
      subject: `Ваш код для входу: ${code}`,
      text: `Вітаємо, ${name}!\n\nДо вашого акаунта Taskgram Ads було багато невдалих спроб входу, тому для входу з адреси, з якої ви раніше не входили, потрібен цей код (остання спроба була з ${ip}). Якщо це ви, введіть його разом із паролем протягом 15 хвилин:\n\n    ${code}\n\nЯкщо це не ви, нікому не повідомляйте код: без нього далі поля пароля ніхто не пройде. Можливо, варто також задати новий надійний пароль: ${resetLink}.`,
    }),
    registrationExists: ({ loginLink, resetLink }) => ({
      subject: 'У вас уже є акаунт',
      text: `Вітаємо!\n\nХтось попросив зареєструвати акаунт Taskgram Ads на цей e-mail, але він у вас уже є.\nУвійдіть на ${loginLink} або задайте новий пароль на ${resetLink}, якщо забули його.\n\nЯкщо це були не ви, проігноруйте лист: нічого не змінилося.`,
    }),
    registrationPending: () => ({
      subject: 'Ваша заявка на реєстрацію на розгляді',
      text: `Вітаємо!\n\nХтось знову попросив зареєструвати акаунт Taskgram Ads на цей e-mail. Ваша перша заявка ще на розгляді: ми напишемо вам, коли модератор її перегляне.\n\nЯкщо це були не ви, проігноруйте лист.`,
    }),
    signInFailures: ({ resetLink }) => ({
      subject: 'Багато невдалих спроб входу до вашого акаунта',
      text: `Вітаємо!\n\nДо вашого акаунта Taskgram Ads щойно було багато спроб входу з неправильним паролем. Вхід звідти, де ви входили раніше, не зачеплено; з будь-якого іншого місця тепер потрібен одноразовий код, який ми надсилаємо на пошту, тож без доступу до цієї скриньки далі ніхто не пройде.\nЯкщо це були не ви, задайте новий надійний пароль: ${resetLink}.\n\nЯкщо це були ви, проігноруйте лист.`,
    }),
  },
  es: {
    passwordReset: ({ name, link }) => ({
      subject: 'Restablece tu contraseña',
      text: `Hola, ${name}:\n\nAbre este enlace en menos de una hora para crear una nueva contraseña:\n${link}\n\nSi no lo pediste, ignora este correo.`,
    }),
    emailConfirm: ({ name, link, email }) => ({
      subject: 'Confirma tu nuevo correo',
      text: `Hola, ${name}:\n\nAbre este enlace en las próximas 24 horas para que ${email} sea el correo de tu cuenta de Taskgram Ads:\n${link}\n\nSi no lo pediste, ignora este correo: nada cambia.`,
    }),
    signInCode: ({ name, code, ip, resetLink }) => ({
      subject: `Tu código de inicio de sesión: ${code}`,
      text: `Hola, ${name}:\n\nTu cuenta de Taskgram Ads ha tenido muchos intentos fallidos de inicio de sesión, así que iniciar sesión desde una dirección que no ha usado antes necesita este código (el último intento vino de ${ip}). Si eres tú, introdúcelo con tu contraseña en menos de 15 minutos:\n\n    ${code}\n\nSi no eres tú, no compartas el código con nadie: sin él, nadie pasa del campo de la contraseña. También puedes elegir una contraseña nueva y segura en ${resetLink}.`,
    }),
    registrationExists: ({ loginLink, resetLink }) => ({
      subject: 'Ya tienes una cuenta',
      text: `Hola:\n\nAlguien pidió registrar una cuenta de Taskgram Ads con este correo, pero ya tiene una.\nInicia sesión en ${loginLink} o crea una nueva contraseña en ${resetLink} si la olvidaste.\n\nSi no fuiste tú, puedes ignorar este correo: nada ha cambiado.`,
    }),
    registrationPending: () => ({
      subject: 'Tu solicitud de registro está en revisión',
      text: `Hola:\n\nAlguien volvió a pedir registrar una cuenta de Taskgram Ads con este correo. Tu primera solicitud sigue en revisión: te escribiremos cuando un moderador la haya revisado.\n\nSi no fuiste tú, puedes ignorar este correo.`,
    }),
    signInFailures: ({ resetLink }) => ({
      subject: 'Muchos intentos fallidos de inicio de sesión en tu cuenta',
      text: `Hola:\n\nTu cuenta de Taskgram Ads acaba de tener muchos intentos de inicio de sesión con una contraseña incorrecta. Los inicios de sesión desde donde ya entraste antes no cambian; desde cualquier otro lugar ahora necesitan un código de un solo uso que te enviamos por correo, así que nadie sin este buzón pasa de ahí.\nSi no fuiste tú, elige una contraseña nueva y segura en ${resetLink}.\n\nSi fuiste tú, puedes ignorar este correo.`,
    }),
  },
  pt: {
    passwordReset: ({ name, link }) => ({
      subject: 'Redefina sua senha',
      text: `Olá, ${name},\n\nAbra este link em até uma hora para definir uma nova senha:\n${link}\n\nSe você não pediu, ignore este e-mail.`,
    }),
    emailConfirm: ({ name, link, email }) => ({
      subject: 'Confirme seu novo e-mail',
      text: `Olá, ${name},\n\nAbra este link em até 24 horas para que ${email} seja o e-mail da sua conta do Taskgram Ads:\n${link}\n\nSe não foi você que pediu, ignore este e-mail: nada muda.`,
    }),
    signInCode: ({ name, code, ip, resetLink }) => ({
      subject: `Seu código de acesso: ${code}`,
      text: `Olá, ${name},\n\nSua conta do Taskgram Ads teve muitas tentativas de login com falha, então entrar a partir de um endereço que ela ainda não usou precisa deste código (a última tentativa veio de ${ip}). Se for você, informe-o com sua senha em até 15 minutos:\n\n    ${code}\n\nSe não for você, não compartilhe o código com ninguém: sem ele, ninguém passa do campo de senha. Você também pode escolher uma nova senha forte em ${resetLink}.`,
    }),
    registrationExists: ({ loginLink, resetLink }) => ({
      subject: 'Você já tem uma conta',
      text: `Olá,\n\nAlguém pediu para cadastrar uma conta do Taskgram Ads com este e-mail, mas ele já tem uma.\nEntre em ${loginLink} ou defina uma nova senha em ${resetLink} se a esqueceu.\n\nSe não foi você, pode ignorar este e-mail: nada mudou.`,
    }),
    registrationPending: () => ({
      subject: 'Sua solicitação de cadastro está em análise',
      text: `Olá,\n\nAlguém pediu de novo para cadastrar uma conta do Taskgram Ads com este e-mail. Sua primeira solicitação ainda está em análise: escreveremos quando um moderador a tiver visto.\n\nSe não foi você, pode ignorar este e-mail.`,
    }),
    signInFailures: ({ resetLink }) => ({
      subject: 'Muitas tentativas de login com falha na sua conta',
      text: `Olá,\n\nSua conta do Taskgram Ads acabou de ter muitas tentativas de login com senha errada. Logins de onde você já entrou antes não são afetados; de qualquer outro lugar, agora precisam de um código de uso único que enviamos por e-mail, então ninguém sem esta caixa de entrada passa daí.\nSe não foi você, escolha uma nova senha forte em ${resetLink}.\n\nSe foi você, pode ignorar este e-mail.`,
    }),
  },
  tr: {
    passwordReset: ({ name, link }) => ({
      subject: 'Şifrenizi sıfırlayın',
      text: `Merhaba ${name},\n\nYeni bir şifre belirlemek için bu bağlantıyı bir saat içinde açın:\n${link}\n\nBunu siz istemediyseniz bu e-postayı yok sayın.`,
    }),
    emailConfirm: ({ name, link, email }) => ({
      subject: 'Yeni e-postanızı onaylayın',
      text: `Merhaba ${name},\n\n${email} adresini Taskgram Ads hesabınızın e-postası yapmak için bu bağlantıyı 24 saat içinde açın:\n${link}\n\nBunu siz istemediyseniz bu e-postayı yok sayın: hiçbir şey değişmez.`,
    }),
    signInCode: ({ name, code, ip, resetLink }) => ({
      subject: `Giriş kodunuz: ${code}`,
      text: `Merhaba ${name},\n\nTaskgram Ads hesabınızda çok sayıda başarısız giriş denemesi oldu; bu nedenle daha önce kullanılmamış bir adresten giriş için bu kod gerekir (son deneme ${ip} adresinden geldi). Sizseniz 15 dakika içinde şifrenizle birlikte girin:\n\n    ${code}\n\nSiz değilseniz kodu kimseyle paylaşmayın: o olmadan kimse şifre alanının ötesine geçemez. Ayrıca ${resetLink} adresinden yeni ve güçlü bir şifre seçebilirsiniz.`,
    }),
    registrationExists: ({ loginLink, resetLink }) => ({
      subject: 'Zaten bir hesabınız var',
      text: `Merhaba,\n\nBiri bu e-postayla bir Taskgram Ads hesabı açmak istedi, ancak bu e-postanın zaten bir hesabı var.\n${loginLink} adresinden giriş yapın ya da unuttuysanız ${resetLink} adresinden yeni bir şifre belirleyin.\n\nBu siz değilseniz bu e-postayı yok sayabilirsiniz: hiçbir şey değişmedi.`,
    }),
    registrationPending: () => ({
      subject: 'Kayıt talebiniz inceleniyor',
      text: `Merhaba,\n\nBiri bu e-postayla yeniden bir Taskgram Ads hesabı açmak istedi. İlk talebiniz hâlâ inceleniyor: bir moderatör baktığında size yazacağız.\n\nBu siz değilseniz bu e-postayı yok sayabilirsiniz.`,
    }),
    signInFailures: ({ resetLink }) => ({
      subject: 'Hesabınızda çok sayıda başarısız giriş denemesi',
      text: `Merhaba,\n\nTaskgram Ads hesabınızda az önce yanlış şifreyle çok sayıda giriş denemesi oldu. Daha önce giriş yaptığınız yerlerden girişler etkilenmez; başka her yerden artık size e-postayla gönderdiğimiz tek kullanımlık bir kod gerekir, yani bu posta kutusu olmadan kimse ilerleyemez.\nBu siz değilseniz ${resetLink} adresinden yeni ve güçlü bir şifre seçin.\n\nSizseniz bu e-postayı yok sayabilirsiniz.`,
    }),
  },
  id: {
    passwordReset: ({ name, link }) => ({
      subject: 'Atur ulang kata sandi Anda',
      text: `Halo ${name},\n\nBuka tautan ini dalam satu jam untuk membuat kata sandi baru:\n${link}\n\nJika Anda tidak memintanya, abaikan email ini.`,
    }),
    emailConfirm: ({ name, link, email }) => ({
      subject: 'Konfirmasi e-mail baru Anda',
      text: `Halo ${name},\n\nBuka tautan ini dalam 24 jam untuk menjadikan ${email} e-mail akun Taskgram Ads Anda:\n${link}\n\nJika Anda tidak memintanya, abaikan e-mail ini: tidak ada yang berubah.`,
    }),
    signInCode: ({ name, code, ip, resetLink }) => ({
      subject: `Kode masuk Anda: ${code}`,
      text: `Halo ${name},\n\nAkun Taskgram Ads Anda mengalami banyak percobaan masuk yang gagal, jadi masuk dari alamat yang belum pernah dipakai memerlukan kode ini (percobaan terakhir berasal dari ${ip}). Jika ini Anda, masukkan bersama kata sandi dalam 15 menit:\n\n    ${code}\n\nJika bukan Anda, jangan bagikan kode ini kepada siapa pun: tanpanya, tidak ada yang bisa melewati kolom kata sandi. Anda juga dapat memilih kata sandi baru yang kuat di ${resetLink}.`,
    }),
    registrationExists: ({ loginLink, resetLink }) => ({
      subject: 'Anda sudah memiliki akun',
      text: `Halo,\n\nSeseorang meminta pendaftaran akun Taskgram Ads dengan email ini, tetapi email ini sudah memiliki akun.\nMasuk di ${loginLink}, atau buat kata sandi baru di ${resetLink} jika Anda lupa.\n\nJika itu bukan Anda, abaikan email ini: tidak ada yang berubah.`,
    }),
    registrationPending: () => ({
      subject: 'Permintaan pendaftaran Anda sedang ditinjau',
      text: `Halo,\n\nSeseorang kembali meminta pendaftaran akun Taskgram Ads dengan email ini. Permintaan pertama Anda masih ditinjau: kami akan menghubungi Anda setelah moderator memeriksanya.\n\nJika itu bukan Anda, abaikan email ini.`,
    }),
    signInFailures: ({ resetLink }) => ({
      subject: 'Banyak percobaan masuk yang gagal di akun Anda',
      text: `Halo,\n\nAkun Taskgram Ads Anda baru saja mengalami banyak percobaan masuk dengan kata sandi yang salah. Masuk dari tempat Anda pernah masuk sebelumnya tidak terpengaruh; dari tempat lain kini memerlukan kode sekali pakai yang kami kirim lewat email, sehingga tanpa kotak masuk ini tidak ada yang bisa lanjut.\nJika itu bukan Anda, pilih kata sandi baru yang kuat di ${resetLink}.\n\nJika itu Anda, abaikan email ini.`,
    }),
  },
  fa: {
    passwordReset: ({ name, link }) => ({
      subject: 'بازنشانی رمز عبور',
      text: `سلام ${name}،\n\nبرای تعیین رمز عبور جدید، این پیوند را ظرف یک ساعت باز کنید:\n${link}\n\nاگر آن را درخواست نکرده‌اید، این ایمیل را نادیده بگیرید.`,
    }),
    emailConfirm: ({ name, link, email }) => ({
      subject: 'ایمیل تازه‌تان را تأیید کنید',
      text: `سلام ${name}،\n\nاین پیوند را تا ۲۴ ساعت باز کنید تا ${email} ایمیل حساب Taskgram Ads شما شود:\n${link}\n\nاگر شما درخواست نکرده‌اید، این ایمیل را نادیده بگیرید: چیزی تغییر نمی‌کند.`,
    }),
    signInCode: ({ name, code, ip, resetLink }) => ({
      subject: `کد ورود شما: ${code}`,
      text: `سلام ${name}،\n\nحساب Taskgram Ads شما تلاش‌های ناموفق زیادی برای ورود داشته است، برای همین ورود از نشانی‌ای که پیش‌تر استفاده نشده به این کد نیاز دارد (آخرین تلاش از ${ip} بود). اگر خودتان هستید، آن را ظرف ۱۵ دقیقه همراه رمز عبور وارد کنید:\n\n    ${code}\n\nاگر شما نیستید، کد را با هیچ‌کس در میان نگذارید: بدون آن کسی از فیلد رمز عبور جلوتر نمی‌رود. می‌توانید در ${resetLink} یک رمز عبور جدید و قوی هم انتخاب کنید.`,
    }),
    registrationExists: ({ loginLink, resetLink }) => ({
      subject: 'شما از قبل حساب دارید',
      text: `سلام،\n\nکسی خواسته با این ایمیل یک حساب Taskgram Ads ثبت کند، اما این ایمیل از قبل حساب دارد.\nدر ${loginLink} وارد شوید، یا اگر رمز عبور را فراموش کرده‌اید در ${resetLink} رمز جدیدی تعیین کنید.\n\nاگر این کار شما نبوده، این ایمیل را نادیده بگیرید: چیزی تغییر نکرده است.`,
    }),
    registrationPending: () => ({
      subject: 'درخواست ثبت‌نام شما در حال بررسی است',
      text: `سلام،\n\nکسی دوباره خواسته با این ایمیل یک حساب Taskgram Ads ثبت کند. درخواست اول شما هنوز در حال بررسی است: وقتی یک ناظر آن را بررسی کرد، به شما پیام می‌دهیم.\n\nاگر این کار شما نبوده، این ایمیل را نادیده بگیرید.`,
    }),
    signInFailures: ({ resetLink }) => ({
      subject: 'تلاش‌های ناموفق زیاد برای ورود به حساب شما',
      text: `سلام،\n\nحساب Taskgram Ads شما همین حالا تلاش‌های زیادی برای ورود با رمز عبور نادرست داشته است. ورود از جاهایی که پیش‌تر وارد شده‌اید تغییری نمی‌کند؛ از هر جای دیگر اکنون به کدی یک‌بارمصرف نیاز است که به ایمیل شما می‌فرستیم، پس بدون این صندوق ایمیل کسی جلوتر نمی‌رود.\nاگر این کار شما نبوده، در ${resetLink} یک رمز عبور جدید و قوی انتخاب کنید.\n\nاگر خودتان بوده‌اید، این ایمیل را نادیده بگیرید.`,
    }),
  },
  ar: {
    passwordReset: ({ name, link }) => ({
      subject: 'إعادة تعيين كلمة المرور',
      text: `مرحبًا ${name}،\n\nافتح هذا الرابط خلال ساعة لتعيين كلمة مرور جديدة:\n${link}\n\nإذا لم تطلب ذلك، فتجاهل هذه الرسالة.`,
    }),
    emailConfirm: ({ name, link, email }) => ({
      subject: 'أكّد بريدك الإلكتروني الجديد',
      text: `مرحبًا ${name}،\n\nافتح هذا الرابط خلال 24 ساعة ليصبح ${email} البريد الإلكتروني لحسابك في Taskgram Ads:\n${link}\n\nإن لم تطلب ذلك، فتجاهل هذه الرسالة: لن يتغير شيء.`,
    }),
    signInCode: ({ name, code, ip, resetLink }) => ({
      subject: `رمز تسجيل الدخول: ${code}`,
      text: `مرحبًا ${name}،\n\nشهد حسابك في Taskgram Ads محاولات فاشلة كثيرة لتسجيل الدخول، لذا يحتاج تسجيل الدخول من عنوان لم يُستخدم من قبل إلى هذا الرمز (جاءت آخر محاولة من ${ip}). إن كنت أنت، فأدخله مع كلمة المرور خلال 15 دقيقة:\n\n    ${code}\n\nإن لم تكن أنت، فلا تشارك الرمز مع أحد: من دونه لا يتجاوز أحد حقل كلمة المرور. ويمكنك أيضًا اختيار كلمة مرور جديدة وقوية على ${resetLink}.`,
    }),
    registrationExists: ({ loginLink, resetLink }) => ({
      subject: 'لديك حساب بالفعل',
      text: `مرحبًا،\n\nطلب شخص ما تسجيل حساب في Taskgram Ads بهذا البريد الإلكتروني، لكن لديه حساب بالفعل.\nسجّل الدخول على ${loginLink}، أو عيّن كلمة مرور جديدة على ${resetLink} إذا نسيتها.\n\nإن لم يكن ذلك أنت، فيمكنك تجاهل هذه الرسالة: لم يتغير شيء.`,
    }),
    registrationPending: () => ({
      subject: 'طلب تسجيلك قيد المراجعة',
      text: `مرحبًا،\n\nطلب شخص ما مجددًا تسجيل حساب في Taskgram Ads بهذا البريد الإلكتروني. لا يزال طلبك الأول قيد المراجعة: سنراسلك بعد أن يطّلع عليه مشرف.\n\nإن لم يكن ذلك أنت، فيمكنك تجاهل هذه الرسالة.`,
    }),
    signInFailures: ({ resetLink }) => ({
      subject: 'محاولات فاشلة كثيرة لتسجيل الدخول إلى حسابك',
      text: `مرحبًا،\n\nشهد حسابك في Taskgram Ads للتو محاولات كثيرة لتسجيل الدخول بكلمة مرور خاطئة. لا يتأثر تسجيل الدخول من الأماكن التي سجّلت منها سابقًا؛ أما من أي مكان آخر فيحتاج الآن إلى رمز لمرة واحدة نرسله إلى بريدك، فلا يتقدّم أحد دون هذا البريد.\nإن لم يكن ذلك أنت، فاختر كلمة مرور جديدة وقوية على ${resetLink}.\n\nإن كان ذلك أنت، فيمكنك تجاهل هذه الرسالة.`,
    }),
  },
};

/** One of the account's mails in `language` (TypeScript keeps every language's every mail present). */
export function accountMail<K extends AccountMail>(kind: K, language: Language, ...params: Parameters<Texts[K]>): Mail {
  return (MAILS[language][kind] as (...p: Parameters<Texts[K]>) => Mail)(...params);
}
