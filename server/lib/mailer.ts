import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** The product's mailer from its configuration (SMTP_URL, MAIL_FROM, the data folder's outbox). */
export function configuredMailer(config: { smtpUrl?: string; mailFrom: string; dataDir: string }, log: Logger): Mailer {
  return createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: join(config.dataDir, 'outbox'),
    log,
  });
}

/** SMTP when SMTP_URL is set; otherwise each message is written to data/outbox and logged. */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string; log: Logger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
        opts.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      mkdirSync(opts.outboxDir, { recursive: true });
      const file = join(
        opts.outboxDir,
        `${Date.now()}-${randomBytes(3).toString('hex')}-${mail.to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`,
      );
      writeFileSync(file, info.message as Buffer);
      opts.log.info({ to: mail.to, subject: mail.subject, file, text: mail.text }, 'mail written to outbox');
    },
  };
}
