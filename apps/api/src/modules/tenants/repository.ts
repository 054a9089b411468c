import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { precompiled } from '../../db/precompiled.js';
import type { NewTenant } from '../../db/schema.js';

/**
 * The first read of every menu and page: built once (decision 050). Two primary-key and unique-index
 * lookups; an `or` with `order by … limit ?` sorted in a temporary b-tree on every call instead,
 * three times the cost on SQLite (a bound limit defeats its top-one sort; decision 055).
 */
const tenantForHost = precompiled((db: Db, host: string, fallbackId: number) =>
  db
    .selectFrom('tenants')
    .selectAll()
    .where('id', '=', (eb) =>
      eb.fn.coalesce(
        eb.selectFrom('tenants as mapped').select('mapped.id').where('mapped.host', '=', host),
        sql.val(fallbackId),
      ),
    ),
);

export function tenantRepository(db: Db) {
  return {
    findById(id: number) {
      return db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** The tenant mapped to `host`, else the one with `fallbackId`: one query, on every page request. */
    async findForHost(host: string, fallbackId: number) {
      return (await tenantForHost(db, host, fallbackId))[0];
    },
    findByHost(host: string) {
      return db.selectFrom('tenants').select(['id', 'name']).where('host', '=', host).executeTakeFirst();
    },
    /** Every business on the server, for the operator. */
    list() {
      return db
        .selectFrom('tenants')
        .select(['id', 'name', 'slug', 'host', 'currency', 'locale', 'timezone', 'disabled_at', 'created_at'])
        .orderBy('id')
        .execute();
    },
    disabledAt(id: number) {
      return db
        .selectFrom('tenants')
        .select('disabled_at')
        .where('id', '=', id)
        .executeTakeFirst()
        .then((row) => row?.disabled_at ?? null);
    },
    /**
     * A new tenant with its default settings row (the default theme: an empty patch; the sandbox
     * card provider until the owner sets one), in one transaction. Tenant ids are not generated
     * (the demo's is fixed), so the next id is taken inside the transaction.
     */
    async create(values: Omit<NewTenant, 'id'>) {
      return db.transaction().execute(async (trx) => {
        const { max } = await trx
          .selectFrom('tenants')
          .select((eb) => eb.fn.max('id').as('max'))
          .executeTakeFirstOrThrow();
        const id = Math.max(Number(max ?? 0), 999) + 1;
        await trx
          .insertInto('tenants')
          .values({ ...values, id })
          .execute();
        await trx
          .insertInto('app_settings')
          .values({
            tenant_id: id,
            restaurant_id: null,
            web_config: '{}',
            payment_gateway_config: '{}',
            payment_gateway_secrets: null,
            is_online_order_enabled: 1,
          })
          .execute();
        return id;
      });
    },
    /** What going live needs, counted over the tenant's open restaurants (going-live.ts). */
    async goingLiveFacts(tenantId: number) {
      const count = (row: { n: unknown } | undefined) => Number(row?.n ?? 0);
      const [open, hours, menu, payment] = await Promise.all([
        db
          .selectFrom('restaurants')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('tenant_id', '=', tenantId)
          .where('status', '=', 1)
          .executeTakeFirst(),
        db
          .selectFrom('restaurant_hours as h')
          .innerJoin('restaurants as r', (join) =>
            join.onRef('r.id', '=', 'h.restaurant_id').onRef('r.tenant_id', '=', 'h.tenant_id'),
          )
          .select((eb) => eb.fn.countAll().as('n'))
          .where('h.tenant_id', '=', tenantId)
          .where('r.status', '=', 1)
          .executeTakeFirst(),
        db
          .selectFrom('restaurant_products as p')
          .innerJoin('restaurants as r', (join) =>
            join.onRef('r.id', '=', 'p.restaurant_id').onRef('r.tenant_id', '=', 'p.tenant_id'),
          )
          .select((eb) => eb.fn.countAll().as('n'))
          .where('p.tenant_id', '=', tenantId)
          .where('r.status', '=', 1)
          .executeTakeFirst(),
        db
          .selectFrom('app_settings')
          .select('payment_gateway_config')
          .where('tenant_id', '=', tenantId)
          .where('restaurant_id', 'is', null)
          .executeTakeFirst(),
      ]);
      return {
        open: count(open),
        hours: count(hours),
        menu: count(menu),
        paymentConfig: payment?.payment_gateway_config ?? null,
      };
    },
    async update(id: number, values: { host?: string; disabled_at?: string | null }) {
      const result = await db
        .updateTable('tenants')
        .set({ ...values, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
