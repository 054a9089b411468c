import {
  addDays,
  asapLabel,
  type DeliveryAddress,
  type DeliveryQuote,
  type DeliveryZoneRule,
  datesWithTimes,
  type FulfilmentMethod,
  type FulfilmentTimeRules,
  type FulfilmentTimes,
  isOpenNow,
  isoWithOffset,
  isValidDate,
  type NoTimesReason,
  type OrderTimeProblem,
  quoteDelivery,
  resolveOrderTime,
  type SlotCounts,
  timeLabel,
  timesOnDate,
} from '@orderfront/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { methodOffMessage, onlineOrdersDisabledMessage, settingsService } from '../settings/service.js';
import { tenantService } from '../tenants/service.js';
import { type Geocoder, geocoderFor, offlineGeocoder } from './geocoder.js';
import { fulfilmentRepository as repo } from './repository.js';

/** Methods that have times (dine-in orders are for now, at the table). */
export type TimedMethod = 'pickup' | 'delivery';

/** Calendar days offered, today included (the contract's "at most 7"). */
export const daysAhead = 7;

/** A restaurant without a fulfilment_settings row takes orders with these. */
export const defaultFulfilmentSettings = {
  lead_time_minutes: 20,
  slot_minutes: 15,
  max_orders_per_slot: 10,
  asap_enabled: null,
} as const;

export interface ClaimedSlot {
  /** When the order is due (the slot, or now + lead time for ASAP), ISO UTC. */
  scheduledFor: string;
  /** The kitchen slot the order counts against; give it back with releaseSlot. */
  slotStart: string;
}

type Restaurant = NonNullable<Awaited<ReturnType<typeof repo.restaurant>>>;

/** What an order already read in its transaction (restaurant, effective settings): not read again. */
export interface KnownRestaurant {
  restaurant: Restaurant;
  settings?: Awaited<ReturnType<ReturnType<typeof settingsService>['resolve']>>;
  /** The method's rules, read with the restaurant (`readRules`). */
  rules?: MethodRules;
}

/** A method's weekly hours, closures, special hours and settings, as `readRules` read them. */
export type MethodRules = Awaited<ReturnType<typeof repo.rules>> & { method: FulfilmentMethod };

/** From two days before `at`'s date: the restaurant's today is at most a day behind UTC's (one more for margin). */
const rulesFrom = (at: Date) => addDays(at.toISOString().slice(0, 10), -2);

/** Reads a method's rules, from two days before `at` on. */
async function readRules(
  ex: Db,
  tenantId: number,
  restaurantId: number,
  method: FulfilmentMethod,
  at: Date,
): Promise<MethodRules> {
  return { ...(await repo.rules(ex, tenantId, restaurantId, method, rulesFrom(at))), method };
}

function rulesOf(
  ex: Db,
  tenantId: number,
  restaurantId: number,
  method: FulfilmentMethod,
  at: Date,
  known?: KnownRestaurant,
): Promise<MethodRules> | MethodRules {
  const ahead = known?.rules;
  return ahead?.method === method ? ahead : readRules(ex, tenantId, restaurantId, method, at);
}

function parseList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

const badTime = (message: string, field = 'pickup_time') =>
  new AppError('unprocessable', message, { [field]: message });

