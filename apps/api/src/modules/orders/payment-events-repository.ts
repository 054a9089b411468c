import type { Db } from '../../db/database.js';

/** Provider events already applied: a replayed event id changes nothing. */
export function paymentEventRepository(db: Db) {
  return {
    seen: async (provider: string, eventId: string) =>
      (await db
        .selectFrom('payment_events')
        .select('id')
        .where('provider', '=', provider)
        .where('event_id', '=', eventId)
        .executeTakeFirst()) !== undefined,

    /** A provider event seen for the first time: true; a replay: false. */
    async record(row: {
      tenant_id: number;
      provider: string;
      event_id: string;
      type: string;
      payment_id: string;
      created_at: string;
    }) {
      const inserted = await db
        .insertInto('payment_events')
        .values(row)
        .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },
  };
}
