import {
  type AdminDeliveryZone,
  type AdminDeliveryZoneBody,
  type AdminRestaurantBody,
  type AdminRestaurantDetail,
  type BusinessSettings,
  type BusinessSettingsBody,
  type DeliveryQuote,
  formatAbn,
  formatAcn,
  normaliseAbn,
  normaliseAcn,
  type RestaurantClosureBody,
  type RestaurantSpecialHoursBody,
  todayAt,
} from '@orderfront/core';
import type { Db } from '../../db/database.js';
import type { Tenant } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { staffAccess } from '../admin/access.js';
import type { UserIdentity } from '../auth/identity.js';
import { type Geocoder, offlineGeocoder } from '../fulfilment/geocoder.js';
import type { FulfilmentService } from '../fulfilment/service.js';
import { restaurantService } from '../restaurants/service.js';
import { settingsService } from '../settings/service.js';
import { partsRepository, setupRepository } from './repository.js';

/** ABN and ACN apply to Australian businesses (spec §3 tenants; decision 037). */
const isAustralian = (tenant: Pick<Tenant, 'currency' | 'locale'>) =>
  tenant.currency === 'AUD' || tenant.locale.endsWith('-AU');

const noRestaurant = () => new AppError('not_found', 'Restaurant not found');

function parseList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function slugOf(name: string) {
  return (
    name
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, '-')
      .slice(0, 60) || 'restaurant'
  );
}

/** The dine-in menu a table's QR code opens (the dine-in menu reads `restaurant` and `table`). */
export const tableMenuPath = (restaurantId: number, table: string) =>
  `/dine-in-menu?restaurant=${restaurantId}&table=${encodeURIComponent(table)}`;

/** The business's own settings (owner). */
export function businessService(db: Db) {
  const repo = setupRepository(db);

  function businessOf(tenant: Tenant, hasOrders: boolean): BusinessSettings {
    return {
      name: tenant.name,
      legal_name: tenant.legal_name ?? '',
      abn: tenant.abn ?? '',
      acn: tenant.acn ?? '',
      address: tenant.address ?? '',
      phone: tenant.phone ?? '',
      email: tenant.email ?? '',
      tax_name: tenant.tax_name,
      tax_rate_bps: tenant.tax_rate_bps,
      tax_mode: tenant.tax_mode,
      currency: tenant.currency,
      locale: tenant.locale,
      timezone: tenant.timezone,
      australian: isAustralian(tenant),
      currency_locked: hasOrders,
    };
  }

  async function business(tenantId: number): Promise<BusinessSettings> {
    const tenant = await repo.tenant(tenantId);
    if (!tenant) throw new AppError('not_found', 'Business not found');
    return businessOf(tenant, await repo.tenantHasOrders(tenantId));
  }

  /**
   * Saves the business's details and copies the contact ones into the tenant's theme, so the
   * storefront's footer and contact page show them and open storefronts pick them up with the
   * settings (the theme is saved in the same transaction: both change or neither).
   */
  async function saveBusiness(tenantId: number, body: BusinessSettingsBody): Promise<BusinessSettings> {
    await db.transaction().execute(async (trx) => {
      const tx = setupRepository(trx);
      const tenant = await tx.tenant(tenantId);
      if (!tenant) throw new AppError('not_found', 'Business not found');
      const changesMoney = body.currency !== tenant.currency || body.locale !== tenant.locale;
      if (changesMoney && (await tx.tenantHasOrders(tenantId))) {
        const fields: Record<string, string> = {};
        if (body.currency !== tenant.currency) fields.currency = 'Cannot change once orders exist';
        if (body.locale !== tenant.locale) fields.locale = 'Cannot change once orders exist';
        throw new AppError('conflict', 'Currency and locale cannot change once the business has taken orders', fields);
      }
      const australian = isAustralian(body);
      if (!australian && (body.abn !== '' || body.acn !== '')) {
        const fields: Record<string, string> = {};
        if (body.abn !== '') fields.abn = 'Only Australian businesses have an ABN';
        if (body.acn !== '') fields.acn = 'Only Australian businesses have an ACN';
        throw new AppError('bad_request', 'ABN and ACN are for Australian businesses', fields);
      }
      const abn = body.abn === '' ? null : normaliseAbn(body.abn);
      const acn = body.acn === '' ? null : normaliseAcn(body.acn);
      const orNull = (v: string) => (v === '' ? null : v);
      await tx.updateTenant(tenantId, {
        name: body.name,
        legal_name: orNull(body.legal_name),
        abn,
        acn,
        address: orNull(body.address),
        phone: orNull(body.phone),
        email: orNull(body.email),
        tax_name: body.tax_name,
        tax_rate_bps: body.tax_rate_bps,
        tax_mode: body.tax_mode,
        currency: body.currency,
        locale: body.locale,
      });
      const registration = [abn ? `ABN ${formatAbn(abn)}` : '', acn ? `ACN ${formatAcn(acn)}` : '']
        .filter(Boolean)
        .join(' · ');
      await settingsService(trx).patch(tenantId, null, {
        general: {
          businessFullName: body.legal_name || body.name,
          businessShortName: body.name.slice(0, 60),
          businessAcn: registration,
          contactPhone: body.phone,
          contactEmail: body.email,
        },
      });
    });
    return business(tenantId);
  }

  return { business, saveBusiness };
}

