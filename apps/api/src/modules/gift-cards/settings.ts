import type { GiftCardSettings } from '@orderfront/core';
import type { Db } from '../../db/database.js';
import { giftCardSettingsRepository } from './repository.js';

/** A business that never set gift cards up does not sell them. */
const notOffered: GiftCardSettings = {
  enabled: false,
  min_amount: 0,
  max_amount: 0,
  presets: [],
  valid_months: null,
  max_delivery_days: 0,
};

/** The tenant's gift card options (the buy form's amounts, validity, scheduling). */
export async function giftCardSettingsOf(db: Db, tenantId: number): Promise<GiftCardSettings> {
  const row = await giftCardSettingsRepository(db).find(tenantId);
  if (!row) return notOffered;
  const presets = (JSON.parse(row.presets) as unknown[]).filter(
    (p): p is number => Number.isSafeInteger(p) && (p as number) >= row.min_amount && (p as number) <= row.max_amount,
  );
  return {
    enabled: row.enabled === 1,
    min_amount: row.min_amount,
    max_amount: row.max_amount,
    presets,
    valid_months: row.valid_months,
    max_delivery_days: row.max_delivery_days,
  };
}

/** Sets the tenant's options (one row per tenant, made on first save). */
export async function saveGiftCardSettings(db: Db, tenantId: number, settings: GiftCardSettings, now: Date) {
  await giftCardSettingsRepository(db).save(tenantId, {
    enabled: settings.enabled ? 1 : 0,
    min_amount: settings.min_amount,
    max_amount: settings.max_amount,
    presets: JSON.stringify([...settings.presets].sort((a, b) => a - b)),
    valid_months: settings.valid_months,
    max_delivery_days: settings.max_delivery_days,
    updated_at: now.toISOString(),
  });
}
