import type { Language } from '../../../shared/languages.ts';
import type { QualityComponent } from './score.ts';

/**
 * The mail an app's owner gets when the quality floor pauses its paid campaigns: in
 * the owner's language, each component by the name the App page gives it.
 */
interface Words {
  subject: (title: string) => string;
  hello: (name: string) => string;
  paused: (p: { title: string; score: number | null; floor: number }) => string;
  lowers: string;
  points: string;
  page: (link: string) => string;
  ends: string;
  components: Record<QualityComponent, string>;
}

const WORDS: Record<Language, Words> = {
  en: {
    subject: (title) => `Paid campaigns paused in ${title}`,
    hello: (name) => `Hello ${name},`,
    paused: ({ title, score, floor }) =>
      `Paid campaigns are paused in ${title}: its traffic quality score over the last 30 days is ${score}, under the network's floor of ${floor}. Swaps you agreed to go on.`,
    lowers: 'What lowers it:',
    points: 'points',
    page: (link) => `The App page shows each component: ${link}`,
    ends: 'The pause ends by itself once the score is back at the floor; a moderator reviews it too.',
    components: {
      RETENTION: 'retention',
      VOIDS: 'voids',
      REPORTS: 'reports',
      FRAUD_RULES: 'fraud rules',
      FAST: 'fast',
    },
  },
  ru: {
    subject: (title) => `Платные кампании приостановлены в ${title}`,
    hello: (name) => `Здравствуйте, ${name}!`,
    paused: ({ title, score, floor }) =>
      `Платные кампании в ${title} приостановлены: оценка качества трафика за последние 30 дней — ${score}, ниже порога сети ${floor}. Согласованные обмены продолжаются.`,
    lowers: 'Что её снижает:',
    points: 'баллов',
    page: (link) => `Каждый компонент показан на странице приложения: ${link}`,
    ends: 'Пауза снимется сама, когда оценка вернётся к порогу; модератор её тоже проверит.',
    components: {
      RETENTION: 'удержание',
      VOIDS: 'аннулированные конверсии',
      REPORTS: 'подтверждённые жалобы',
      FRAUD_RULES: 'срабатывания антифрода',
      FAST: 'слишком быстрые выполнения',
    },
  },
  uk: {
    subject: (title) => `Платні кампанії призупинено в ${title}`,
    hello: (name) => `Вітаємо, ${name}!`,
    paused: ({ title, score, floor }) =>
      `Платні кампанії в ${title} призупинено: оцінка якості трафіку за останні 30 днів — ${score}, нижче порогу мережі ${floor}. Погоджені обміни тривають.`,
    lowers: 'Що її знижує:',
    points: 'балів',
    page: (link) => `Кожен компонент показано на сторінці застосунку: ${link}`,
    ends: 'Пауза зніметься сама, коли оцінка повернеться до порогу; модератор її теж перевірить.',
    components: {
      RETENTION: 'утримання',
      VOIDS: 'анульовані конверсії',
      REPORTS: 'підтверджені скарги',
      FRAUD_RULES: 'спрацювання антифроду',
      FAST: 'надто швидкі виконання',
    },
  },
  es: {
    subject: (title) => `Campañas de pago en pausa en ${title}`,
    hello: (name) => `Hola, ${name}:`,
    paused: ({ title, score, floor }) =>
      `Las campañas de pago están en pausa en ${title}: su puntuación de calidad del tráfico en los últimos 30 días es ${score}, por debajo del mínimo de la red, ${floor}. Los intercambios que acordaste siguen.`,
    lowers: 'Qué la baja:',
    points: 'puntos',
    page: (link) => `La página de la app muestra cada componente: ${link}`,
    ends: 'La pausa termina sola cuando la puntuación vuelve al mínimo; un moderador también la revisa.',
    components: {
      RETENTION: 'retención',
      VOIDS: 'conversiones anuladas',
      REPORTS: 'reportes confirmados',
      FRAUD_RULES: 'alertas antifraude',
      FAST: 'completadas demasiado rápido',
    },
  },
  pt: {
    subject: (title) => `Campanhas pagas pausadas em ${title}`,
    hello: (name) => `Olá, ${name},`,
    paused: ({ title, score, floor }) =>
      `As campanhas pagas estão pausadas em ${title}: a pontuação de qualidade do tráfego nos últimos 30 dias é ${score}, abaixo do mínimo da rede, ${floor}. As trocas que você combinou continuam.`,
    lowers: 'O que a reduz:',
    points: 'pontos',
    page: (link) => `A página do app mostra cada componente: ${link}`,
    ends: 'A pausa termina sozinha quando a pontuação volta ao mínimo; um moderador também a analisa.',
    components: {
      RETENTION: 'retenção',
      VOIDS: 'conversões anuladas',
      REPORTS: 'denúncias confirmadas',
      FRAUD_RULES: 'alertas antifraude',
      FAST: 'conclusões rápidas demais',
    },
  },
  tr: {
    subject: (title) => `${title} içinde ücretli kampanyalar duraklatıldı`,
    hello: (name) => `Merhaba ${name},`,
    paused: ({ title, score, floor }) =>
      `${title} içinde ücretli kampanyalar duraklatıldı: son 30 gündeki trafik kalitesi puanı ${score}, ağın ${floor} olan alt sınırının altında. Kabul ettiğiniz takaslar devam ediyor.`,
    lowers: 'Puanı düşürenler:',
    points: 'puan',
    page: (link) => `Uygulama sayfası her bileşeni gösterir: ${link}`,
    ends: 'Puan alt sınıra döndüğünde duraklatma kendiliğinden biter; bir moderatör de inceler.',
    components: {
      RETENTION: 'elde tutma',
      VOIDS: 'iptal edilen dönüşümler',
      REPORTS: 'onaylanan şikâyetler',
      FRAUD_RULES: 'dolandırıcılık kuralı uyarıları',
      FAST: 'çok hızlı tamamlamalar',
    },
  },
  id: {
    subject: (title) => `Kampanye berbayar dijeda di ${title}`,
    hello: (name) => `Halo ${name},`,
    paused: ({ title, score, floor }) =>
      `Kampanye berbayar dijeda di ${title}: skor kualitas trafiknya dalam 30 hari terakhir adalah ${score}, di bawah batas minimum jaringan ${floor}. Pertukaran yang Anda setujui tetap berjalan.`,
    lowers: 'Yang menurunkannya:',
    points: 'poin',
    page: (link) => `Halaman aplikasi menampilkan setiap komponen: ${link}`,
    ends: 'Jeda berakhir sendiri setelah skor kembali ke batas minimum; moderator juga meninjaunya.',
    components: {
      RETENTION: 'retensi',
      VOIDS: 'konversi yang dibatalkan',
      REPORTS: 'laporan yang dikonfirmasi',
      FRAUD_RULES: 'pemicu aturan penipuan',
      FAST: 'penyelesaian terlalu cepat',
    },
  },
  fa: {
    subject: (title) => `کمپین‌های پولی در ${title} متوقف شدند`,
    hello: (name) => `سلام ${name}،`,
    paused: ({ title, score, floor }) =>
      `کمپین‌های پولی در ${title} متوقف شده‌اند: امتیاز کیفیت ترافیک آن در ۳۰ روز گذشته ${score} است، کمتر از حد پایین شبکه (${floor}). مبادله‌هایی که پذیرفته‌اید ادامه دارند.`,
    lowers: 'آنچه امتیاز را پایین می‌آورد:',
    points: 'امتیاز',
    page: (link) => `صفحهٔ برنامه هر مؤلفه را نشان می‌دهد: ${link}`,
    ends: 'وقتی امتیاز به حد پایین برگردد، توقف خودبه‌خود پایان می‌یابد؛ یک ناظر هم آن را بررسی می‌کند.',
    components: {
      RETENTION: 'ماندگاری',
      VOIDS: 'تبدیل‌های باطل‌شده',
      REPORTS: 'گزارش‌های تأییدشده',
      FRAUD_RULES: 'برخوردهای قاعدهٔ تقلب',
      FAST: 'انجام‌های بیش از حد سریع',
    },
  },
  ar: {
    subject: (title) => `أُوقفت الحملات المدفوعة في ${title}`,
    hello: (name) => `مرحبًا ${name}،`,
    paused: ({ title, score, floor }) =>
      `أُوقفت الحملات المدفوعة في ${title}: درجة جودة الزيارات خلال آخر 30 يومًا هي ${score}، أقل من الحد الأدنى للشبكة ${floor}. تستمر عمليات التبادل التي وافقت عليها.`,
    lowers: 'ما يخفضها:',
    points: 'نقطة',
    page: (link) => `تعرض صفحة التطبيق كل مكوّن: ${link}`,
    ends: 'ينتهي الإيقاف تلقائيًا عندما تعود الدرجة إلى الحد الأدنى؛ ويراجعه مشرف أيضًا.',
    components: {
      RETENTION: 'الاحتفاظ',
      VOIDS: 'التحويلات الملغاة',
      REPORTS: 'البلاغات المؤكدة',
      FRAUD_RULES: 'تنبيهات قواعد الاحتيال',
      FAST: 'إتمامات سريعة جدًا',
    },
  },
};

/** The pause's mail in `language`. */
export function floorMail(
  language: Language,
  p: {
    name: string;
    title: string;
    score: number | null;
    floor: number;
    link: string;
    penalties: { component: QualityComponent; points: number }[];
  },
): { subject: string; text: string } {
  const w = WORDS[language];
  const lines = [
    w.hello(p.name),
    '',
    w.paused(p),
    '',
    w.lowers,
    ...p.penalties.map((x) => `- ${w.components[x.component]}: −${x.points} ${w.points}`),
    '',
    w.page(p.link),
    w.ends,
  ];
  return { subject: w.subject(p.title), text: lines.join('\n') };
}
