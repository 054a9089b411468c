import type { Db } from '../../db/database.js';
import { precompiled } from '../../db/precompiled.js';

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

/** The outbox: mail kept when there is no SMTP server. */
export function mailRepository(db: Db) {
  return {
    async keep(mail: { tenantId: number; to: string; subject: string; text: string; html: string | null }) {
      await keepRow(db, mail.tenantId, mail.to, mail.subject, mail.text, mail.html);
    },
  };
}
