import { describe, expect, it } from 'vitest';
import { businessDraftOf, businessFormSchema } from './business-form';
import { emptyRestaurantDraft, restaurantFormSchema } from './restaurant-form';
import { emptyZoneDraft, zoneFormSchema } from './zone-form';

const saved = {
  name: 'Harbour Sushi',
  legal_name: '',
  abn: '51824753556',
  acn: '',
  address: '',
  phone: '',
  email: '',
  tax_name: 'GST',
  tax_rate_bps: 1000,
  tax_mode: 'inclusive' as const,
  currency: 'AUD',
  locale: 'en-AU',
  timezone: 'Australia/Sydney',
  australian: true,
  currency_locked: false,
};

describe('set-up forms', () => {
  it('the business form shows the ABN grouped and the tax as a percentage, and sends them back as the API takes them', () => {
    const draft = businessDraftOf(saved);
    expect(draft).toMatchObject({ abn: '51 824 753 556', tax_rate: '10' });
    const body = businessFormSchema.parse({ ...draft, tax_rate: '12.5' });
    expect(body).toMatchObject({ abn: '51 824 753 556', tax_rate_bps: 1250 });
    const bad = businessFormSchema.safeParse({ ...draft, abn: '51 824 753 557', tax_rate: 'ten' });
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['abn', 'tax_rate_bps']);
  });

  it('the zone form reads amounts as money and keeps a minus so the fee is refused as negative', () => {
    const body = zoneFormSchema.parse({
      ...emptyZoneDraft,
      name: 'City',
      postcodes: '2000, 2010 ,',
      fee: '5',
      free_over: '60',
    });
    expect(body).toMatchObject({ postcodes: ['2000', '2010'], fee_cents: 500, free_over_cents: 6000, radius_km: null });
    const negative = zoneFormSchema.safeParse({ ...emptyZoneDraft, name: 'City', postcodes: '2000', fee: '-5' });
    expect(negative.error?.issues).toEqual([
      expect.objectContaining({ path: ['fee_cents'], message: 'Must not be negative' }),
    ]);
  });

  it('the restaurant form turns its text into numbers and the ASAP choice into the API flag', () => {
    const draft = {
      ...emptyRestaurantDraft('Australia/Sydney'),
      name: 'Quay',
      street_name: '5 Alfred St',
      suburb: 'Sydney',
      postcode: '2000',
      latitude: '-33.861',
      longitude: '151.211',
      asap: 'off' as const,
    };
    expect(restaurantFormSchema.parse(draft)).toMatchObject({
      latitude: -33.861,
      lead_time_minutes: 20,
      asap_enabled: false,
    });
    const bad = restaurantFormSchema.safeParse({ ...draft, timezone: 'Nowhere/Else', slot_minutes: '2' });
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['slot_minutes', 'timezone']);
    // Blank coordinates are left for the map service; typed nonsense is refused.
    expect(restaurantFormSchema.parse({ ...draft, latitude: ' ', longitude: '' })).toMatchObject({
      latitude: null,
      longitude: null,
    });
    const typo = restaurantFormSchema.safeParse({ ...draft, latitude: '-33,8' });
    expect(typo.error?.issues.map((i) => i.path.join('.'))).toEqual(['latitude']);
  });
});
