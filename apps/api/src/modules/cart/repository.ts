import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import { precompiled, precompiledInsert } from '../../db/precompiled.js';
import type { CartItemsTable } from '../../db/schema.js';

/** The cart's owner: exactly one of user_id and guest_id, within the tenant. */
export type CartOwner =
  | { tenantId: number; user_id: number; guest_id?: undefined }
  | { tenantId: number; guest_id: number; user_id?: undefined };

/** Every cart read, add and order reads the lines first: built once per kind of owner (decision 050). */
const userLines = precompiled((db: Db, tenantId: number, userId: number) =>
  db.selectFrom('cart_items').selectAll().where('tenant_id', '=', tenantId).where('user_id', '=', userId).orderBy('id'),
);
const guestLines = precompiled((db: Db, tenantId: number, guestId: number) =>
  db
    .selectFrom('cart_items')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('guest_id', '=', guestId)
    .orderBy('id'),
);

const lineColumns = [
  'tenant_id',
  'user_id',
  'guest_id',
  'restaurant_id',
  'kind',
  'restaurant_product_id',
  'product_id',
  'deal_id',
  'combo_product_id',
  'quantity',
  'is_half_and_half',
  'notes',
  'selection',
] as const satisfies readonly (keyof CartItemsTable)[];

/** A cart line as it is added: every column of `lineColumns` given. */
export type NewCartLine = { [K in (typeof lineColumns)[number]]-?: Insertable<CartItemsTable>[K] };

/** Every add to cart inserts one line (decision 053): built once. */
const insertLine = precompiledInsert(lineColumns, (db: Db, row: NewCartLine) =>
  db.insertInto('cart_items').values(row).returning('id'),
);

export function cartRepository(db: Db) {
  const owned = (owner: CartOwner) => {
    const base = db.selectFrom('cart_items').where('tenant_id', '=', owner.tenantId);
    return owner.user_id !== undefined
      ? base.where('user_id', '=', owner.user_id)
      : base.where('guest_id', '=', owner.guest_id as number);
  };

  return {
    lines: (owner: CartOwner) =>
      owner.user_id !== undefined
        ? userLines(db, owner.tenantId, owner.user_id)
        : guestLines(db, owner.tenantId, owner.guest_id),

    count: async (owner: CartOwner) =>
      Number(
        (
          await owned(owner)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),

    async insert(row: NewCartLine) {
      const [inserted] = await insertLine(db, row);
      if (!inserted) throw new Error('cart line insert returned no row');
      return inserted.id;
    },

    async setQuantity(owner: CartOwner, id: number, quantity: number) {
      let update = db
        .updateTable('cart_items')
        .set({ quantity, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .where('tenant_id', '=', owner.tenantId);
      update =
        owner.user_id !== undefined
          ? update.where('user_id', '=', owner.user_id)
          : update.where('guest_id', '=', owner.guest_id as number);
      const result = await update.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async remove(owner: CartOwner, id?: number) {
      let del = db.deleteFrom('cart_items').where('tenant_id', '=', owner.tenantId);
      if (id !== undefined) del = del.where('id', '=', id);
      del =
        owner.user_id !== undefined
          ? del.where('user_id', '=', owner.user_id)
          : del.where('guest_id', '=', owner.guest_id as number);
      const result = await del.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Removes exactly these lines of the owner's; answers how many were still there. */
    async take(owner: CartOwner, ids: readonly number[]) {
      if (ids.length === 0) return 0;
      let del = db.deleteFrom('cart_items').where('tenant_id', '=', owner.tenantId).where('id', 'in', ids);
      del =
        owner.user_id !== undefined
          ? del.where('user_id', '=', owner.user_id)
          : del.where('guest_id', '=', owner.guest_id as number);
      const result = await del.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Hands a guest's lines to the user who signed in (the guest identity ends right after). */
    async reassignGuestLines(tenantId: number, guestId: number, userId: number) {
      await db
        .updateTable('cart_items')
        .set({ guest_id: null, user_id: userId, updated_at: new Date().toISOString() })
        .where('tenant_id', '=', tenantId)
        .where('guest_id', '=', guestId)
        .execute();
    },
  };
}
