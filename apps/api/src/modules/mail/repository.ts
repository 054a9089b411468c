import { sql } from 'kysely';
import { batched } from '../../db/batch.js';
import type { Db } from '../../db/database.js';
import { precompiled, runsOnSqlite } from '../../db/precompiled.js';

type KeptMail = { tenantId: number; to: string; subject: string; text: string; html: string | null };

// Every order placed keeps its confirmation here when there is no SMTP server: built once (decision 059).
const keepRow = precompiled(
  (db: Db, tenantId: number, to: string, subject: string, text: string, html: string | null) =>
    db.insertInto('mail_outbox').values({
      tenant_id: tenantId,
      to_address: to,
      subject,
      body_text: text,
      body_html: html,
    }),
);

/**
 * PostgreSQL: the mail of orders placed at once kept in one statement, one round trip and one
 * commit for them all (decision 073). Each caller is answered once its row is committed; a failed
 * statement fails the calls it carried (mail is a courtesy, decision 041: the caller logs it).
 */
const keptTogether = new WeakMap<Db, (mail: { n: number; mail: KeptMail }) => Promise<undefined>>();
let calls = 0;
function keepBatched(db: Db, mail: KeptMail) {
  let keep = keptTogether.get(db);
  if (!keep) {
    keep = batched(
      (call: { n: number; mail: KeptMail }) => String(call.n),
      async (waiting) => {
        const mails = waiting.map((w) => w.mail);
        await sql`insert into mail_outbox (tenant_id, to_address, subject, body_text, body_html)
          select * from unnest(${mails.map((m) => m.tenantId)}::int8[], ${mails.map((m) => m.to)}::text[],
            ${mails.map((m) => m.subject)}::text[], ${mails.map((m) => m.text)}::text[],
            ${mails.map((m) => m.html)}::text[])`.execute(db);
        return waiting.map(() => undefined);
      },
    );
    keptTogether.set(db, keep);
  }
  return keep({ n: calls++, mail });
}

/** The outbox: mail kept when there is no SMTP server. */
export function mailRepository(db: Db) {
  return {
    async keep(mail: KeptMail) {
      // SQLite: orders placed at once keep their confirmations in one commit (decision 066); in a
      // transaction, `together` runs the insert in it, on either dialect.
      if (runsOnSqlite(db) || db.isTransaction) {
        await keepRow.together(db, mail.tenantId, mail.to, mail.subject, mail.text, mail.html);
      } else await keepBatched(db, mail);
    },
  };
}