const addressKeys = ['street_name', 'suburb', 'city', 'state', 'postcode', 'country'] as const;

/**
 * Restaurants (owner; managers read and edit their own). With a map service (not the offline
 * geocoder) a new or moved address is placed by it; without one the owner types the coordinates
 * (decision 043).
 */
export function restaurantSetupService(db: Db, geocoder: Geocoder = offlineGeocoder) {
  const repo = setupRepository(db);
  const access = staffAccess(db);

  /** The body with the coordinates it is stored with; throws with field messages, before anything is stored. */
  async function placed(tenantId: number, id: number | null, body: AdminRestaurantBody) {
    const typed = body.latitude !== null && body.longitude !== null;
    if (geocoder.name === 'offline') {
      if (typed) return { ...body, latitude: body.latitude as number, longitude: body.longitude as number };
      const message = 'Enter the map position: no map service is set up to find it from the address';
      throw new AppError('bad_request', message, { latitude: message, longitude: message });
    }
    if (typed && id !== null) {
      const [current] = await repo.restaurants(tenantId, [id]);
      const moved = !current || addressKeys.some((key) => current[key] !== body[key]);
      if (!moved) return { ...body, latitude: body.latitude as number, longitude: body.longitude as number };
    }
    const address = {
      formatted_address: body.street_name,
      suburb: body.suburb,
      city: [body.city, body.state].filter(Boolean).join(' '),
      postcode: body.postcode,
    };
    let place: Awaited<ReturnType<Geocoder['locate']>>;
    try {
      place = await geocoder.locate(address, { country: body.country, areas: { postcodes: [], suburbs: [] } });
    } catch {
      const message = 'The map service did not answer: try again in a moment';
      throw new AppError('unprocessable', message, { street_name: message });
    }
    if (!place || place.latitude === null || place.longitude === null) {
      throw new AppError('bad_request', 'This address was not found on the map', {
        street_name: 'Not found on the map: check the street, suburb and postcode',
      });
    }
    return { ...body, latitude: place.latitude, longitude: place.longitude };
  }

  async function details(tenantId: number, ids: readonly number[]): Promise<AdminRestaurantDetail[]> {
    const [rows, withOrders] = await Promise.all([
      repo.restaurants(tenantId, ids),
      repo.restaurantsWithOrders(tenantId, ids),
    ]);
    return rows.map((row) => ({
      ...row,
      lead_time_minutes: row.lead_time_minutes ?? 20,
      slot_minutes: row.slot_minutes ?? 15,
      max_orders_per_slot: row.max_orders_per_slot ?? 10,
      asap_enabled: row.asap_enabled === null ? null : row.asap_enabled === 1,
      has_orders: withOrders.has(row.id),
    }));
  }

  async function detail(tenantId: number, id: number) {
    const [row] = await details(tenantId, [id]);
    if (!row) throw noRestaurant();
    return row;
  }

  return {
    /** Owners see every restaurant of the tenant, others those they are assigned to. */
    async restaurants(identity: UserIdentity) {
      const ids = (await access.restaurantsOf(identity)).map((r) => r.id);
      return details(identity.tenantId, ids);
    },

    detail,

    async createRestaurant(tenantId: number, typed: AdminRestaurantBody) {
      const body = await placed(tenantId, null, typed);
      const id = await db.transaction().execute(async (trx) => {
        const tx = setupRepository(trx);
        const base = slugOf(body.name);
        let slug = base;
        for (let n = 2; await tx.slugTaken(tenantId, slug); n++) slug = `${base}-${n}`;
        return tx.insertRestaurant(tenantId, slug, body);
      });
      return detail(tenantId, id);
    },

    async updateRestaurant(tenantId: number, id: number, typed: AdminRestaurantBody) {
      const body = await placed(tenantId, id, typed);
      await db.transaction().execute((trx) => setupRepository(trx).updateRestaurant(tenantId, id, body));
      return detail(tenantId, id);
    },

    async setStatus(tenantId: number, id: number, status: 0 | 1) {
      await detail(tenantId, id);
      await repo.setStatus(tenantId, id, status);
      return detail(tenantId, id);
    },

    async setImage(tenantId: number, id: number, imagePath: string) {
      await repo.setImage(tenantId, id, imagePath);
      return detail(tenantId, id);
    },

    /** Only a restaurant that never took an order may be deleted; one with orders is closed instead. */
    async deleteRestaurant(tenantId: number, id: number) {
      await db.transaction().execute(async (trx) => {
        const tx = setupRepository(trx);
        if ((await tx.restaurants(tenantId, [id])).length === 0) throw noRestaurant();
        if ((await tx.restaurantsWithOrders(tenantId, [id])).size > 0) {
          throw new AppError(
            'conflict',
            'This restaurant has orders, so it cannot be deleted: close it permanently instead to hide it from the storefront',
          );
        }
        await tx.deleteRestaurant(tenantId, id);
      });
    },
  };
}

