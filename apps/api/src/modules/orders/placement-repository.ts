import type { Db } from '../../db/database.js';
import { precompiled } from '../../db/precompiled.js';
import type { Executor, OrderOwner } from './repository.js';

/** One idempotency key per owner: a user's and a guest's never collide. */
export const ownerKeyOf = (owner: OrderOwner) =>
  'user_id' in owner ? `user:${owner.user_id}` : `guest:${owner.guest_id}`;

// Every order runs these (decision 053): built and compiled once, not per order.
const keyOf = precompiled((db: Db, tenantId: number, ownerKey: string, keyHash: string) =>
  db
    .selectFrom('order_idempotency_keys')
    .select(['fingerprint', 'order_id'])
    .where('tenant_id', '=', tenantId)
    .where('owner_key', '=', ownerKey)
    .where('key_hash', '=', keyHash),
);
const insertKeyRow = precompiled(
  (db: Db, tenantId: number, ownerKey: string, keyHash: string, fingerprint: string, createdAt: string) =>
    db.insertInto('order_idempotency_keys').values({
      tenant_id: tenantId,
      owner_key: ownerKey,
      key_hash: keyHash,
      fingerprint,
      created_at: createdAt,
    }),
);
/** What placing an order reads and writes besides the order: idempotency keys, counters, the customer. */
export function placementRepository(exec: Executor) {
  const on = exec as Db;
  return {
    findKey: async (tenantId: number, ownerKey: string, keyHash: string) =>
      (await keyOf(on, tenantId, ownerKey, keyHash))[0],

    async insertKey(row: {
      tenant_id: number;
      owner_key: string;
      key_hash: string;
      fingerprint: string;
      created_at: string;
    }) {
      await insertKeyRow(on, row.tenant_id, row.owner_key, row.key_hash, row.fingerprint, row.created_at);
    },

    /** The tenant's link secret, made (with its order counter) if the tenant has none yet. */
    async ensureLinkSecret(tenantId: number, newSecret: string) {
      await exec
        .insertInto('order_counters')
        .values({ tenant_id: tenantId, last_number: 1000, link_secret: newSecret })
        .onConflict((oc) => oc.column('tenant_id').doNothing())
        .execute();
      return (
        await exec
          .selectFrom('order_counters')
          .select('link_secret')
          .where('tenant_id', '=', tenantId)
          .executeTakeFirstOrThrow()
      ).link_secret;
    },

    linkSecret: async (tenantId: number) =>
      (
        await exec
          .selectFrom('order_counters')
          .select('link_secret')
          .where('tenant_id', '=', tenantId)
          .executeTakeFirst()
      )?.link_secret,

    /** A signed-in customer's contact details, as the order keeps them. */
    user: (tenantId: number, userId: number) =>
      exec
        .selectFrom('users')
        .select(['name', 'email', 'phone_no'])
        .where('tenant_id', '=', tenantId)
        .where('id', '=', userId)
        .executeTakeFirstOrThrow(),
  };
}
