import type { Language } from '../../../shared/languages.ts';

/**
 * Why the chain did not pay a withdrawal, in the notice's language (its params `chain` and
 * `exitCode`, server/modules/payments/chain-failure.ts): the English `reason` stays for the rest.
 */
const REASONS: Record<Language, { BOUNCED: string; REFUSED: (code: string) => string }> = {
  en: {
    BOUNCED: 'the recipient’s jetton wallet bounced the transfer',
    REFUSED: (code) => `the hot wallet’s jetton wallet refused the transfer (exit code ${code})`,
  },
  ru: {
    BOUNCED: 'джеттон-кошелёк получателя вернул перевод',
    REFUSED: (code) => `джеттон-кошелёк кошелька выплат отклонил перевод (код выхода ${code})`,
  },
  uk: {
    BOUNCED: 'джетон-гаманець отримувача повернув переказ',
    REFUSED: (code) => `джетон-гаманець гаманця виплат відхилив переказ (код виходу ${code})`,
  },
  es: {
    BOUNCED: 'la billetera de jettons del destinatario devolvió la transferencia',
    REFUSED: (code) =>
      `la billetera de jettons de la billetera de pagos rechazó la transferencia (código de salida ${code})`,
  },
  pt: {
    BOUNCED: 'a carteira de jettons do destinatário devolveu a transferência',
    REFUSED: (code) =>
      `a carteira de jettons da carteira de pagamentos recusou a transferência (código de saída ${code})`,
  },
  tr: {
    BOUNCED: 'alıcının jetton cüzdanı transferi geri çevirdi',
    REFUSED: (code) => `ödeme cüzdanının jetton cüzdanı transferi reddetti (çıkış kodu ${code})`,
  },
  id: {
    BOUNCED: 'dompet jetton penerima memantulkan transfer',
    REFUSED: (code) => `dompet jetton milik dompet pembayaran menolak transfer (kode keluar ${code})`,
  },
  fa: {
    BOUNCED: 'کیف پول جتون گیرنده انتقال را برگرداند',
    REFUSED: (code) => `کیف پول جتون کیف پول پرداخت انتقال را رد کرد (کد خروج ${code})`,
  },
  ar: {
    BOUNCED: 'أعادت محفظة الجيتون لدى المستلم التحويل',
    REFUSED: (code) => `رفضت محفظة الجيتون التابعة لمحفظة المدفوعات التحويل (رمز الخروج ${code})`,
  },
};

/** The chain's reason in `language`, or null when the params name none. */
export function chainReason(language: Language, params: Record<string, unknown>): string | null {
  if (params.chain === 'BOUNCED') return REASONS[language].BOUNCED;
  if (params.chain === 'REFUSED') return REASONS[language].REFUSED(String(params.exitCode ?? 'none'));
  return null;
}
