import { type Kysely, sql } from 'kysely';
import { isPostgres } from './support.js';

/**
 * PostgreSQL: whether a cart has room for a line of `restaurant`, checked after taking the cart's
 * lock (decision 070). The add's one insert calls it, so the lock is held to that statement's
 * commit; being volatile, its count reads with a snapshot taken after the wait, and so sees the line
 * of the add it waited for. SQLite has one writer and needs none of this.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create function cart_has_room(tenant int, owner_user int, owner_guest int, restaurant int, max_lines int)
    returns boolean language plpgsql volatile as $$
    declare
      lines bigint;
      others bigint;
    begin
      perform pg_advisory_xact_lock(tenant, coalesce(owner_user, -owner_guest));
      if owner_user is not null then
        select count(*), count(*) filter (where restaurant_id <> restaurant) into lines, others
        from cart_items where tenant_id = tenant and user_id = owner_user;
      else
        select count(*), count(*) filter (where restaurant_id <> restaurant) into lines, others
        from cart_items where tenant_id = tenant and guest_id = owner_guest;
      end if;
      return lines < max_lines and others = 0;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop function cart_has_room(int, int, int, int, int)`.execute(db);
}
