import { defaultTipSettings, type TipSettings } from '@orderfront/core';
import { type Selectable, sql } from 'kysely';
import { batched } from '../../db/batch.js';
import type { Db } from '../../db/database.js';
import { precompiled, runsOnSqlite } from '../../db/precompiled.js';
import type { TipSettingsTable } from '../../db/schema.js';

/** Every order reads them (decision 053): built once. */
const settingsRow = precompiled((db: Db, tenantId: number) =>
  db.selectFrom('tip_settings').selectAll().where('tenant_id', '=', tenantId),
);
type SettingsRow = Selectable<TipSettingsTable>;

/**
 * PostgreSQL, outside a transaction: the orders placed at once read their tenants' settings in one
 * statement, a tenant's once (decision 073, through 068's gatherer).
 */
const sharedReads = new WeakMap<Db, (tenantId: number) => Promise<SettingsRow | undefined>>();
function settingsRowBatched(db: Db, tenantId: number) {
  let read = sharedReads.get(db);
  if (!read) {
    read = batched(String, async (tenantIds: number[]) => {
      // One text whatever the batch's size: one named statement per connection (decision 054).
      const rows = await db
        .selectFrom('tip_settings')
        .selectAll()
        .where('tenant_id', '=', sql<number>`any(${tenantIds}::int8[])`)
        .execute();
      return tenantIds.map((id) => rows.find((row) => Number(row.tenant_id) === id));
    });
    sharedReads.set(db, read);
  }
  return read(tenantId);
}

/** A tenant's tip settings (decision 040); no row reads as the defaults, tips off. */
export function tipsRepository(db: Db) {
  return {
    async settings(tenantId: number): Promise<TipSettings> {
      const row =
        db.isTransaction || runsOnSqlite(db)
          ? (await settingsRow(db, tenantId))[0]
          : await settingsRowBatched(db, tenantId);
      if (!row) return defaultTipSettings;
      return {
        methods: { pickup: row.pickup === 1, delivery: row.delivery === 1, dine_in: row.dine_in === 1 },
        presets: JSON.parse(row.presets) as number[],
        allow_custom: row.allow_custom === 1,
        taxed: row.taxed === 1,
      };
    },

    async save(tenantId: number, settings: TipSettings, now: string) {
      const values = {
        pickup: settings.methods.pickup ? 1 : 0,
        delivery: settings.methods.delivery ? 1 : 0,
        dine_in: settings.methods.dine_in ? 1 : 0,
        presets: JSON.stringify([...settings.presets].sort((a, b) => a - b)),
        allow_custom: settings.allow_custom ? 1 : 0,
        taxed: settings.taxed ? 1 : 0,
        updated_at: now,
      };
      await db
        .insertInto('tip_settings')
        .values({ tenant_id: tenantId, ...values, created_at: now })
        .onConflict((oc) => oc.column('tenant_id').doUpdateSet(values))
        .execute();
    },
  };
}
