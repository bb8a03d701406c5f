/** What a payment provider does for a top-up; both implementations confirm by signed webhook. */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'cryptopay';
  createInvoice(input: {
    paymentId: number;
    amount: bigint;
    description: string;
    /** Where the paying browser is (Context.origin): a checkout of ours opens there. */
    origin?: string;
  }): Promise<{ invoiceId: string; url: string }>;
  /** Checks the webhook's signature over the raw body and reads its outcome; null when not for us. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookOutcome | null;
  /** Asks the provider about invoices still open on our side (expired ones become FAILED). */
  invoiceStatuses?(invoiceIds: string[]): Promise<Map<string, 'active' | 'paid' | 'expired'>>;
}

export interface WebhookOutcome {
  paymentId: number;
  status: 'paid' | 'failed';
  providerRef: string;
}

export class InvalidSignature extends Error {
  constructor() {
    super('Invalid webhook signature');
  }
}
