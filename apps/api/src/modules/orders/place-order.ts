import { randomFillSync } from 'node:crypto';
import {
  type DeliveryAddress,
  type PaymentSplit,
  type PlacedOrder,
  type PlaceOrderBody,
  type TipSettings,
  tipCents,
  tipTaxCents,
} from '@orderfront/core';
import { isUniqueViolation } from '../../db/dialect.js';
import { concurrently, inOrder } from '../../db/pipeline.js';
import type { OrderRow, Tenant } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { canonical, checkedIdempotencyKey } from '../../lib/idempotency.js';
import { metrics } from '../../lib/metrics.js';
import { sha256 } from '../auth/crypto.js';
import type { CartService } from '../cart/service.js';
import type { KnownRestaurant } from '../fulfilment/service.js';
import * as giftCardCheckout from '../gift-cards/checkout.js';
import { settingsService } from '../settings/service.js';
import { tipsService } from '../tips/service.js';
import { type OrderAccessCheck, orderAccessTtlMs, signLink } from './access.js';
import type { OrderContext, Trx } from './context.js';
import type { OrderNotices } from './notices.js';
import type { PaymentLifecycle } from './payment-lifecycle.js';
import { ownerKeyOf, placementRepository } from './placement-repository.js';
import type { OrderDraft, OrderOwner } from './repository.js';
import { type Snapshot, snapshotLine } from './snapshot.js';
import type { OrderViews } from './views.js';

type Restaurant = NonNullable<Awaited<ReturnType<OrderContext['repo']['restaurant']>>>;
type Priced = Awaited<ReturnType<CartService['price']>>;
type Lines = Awaited<ReturnType<CartService['readLines']>>;
type Known = KnownRestaurant & { restaurant: Restaurant };

/**
 * 32 random bytes as text: a candidate link secret for the tenant's counter (only a tenant's first
 * order keeps one), or an order's number until it takes its own. Drawn from random bytes filled a
 * few kilobytes at a time, as `randomUUID` does: one system call per 64 orders instead of two each
 * (decision 059).
 */
const entropy = Buffer.alloc(32 * 128);
let drawn = entropy.length;
function randomText() {
  if (drawn === entropy.length) {
    randomFillSync(entropy);
    drawn = 0;
  }
  drawn += 32;
  return entropy.toString('base64url', drawn - 32, drawn);
}

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

/**
 * The order's status and money once the payment split is known: a card order waits for the
 * provider only while something is left to pay (a 100% coupon, gift card or points leave nothing).
 */
function settle(body: PlaceOrderBody, split: PaymentSplit, tip: number, tipTax: number, iso: string) {
  // The tip is paid with the order's payment: on top of what the gift card leaves (decision 040).
  const amountDue = split.amount_due + tip;
  const awaitsCard = body.payment_method === 'card' && amountDue > 0;
  return {
    status: awaitsCard ? ('pending_payment' as const) : ('placed' as const),
    payment_status: awaitsCard
      ? ('pending' as const)
      : body.payment_method === 'card' || amountDue === 0
        ? ('paid' as const)
        : ('unpaid' as const),
    placed_at: awaitsCard ? null : iso,
    total_cents: split.total,
    gift_card_cents: split.gift_card,
    loyalty_cents: split.loyalty,
    amount_due_cents: amountDue,
    tip_cents: tip,
    tip_tax_cents: tipTax,
  };
}

/**
 * settle() with the tip (decision 040): a percentage of what the order costs after points, never
 * discounted, or the custom amount; refused where the business offers no tips.
 */
function settleWithTip(
  settings: TipSettings,
  body: PlaceOrderBody,
  split: PaymentSplit,
  iso: string,
  tenant: Tenant | undefined,
) {
  const tip = tipCents(body.tip, split.total, settings, body.method);
  if (!tip.ok) throw new AppError('unprocessable', tip.message, { tip: tip.message });
  // Tax inside the tip, fixed now so a later change of the setting never changes the order (decision 044).
  const tipTax = tipTaxCents(tip.cents, tenant?.tax_rate_bps ?? 0, settings.taxed);
  return settle(body, split, tip.cents, tipTax, iso);
}

