import { createHash, createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Crypto Pay API (https://help.crypt.bot/crypto-pay-api): the two
 * methods the adapter uses, `createInvoice` and `getInvoices`, behind the
 * `Crypto-Pay-API-Token` header, answering `{ ok, result }` or `{ ok: false, error }` as the
 * real API does. The test drives invoice outcomes and gets webhook bodies signed the way
 * Crypto Pay signs them: hex HMAC-SHA-256 of the raw body keyed with SHA-256 of the token.
 */
export interface FakeInvoice {
  invoice_id: number;
  hash: string;
  currency_type: 'fiat' | 'crypto';
  fiat?: string;
  amount: string;
  description?: string;
  payload?: string;
  status: 'active' | 'paid' | 'expired';
  bot_invoice_url: string;
  mini_app_invoice_url: string;
  web_app_invoice_url: string;
  created_at: string;
  paid_at?: string;
  expires_in?: number;
}

export interface CryptoPayFake {
  url: string;
  token: string;
  invoices: Map<number, FakeInvoice>;
  /** Every API call received, for assertions: method, token header, parsed body. */
  calls: { method: string; token: string | undefined; body: Record<string, unknown> }[];
  /** Marks the invoice paid and returns the webhook Crypto Pay would send. */
  pay(invoiceId: number): { body: string; signature: string };
  expire(invoiceId: number): void;
  sign(body: string, token?: string): string;
  close(): Promise<void>;
}

export async function startCryptoPayFake(token = 'test-cryptopay-token-123456'): Promise<CryptoPayFake> {
  const invoices = new Map<number, FakeInvoice>();
  const calls: CryptoPayFake['calls'] = [];
  let nextId = 1000;
  let updateId = 1;

  const sign = (body: string, t = token) =>
    createHmac('sha256', createHash('sha256').update(t).digest()).update(body).digest('hex');

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      const method = /^\/api\/(\w+)$/.exec(req.url?.split('?')[0] ?? '')?.[1] ?? '';
      let body: Record<string, unknown> = {};
      try {
        const text = Buffer.concat(chunks).toString('utf8');
        body = text ? JSON.parse(text) : {};
      } catch {
        return reply(400, { ok: false, error: { code: 400, name: 'BAD_REQUEST' } });
      }
      const header = req.headers['crypto-pay-api-token'];
      calls.push({ method, token: typeof header === 'string' ? header : undefined, body });
      if (header !== token) return reply(401, { ok: false, error: { code: 401, name: 'UNAUTHORIZED' } });
      if (req.method !== 'POST' && req.method !== 'GET')
        return reply(405, { ok: false, error: { code: 405, name: 'METHOD_NOT_FOUND' } });

      switch (method) {
        case 'getMe':
          return reply(200, {
            ok: true,
            result: { app_id: 1, name: 'Fake app', payment_processing_bot_username: 'CryptoTestnetBot' },
          });
        case 'createInvoice': {
          const amount = String(body.amount ?? '');
          if (!/^\d+(\.\d+)?$/.test(amount) || Number(amount) <= 0)
            return reply(400, { ok: false, error: { code: 400, name: 'AMOUNT_INVALID' } });
          if (body.currency_type === 'fiat' && !body.fiat)
            return reply(400, { ok: false, error: { code: 400, name: 'FIAT_REQUIRED' } });
          const id = nextId++;
          const hash = `IV${id}`;
          const invoice: FakeInvoice = {
            invoice_id: id,
            hash,
            currency_type: body.currency_type === 'fiat' ? 'fiat' : 'crypto',
            fiat: body.fiat as string | undefined,
            amount,
            description: body.description as string | undefined,
            payload: body.payload as string | undefined,
            status: 'active',
            bot_invoice_url: `https://t.me/CryptoTestnetBot?start=${hash}`,
            mini_app_invoice_url: `https://t.me/CryptoTestnetBot/app?startapp=invoice-${hash}`,
            web_app_invoice_url: `https://testnet-app.send.tg/invoices/${hash}`,
            created_at: new Date().toISOString(),
            expires_in: body.expires_in as number | undefined,
          };
          invoices.set(id, invoice);
          return reply(200, { ok: true, result: invoice });
        }
        case 'getInvoices': {
          const ids = String(body.invoice_ids ?? '')
            .split(',')
            .filter(Boolean)
            .map(Number);
          const items = (ids.length ? ids.map((i) => invoices.get(i)) : [...invoices.values()]).filter(Boolean);
          return reply(200, { ok: true, result: { items } });
        }
        default:
          return reply(405, { ok: false, error: { code: 405, name: 'METHOD_NOT_FOUND' } });
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    invoices,
    calls,
    sign,
    pay(invoiceId) {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`no invoice ${invoiceId}`);
      invoice.status = 'paid';
      invoice.paid_at = new Date().toISOString();
      const body = JSON.stringify({
        update_id: updateId++,
        update_type: 'invoice_paid',
        request_date: new Date().toISOString(),
        payload: invoice,
      });
      return { body, signature: sign(body) };
    },
    expire(invoiceId) {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`no invoice ${invoiceId}`);
      invoice.status = 'expired';
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
