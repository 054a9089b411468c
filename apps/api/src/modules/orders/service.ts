import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  canMoveOrderFor,
  type DeliveryAddress,
  isOpenAt,
  type Order,
  type OrderLine,
  type OrderStatus,
  type OrderStatusChangeBody,
  type PaymentSession,
  type PlacedOrder,
  type PlaceOrderBody,
} from '@storefront/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Database, OrderRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { checkedIdempotencyKey } from '../../lib/idempotency.js';
import { safeEqual } from '../auth/crypto.js';
import type { CartOwner } from '../cart/repository.js';
import { type CartLineSource, cartService } from '../cart/service.js';
import type { CouponsService } from '../coupons/service.js';
import type { FulfilmentService } from '../fulfilment/service.js';
import * as giftCardCheckout from '../gift-cards/checkout.js';
import type { Mailer } from '../mail/mailer.js';
import type { PaymentEvent, PaymentEventHandler, ProviderPayment } from '../payments/provider.js';
import type { PaymentRegistry, ProviderName } from '../payments/registry.js';
import { settingsService } from '../settings/service.js';
import type { OrderEvent, OrderEvents } from './events.js';
import { confirmationMail, statusMail } from './mail.js';
import { type Executor, type OrderOwner, orderRepository, ownerKeyOf } from './repository.js';

type Trx = Transaction<Database>;

export interface OrderServiceDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicBaseUrl'>;
  log: FastifyBaseLogger;
  events: OrderEvents;
  payments: PaymentRegistry;
  fulfilment: FulfilmentService;
  coupons: Pick<CouponsService, 'reserve' | 'release' | 'markUsed'>;
  /** Handlers of provider events for payments that are not orders' (filled in by later modules). */
  otherPayments?: readonly PaymentEventHandler[];
  now?: () => Date;
}

/** How long a card payment may stay unfinished before the order is cancelled and released. */
export const abandonedAfterMinutes = 30;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Keys sorted, so the same body always has the same fingerprint. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

interface Snapshot {
  lines: (OrderLine & { source?: CartLineSource })[];
  adjustments: Order['adjustments'];
}

type PricedItem = Awaited<ReturnType<ReturnType<typeof cartService>['price']>>['items'][number];

/** The human lines under an item: options, modifiers, halves, deal or combo choices. */
function detailsOf(item: PricedItem): string[] {
  const modifiers = (list: PricedItem['cart_modifiers']) =>
    list.map((m) => {
      const configs = m.restaurant_product_modifiers.cart_modifier_configurations.map((c) => c.name);
      const name = m.restaurant_product_modifiers.modifier.name;
      return `${m.quantity > 1 ? `${m.quantity} × ` : ''}${name}${configs.length ? ` (${configs.join(', ')})` : ''}`;
    });
  return [
    ...item.cart_configurations.map((c) => `${c.attributes.display_name}: ${c.attribute_values.display_value}`),
    ...(item.cart_portions.length
      ? item.cart_portions.map((p, i) => {
          const extras = modifiers(p.cart_modifiers);
          return `${i === 0 ? 'First' : 'Second'} half: ${p.products.name}${extras.length ? ` + ${extras.join(', ')}` : ''}`;
        })
      : modifiers(item.cart_modifiers)),
    ...item.deal_component_types.map((c) => `${c.name}: ${c.quantity > 1 ? `${c.quantity} × ` : ''}${c.products.name}`),
  ];
}

function snapshotLine(item: PricedItem, index: number): Snapshot['lines'][number] {
  return {
    id: index + 1,
    name: item.name,
    quantity: item.quantity,
    unit_price: item.unit_price,
    item_total: item.item_total,
    discount_amount: item.discount_amount,
    order_level_discount: item.order_level_discount,
    discounted_item_total: item.discounted_item_total,
    tax: item.tax,
    is_free: item.is_free,
    notes: item.notes || null,
    details: detailsOf(item),
    source: item.source,
  };
}

const toCartOwner = (owner: OrderOwner): CartOwner =>
  'user_id' in owner
    ? { tenantId: owner.tenantId, user_id: owner.user_id }
    : { tenantId: owner.tenantId, guest_id: owner.guest_id };

/** The caller of a customer-facing order call: their bearer identity and/or a link token. */
export interface OrderAccess {
  owner: OrderOwner | null;
  token?: string | undefined;
}

