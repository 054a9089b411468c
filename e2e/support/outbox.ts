import Database from 'better-sqlite3';

export interface OutboxMail {
  subject: string;
  text: string;
}

/** The newest mail the e2e app kept for `to` (it runs without SMTP), waiting up to `timeoutMs`. */
export async function latestMail(to: string, timeoutMs = 5000): Promise<OutboxMail> {
  const file = process.env.E2E_DATABASE_FILE;
  if (!file) throw new Error('E2E_DATABASE_FILE is not set: run through the e2e global setup');
  const deadline = Date.now() + timeoutMs;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    for (;;) {
      const row = db
        .prepare('select subject, body_text as text from mail_outbox where to_address = ? order by id desc limit 1')
        .get(to) as OutboxMail | undefined;
      if (row) return row;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} in the outbox within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    db.close();
  }
}
