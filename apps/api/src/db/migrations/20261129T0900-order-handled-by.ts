import type { Kysely } from 'kysely';

/**
 * Who handled an order (decision 047): the back-office user whose move first took it forward on the
 * order board. Set once by the same conditional update that moves the order, never overwritten;
 * orders from before this was kept have none ("Not recorded" in the reports).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('handled_by_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('handled_by_user_id').execute();
}