/** What an order reads before its transaction opens: the tenant's link secret and tip settings. */
interface ReadBefore {
  linkSecret: string | undefined;
  tips: TipSettings;
}

/** What the placing transaction committed besides the row: read or written by it, not read again. */
interface Committed {
  restaurant: Restaurant;
  history: { status: OrderRow['status']; note: null; created_at: string }[];
  tenant: Tenant | undefined;
  /** The token of a guest's confirmation link, made in the transaction (the mail needs it again). */
  linkToken: string;
}

interface Placement {
  owner: OrderOwner;
  body: PlaceOrderBody;
  restaurant: Restaurant;
  time: { scheduledFor: string | null; slotStart: string | null };
  priced: Priced;
  customer: { name: string; email: string; phone: string };
  orderNumber: string;
  iso: string;
}

/**
 * The order row before its payment split: the gift card and points ledgers name the order, so it
 * is inserted first; its status and money are `settle`d once the split is known, in the same transaction.
 */
function draftRow({ owner, body, restaurant, time, priced, customer, orderNumber, iso }: Placement) {
  // The entered code when it applied, else the first coupon that took money off.
  const entered = priced.adjustments.find((a) => a.reason === 'coupon');
  const couponLine = priced.items.find((item) => item.coupon_id !== null);
  const snapshot: Snapshot = { lines: priced.items.map(snapshotLine), adjustments: priced.adjustments };
  const atTable = body.method === 'dine_in';
  return {
    tenant_id: owner.tenantId,
    restaurant_id: restaurant.id,
    user_id: 'user_id' in owner ? owner.user_id : null,
    guest_id: 'guest_id' in owner ? owner.guest_id : null,
    order_number: orderNumber,
    status: 'pending_payment',
    method: body.method,
    pickup_date: atTable ? null : (body.pickup_date ?? null),
    pickup_time: atTable ? null : (body.pickup_time ?? null),
    scheduled_for: time.scheduledFor,
    slot_start: time.slotStart,
    table_id: atTable ? (body.table_id ?? null) : null,
    special_instructions: body.special_instructions || null,
    customer_name: customer.name,
    customer_email: customer.email,
    customer_phone: customer.phone,
    delivery_address: body.method === 'delivery' ? JSON.stringify(body.shipping_details) : null,
    payment_method: body.payment_method,
    payment_status: 'pending',
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
    placed_at: null,
    released_at: null,
    created_at: iso,
    updated_at: iso,
  } satisfies OrderDraft;
}

async function customerDetails(owner: OrderOwner, body: PlaceOrderBody, trx: Trx) {
  if ('user_id' in owner) {
    const user = await placementRepository(trx).user(owner.tenantId, owner.user_id);
    return {
      name: body.guest_details?.name ?? user.name,
      email: user.email,
      phone: body.guest_details?.phone_no ?? user.phone_no,
    };
  }
  const guest = body.guest_details as NonNullable<PlaceOrderBody['guest_details']>;
  return { name: guest.name, email: guest.email.toLowerCase(), phone: guest.phone_no };
}

/**
 * The order's restaurant, active and taking online orders, with its settings and the method's
 * rules (read once per order, sent together: decision 077).
 */
async function openRestaurant(
  { repo, deps }: OrderContext,
  trx: Trx,
  owner: OrderOwner,
  body: PlaceOrderBody,
  at: Date,
): Promise<Known> {
  const ordering = settingsService(trx, deps.log);
  const [restaurant, settings, rules] = await inOrder(
    repo.restaurant(trx, owner.tenantId, body.restaurant_id),
    ordering.resolve(owner.tenantId, body.restaurant_id),
    deps.fulfilment.readRules(trx, owner.tenantId, body.restaurant_id, body.method, at),
  );
  if (restaurant?.status !== 1) {
    throw new AppError('not_found', 'Restaurant not found', {
      restaurant_id: 'Not a restaurant of this business',
    });
  }
  ordering.checkOnlineOrdering(settings);
  return { restaurant, settings, rules };
}

