import { type AdminDeliveryZone, adminDeliveryZoneBodySchema } from '@orderfront/core';
import { z } from 'zod';
import { moneyToText, parseMoney } from '@/lib/money';

/** A delivery zone as typed: lists as comma-separated text, amounts as the currency is written. */
const zoneDraftSchema = z.object({
  name: z.string(),
  kind: z.enum(['areas', 'radius']),
  postcodes: z.string(),
  suburbs: z.string(),
  radius_km: z.string(),
  fee: z.string(),
  minimum: z.string(),
  free_over: z.string(),
  priority: z.string(),
  is_active: z.boolean(),
});
export type ZoneDraft = z.infer<typeof zoneDraftSchema>;

export const emptyZoneDraft: ZoneDraft = {
  name: '',
  kind: 'areas',
  postcodes: '',
  suburbs: '',
  radius_km: '',
  fee: '',
  minimum: '0',
  free_over: '',
  priority: '0',
  is_active: true,
};

export function zoneDraftOf(zone: AdminDeliveryZone): ZoneDraft {
  return {
    name: zone.name,
    kind: zone.kind,
    postcodes: zone.postcodes.join(', '),
    suburbs: zone.suburbs.join(', '),
    radius_km: zone.radius_km === null ? '' : String(zone.radius_km),
    fee: moneyToText(zone.fee_cents),
    minimum: moneyToText(zone.minimum_order_cents),
    free_over: zone.free_over_cents === null ? '' : moneyToText(zone.free_over_cents),
    priority: String(zone.priority),
    is_active: zone.is_active,
  };
}

/** An amount as typed in minor units; a leading minus kept so the schema can say it must not be negative. */
export function money(text: string): number {
  const trimmed = text.trim();
  if (trimmed.startsWith('-')) return -(parseMoney(trimmed.slice(1)) ?? Number.NaN);
  return parseMoney(trimmed) ?? Number.NaN;
}

const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** The draft → the API's body, checked by the API's own schema (messages by the body's field names). */
export const zoneFormSchema = zoneDraftSchema
  .transform((d) => ({
    name: d.name,
    kind: d.kind,
    postcodes: d.kind === 'areas' ? list(d.postcodes) : [],
    suburbs: d.kind === 'areas' ? list(d.suburbs) : [],
    radius_km: d.kind === 'radius' ? (d.radius_km.trim() === '' ? null : Number(d.radius_km)) : null,
    fee_cents: money(d.fee),
    minimum_order_cents: d.minimum.trim() === '' ? 0 : money(d.minimum),
    free_over_cents: d.free_over.trim() === '' ? null : money(d.free_over),
    priority: /^\s*\d+\s*$/.test(d.priority) ? Number(d.priority) : Number.NaN,
    is_active: d.is_active,
  }))
  .pipe(adminDeliveryZoneBodySchema);
