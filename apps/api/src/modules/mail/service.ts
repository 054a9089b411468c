import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { mailRepository } from './repository.js';

export interface MailMessage {
  tenantId: number;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Delivers the message or throws; callers decide whether a failure matters to the user. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Over SMTP when SMTP_URL is set; otherwise into the outbox table and the log, so the demo works offline. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, db: Db, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send({ to, subject, text, html }) {
        await transport.sendMail({ from: config.mailFrom, to, subject, text, html });
      },
      close: () => transport.close(),
    };
  }
  const outbox = mailRepository(db);
  return {
    async send({ tenantId, to, subject, text, html }) {
      await outbox.keep({ tenantId, to, subject, text, html: html ?? null });
      // No SMTP server: whoever runs the demo reads codes and links here.
      log.info({ mail: { to, subject } }, `Mail kept in the outbox (no SMTP_URL):\n${text}`);
    },
    close() {},
  };
}