/** Dine-in is for now, while the restaurant is open; pickup and delivery claim a kitchen slot. */
async function reserveTime(
  { deps }: OrderContext,
  trx: Trx,
  owner: OrderOwner,
  body: PlaceOrderBody,
  known: Known,
  at: Date,
) {
  const { id, timezone, name } = known.restaurant;
  if (body.method === 'dine_in') {
    if (!(await deps.fulfilment.openForDineIn(trx, owner.tenantId, { id, timezone }, at, known))) {
      throw new AppError('unprocessable', `${name} is closed for dine-in orders at the moment.`);
    }
    return { scheduledFor: null, slotStart: null };
  }
  return deps.fulfilment.claimSlot(
    trx,
    {
      tenantId: owner.tenantId,
      restaurantId: id,
      method: body.method,
      date: body.pickup_date as string,
      time: body.pickup_time as string,
      now: at,
    },
    known,
  );
}

/**
 * The order takes the lines it priced, and only those. Another order of the same cart (a second
 * tab; on PostgreSQL one at another time runs alongside, sharing no slot row) may have read them
 * too: whichever deletes them first has them, the other is refused.
 */
async function takeLines(cart: CartService, trx: Trx, owner: OrderOwner, priced: Priced) {
  const lineIds = [...new Set(priced.items.map((item) => item.id))];
  if ((await cart.take(owner, lineIds, trx)) !== lineIds.length) {
    throw new AppError('conflict', 'Your cart was just ordered in another window. Check your orders.', {
      cart: 'Already ordered',
    });
  }
}

/**
 * The order's number, status and money, its last write (decision 063): on PostgreSQL the tenant's
 * counter row stays locked from here to the commit only. The guest's link token, signed here for the
 * row's hash, is kept for the confirmation mail.
 */
async function numberAndSettle(
  repo: OrderContext['repo'],
  trx: Trx,
  draft: OrderRow,
  settlement: ReturnType<typeof settle>,
  split: { loyalty_points: number },
  linkSecret: string | undefined,
  closing: Parameters<OrderContext['repo']['settle']>[4],
) {
  let linkToken = '';
  const hash = (secret: string) => {
    linkToken = signLink(secret, draft);
    return sha256(linkToken);
  };
  const link = { known: linkSecret, candidate: randomText(), hash };
  // Points redeemed are named with the number after it; otherwise the number is the last write.
  const last = split.loyalty_points === 0;
  const numbered = await repo.settle(trx, draft, settlement, link, closing, last);
  if (!last) {
    const named = { tenantId: draft.tenant_id, orderId: draft.id, orderNumber: numbered.order_number };
    await giftCardCheckout.numberForOrder(trx, named);
  }
  return { numbered, linkToken };
}

/** The answer to an order placed with no payment started: what its transaction committed, not read again. */
async function answerCommitted(
  view: OrderViews['view'],
  credential: OrderAccessCheck['credential'],
  row: OrderRow,
  committed: Committed,
) {
  // Good for a day from the order's creation, so a retry answers the same credential.
  const access = await credential(row, Date.parse(row.created_at) + orderAccessTtlMs);
  const order = await view(row, { restaurant: committed.restaurant, history: committed.history });
  const placed: PlacedOrder = { order, payment: null, access_token: access.access };
  return { placed, fresh: row };
}

/**
 * POST /v2/orders: one transaction re-prices the cart, checks the restaurant, time, zone and
 * availability, reserves, creates the order with its snapshot and clears the cart. The same
 * Idempotency-Key answers the same order, however many times and however concurrently it comes.
 */