function dayLabel(date: string, locale: string) {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/** Why a day has no times, in words the customer reads. */
function noTimesMessage(
  reason: NoTimesReason,
  restaurant: Restaurant,
  method: TimedMethod,
  date: string,
  locale: string,
) {
  const day = dayLabel(date, locale);
  switch (reason) {
    case 'closed':
      return `${restaurant.name} is closed for ${method} on ${day}. Please choose another day.`;
    case 'none_left':
      return `There are no more ${method} times on ${day}. Please choose another day.`;
    case 'full':
      return `Every ${method} time on ${day} is fully booked. Please choose another day.`;
    case 'past':
      return 'That date has passed. Please choose another day.';
    case 'too_far':
      return `Orders can be placed for today and the next ${daysAhead - 1} days. Please choose an earlier day.`;
  }
}

/** 422 (or 409 when full) for a chosen time the rules refuse. */
function problemError(
  problem: OrderTimeProblem,
  asap: boolean,
  restaurant: Restaurant,
  method: TimedMethod,
  rules: FulfilmentTimeRules,
) {
  switch (problem) {
    case 'closed':
      return asap
        ? badTime(`${restaurant.name} isn't taking ASAP ${method} orders right now. Please choose a time.`)
        : badTime(`${restaurant.name} is closed for ${method} at that time. Please choose another time.`);
    case 'past':
      return badTime('That time has passed. Please choose a later time.');
    case 'too_soon':
      return badTime(`Orders need at least ${rules.leadMinutes} minutes. Please choose a later time.`);
    case 'not_offered':
      return asap
        ? badTime('ASAP is not available. Please choose a time.')
        : badTime('That time is not one of the times offered. Please choose another time.');
    case 'full':
      return new AppError('conflict', 'Sorry, that time is fully booked. Please choose another time.', {
        pickup_time: 'Fully booked',
      });
  }
}

/** An active restaurant of the tenant; anything else (another tenant's, unknown, switched off) is 404. */
async function restaurantOf(ex: Db, tenantId: number, restaurantId: number): Promise<Restaurant> {
  const restaurant = await repo.restaurant(ex, tenantId, restaurantId);
  if (restaurant?.status !== 1) throw new AppError('not_found', 'Restaurant not found');
  return restaurant;
}

async function localeOf(ex: Db, tenantId: number) {
  const tenant = await tenantService(ex).byId(tenantId);
  return { currency: tenant?.currency ?? 'AUD', locale: tenant?.locale ?? 'en-AU' };
}

/** Orders already taken per kitchen slot, from the slot before now to the last day on offer. */
async function countsFor(ex: Db, tenantId: number, restaurantId: number, now: Date, rules: FulfilmentTimeRules) {
  const from = new Date(now.getTime() - rules.slotMinutes * 60_000).toISOString();
  const to = new Date(now.getTime() + (daysAhead + 1) * 86_400_000).toISOString();
  const counts: Record<string, number> = {};
  for (const row of await repo.slotCounts(ex, tenantId, restaurantId, from, to)) {
    counts[new Date(row.slot_start).toISOString()] = row.orders;
  }
  return counts as SlotCounts;
}

/** Whether a dine-in order can be taken at `at`: weekly hours, special hours and closures. */
async function openForDineIn(
  ex: Db,
  tenantId: number,
  restaurant: { id: number; timezone: string },
  at: Date,
  known?: KnownRestaurant,
) {
  const { hours: ranges, closedDates, specialHours } = await rulesOf(ex, tenantId, restaurant.id, 'dine_in', at, known);
  return isOpenNow({ ranges, closedDates, specialHours, timezone: restaurant.timezone }, at);
}

export function fulfilmentService(
  db: Db,
  options: { config?: Pick<Config, 'maps'>; geocoder?: Geocoder; log?: FastifyBaseLogger; now?: () => Date } = {},
) {
  const geocoder = options.geocoder ?? (options.config ? geocoderFor(options.config) : offlineGeocoder);
  const clock = options.now ?? (() => new Date());

  async function rulesFor(
    ex: Db,
    tenantId: number,
    restaurant: Restaurant,
    method: TimedMethod,
    known?: KnownRestaurant,
  ) {
    const [{ hours, closedDates, settings: row, specialHours }, settings] = await Promise.all([
      rulesOf(ex, tenantId, restaurant.id, method, clock(), known),
      known && 'settings' in known ? known.settings : settingsService(ex).resolve(tenantId, restaurant.id),
    ]);
    const s = row ?? defaultFulfilmentSettings;
    const general = (settings?.web_config as { general?: { isAsapOptionEnabled?: unknown } } | undefined)?.general;
    const rules: FulfilmentTimeRules = {
      timezone: restaurant.timezone,
      ranges: hours,
      closedDates,
      specialHours,
      // Busy mode (back office) adds its minutes to the lead time.
      leadMinutes: s.lead_time_minutes + (settings?.ordering?.busy_minutes ?? 0),
      slotMinutes: s.slot_minutes,
      // The restaurant's own switch, else the storefront's isAsapOptionEnabled (spec §9: off).
      asapEnabled: s.asap_enabled === null ? general?.isAsapOptionEnabled === true : s.asap_enabled === 1,
      daysAhead,
      capacity: s.max_orders_per_slot,
    };
    // Off, paused (both answer 0) or this method switched off in the back office: no times.
    const closedMessage =
      settings?.is_online_order_enabled === 0
        ? onlineOrdersDisabledMessage
        : settings?.ordering?.methods[method] === false
          ? methodOffMessage(method)
          : null;
    return { rules, closedMessage };
  }

  return {
    /** The dates and times a restaurant offers for a method (GET …/fulfilment-times). */
    async times(input: {
      tenantId: number;
      restaurantId: number;
      method: TimedMethod;
      date?: string | undefined;
    }): Promise<FulfilmentTimes> {
      if (input.date !== undefined && !isValidDate(input.date)) {
        throw new AppError('bad_request', 'Invalid request', { date: 'Not a calendar date' });
      }
      const now = clock();
      const restaurant = await restaurantOf(db, input.tenantId, input.restaurantId);
      const { rules, closedMessage } = await rulesFor(db, input.tenantId, restaurant, input.method);
      const answer = (
        dates: string[],
        date: string | null,
        times: FulfilmentTimes['times'],
        message: string | null,
      ) => ({
        restaurant_id: restaurant.id,
        method: input.method,
        timezone: restaurant.timezone,
        dates,
        date,
        times,
        message,
      });
      if (closedMessage) return answer([], input.date ?? null, [], closedMessage);
      const { locale } = await localeOf(db, input.tenantId);
      const counts = await countsFor(db, input.tenantId, restaurant.id, now, rules);
      const dates = datesWithTimes(now, rules, counts);
      const date = input.date ?? dates[0] ?? null;
      if (date === null) {
        const message =
          rules.ranges.length === 0
            ? `${restaurant.name} doesn't offer ${input.method} at the moment.`
            : `There are no ${input.method} times left in the next ${daysAhead} days.`;
        return answer(dates, null, [], message);
      }
      const { times, reason } = timesOnDate(date, now, rules, counts);
      return answer(
        dates,
        date,
        times.map((t) => ({
          value: t.value,
          label: t.value === 'asap' ? asapLabel(rules.leadMinutes) : timeLabel(t.starts_at, rules.timezone, locale),
          starts_at: isoWithOffset(t.starts_at, rules.timezone),
        })),
        reason ? noTimesMessage(reason, restaurant, input.method, date, locale) : null,
      );
    },

    /**
     * The delivery charge for `subtotalCents` (the cart's subtotal) to `address`, or the reason it
     * cannot be delivered. Runs on `ex` (pass the order's transaction from inside one).
     */
    async quote(
      ex: Db,
      input: { tenantId: number; restaurantId: number; address: DeliveryAddress; subtotalCents: number },
      known?: KnownRestaurant,
    ): Promise<DeliveryQuote> {
      const restaurant = known?.restaurant ?? (await restaurantOf(ex, input.tenantId, input.restaurantId));
      const [rows, money] = await Promise.all([
        repo.zones(ex, input.tenantId, restaurant.id),
        localeOf(ex, input.tenantId),
      ]);
      const zones: DeliveryZoneRule[] = rows.map((row) => ({
        ...row,
        postcodes: parseList(row.postcodes),
        suburbs: parseList(row.suburbs),
      }));
      const { address } = input;
      let place: { postcode: string; suburb: string; latitude?: number | null; longitude?: number | null } = address;
      if (address.latitude === undefined || address.longitude === undefined) {
        const areas = { postcodes: zones.flatMap((z) => z.postcodes), suburbs: zones.flatMap((z) => z.suburbs) };
        try {
          place = (await geocoder.locate(address, { country: restaurant.country, areas })) ?? address;
        } catch (error) {
          // The maps provider is down or refused: quote from the address as typed (postcode/suburb zones).
          options.log?.warn({ err: error, geocoder: geocoder.name }, 'geocoding failed; quoting without coordinates');
        }
      }
      return quoteDelivery({
        zones,
        origin: restaurant,
        place,
        subtotalCents: input.subtotalCents,
        currency: money.currency,
        locale: money.locale,
      });
    },

    /**
     * Checks the chosen time and takes one order of its kitchen slot, inside the caller's order
     * transaction: 422 when closed, past, too soon or not offered; 409 when the slot is full.
     * `date` may be omitted with time 'asap'.
     */
    async claimSlot(
      trx: Db,
      input: {
        tenantId: number;
        restaurantId: number;
        method: TimedMethod;
        date?: string | null | undefined;
        time: string;
        now?: Date;
      },
      known?: KnownRestaurant,
    ): Promise<ClaimedSlot> {
      const now = input.now ?? clock();
      const restaurant = known?.restaurant ?? (await restaurantOf(trx, input.tenantId, input.restaurantId));
      const { rules, closedMessage } = await rulesFor(trx, input.tenantId, restaurant, input.method, known);
      if (closedMessage) throw new AppError('unprocessable', closedMessage);
      const asap = input.time === 'asap';
      const result = resolveOrderTime({ date: input.date, time: input.time, now }, { ...rules, capacity: null });
      if (!result.ok) throw problemError(result.reason, asap, restaurant, input.method, rules);
      const taken = await repo.takeSlot(trx, {
        tenantId: input.tenantId,
        restaurantId: restaurant.id,
        slotStart: result.slot_start,
        capacity: rules.capacity ?? 2_147_483_647,
      });
      if (!taken) {
        const { locale } = await localeOf(trx, input.tenantId);
        const message = asap
          ? 'Sorry, the kitchen is fully booked for ASAP orders right now. Please choose a time.'
          : `Sorry, ${timeLabel(result.slot_start, rules.timezone, locale)} is fully booked. Please choose another time.`;
        throw new AppError('conflict', message, { pickup_time: 'Fully booked' });
      }
      return { scheduledFor: result.scheduled_for, slotStart: result.slot_start };
    },

    openForDineIn,

    readRules,

    /** Gives back the order a claim took (a cancelled or abandoned order); false when there was none. */
    releaseSlot(trx: Db, input: { tenantId: number; restaurantId: number; slotStart: string }): Promise<boolean> {
      return repo.releaseSlot(trx, {
        tenantId: input.tenantId,
        restaurantId: input.restaurantId,
        slotStart: new Date(input.slotStart).toISOString(),
      });
    },
  };
}

export type FulfilmentService = ReturnType<typeof fulfilmentService>;
