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
  /**
   * Files sent with the message over SMTP (a tax invoice PDF), rendered only when sent that way: the
   * offline outbox keeps the text only, so it never pays for rendering them (decision 041).
   */
  attachments?: { filename: string; contentType: string; render: () => Promise<Buffer> }[];
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
      async send({ to, subject, text, html, attachments }) {
        const files = await Promise.all(
          (attachments ?? []).map(async ({ filename, contentType, render }) => ({
            filename,
            contentType,
            content: await render(),
          })),
        );
        await transport.sendMail({ from: config.mailFrom, to, subject, text, html, attachments: files });
      },
      close: () => transport.close(),
    };
  }
  const outbox = mailRepository(db);
  return {
    async send({ tenantId, to, subject, text, html }) {
      await outbox.keep({ tenantId, to, subject, text, html: html ?? null });
      // Subjects and bodies carry codes and link tokens: only LOG_LEVEL=trace writes them down.
      log.info({ mail: { to } }, 'Mail kept in the mail_outbox table (no SMTP_URL)');
      log.trace({ mail: { to, subject } }, `Mail kept in the outbox:\n${text}`);
    },
    close() {},
  };
}