export function placeOrder(
  context: OrderContext,
  { view }: OrderViews,
  { credential, linkSecret: knownLinkSecret }: OrderAccessCheck,
  { announce }: OrderNotices,
  { ensurePayment }: PaymentLifecycle,
  cart: CartService,
) {
  const { deps, db, repo, now } = context;
  const { payments, fulfilment, coupons } = deps;

  /**
   * The answer, with the row it was read from (the confirmation mail reuses both). `committed`: what
   * the placing transaction committed (its row, restaurant and first status), used as it is when no
   * payment was started since (decision 053); otherwise the row is read again.
   */
  async function answerOf(row: OrderRow, committed?: Committed) {
    if (committed && row.status !== 'pending_payment') return answerCommitted(view, credential, row, committed);
    const payment = row.status === 'pending_payment' ? await ensurePayment(row) : null;
    const fresh = (await repo.find(db, row.tenant_id, row.id)) ?? row;
    // Good for a day from the order's creation, so a retry answers the same credential.
    const access = await credential(fresh, Date.parse(fresh.created_at) + orderAccessTtlMs);
    const placed: PlacedOrder = { order: await view(fresh), payment, access_token: access.access };
    return { placed, fresh };
  }

  async function replayOf(owner: OrderOwner, keyHash: string, fingerprint: string) {
    const key = await placementRepository(db).findKey(owner.tenantId, ownerKeyOf(owner), keyHash);
    if (!key) return null;
    if (key.fingerprint !== fingerprint) {
      throw new AppError('conflict', 'This Idempotency-Key was already used for a different order', {
        'Idempotency-Key': 'Use a new key for a new order',
      });
    }
    if (key.order_id === null) return null;
    const row = await repo.find(db, owner.tenantId, key.order_id);
    return row ? (await answerOf(row)).placed : null;
  }

  /** The cart priced for this order (with the zone's delivery fee); only lines that can be ordered. */
  async function priceFor(trx: Trx, owner: OrderOwner, body: PlaceOrderBody, known: Known, at: Date, lines: Lines) {
    const { restaurant } = known;
    const options = {
      method: body.method,
      cash_on_delivery: body.payment_method === 'cash_on_delivery',
      coupon_code: body.coupon_code ?? null,
      now: at,
    };
    const priceCart = (extra: { delivery_charge_cents?: number } = {}, read?: Lines) =>
      cart.price(owner, { ...options, ...extra }, trx, read).catch((error: unknown) => {
        // A code that does not apply is a business rule at checkout (the cart call's 400 is the spec's).
        if (error instanceof AppError && error.code === 'bad_request' && body.coupon_code) {
          throw new AppError('unprocessable', error.message, { coupon_code: error.message });
        }
        throw error;
      });
    const priced = await priceCart({}, lines);
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
    if (body.method !== 'delivery') return priced;
    const quote = await fulfilment.quote(
      trx,
      {
        tenantId: owner.tenantId,
        restaurantId: restaurant.id,
        address: body.shipping_details as DeliveryAddress,
        subtotalCents: priced.totals.subtotal,
      },
      known,
    );
    if (quote.delivery_error) {
      throw new AppError('unprocessable', quote.delivery_error, { shipping_details: quote.delivery_error });
    }
    return quote.delivery_charge > 0 ? priceCart({ delivery_charge_cents: quote.delivery_charge }) : priced;
  }

  async function placeIn(
    trx: Trx,
    owner: OrderOwner,
    body: PlaceOrderBody,
    key: { hash: string; fingerprint: string },
    at: Date,
    { linkSecret, tips }: ReadBefore,
  ) {
    const iso = at.toISOString();
    const ownerKey = ownerKeyOf(owner);
    // The key, then what the order is judged by, sent together (decision 077). The key comes
    // first: a concurrent request with the same key waits there, then fails and replays.
    const ahead = await concurrently(trx);
    const [, known, lines] = await inOrder(
      placementRepository(ahead).insertKey({
        tenant_id: owner.tenantId,
        owner_key: ownerKey,
        key_hash: key.hash,
        fingerprint: key.fingerprint,
        created_at: iso,
      }),
      // The restaurant and its settings are read once; the slot claim and quote take them (decision 041).
      openRestaurant(context, ahead, owner, body, at),
      cart.readLines(owner, ahead),
    );
    const time = await reserveTime(context, trx, owner, body, known, at);
    const priced = await priceFor(trx, owner, body, known, at, lines);
    await takeLines(cart, trx, owner, priced);
    const customer = await customerDetails(owner, body, trx);
    // The number is taken last (decision 063): until then the row holds a random stand-in, unique as
    // the column is, seen by nobody (the transaction has not committed).
    const draft = await repo.insert(
      trx,
      draftRow({ owner, body, restaurant: known.restaurant, time, priced, customer, orderNumber: randomText(), iso }),
    );
    // Points (a discount) and the gift card (a payment) are taken with conditional updates here,
    // so a failure below rolls them back with the order.
    const split = await giftCardCheckout.reserveForOrder(trx, {
      tenantId: owner.tenantId,
      userId: 'user_id' in owner ? owner.user_id : null,
      orderId: draft.id,
      orderNumber: draft.order_number,
      totalCents: priced.totals.total,
      giftCardCode: body.gift_card_code || null,
      loyaltyPoints: body.loyalty_points ?? null,
      now: at,
    });
    // The tenant row pricing used, read at the pricing version this transaction saw (decision 053).
    const settlement = settleWithTip(tips, body, split, iso, priced.tenant);
    for (const couponId of priced.couponIds) {
      await coupons.reserve(trx, { tenantId: owner.tenantId, couponId, owner, orderId: draft.id });
    }
    if (priced.couponIds.length > 0 && settlement.status === 'placed')
      await coupons.markUsed(trx, { tenantId: owner.tenantId, orderId: draft.id });
    // The first status and the key's link are written with the number (decision 073).
    const closing = { owner_key: ownerKey, key_hash: key.hash, history_at: iso };
    const { numbered, linkToken } = await numberAndSettle(repo, trx, draft, settlement, split, linkSecret, closing);
    const committed: Committed = {
      restaurant: known.restaurant,
      history: [{ status: settlement.status, note: null, created_at: iso }],
      tenant: priced.tenant,
      linkToken,
    };
    return { row: { ...draft, ...settlement, ...numbered }, committed };
  }

  async function place(
    owner: OrderOwner,
    body: PlaceOrderBody,
    idempotencyKey: string | undefined,
  ): Promise<{ placed: PlacedOrder; created: boolean }> {
    const keyValue = checkedIdempotencyKey(idempotencyKey);
    checkMethodRules(body, owner);
    // A misconfigured gateway is refused before anything is reserved.
    if (body.payment_method === 'card') await payments.forRestaurant(owner.tenantId, body.restaurant_id);
    const key = { hash: sha256(keyValue), fingerprint: sha256(canonical(body)) };
    // A key already used is found by the transaction's first statement, its insert (decision 059):
    // a retry, or a request that waited there for another with the same key, replays that order.
    const at = now();
    let row: OrderRow;
    let committed: Committed;
    try {
      // Read before the transaction: on SQLite a read of the database inside it would wait for it;
      // on PostgreSQL the orders placed at once read their tip settings together (decision 073).
      const [linkSecret, tips] = await Promise.all([
        knownLinkSecret(owner.tenantId),
        tipsService(db).settings(owner.tenantId),
      ]);
      const before = { linkSecret, tips };
      ({ row, committed } = await repo.transaction((trx) => placeIn(trx, owner, body, key, at, before)));
    } catch (error) {
      if (isUniqueViolation(error)) {
        const other = await replayOf(owner, key.hash, key.fingerprint);
        if (other) return { placed: other, created: false };
      }
      throw error;
    }
    const { placed, fresh } = await answerOf(row, committed);
    if (row.status === 'placed') {
      await announce(row.id, row.tenant_id, 'placed', {
        row: fresh,
        order: placed.order,
        tenant: committed.tenant,
        linkToken: committed.linkToken,
      });
    }
    return { placed, created: true };
  }

  /** place(), counted: orders created, and placements refused or failed, by method (decision 028). */
  async function counted(owner: OrderOwner, body: PlaceOrderBody, idempotencyKey: string | undefined) {
    try {
      const result = await place(owner, body, idempotencyKey);
      if (result.created) metrics.orderPlaced(body.method, body.payment_method);
      return result;
    } catch (error) {
      metrics.orderFailed(body.method, error instanceof AppError ? error.code : 'internal');
      throw error;
    }
  }

  return { place: counted };
}