export function orderService(deps: OrderServiceDeps) {
  const { db, events, payments, fulfilment, coupons } = deps;
  const repo = orderRepository(db);
  const cart = cartService(db, deps.log);
  const now = deps.now ?? (() => new Date());

  // ---- views ---------------------------------------------------------------------------------

  type RestaurantRow = NonNullable<Awaited<ReturnType<typeof repo.restaurant>>>;
  type HistoryRow = { status: OrderStatus; note: string | null; created_at: string };

  function toView(row: OrderRow, restaurant: RestaurantRow, history: HistoryRow[]): Order {
    const snapshot = JSON.parse(row.snapshot) as Snapshot;
    return {
      id: row.id,
      order_number: row.order_number,
      status: row.status,
      method: row.method,
      restaurant: {
        id: restaurant.id,
        name: restaurant.name,
        phone: restaurant.phone,
        street_name: restaurant.street_name,
        city: restaurant.city,
        timezone: restaurant.timezone,
      },
      pickup_date: row.pickup_date,
      pickup_time: row.pickup_time,
      scheduled_for: row.scheduled_for,
      ready_at: row.ready_at,
      table_id: row.table_id,
      special_instructions: row.special_instructions,
      customer: { name: row.customer_name, email: row.customer_email, phone_no: row.customer_phone },
      delivery_address: row.delivery_address ? (JSON.parse(row.delivery_address) as DeliveryAddress) : null,
      payment_method: row.payment_method,
      payment_status: row.payment_status,
      currency: row.currency,
      coupon_code: row.coupon_code,
      lines: snapshot.lines.map(({ source: _source, ...line }) => line),
      totals: {
        subtotal: row.subtotal_cents,
        discount: row.discount_cents,
        tax: row.tax_cents,
        delivery: row.delivery_cents,
        surcharge: row.surcharge_cents,
        gift_card: row.gift_card_cents,
        loyalty: row.loyalty_cents,
        total: row.total_cents,
        amount_due: row.amount_due_cents,
        item_count: row.item_count,
      },
      adjustments: snapshot.adjustments,
      status_history: history.map((h) => ({ status: h.status, at: h.created_at, note: h.note })),
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  async function view(row: OrderRow): Promise<Order> {
    const [restaurant, history] = await Promise.all([
      repo.restaurant(db, row.tenant_id, row.restaurant_id),
      repo.history(db, row.id),
    ]);
    if (!restaurant) throw new AppError('not_found', 'Order not found');
    return toView(row, restaurant, history);
  }

  async function views(rows: OrderRow[]): Promise<Order[]> {
    const first = rows[0];
    if (!first) return [];
    const [restaurants, histories] = await Promise.all([
      repo.restaurants(first.tenant_id, [...new Set(rows.map((r) => r.restaurant_id))]),
      repo.histories(rows.map((r) => r.id)),
    ]);
    return rows.flatMap((row) => {
      const restaurant = restaurants.find((r) => r.id === row.restaurant_id);
      if (!restaurant) return [];
      return [
        toView(
          row,
          restaurant,
          histories.filter((h) => h.order_id === row.id),
        ),
      ];
    });
  }

  // ---- access --------------------------------------------------------------------------------

  /** The token of a guest's confirmation link: recomputable by the server (mail, retries), stored hashed. */
  async function accessToken(row: Pick<OrderRow, 'tenant_id' | 'id'>, exec: Executor = db): Promise<string> {
    const secret =
      exec === db
        ? await repo.linkSecret(row.tenant_id)
        : (
            await exec
              .selectFrom('order_counters')
              .select('link_secret')
              .where('tenant_id', '=', row.tenant_id)
              .executeTakeFirst()
          )?.link_secret;
    if (!secret) throw new Error('order link secret missing');
    return createHmac('sha256', secret).update(`order:${row.tenant_id}:${row.id}`).digest('base64url');
  }

  function ownsOrder(row: OrderRow, owner: OrderOwner | null) {
    if (!owner || owner.tenantId !== row.tenant_id) return false;
    return 'user_id' in owner ? row.user_id === owner.user_id : row.guest_id === owner.guest_id;
  }

  /** The order if the caller owns it or holds its link token; anything else looks like no order at all. */
  async function authorised(id: number, access: OrderAccess): Promise<OrderRow> {
    const row = await repo.findAnyTenant(id);
    const byOwner = row ? ownsOrder(row, access.owner) : false;
    const byToken =
      row && access.token && (!access.owner || access.owner.tenantId === row.tenant_id)
        ? safeEqual(sha256(access.token), row.access_token_hash)
        : false;
    if (!row || !(byOwner || byToken)) throw new AppError('not_found', 'Order not found');
    return row;
  }

  function linkFor(order: Order, token: string | null) {
    const path =
      order.method === 'dine_in' ? `/dine-in/order/confirmation/${order.id}` : `/order-confirmation/${order.id}`;
    const url = new URL(path, deps.config.publicBaseUrl);
    if (token) url.searchParams.set('token', token);
    return url.toString();
  }

  // ---- mail and events -----------------------------------------------------------------------

  async function localeOf(tenantId: number) {
    return (
      (await db.selectFrom('tenants').select('locale').where('id', '=', tenantId).executeTakeFirst())?.locale ?? 'en-AU'
    );
  }

  /** Mail is a courtesy: the order stands when the mail server is down, and the log says so. */
  async function mail(row: OrderRow, order: Order, kind: 'confirmation' | 'status') {
    try {
      const token = row.user_id === null ? await accessToken(row) : null;
      const ctx = { locale: await localeOf(row.tenant_id), link: linkFor(order, token) };
      const message = kind === 'confirmation' ? confirmationMail(order, ctx) : statusMail(order, ctx);
      await deps.mailer.send({ tenantId: row.tenant_id, to: order.customer.email, ...message });
    } catch (err) {
      deps.log.error({ err, orderId: row.id }, 'order mail could not be sent');
    }
  }

  function publish(type: OrderEvent['type'], order: Order, row: OrderRow) {
    events.publish({
      type,
      tenantId: row.tenant_id,
      restaurantId: row.restaurant_id,
      orderId: row.id,
      orderNumber: row.order_number,
      method: row.method,
      status: order.status,
      ready_at: order.ready_at,
      status_history: order.status_history,
    });
  }

  /** After a change committed: tell the listeners and, for the moves customers care about, mail. */
  async function announce(id: number, tenantId: number, type: OrderEvent['type']) {
    const row = await repo.find(db, tenantId, id);
    if (!row) return;
    const order = await view(row);
    publish(type, order, row);
    if (order.status === 'placed') await mail(row, order, 'confirmation');
    else if (order.status === 'accepted' || order.status === 'cancelled') await mail(row, order, 'status');
  }

  // ---- reservations --------------------------------------------------------------------------

  /**
   * Gives back everything the order reserved (kitchen slot, coupon use; gift card and points when
   * they exist), once: the released_at mark makes a second call a no-op.
   */
  async function releaseReservations(trx: Trx, row: OrderRow) {
    if (!(await repo.markReleased(trx, row, now().toISOString()))) return;
    if (row.slot_start)
      await fulfilment.releaseSlot(trx, { restaurantId: row.restaurant_id, slotStart: row.slot_start });
    await coupons.release(trx, row.id);
    await giftCardCheckout.releaseForOrder(trx, { tenantId: row.tenant_id, orderId: row.id, now: now() });
  }

  // ---- payments ------------------------------------------------------------------------------

  async function providerOf(row: OrderRow) {
    return payments.named(row.tenant_id, (row.payment_provider ?? 'sandbox') as ProviderName);
  }

  function session(
    payment: ProviderPayment,
    provider: ProviderName,
    publishableKey: string | null | undefined,
  ): PaymentSession {
    return {
      provider,
      payment_id: payment.id,
      status: payment.status,
      amount: payment.amountCents,
      currency: payment.currency,
      client_secret: payment.clientSecret,
      publishable_key: provider === 'stripe' ? (publishableKey ?? null) : null,
      error: payment.error,
    };
  }

  /** The order's card payment, created on first need (the provider's idempotency makes it one). */
  async function ensurePayment(row: OrderRow): Promise<PaymentSession | null> {
    if (row.payment_method !== 'card' || (!row.payment_id && row.status !== 'pending_payment')) return null;
    if (row.payment_id) {
      const { provider, settings } = await providerOf(row);
      return session(await provider.retrieve(row.payment_id), provider.name, settings.config.publishable_key);
    }
    const { provider, settings } = await payments.forRestaurant(row.tenant_id, row.restaurant_id);
    const restaurant = await repo.restaurant(db, row.tenant_id, row.restaurant_id);
    let payment: ProviderPayment;
    try {
      payment = await provider.create({
        orderId: row.id,
        tenantId: row.tenant_id,
        amountCents: row.amount_due_cents,
        currency: row.currency,
        description: `Order ${row.order_number} at ${restaurant?.name ?? 'the restaurant'}`,
        idempotencyKey: `order-${row.tenant_id}-${row.id}`,
        customerEmail: row.customer_email,
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      // The order stands (pending); a retry with the same Idempotency-Key starts the payment again.
      deps.log.error({ err, orderId: row.id }, 'payment could not be started');
      throw new AppError('service_unavailable', 'Card payments are not available at the moment. Please try again.');
    }
    await repo.update(db, row, { payment_provider: provider.name, payment_id: payment.id });
    return session(payment, provider.name, settings.config.publishable_key);
  }

  /**
   * Applies the provider's view of a payment to its order (a verified confirm call, a refresh or
   * a webhook): success places a pending order once; a failure leaves it pending for another
   * card; a cancelled payment cancels the order and releases it.
   */
  async function applyPayment(tenantId: number, providerName: ProviderName, payment: ProviderPayment) {
    const row = await repo.findByPayment(tenantId, providerName, payment.id);
    if (!row) return null;
    const at = now().toISOString();
    if (payment.status === 'succeeded') {
      const placed = await repo.transaction(async (trx) => {
        const moved = await repo.move(trx, row, 'pending_payment', {
          status: 'placed',
          payment_status: 'paid',
          placed_at: at,
          updated_at: at,
        });
        if (!moved) return false;
        await repo.addHistory(trx, {
          tenant_id: tenantId,
          order_id: row.id,
          status: 'placed',
          note: null,
          created_at: at,
        });
        await coupons.markUsed(trx, row.id);
        return true;
      });
      if (placed) await announce(row.id, tenantId, 'placed');
      else if (row.status === 'cancelled' && (row.payment_status === 'pending' || row.payment_status === 'failed')) {
        // The money arrived after the order was given up: it goes straight back.
        if (await repo.movePayment(db, row, ['pending', 'failed'], { payment_status: 'paid', updated_at: at })) {
          await refund({ ...row, payment_status: 'paid' });
        }
      }
    } else if (payment.status === 'cancelled') {
      await cancel(row, 'Payment not completed', 'pending_payment');
    } else if (payment.error) {
      await repo.movePayment(db, row, ['pending', 'failed'], { payment_status: 'failed', updated_at: at });
    } else if (payment.status === 'requires_action' || payment.status === 'processing') {
      await repo.movePayment(db, row, ['failed'], { payment_status: 'pending', updated_at: at });
    }
    return repo.find(db, tenantId, row.id);
  }

  /** Refunds a paid card order exactly once (the paid → refunded move is conditional). */
  async function refund(row: OrderRow) {
    if (row.payment_method !== 'card' || !row.payment_id || row.amount_due_cents === 0) {
      // Nothing went through the provider (gift card, points or cash): the ledgers give back.
      const moved = await repo.movePayment(db, row, ['paid'], {
        payment_status: 'refunded',
        updated_at: now().toISOString(),
      });
      if (moved) await refundLedgers(row);
      return moved && row.payment_method === 'card';
    }
    const at = now().toISOString();
    if (!(await repo.movePayment(db, row, ['paid'], { payment_status: 'refunded', updated_at: at }))) return false;
    try {
      const { provider } = await providerOf(row);
      const { refundId } = await provider.refund({
        paymentId: row.payment_id,
        amountCents: row.amount_due_cents,
        idempotencyKey: `refund-order-${row.tenant_id}-${row.id}`,
      });
      await repo.update(db, row, { refund_id: refundId });
      await refundLedgers(row);
      return true;
    } catch (err) {
      await repo.movePayment(db, row, ['refunded'], { payment_status: 'paid', updated_at: now().toISOString() });
      deps.log.error({ err, orderId: row.id }, 'refund failed');
      throw new AppError('service_unavailable', 'The refund could not be made. Please try again.');
    }
  }

  /** A refund's gift card and points part (each once, whatever calls it again). */
  async function refundLedgers(row: Pick<OrderRow, 'tenant_id' | 'id'>) {
    await repo.transaction((trx) =>
      giftCardCheckout.refundForOrder(trx, { tenantId: row.tenant_id, orderId: row.id, now: now() }),
    );
  }

  /** Cancels from `from` (conditional), releases what was reserved, and stops an open payment. */
  async function cancel(row: OrderRow, reason: string | null, from: OrderStatus = row.status) {
    const at = now().toISOString();
    const cancelled = await repo.transaction(async (trx) => {
      const moved = await repo.move(trx, row, from, { status: 'cancelled', cancel_reason: reason, updated_at: at });
      if (!moved) return false;
      await repo.addHistory(trx, {
        tenant_id: row.tenant_id,
        order_id: row.id,
        status: 'cancelled',
        note: reason,
        created_at: at,
      });
      await releaseReservations(trx, row);
      return true;
    });
    if (!cancelled) return false;
    if (row.payment_id && (row.payment_status === 'pending' || row.payment_status === 'failed')) {
      try {
        const { provider } = await providerOf(row);
        const payment = await provider.cancel(row.payment_id);
        // Paid at the last moment: the order stays cancelled and the money goes back.
        if (payment.status === 'succeeded') await applyPayment(row.tenant_id, provider.name, payment);
      } catch (err) {
        deps.log.warn({ err, orderId: row.id }, 'payment could not be cancelled');
      }
    }
    await announce(row.id, row.tenant_id, 'status');
    return true;
  }

  // ---- placing -------------------------------------------------------------------------------

  function checkMethodRules(body: PlaceOrderBody, owner: OrderOwner) {
    const fields: Record<string, string> = {};
    if (body.method !== 'dine_in') {
      if (!body.pickup_date) fields.pickup_date = 'Choose a date';
      if (!body.pickup_time) fields.pickup_time = 'Choose a time';
    } else if (!body.table_id) fields.table_id = 'Scan the QR code on your table';
    if ('guest_id' in owner && !body.guest_details) fields.guest_details = 'Enter your name, email and phone number';
    if (body.method === 'delivery' && !body.shipping_details) fields.shipping_details = 'Enter your delivery address';
    if (Object.keys(fields).length > 0) throw new AppError('bad_request', 'Please complete your details', fields);
  }

  async function customerDetails(owner: OrderOwner, body: PlaceOrderBody, trx: Trx) {
    if ('user_id' in owner) {
      const user = await trx
        .selectFrom('users')
        .select(['name', 'email', 'phone_no'])
        .where('tenant_id', '=', owner.tenantId)
        .where('id', '=', owner.user_id)
        .executeTakeFirstOrThrow();
      return {
        name: body.guest_details?.name ?? user.name,
        email: user.email,
        phone: body.guest_details?.phone_no ?? user.phone_no,
      };
    }
    const guest = body.guest_details as NonNullable<PlaceOrderBody['guest_details']>;
    return { name: guest.name, email: guest.email.toLowerCase(), phone: guest.phone_no };
  }

  async function replayOf(owner: OrderOwner, keyHash: string, fingerprint: string) {
    const key = await repo.findKey(db, owner.tenantId, ownerKeyOf(owner), keyHash);
    if (!key) return null;
    if (key.fingerprint !== fingerprint) {
      throw new AppError('conflict', 'This Idempotency-Key was already used for a different order', {
        'Idempotency-Key': 'Use a new key for a new order',
      });
    }
    if (key.order_id === null) return null;
    const row = await repo.find(db, owner.tenantId, key.order_id);
    if (!row) return null;
    return answer(row);
  }

  async function answer(row: OrderRow): Promise<PlacedOrder> {
    const payment = row.status === 'pending_payment' ? await ensurePayment(row) : null;
    const fresh = (await repo.find(db, row.tenant_id, row.id)) ?? row;
    return { order: await view(fresh), payment, access_token: await accessToken(fresh) };
  }

  /**
   * POST /v2/orders: one transaction re-prices the cart, checks the restaurant, time, zone and
   * availability, reserves, creates the order with its snapshot and clears the cart. The same
   * Idempotency-Key answers the same order, however many times and however concurrently it comes.
   */
  async function place(
    owner: OrderOwner,
    body: PlaceOrderBody,
    idempotencyKey: string | undefined,
  ): Promise<{ placed: PlacedOrder; created: boolean }> {
    const key = checkedIdempotencyKey(idempotencyKey);
    checkMethodRules(body, owner);
    // A misconfigured gateway is refused before anything is reserved.
    if (body.payment_method === 'card') await payments.forRestaurant(owner.tenantId, body.restaurant_id);
    const keyHash = sha256(key);
    const fingerprint = sha256(canonical(body));
    const earlier = await replayOf(owner, keyHash, fingerprint);
    if (earlier) return { placed: earlier, created: false };

    const at = now();
    const iso = at.toISOString();
    const cartOwner = toCartOwner(owner);
    let row: OrderRow;
    try {
      row = await repo.transaction(async (trx) => {
        // First: a concurrent request with the same key waits here, then fails and replays.
        await repo.insertKey(trx, {
          tenant_id: owner.tenantId,
          owner_key: ownerKeyOf(owner),
          key_hash: keyHash,
          fingerprint,
          created_at: iso,
        });
        const restaurant = await repo.restaurant(trx, owner.tenantId, body.restaurant_id);
        if (restaurant?.status !== 1) {
          throw new AppError('not_found', 'Restaurant not found', {
            restaurant_id: 'Not a restaurant of this business',
          });
        }
        await settingsService(trx, deps.log).assertOnlineOrdering(owner.tenantId, restaurant.id);

        let scheduledFor: string | null = null;
        let slotStart: string | null = null;
        if (body.method === 'dine_in') {
          const hours = await trx
            .selectFrom('restaurant_hours')
            .select(['weekday', 'opens_at', 'closes_at'])
            .where('restaurant_id', '=', restaurant.id)
            .where('method', '=', 'dine_in')
            .execute();
          if (!isOpenAt(hours, restaurant.timezone, at)) {
            throw new AppError('unprocessable', `${restaurant.name} is closed for dine-in orders at the moment.`);
          }
        } else {
          const slot = await fulfilment.claimSlot(trx, {
            tenantId: owner.tenantId,
            restaurantId: restaurant.id,
            method: body.method,
            date: body.pickup_date as string,
            time: body.pickup_time as string,
            now: at,
          });
          scheduledFor = slot.scheduledFor;
          slotStart = slot.slotStart;
        }

        const options = {
          method: body.method,
          cash_on_delivery: body.payment_method === 'cash_on_delivery',
          coupon_code: body.coupon_code ?? null,
          now: at,
        };
        const priceCart = (extra: { delivery_charge_cents?: number } = {}) =>
          cart.price(cartOwner, { ...options, ...extra }, trx).catch((error: unknown) => {
            // A code that does not apply is a business rule at checkout (the cart call's 400 is the spec's).
            if (error instanceof AppError && error.code === 'bad_request' && body.coupon_code) {
              throw new AppError('unprocessable', error.message, { coupon_code: error.message });
            }
            throw error;
          });
        let priced = await priceCart();
        if (priced.items.length === 0 && priced.unavailable.length === 0) {
          throw new AppError('unprocessable', 'Your cart is empty');
        }
        const gone = priced.unavailable[0];
        if (gone) {
          throw new AppError('unprocessable', `${gone.message}. Remove it from your cart to continue.`, {
            cart: gone.message,
          });
        }
        if (priced.restaurantId !== restaurant.id) {
          throw new AppError('conflict', 'Your cart holds items from another restaurant', {
            restaurant_id: 'Not the restaurant of your cart',
          });
        }
        if (body.method === 'delivery') {
          const quote = await fulfilment.quote(trx, {
            tenantId: owner.tenantId,
            restaurantId: restaurant.id,
            address: body.shipping_details as DeliveryAddress,
            subtotalCents: priced.totals.subtotal,
          });
          if (quote.delivery_error) {
            throw new AppError('unprocessable', quote.delivery_error, { shipping_details: quote.delivery_error });
          }
          if (quote.delivery_charge > 0) {
            priced = await priceCart({ delivery_charge_cents: quote.delivery_charge });
          }
        }

        // The order takes the lines it priced, and only those. Another order of the same cart (a
        // second tab; on PostgreSQL one at another time runs alongside, sharing no slot row) may
        // have read them too: whichever deletes them first has them, the other is refused.
        const lineIds = [...new Set(priced.items.map((item) => item.id))];
        const taken = await trx
          .deleteFrom('cart_items')
          .where('tenant_id', '=', owner.tenantId)
          .where((eb) => ('user_id' in owner ? eb('user_id', '=', owner.user_id) : eb('guest_id', '=', owner.guest_id)))
          .where('id', 'in', lineIds)
          .executeTakeFirst();
        if (Number(taken.numDeletedRows) !== lineIds.length) {
          throw new AppError('conflict', 'Your cart was just ordered in another window. Check your orders.', {
            cart: 'Already ordered',
          });
        }

        const details = await customerDetails(owner, body, trx);
        const counter = await repo.nextNumber(trx, owner.tenantId, randomBytes(32).toString('base64url'));
        // The entered code when it applied, else the first coupon that took money off.
        const entered = priced.adjustments.find((a) => a.reason === 'coupon');
        const couponLine = priced.items.find((item) => item.coupon_id !== null);
        // A card order waits for the provider; one that costs nothing (a 100% coupon) has nothing to pay.
        const pricedCard = body.payment_method === 'card' && priced.totals.total > 0;
        const snapshot: Snapshot = { lines: priced.items.map(snapshotLine), adjustments: priced.adjustments };
        const inserted = await repo.insert(trx, {
          tenant_id: owner.tenantId,
          restaurant_id: restaurant.id,
          user_id: 'user_id' in owner ? owner.user_id : null,
          guest_id: 'guest_id' in owner ? owner.guest_id : null,
          order_number: String(counter.last_number),
          status: pricedCard ? 'pending_payment' : 'placed',
          method: body.method,
          pickup_date: body.method === 'dine_in' ? null : (body.pickup_date ?? null),
          pickup_time: body.method === 'dine_in' ? null : (body.pickup_time ?? null),
          scheduled_for: scheduledFor,
          slot_start: slotStart,
          table_id: body.method === 'dine_in' ? (body.table_id ?? null) : null,
          special_instructions: body.special_instructions || null,
          customer_name: details.name,
          customer_email: details.email,
          customer_phone: details.phone,
          delivery_address: body.method === 'delivery' ? JSON.stringify(body.shipping_details) : null,
          payment_method: body.payment_method,
          payment_status: pricedCard ? 'pending' : body.payment_method === 'card' ? 'paid' : 'unpaid',
          payment_provider: null,
          payment_id: null,
          refund_id: null,
          currency: priced.currency ?? 'AUD',
          subtotal_cents: priced.totals.subtotal,
          discount_cents: priced.totals.discount,
          tax_cents: priced.totals.tax,
          delivery_cents: priced.totals.delivery,
          surcharge_cents: priced.totals.surcharge,
          total_cents: priced.totals.total,
          amount_due_cents: priced.totals.total,
          item_count: priced.totals.item_count,
          coupon_code: entered?.code ?? couponLine?.applied_coupon ?? null,
          coupon_id: priced.couponIds[0] ?? null,
          snapshot: JSON.stringify(snapshot),
          access_token_hash: 'pending',
          ready_at: null,
          cancel_reason: null,
          placed_at: pricedCard ? null : iso,
          released_at: null,
          created_at: iso,
          updated_at: iso,
        });
        // Points (a discount) and the gift card (a payment) are taken with conditional updates here,
        // so a failure below rolls them back with the order.
        const split = await giftCardCheckout.reserveForOrder(trx, {
          tenantId: owner.tenantId,
          userId: 'user_id' in owner ? owner.user_id : null,
          orderId: inserted.id,
          orderNumber: inserted.order_number,
          totalCents: priced.totals.total,
          giftCardCode: body.gift_card_code || null,
          loyaltyPoints: body.loyalty_points ?? null,
          now: at,
        });
        // A card order waits for the provider only while something is left to pay.
        const isCard = body.payment_method === 'card' && split.amount_due > 0;
        const settled = {
          status: isCard ? ('pending_payment' as const) : ('placed' as const),
          payment_status: isCard
            ? ('pending' as const)
            : body.payment_method === 'card' || split.amount_due === 0
              ? ('paid' as const)
              : ('unpaid' as const),
          placed_at: isCard ? null : iso,
          total_cents: split.total,
          gift_card_cents: split.gift_card,
          loyalty_cents: split.loyalty,
          amount_due_cents: split.amount_due,
        };
        const token = createHmac('sha256', counter.link_secret)
          .update(`order:${inserted.tenant_id}:${inserted.id}`)
          .digest('base64url');
        await repo.update(trx, inserted, { ...settled, access_token_hash: sha256(token) });
        await repo.addHistory(trx, {
          tenant_id: owner.tenantId,
          order_id: inserted.id,
          status: settled.status,
          note: null,
          created_at: iso,
        });
        const couponIds = priced.couponIds;
        for (const couponId of couponIds) {
          await coupons.reserve(trx, { tenantId: owner.tenantId, couponId, owner: cartOwner, orderId: inserted.id });
        }
        if (couponIds.length > 0 && !isCard) await coupons.markUsed(trx, inserted.id);
        await repo.linkKey(trx, owner.tenantId, ownerKeyOf(owner), keyHash, inserted.id);
        return { ...inserted, ...settled, access_token_hash: sha256(token) };
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        const other = await replayOf(owner, keyHash, fingerprint);
        if (other) return { placed: other, created: false };
      }
      throw error;
    }
    const placed = await answer(row);
    if (row.status === 'placed') await announce(row.id, row.tenant_id, 'placed');
    return { placed, created: true };
  }

  // ---- reading and customer actions ----------------------------------------------------------

  async function get(id: number, access: OrderAccess) {
    return view(await authorised(id, access));
  }

  async function history(owner: { tenantId: number; user_id: number }, page: number, perPage: number) {
    const { rows, total } = await repo.listForUser(owner.tenantId, owner.user_id, page, perPage);
    return { items: await views(rows), page, per_page: perPage, total };
  }

  async function reorder(id: number, owner: OrderOwner) {
    const row = await authorised(id, { owner });
    const snapshot = JSON.parse(row.snapshot) as Snapshot;
    const lines = snapshot.lines.flatMap((line) => (line.source ? [{ ...line.source, name: line.name }] : []));
    const result = await cart.readd(toCartOwner(owner), lines);
    const missing = snapshot.lines.filter((line) => !line.source).map((line) => line.name);
    return { added: result.added, skipped: [...result.skipped, ...missing] };
  }

  /** The customer gives up a card payment: only while it is pending. */
  async function cancelByCustomer(id: number, access: OrderAccess) {
    const row = await authorised(id, access);
    if (row.status !== 'pending_payment') {
      throw new AppError('conflict', 'This order can no longer be cancelled online. Please call the restaurant.');
    }
    await cancel(row, 'Cancelled by the customer', 'pending_payment');
    return view((await repo.find(db, row.tenant_id, row.id)) ?? row);
  }

  /** The pending order's payment (the payment page after a reload). */
  async function payment(id: number, access: OrderAccess) {
    const row = await authorised(id, access);
    if (row.payment_method !== 'card') throw new AppError('not_found', 'This order has no card payment');
    const current = await ensurePayment(row);
    return current as PaymentSession;
  }

  /** Looks a payment up for its order's customer: the order must be theirs. */
  async function paymentOwnedBy(paymentId: string, access: OrderAccess) {
    const row = await db.selectFrom('orders').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
    if (!row) throw new AppError('not_found', 'Payment not found');
    await authorised(row.id, access).catch(() => {
      throw new AppError('not_found', 'Payment not found');
    });
    const { provider, settings } = await providerOf(row);
    return { row, provider, settings };
  }

  /** POST /payments/:id/refresh: asks the provider and applies what it says. */
  async function refreshPayment(paymentId: string, access: OrderAccess) {
    const { row, provider, settings } = await paymentOwnedBy(paymentId, access);
    const current = await provider.retrieve(paymentId);
    await applyPayment(row.tenant_id, provider.name, current);
    return session(current, provider.name, settings.config.publishable_key);
  }

  /**
   * A verified provider event: applied once (a replayed event id changes nothing). The payment's
   * state is asked of the provider rather than taken from the event.
   */
  async function recordPaymentEvent(tenantId: number, providerName: ProviderName, event: PaymentEvent) {
    const seen = await db
      .selectFrom('payment_events')
      .select('id')
      .where('provider', '=', providerName)
      .where('event_id', '=', event.eventId)
      .executeTakeFirst();
    if (seen) return false;
    const row = await repo.findByPayment(tenantId, providerName, event.paymentId);
    if (row) {
      const { provider } = await providerOf(row);
      if (event.type === 'refunded') {
        await refundedElsewhere(row);
      } else {
        await applyPayment(tenantId, provider.name, await provider.retrieve(event.paymentId));
      }
    } else {
      for (const handle of deps.otherPayments ?? []) {
        if (await handle(tenantId, providerName, event)) break;
      }
    }
    return repo.recordEvent({
      tenant_id: tenantId,
      provider: providerName,
      event_id: event.eventId,
      type: event.type,
      payment_id: event.paymentId,
      created_at: now().toISOString(),
    });
  }

  /** The provider says the money went back (a refund made in its dashboard). */
  async function refundedElsewhere(row: OrderRow) {
    const at = now().toISOString();
    if (!(await repo.movePayment(db, row, ['paid'], { payment_status: 'refunded', updated_at: at }))) return;
    await refundLedgers(row);
    if (row.status === 'completed') {
      const moved = await repo.transaction(async (trx) => {
        const ok = await repo.move(trx, row, 'completed', { status: 'refunded', updated_at: at });
        if (ok)
          await repo.addHistory(trx, {
            tenant_id: row.tenant_id,
            order_id: row.id,
            status: 'refunded',
            note: null,
            created_at: at,
          });
        return ok;
      });
      if (moved) await announce(row.id, row.tenant_id, 'status');
    } else if (canMoveOrderFor(row.method, row.status, 'cancelled')) {
      await cancel({ ...row, payment_status: 'refunded' }, 'Payment refunded', row.status);
    }
  }

  /** Cancels card orders whose payment was abandoned, releasing what they reserved. */
  async function sweepAbandoned(at: Date = now()) {
    const before = new Date(at.getTime() - abandonedAfterMinutes * 60_000).toISOString();
    let cancelled = 0;
    for (const row of await repo.abandoned(before)) {
      try {
        if (row.payment_id) {
          const { provider } = await providerOf(row);
          const payment = await provider.cancel(row.payment_id);
          if (payment.status === 'succeeded') {
            await applyPayment(row.tenant_id, provider.name, payment);
            continue;
          }
        }
        if (await cancel(row, 'Payment not completed', 'pending_payment')) cancelled++;
      } catch (err) {
        deps.log.warn({ err, orderId: row.id }, 'abandoned order could not be swept');
      }
    }
    return cancelled;
  }

  // ---- staff ---------------------------------------------------------------------------------

  async function staffList(
    tenantId: number,
    filter: {
      restaurant_id?: number | undefined;
      restaurant_ids?: number[] | undefined;
      status?: OrderStatus | undefined;
      method?: string | undefined;
    },
    page: number,
    perPage: number,
  ) {
    const { rows, total } = await repo.listForStaff(tenantId, filter, page, perPage);
    return { items: await views(rows), page, per_page: perPage, total };
  }

  /** PATCH /admin/orders/:id/status: only legal moves; cancel and refund give the money back once. */
  async function changeStatus(
    staffTenantId: number,
    id: number,
    change: OrderStatusChangeBody,
    assertManages: (restaurantId: number) => Promise<unknown> = async () => undefined,
  ) {
    const row = await repo.findAnyTenant(id);
    if (!row) throw new AppError('not_found', 'Order not found');
    if (row.tenant_id !== staffTenantId) throw new AppError('forbidden', 'This order belongs to another business');
    await assertManages(row.restaurant_id);
    const to = change.status;
    if (to === 'placed' || !canMoveOrderFor(row.method, row.status, to)) {
      throw new AppError(
        'conflict',
        `An order that is ${row.status.replace(/_/g, ' ')} cannot move to ${to.replace(/_/g, ' ')}`,
        {
          status: 'Not a legal move from the current status',
        },
      );
    }
    if (to === 'cancelled') {
      if (row.payment_status === 'paid') await refund(row);
      const reason = change.reason ?? 'Cancelled by the restaurant';
      if (
        !(await cancel(
          { ...row, payment_status: row.payment_status === 'paid' ? 'refunded' : row.payment_status },
          reason,
          row.status,
        ))
      ) {
        throw new AppError('conflict', 'The order changed meanwhile; reload it');
      }
    } else {
      if (to === 'refunded') await refund(row);
      const at = now();
      const readyAt =
        to === 'accepted' && change.prep_minutes
          ? new Date(at.getTime() + change.prep_minutes * 60_000).toISOString()
          : undefined;
      const note =
        to === 'accepted' && change.prep_minutes
          ? `Ready in about ${change.prep_minutes} min`
          : (change.reason ?? null);
      const moved = await repo.transaction(async (trx) => {
        const ok = await repo.move(trx, row, row.status, {
          status: to,
          ...(readyAt ? { ready_at: readyAt } : {}),
          ...(to === 'completed' && row.payment_method === 'cash_on_delivery'
            ? { payment_status: 'paid' as const }
            : {}),
          updated_at: at.toISOString(),
        });
        if (ok) {
          await repo.addHistory(trx, {
            tenant_id: row.tenant_id,
            order_id: row.id,
            status: to,
            note,
            created_at: at.toISOString(),
          });
          if (to === 'completed') {
            await giftCardCheckout.earnForOrder(trx, {
              tenantId: row.tenant_id,
              userId: row.user_id,
              orderId: row.id,
              orderNumber: row.order_number,
              spentCents: row.total_cents,
              now: at,
            });
          }
        }
        return ok;
      });
      if (!moved) throw new AppError('conflict', 'The order changed meanwhile; reload it');
      await announce(row.id, row.tenant_id, 'status');
    }
    return view((await repo.find(db, row.tenant_id, row.id)) ?? row);
  }

  /** A staff member's view of one order (tenant-checked like changeStatus). */
  async function staffGet(
    staffTenantId: number,
    id: number,
    assertManages: (restaurantId: number) => Promise<unknown> = async () => undefined,
  ) {
    const row = await repo.findAnyTenant(id);
    if (!row) throw new AppError('not_found', 'Order not found');
    if (row.tenant_id !== staffTenantId) throw new AppError('forbidden', 'This order belongs to another business');
    await assertManages(row.restaurant_id);
    return view(row);
  }

  return {
    place,
    get,
    authorised,
    history,
    reorder,
    cancelByCustomer,
    payment,
    paymentOwnedBy,
    refreshPayment,
    applyPayment,
    recordPaymentEvent,
    sweepAbandoned,
    staffList,
    staffGet,
    changeStatus,
    view,
    releaseReservations,
  };
}

export type OrderService = ReturnType<typeof orderService>;
