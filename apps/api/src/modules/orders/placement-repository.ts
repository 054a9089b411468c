import type { Executor, OrderOwner } from './repository.js';

/** One idempotency key per owner: a user's and a guest's never collide. */
export const ownerKeyOf = (owner: OrderOwner) =>
  'user_id' in owner ? `user:${owner.user_id}` : `guest:${owner.guest_id}`;

/** What placing an order reads and writes besides the order: idempotency keys, counters, the customer. */
export function placementRepository(exec: Executor) {
  return {
    findKey: (tenantId: number, ownerKey: string, keyHash: string) =>
      exec
        .selectFrom('order_idempotency_keys')
        .select(['fingerprint', 'order_id'])
        .where('tenant_id', '=', tenantId)
        .where('owner_key', '=', ownerKey)
        .where('key_hash', '=', keyHash)
        .executeTakeFirst(),

    async insertKey(row: {
      tenant_id: number;
      owner_key: string;
      key_hash: string;
      fingerprint: string;
      created_at: string;
    }) {
      await exec.insertInto('order_idempotency_keys').values(row).execute();
    },

    async linkKey(tenantId: number, ownerKey: string, keyHash: string, orderId: number) {
      await exec
        .updateTable('order_idempotency_keys')
        .set({ order_id: orderId })
        .where('tenant_id', '=', tenantId)
        .where('owner_key', '=', ownerKey)
        .where('key_hash', '=', keyHash)
        .execute();
    },

    /** The tenant's next order number, and the secret that signs its order links. */
    async nextNumber(tenantId: number, newSecret: string) {
      await exec
        .insertInto('order_counters')
        .values({ tenant_id: tenantId, last_number: 1000, link_secret: newSecret })
        .onConflict((oc) => oc.column('tenant_id').doNothing())
        .execute();
      return exec
        .updateTable('order_counters')
        .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
        .where('tenant_id', '=', tenantId)
        .returning(['last_number', 'link_secret'])
        .executeTakeFirstOrThrow();
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
