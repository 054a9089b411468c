import type { Db } from '../../db/database.js';
import type { AddressesTable } from '../../db/schema.js';

/** A user's saved delivery addresses. */
export function addressRepository(db: Db) {
  return {
    listAddresses(tenantId: number, userId: number) {
      return db
        .selectFrom('addresses')
        .select(['id', 'label', 'street', 'suburb', 'city', 'postcode'])
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },
    findAddress(tenantId: number, userId: number, id: number) {
      return db
        .selectFrom('addresses')
        .select(['id', 'label', 'street', 'suburb', 'city', 'postcode'])
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
    async insertAddress(
      values: Omit<AddressesTable, 'id' | 'created_at' | 'updated_at' | 'label'> & { label: string },
    ) {
      const { id } = await db.insertInto('addresses').values(values).returning('id').executeTakeFirstOrThrow();
      return id;
    },
    async updateAddress(
      tenantId: number,
      userId: number,
      id: number,
      values: { label: string; street: string; suburb: string; city: string; postcode: string },
    ) {
      const result = await db
        .updateTable('addresses')
        .set({ ...values, updated_at: new Date().toISOString() })
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async deleteAddress(tenantId: number, userId: number, id: number) {
      const result = await db
        .deleteFrom('addresses')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}
