import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  attachments: { filename?: string; contentType: string; content: Buffer }[];
}

export interface SmtpCapture {
  /** smtp://… of the local server, for SMTP_URL. */
  url: string;
  messages: CapturedMail[];
  /** Resolves with the first message to `address` (now or later); rejects after `timeoutMs`. */
  waitFor(address: string, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

const recipients = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));

/** A real SMTP server on a free local port that keeps every message it receives. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const waiters: { address: string; resolve(mail: CapturedMail): void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: CapturedMail = {
            to: recipients(parsed),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html || undefined,
            attachments: parsed.attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              content: a.content,
            })),
          };
          messages.push(mail);
          for (const waiter of [...waiters]) {
            if (mail.to.includes(waiter.address)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(address, timeoutMs = 5000) {
      const found = messages.find((m) => m.to.includes(address));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${address} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          address,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