const noSpecialHours = () => new AppError('not_found', 'No such special hours');

/** A restaurant's closures, delivery zones (with the live test) and dining tables. */
export function restaurantPartsService(db: Db, fulfilment: FulfilmentService) {
  const repo = partsRepository(db);

  /**
   * 400 on a date before the restaurant's today; 409 on `opens_at` for hours overlapping that date's
   * for the method, other than the entry `exceptId` being edited (decision 043).
   */
  async function checkSpecialHours(
    tenantId: number,
    restaurant: { id: number; timezone: string },
    body: RestaurantSpecialHoursBody,
    exceptId?: number,
  ) {
    if (body.date < todayAt(new Date(), restaurant)) {
      throw new AppError('bad_request', 'That date has passed', { date: 'Choose today or a later date' });
    }
    const clash = (await restaurantService(db).specialHoursFrom(tenantId, restaurant.id, body.date)).find(
      (h) =>
        h.id !== exceptId &&
        h.date === body.date &&
        h.method === body.method &&
        h.opens_at < body.closes_at &&
        body.opens_at < h.closes_at,
    );
    if (clash) {
      const message = `Overlaps ${clash.opens_at}–${clash.closes_at} that day`;
      throw new AppError('conflict', message, { opens_at: message });
    }
  }

  async function zonesOf(tenantId: number, restaurantId: number): Promise<AdminDeliveryZone[]> {
    return (await repo.zones(tenantId, restaurantId)).map((row) => ({
      ...row,
      postcodes: parseList(row.postcodes),
      suburbs: parseList(row.suburbs),
      is_active: row.is_active === 1,
    }));
  }

  async function zone(tenantId: number, restaurantId: number, id: number) {
    const found = (await zonesOf(tenantId, restaurantId)).find((z) => z.id === id);
    if (!found) throw new AppError('not_found', 'No such delivery zone');
    return found;
  }

  const tableOf = (restaurantId: number, row: { id: number; name: string }) => ({
    ...row,
    menu_url: tableMenuPath(restaurantId, row.name),
  });

  return {
    closures: (tenantId: number, restaurantId: number) => repo.closures(tenantId, restaurantId),

    async addClosure(tenantId: number, restaurantId: number, body: RestaurantClosureBody) {
      const existing = await repo.closures(tenantId, restaurantId);
      if (
        existing.some(
          (c) => c.date === body.date && (c.method === null || c.method === body.method || body.method === null),
        )
      ) {
        throw new AppError('bad_request', 'That day is already closed', { date: 'Already closed that day' });
      }
      return repo.insertClosure(tenantId, restaurantId, body);
    },

    async removeClosure(tenantId: number, restaurantId: number, id: number) {
      if (!(await repo.deleteClosure(tenantId, restaurantId, id))) throw new AppError('not_found', 'No such closure');
    },

    /** Special hours from the restaurant's today on (decision 043). */
    specialHours: (tenantId: number, restaurant: { id: number; timezone: string }) =>
      restaurantService(db).specialHoursFrom(tenantId, restaurant.id, todayAt(new Date(), restaurant)),

    /** 400 on a date before the restaurant's today; 409 on hours overlapping that date's for the method. */
    async addSpecialHours(
      tenantId: number,
      restaurant: { id: number; timezone: string },
      body: RestaurantSpecialHoursBody,
    ) {
      await checkSpecialHours(tenantId, restaurant, body);
      return repo.insertSpecialHours(tenantId, restaurant.id, body);
    },

    /** Changes special hours in place: 404 unless they are this restaurant's, then the checks of adding them. */
    async updateSpecialHours(
      tenantId: number,
      restaurant: { id: number; timezone: string },
      id: number,
      body: RestaurantSpecialHoursBody,
    ) {
      if (!(await repo.findSpecialHours(tenantId, restaurant.id, id))) throw noSpecialHours();
      await checkSpecialHours(tenantId, restaurant, body, id);
      const updated = await repo.updateSpecialHours(tenantId, restaurant.id, id, body);
      if (!updated) throw noSpecialHours();
      return updated;
    },

    async removeSpecialHours(tenantId: number, restaurantId: number, id: number) {
      if (!(await repo.deleteSpecialHours(tenantId, restaurantId, id))) throw noSpecialHours();
    },

    zones: zonesOf,

    async addZone(tenantId: number, restaurantId: number, body: AdminDeliveryZoneBody) {
      const id = await repo.insertZone(tenantId, restaurantId, body);
      return zone(tenantId, restaurantId, id);
    },

    async updateZone(tenantId: number, restaurantId: number, id: number, body: AdminDeliveryZoneBody) {
      if (!(await repo.updateZone(tenantId, restaurantId, id, body)))
        throw new AppError('not_found', 'No such delivery zone');
      return zone(tenantId, restaurantId, id);
    },

    async removeZone(tenantId: number, restaurantId: number, id: number) {
      if (!(await repo.deleteZone(tenantId, restaurantId, id)))
        throw new AppError('not_found', 'No such delivery zone');
    },

    /** "Would we deliver to …?": the storefront's own quote for this address (active zones only). */
    async testZone(
      tenantId: number,
      restaurantId: number,
      input: { postcode: string; suburb: string; subtotal_cents: number },
    ): Promise<DeliveryQuote & { delivers: boolean; message: string }> {
      const quote = await fulfilment.quote(db, {
        tenantId,
        restaurantId,
        address: {
          formatted_address: [input.suburb, input.postcode].filter(Boolean).join(' '),
          city: input.suburb,
          suburb: input.suburb,
          postcode: input.postcode,
        },
        subtotalCents: input.subtotal_cents,
      });
      const place = [input.suburb, input.postcode].filter(Boolean).join(' ');
      const delivers = quote.zone_id !== null;
      const message = delivers
        ? `Yes, we deliver to ${place} (${quote.zone_name})${quote.delivery_error ? `: ${quote.delivery_error}` : ''}`
        : `No, we don't deliver to ${place}`;
      return { ...quote, delivers, message };
    },

    async tables(tenantId: number, restaurantId: number) {
      return (await repo.tables(tenantId, restaurantId)).map((row) => tableOf(restaurantId, row));
    },

    async addTable(tenantId: number, restaurantId: number, name: string) {
      if ((await repo.tables(tenantId, restaurantId, name)).length > 0) {
        throw new AppError('bad_request', 'A table with this name already exists', {
          name: 'Already used at this restaurant',
        });
      }
      return tableOf(restaurantId, await repo.insertTable(tenantId, restaurantId, name));
    },

    async removeTable(tenantId: number, restaurantId: number, id: number) {
      if (!(await repo.deleteTable(tenantId, restaurantId, id))) throw new AppError('not_found', 'No such table');
    },
  };
}
