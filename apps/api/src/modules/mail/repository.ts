import type { Db } from '../../db/database.js';

/** The outbox: mail kept when there is no SMTP server. */
export function mailRepository(db: Db) {
  return {
    keep(mail: { tenantId: number; to: string; subject: string; text: string; html: string | null }) {
      return db
        .insertInto('mail_outbox')
        .values({
          tenant_id: mail.tenantId,
          to_address: mail.to,
          subject: mail.subject,
          body_text: mail.text,
          body_html: mail.html,
        })
        .execute();
    },
  };
}
