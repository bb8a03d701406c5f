import { fail } from '../../../failures.ts';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { formatMoney } from '../../../lib/money.ts';
import { InvalidSignature, type PaymentProvider, type WebhookOutcome } from './provider.ts';

export const CRYPTO_PAY_SIGNATURE_HEADER = 'crypto-pay-api-signature';

interface ApiAnswer<T> {
  ok: boolean;
  result?: T;
  error?: { code: number; name: string };
}

interface Invoice {
  invoice_id: number;
  status: 'active' | 'paid' | 'expired';
  bot_invoice_url?: string;
  pay_url?: string;
  mini_app_invoice_url?: string;
  web_app_invoice_url?: string;
  payload?: string;
}

/** Crypto Pay API (Telegram's @CryptoBot): invoices in USD, confirmed by a signed webhook. */
export class CryptoPayProvider implements PaymentProvider {
  readonly name = 'cryptopay' as const;

  constructor(
    private readonly token: string,
    private readonly apiUrl: string,
    private readonly expiresInSeconds = 3600,
  ) {}

  private async call<T>(method: string, params: Record<string, unknown>): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.apiUrl}/api/${method}`, {
        method: 'POST',
        headers: { 'Crypto-Pay-API-Token': this.token, 'content-type': 'application/json' },
        body: JSON.stringify(params),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw fail('PAYMENT_PROVIDER_UNREACHABLE');
    }
    const answer = (await res.json().catch(() => ({ ok: false }))) as ApiAnswer<T>;
    if (!answer.ok || answer.result === undefined) {
      throw fail('PAYMENT_PROVIDER_REFUSED', { reason: answer.error?.name ?? res.status });
    }
    return answer.result;
  }

  async createInvoice(input: { paymentId: number; amount: bigint; description: string }) {
    const invoice = await this.call<Invoice>('createInvoice', {
      currency_type: 'fiat',
      fiat: 'USD',
      amount: formatMoney(input.amount),
      description: input.description,
      payload: String(input.paymentId),
      allow_anonymous: false,
      expires_in: this.expiresInSeconds,
    });
    const url =
      invoice.bot_invoice_url ?? invoice.pay_url ?? invoice.web_app_invoice_url ?? invoice.mini_app_invoice_url;
    if (!url) throw fail('PAYMENT_PROVIDER_NO_LINK');
    return { invoiceId: String(invoice.invoice_id), url };
  }

  /** HMAC-SHA-256 of the raw body with SHA-256 of the API token as the key. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookOutcome | null {
    const signature = String(headers[CRYPTO_PAY_SIGNATURE_HEADER] ?? '');
    const key = createHash('sha256').update(this.token).digest();
    const expected = createHmac('sha256', key).update(rawBody).digest('hex');
    const a = Buffer.from(expected);
    const b = Buffer.from(signature);
    if (a.length !== b.length || !timingSafeEqual(a, b)) throw new InvalidSignature();
    const update = JSON.parse(rawBody.toString('utf8')) as { update_type: string; payload: Invoice };
    if (update.update_type !== 'invoice_paid') return null;
    const paymentId = Number(update.payload.payload);
    if (!Number.isSafeInteger(paymentId)) return null;
    return {
      paymentId,
      status: update.payload.status === 'paid' ? 'paid' : 'failed',
      providerRef: String(update.payload.invoice_id),
    };
  }

  async invoiceStatuses(invoiceIds: string[]) {
    const result = await this.call<{ items: Invoice[] }>('getInvoices', { invoice_ids: invoiceIds.join(',') });
    return new Map(result.items.map((i) => [String(i.invoice_id), i.status]));
  }
}
