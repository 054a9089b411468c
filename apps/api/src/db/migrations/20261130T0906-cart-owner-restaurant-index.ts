import type { Kysely } from 'kysely';

/**
 * A cart's lines indexed by owner and restaurant (decision 066): an add checks how many lines the
 * cart holds and that none is another restaurant's; with the restaurant in the index both are read
 * from the index alone, where the restaurant of each line was read from its row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const owner of ['user', 'guest'] as const) {
    await db.schema.dropIndex(`cart_items_${owner}_idx`).execute();
    await db.schema
      .createIndex(`cart_items_${owner}_idx`)
      .on('cart_items')
      .columns(['tenant_id', `${owner}_id`, 'restaurant_id'])
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const owner of ['user', 'guest'] as const) {
    await db.schema.dropIndex(`cart_items_${owner}_idx`).execute();
    await db.schema
      .createIndex(`cart_items_${owner}_idx`)
      .on('cart_items')
      .columns(['tenant_id', `${owner}_id`])
      .execute();
  }
}
