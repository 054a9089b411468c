import { defaultTenantId, type ThemePatch } from '@orderfront/core';
import type { Db } from '../database.js';
import type { FulfilmentMethod, NewRestaurant } from '../schema.js';
import { seedDemoAccounts } from './accounts.js';
import { seedCatalogue } from './catalogue.js';
import { seedContentPages } from './content-pages.js';
import { seedCoupons } from './coupons.js';
import { seedFulfilment } from './fulfilment.js';
import { seedGiftCardsAndLoyalty } from './gift-cards-loyalty.js';
import { seedReservations } from './reservations.js';
import { seedStaff } from './staff.js';

type WeekHours = [opens: string, closes: string][]; // index 0 = Sunday

const lunchToLate: WeekHours = [
  ['12:00', '21:00'],
  ['11:00', '21:30'],
  ['11:00', '21:30'],
  ['11:00', '21:30'],
  ['11:00', '21:30'],
  ['11:00', '22:30'],
  ['11:00', '22:30'],
];

const deliveryHours: WeekHours = lunchToLate.map(([, closes]) => ['17:00', closes]);
const dineInHours: WeekHours = lunchToLate.map(([opens, closes]) => [opens, closes === '22:30' ? '22:00' : '21:00']);

const hoursByMethod: Record<FulfilmentMethod, WeekHours> = {
  pickup: lunchToLate,
  delivery: deliveryHours,
  dine_in: dineInHours,
};

const restaurants: Omit<NewRestaurant, 'tenant_id'>[] = [
  {
    name: 'Bella Nonna Surry Hills',
    slug: 'surry-hills',
    status: 1,
    street_name: '412 Crown Street',
    suburb: 'Surry Hills',
    city: 'Sydney',
    state: 'NSW',
    postcode: '2010',
    country: 'AU',
    phone: '(02) 9360 4127',
    email: 'surryhills@bellanonna.example',
    latitude: -33.88614,
    longitude: 151.21327,
    timezone: 'Australia/Sydney',
    image_path: '/images/restaurants/surry-hills.svg',
  },
  {
    name: 'Bella Nonna Parramatta',
    slug: 'parramatta',
    status: 1,
    street_name: '88 Church Street',
    suburb: 'Parramatta',
    city: 'Sydney',
    state: 'NSW',
    postcode: '2150',
    country: 'AU',
    phone: '(02) 9635 2281',
    email: 'parramatta@bellanonna.example',
    latitude: -33.81497,
    longitude: 151.00345,
    timezone: 'Australia/Sydney',
    image_path: '/images/restaurants/parramatta.svg',
  },
  {
    name: 'Bella Nonna Bondi Beach',
    slug: 'bondi-beach',
    status: 0, // opening soon: listed nowhere until it is switched on
    street_name: '150 Campbell Parade',
    suburb: 'Bondi Beach',
    city: 'Sydney',
    state: 'NSW',
    postcode: '2026',
    country: 'AU',
    phone: '(02) 9130 5512',
    email: 'bondi@bellanonna.example',
    latitude: -33.89098,
    longitude: 151.27684,
    timezone: 'Australia/Sydney',
    image_path: '/images/restaurants/bondi-beach.svg',
  },
];

const webConfig: ThemePatch = {
  general: {
    businessFullName: 'Bella Nonna Pizzeria & Grill',
    businessShortName: 'Bella Nonna',
    businessAcn: '612 345 678',
    tagline: 'Wood-fired pizza and Italian grill, since 1998',
    logo: '/images/logo.svg',
    aboutContent:
      'A family pizzeria from Surry Hills, now in Parramatta too. Dough rested for 48 hours, tomatoes from the Riverina, and a wood-fired oven that never gets a night off.',
    contactEmail: 'hello@bellanonna.example',
    contactPhone: '(02) 9360 4127',
    websiteUrl: 'https://bellanonna.example',
    // The demo takes ASAP orders (spec §9's default is off).
    isAsapOptionEnabled: true,
    socialLinks: [
      { platform: 'instagram', url: 'https://instagram.com/bellanonna.example' },
      { platform: 'facebook', url: 'https://facebook.com/bellanonna.example' },
    ],
  },
  seo: {
    title: 'Bella Nonna Pizzeria & Grill | Order Online',
    description:
      'Wood-fired pizza, pasta and grill in Surry Hills and Parramatta. Order online for pickup, delivery or dine-in.',
    keywords: ['pizza', 'italian', 'surry hills', 'parramatta', 'delivery', 'pickup'],
    ogSiteName: 'Bella Nonna',
  },
  footer: {
    copyrightText: '© {year} Bella Nonna Pizzeria & Grill. All rights reserved.',
  },
};

/** The demo business (tenant 139). Does nothing if it exists already. */
export async function seedDemo(db: Db): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('tenants').select('id').where('id', '=', defaultTenantId).executeTakeFirst();
    if (existing) return false;

    await trx
      .insertInto('tenants')
      .values({
        id: defaultTenantId,
        name: 'Bella Nonna Pizzeria & Grill',
        short_name: 'Bella Nonna',
        slug: 'bella-nonna',
        host: null,
        currency: 'AUD',
        locale: 'en-AU',
        timezone: 'Australia/Sydney',
        tax_mode: 'inclusive',
        tax_rate_bps: 1000,
        tax_name: 'GST',
        // What its tax invoices name (decision 040); a valid ABN by the register's checksum.
        legal_name: 'Bella Nonna Hospitality Pty Ltd',
        abn: '51824753556',
        acn: null,
      })
      .execute();

    for (const restaurant of restaurants) {
      const { id } = await trx
        .insertInto('restaurants')
        .values({ ...restaurant, tenant_id: defaultTenantId })
        .returning('id')
        .executeTakeFirstOrThrow();
      const hours = Object.entries(hoursByMethod).flatMap(([method, week]) =>
        week.map(([opens_at, closes_at], weekday) => ({
          tenant_id: defaultTenantId,
          restaurant_id: id,
          method: method as FulfilmentMethod,
          weekday,
          opens_at,
          closes_at,
        })),
      );
      await trx.insertInto('restaurant_hours').values(hours).execute();
    }

    await seedCatalogue(trx, defaultTenantId);
    await seedCoupons(trx, defaultTenantId);

    await trx
      .insertInto('app_settings')
      .values({
        tenant_id: defaultTenantId,
        restaurant_id: null,
        web_config: JSON.stringify(webConfig),
        payment_gateway_config: JSON.stringify({
          provider: 'sandbox',
          mode: 'test',
          publishable_key: 'pk_sandbox_bella_nonna',
        }),
        payment_gateway_secrets: null,
        is_online_order_enabled: 1,
      })
      .execute();
    await seedContentPages(trx, defaultTenantId, 'Bella Nonna Pizzeria & Grill', 'hello@bellanonna.example');
    await seedDemoAccounts(trx);
    await seedStaff(trx);
    await seedReservations(trx);
    await seedFulfilment(trx, defaultTenantId);
    await seedGiftCardsAndLoyalty(trx, defaultTenantId);
    return true;
  });
}
