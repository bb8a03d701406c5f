import type { Language } from '../../../shared/languages.ts';

/**
 * The mail finance gets when approved withdrawals wait for the hot wallet's funds: in
 * each finance member's chosen language, else English. Amounts keep the chain's form (`12.50
 * USDT`, `0.35 TON`): they are what to send.
 */
interface Words {
  subject: string;
  fees: string;
  and: string;
  text: (p: { needs: string; address: string }) => string;
}

const WORDS: Record<Language, Words> = {
  en: {
    subject: 'The payout wallet is short of funds',
    fees: 'fees',
    and: 'and',
    text: ({ needs, address }) =>
      `Approved withdrawals are waiting: the hot wallet needs ${needs} more. Send them to ${address}; nothing is sent until then.`,
  },
  ru: {
    subject: 'На кошельке выплат не хватает средств',
    fees: 'комиссии',
    and: 'и',
    text: ({ needs, address }) =>
      `Одобренные выводы ждут: кошельку выплат нужно ещё ${needs}. Отправьте их на ${address}; до тех пор ничего не отправляется.`,
  },
  uk: {
    subject: 'На гаманці виплат бракує коштів',
    fees: 'комісії',
    and: 'і',
    text: ({ needs, address }) =>
      `Схвалені виведення чекають: гаманцю виплат потрібно ще ${needs}. Надішліть їх на ${address}; доти нічого не надсилається.`,
  },
  es: {
    subject: 'A la billetera de pagos le faltan fondos',
    fees: 'comisiones',
    and: 'y',
    text: ({ needs, address }) =>
      `Hay retiros aprobados esperando: la billetera de pagos necesita ${needs} más. Envíalos a ${address}; no se envía nada hasta entonces.`,
  },
  pt: {
    subject: 'A carteira de pagamentos está sem fundos suficientes',
    fees: 'taxas',
    and: 'e',
    text: ({ needs, address }) =>
      `Há saques aprovados esperando: a carteira de pagamentos precisa de mais ${needs}. Envie para ${address}; nada é enviado até lá.`,
  },
  tr: {
    subject: 'Ödeme cüzdanında yeterli bakiye yok',
    fees: 'ücretler',
    and: 've',
    text: ({ needs, address }) =>
      `Onaylanmış çekimler bekliyor: ödeme cüzdanının ${needs} daha ihtiyacı var. Bunları ${address} adresine gönderin; o zamana kadar hiçbir şey gönderilmez.`,
  },
  id: {
    subject: 'Dompet pembayaran kekurangan dana',
    fees: 'biaya',
    and: 'dan',
    text: ({ needs, address }) =>
      `Penarikan yang disetujui sedang menunggu: dompet pembayaran membutuhkan ${needs} lagi. Kirimkan ke ${address}; tidak ada yang dikirim sampai saat itu.`,
  },
  fa: {
    subject: 'کیف پول پرداخت‌ها کمبود موجودی دارد',
    fees: 'کارمزد',
    and: 'و',
    text: ({ needs, address }) =>
      `برداشت‌های تأییدشده در انتظارند: کیف پول پرداخت به ${needs} بیشتر نیاز دارد. آن را به ${address} بفرستید؛ تا آن زمان چیزی ارسال نمی‌شود.`,
  },
  ar: {
    subject: 'محفظة المدفوعات تنقصها أموال',
    fees: 'الرسوم',
    and: 'و',
    text: ({ needs, address }) =>
      `طلبات سحب موافق عليها تنتظر: تحتاج محفظة المدفوعات إلى ${needs} إضافية. أرسلها إلى ${address}؛ لا يُرسل شيء حتى ذلك الحين.`,
  },
};

/** The mail in `language`; `usdt` and `ton` are what is missing ('' when nothing is). */
export function lowFundsMail(
  language: Language,
  p: { usdt: string; ton: string; address: string },
): { subject: string; text: string } {
  const words = WORDS[language];
  const needs = [p.usdt ? `${p.usdt} USDT` : '', p.ton ? `${p.ton} TON (${words.fees})` : '']
    .filter(Boolean)
    .join(` ${words.and} `);
  return { subject: words.subject, text: `${words.text({ needs, address: p.address })}\n` };
}
