import { type Kysely, sql } from 'kysely';
import { isPostgres } from './support.js';

/**
 * A tenant's pricing version (decision 041): what the cart's in-process cache of the tenant row,
 * auto coupons and offers is keyed by. Triggers move it on every write to those tables, whichever
 * code (or process, or hand-run SQL) makes it, so no write can leave a cache serving old money.
 */
const watched = [
  ['coupons', 'tenant_id'],
  ['offers', 'tenant_id'],
  ['tenants', 'id'],
] as const;

async function sqliteTriggers(db: Kysely<any>) {
  for (const [table, key] of watched) {
    for (const [event, row] of [
      ['insert', 'new'],
      ['update', 'new'],
      ['delete', 'old'],
    ] as const) {
      await sql
        .raw(
          `create trigger pricing_version_${table}_${event} after ${event} on ${table} begin
             update pricing_versions set version = version + 1 where tenant_id = ${row}.${key};
           end`,
        )
        .execute(db);
    }
  }
  await sql`create trigger pricing_version_tenants_new after insert on tenants begin
      insert into pricing_versions (tenant_id, version) values (new.id, 1);
    end`.execute(db);
}

async function postgresTriggers(db: Kysely<any>) {
  for (const [table, key] of watched) {
    await sql
      .raw(
        `create function pricing_version_${table}() returns trigger language plpgsql as $$
         begin
           if tg_op = 'INSERT' and '${table}' = 'tenants' then
             insert into pricing_versions (tenant_id, version) values (new.id, 1) on conflict (tenant_id) do nothing;
           elsif tg_op = 'DELETE' then
             update pricing_versions set version = version + 1 where tenant_id = old.${key};
           else
             update pricing_versions set version = version + 1 where tenant_id = new.${key};
           end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger pricing_version_${table} after insert or update or delete on ${table}
         for each row execute function pricing_version_${table}()`,
      )
      .execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pricing_versions')
    .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`insert into pricing_versions (tenant_id, version) select id, 1 from tenants`.execute(db);
  await (isPostgres(db) ? postgresTriggers(db) : sqliteTriggers(db));
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table] of watched) {
    if (isPostgres(db)) {
      await sql.raw(`drop trigger if exists pricing_version_${table} on ${table}`).execute(db);
      await sql.raw(`drop function if exists pricing_version_${table}()`).execute(db);
    } else {
      for (const event of ['insert', 'update', 'delete']) {
        await sql.raw(`drop trigger if exists pricing_version_${table}_${event}`).execute(db);
      }
    }
  }
  if (!isPostgres(db)) await sql`drop trigger if exists pricing_version_tenants_new`.execute(db);
  await db.schema.dropTable('pricing_versions').execute();
}
