import { createHmac, timingSafeEqual } from 'node:crypto';
import { InvalidSignature, type PaymentProvider, type WebhookOutcome } from './provider.ts';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

function sign(secret: string, data: string | Buffer) {
  return createHmac('sha256', secret).update(data).digest('hex');
}

function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The built-in checkout: a page of ours with Pay and Fail buttons. The page is reachable only
 * with a token bound to the payment, and its buttons confirm through the same signed webhook
 * a real provider would send.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly secret: string,
    private readonly appUrl: () => string,
  ) {}

  pageToken(paymentId: number) {
    return sign(this.secret, `page:${paymentId}`).slice(0, 32);
  }

  checkPageToken(paymentId: number, token: string) {
    return safeEqual(this.pageToken(paymentId), token);
  }

  /** The checkout opens on the origin the browser is on, so it returns to the user's session. */
  async createInvoice({ paymentId, origin }: { paymentId: number; origin?: string }) {
    return {
      invoiceId: `sandbox-${paymentId}`,
      url: `${origin ?? this.appUrl()}/pay/sandbox/${paymentId}?token=${this.pageToken(paymentId)}`,
    };
  }

  /** The webhook the sandbox page sends: body and its signature header. */
  webhook(paymentId: number, status: 'paid' | 'failed') {
    const body = Buffer.from(JSON.stringify({ paymentId, status, invoiceId: `sandbox-${paymentId}` }));
    return { body, signature: sign(this.secret, body) };
  }

  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookOutcome {
    const signature = String(headers[SANDBOX_SIGNATURE_HEADER] ?? '');
    if (!signature || !safeEqual(sign(this.secret, rawBody), signature)) throw new InvalidSignature();
    const body = JSON.parse(rawBody.toString('utf8')) as {
      paymentId: number;
      status: 'paid' | 'failed';
      invoiceId: string;
    };
    return {
      paymentId: Number(body.paymentId),
      status: body.status === 'paid' ? 'paid' : 'failed',
      providerRef: body.invoiceId,
    };
  }
}
