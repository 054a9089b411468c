import { z } from 'zod';
import { taxClassSchema } from './catalogue-editor.js';
import { envelope } from './envelope.js';
import { deliveryAddressSchema, fulfilmentMethodSchema } from './fulfilment.js';
import { tipChoiceSchema } from './tips.js';

/**
 * Orders, checkout submission and card payment (spec §7 leaves these calls "not shown").
 * Money is integer cents. The server prices every order from the cart; totals sent by a client
 * are not part of any request.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD');

export const orderStatuses = [
  'pending_payment',
  'placed',
  'accepted',
  'preparing',
  'ready',
  'out_for_delivery',
  'completed',
  'cancelled',
  'refunded',
] as const;
export const orderStatusSchema = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const paymentMethodSchema = z.enum(['card', 'cash_on_delivery']);
export type PaymentMethodName = z.infer<typeof paymentMethodSchema>;

export const paymentStatusSchema = z.enum(['unpaid', 'pending', 'paid', 'failed', 'refunded']);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const guestDetailsSchema = z.strictObject({
  name: z.string().trim().min(1, 'Enter your name').max(100, 'Use at most 100 characters'),
  email: z.string().trim().max(254, 'Use at most 254 characters').pipe(z.email('Enter a valid email address')),
  phone_no: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a valid phone number')
    .refine((value) => value.replace(/\D/g, '').length >= 6, 'Enter a valid phone number'),
});
export type GuestDetails = z.infer<typeof guestDetailsSchema>;

/**
 * POST /api/v2/orders with header `Idempotency-Key` (8..128 chars of [A-Za-z0-9_-]): places the
 * caller's cart (bearer identity). The same key again answers the same order, never a second one.
 * Rules the server checks: pickup_date + pickup_time for pickup/delivery, table_id for dine_in,
 * guest_details for guests, shipping_details for delivery.
 */
export const placeOrderBodySchema = z.strictObject({
  user_id: id.optional(),
  guest_id: id.optional(),
  restaurant_id: id,
  method: fulfilmentMethodSchema,
  /** Restaurant-local date and 'HH:MM' or 'asap' (as offered by the fulfilment-times call). */
  pickup_date: localDate.optional(),
  pickup_time: z
    .string()
    .regex(/^(asap|([01]\d|2[0-3]):[0-5]\d)$/, 'Choose a time')
    .optional(),
  table_id: z.string().trim().min(1).max(32).optional(),
  special_instructions: z.string().trim().max(500, 'Use at most 500 characters').optional(),
  guest_details: guestDetailsSchema.optional(),
  shipping_details: deliveryAddressSchema.optional(),
  payment_method: paymentMethodSchema,
  coupon_code: z.string().trim().max(64).optional(),
  /** A gift card applied at checkout (decision 019). */
  gift_card_code: z.string().trim().max(64).optional(),
  /** Loyalty points redeemed as a discount (signed-in users). */
  loyalty_points: z.number().int().min(0).max(10_000_000).optional(),
  /** A tip on top of the total, where the business offers tips for the method (decision 040). */
  tip: tipChoiceSchema.optional(),
});
export type PlaceOrderBody = z.infer<typeof placeOrderBodySchema>;

export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,128}$/, 'Send an Idempotency-Key header');

export const orderLineSchema = z.object({
  id: z.number().int(),
  /** Product, deal or combo name at the time of the order. */
  name: z.string(),
  quantity: z.number().int(),
  unit_price: z.number().int(),
  item_total: z.number().int(),
  discount_amount: z.number().int(),
  order_level_discount: z.number().int(),
  discounted_item_total: z.number().int(),
  tax: z.number().int(),
  /** 'gst_free' lines carry no tax and are marked so on the tax invoice (decision 048). */
  tax_class: taxClassSchema,
  is_free: z.boolean(),
  notes: z.string().nullable(),
  /** Human lines under the item: options, modifiers, halves, deal or combo items. */
  details: z.array(z.string()),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderTotalsSchema = z.object({
  subtotal: z.number().int(),
  discount: z.number().int(),
  tax: z.number().int(),
  delivery: z.number().int(),
  surcharge: z.number().int(),
  /** Paid by gift card (decision 018). */
  gift_card: z.number().int(),
  /** Taken off by loyalty points (decision 018). */
  loyalty: z.number().int(),
  /** What the order costs. */
  total: z.number().int(),
  /** Added by the customer on top of the total, never discounted (decision 040). */
  tip: z.number().int(),
  /** The tax inside the tip when the business's tips bear tax (decision 044), else 0. */
  tip_tax: z.number().int(),
  /** What is left to pay by card or cash after gift card (the tip included). */
  amount_due: z.number().int(),
  item_count: z.number().int(),
});
export type OrderTotals = z.infer<typeof orderTotalsSchema>;

export const orderStatusChangeSchema = z.object({
  status: orderStatusSchema,
  at: z.string(),
  /** e.g. a rejection reason or 'Ready in about 20 min'. */
  note: z.string().nullable(),
});

export const orderSchema = z.object({
  id: z.number().int(),
  /** Human order number shown to customer and kitchen, e.g. '1042'. */
  order_number: z.string(),
  status: orderStatusSchema,
  method: fulfilmentMethodSchema,
  restaurant: z.object({
    id: z.number().int(),
    name: z.string(),
    phone: z.string(),
    street_name: z.string(),
    city: z.string(),
    timezone: z.string(),
  }),
  /** Local date/time as chosen ('asap' for ASAP), null for dine-in. */
  pickup_date: z.string().nullable(),
  pickup_time: z.string().nullable(),
  /** The slot's start (or order time + lead time for ASAP), ISO. */
  scheduled_for: z.string().nullable(),
  /** Estimated ready time once accepted (prep time), ISO. */
  ready_at: z.string().nullable(),
  table_id: z.string().nullable(),
  special_instructions: z.string().nullable(),
  customer: z.object({ name: z.string(), email: z.string(), phone_no: z.string() }),
  delivery_address: deliveryAddressSchema.nullable(),
  payment_method: paymentMethodSchema,
  payment_status: paymentStatusSchema,
  currency: z.string(),
  coupon_code: z.string().nullable(),
  lines: z.array(orderLineSchema),
  totals: orderTotalsSchema,
  adjustments: z.array(
    z.object({ reason: z.string(), code: z.string().nullable(), label: z.string(), amount: z.number().int() }),
  ),
  status_history: z.array(orderStatusChangeSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

export const paymentSessionSchema = z.object({
  provider: z.enum(['sandbox', 'stripe']),
  payment_id: z.string(),
  status: z.enum(['requires_payment_method', 'requires_action', 'processing', 'succeeded', 'failed', 'cancelled']),
  amount: z.number().int(),
  currency: z.string(),
  /** Stripe: the PaymentIntent's client secret for Stripe Elements; sandbox: null. */
  client_secret: z.string().nullable(),
  publishable_key: z.string().nullable(),
  /** The last failure shown to the customer, e.g. 'Your card was declined.' */
  error: z.string().nullable(),
});
export type PaymentSession = z.infer<typeof paymentSessionSchema>;

/** Answer of placing an order. `access_token` lets a guest open the order (confirmation link). */
export const placedOrderSchema = z.object({
  order: orderSchema,
  /** Card orders: the payment to complete; cash: null. */
  payment: paymentSessionSchema.nullable(),
  /** The order's access credential, for the orderAccessHeader (a guest has no other way back to it). */
  access_token: z.string(),
});
export type PlacedOrder = z.infer<typeof placedOrderSchema>;
export const placedOrderResponseSchema = envelope(placedOrderSchema);

/**
 * A guest reaches an order with a credential in this header, never in a URL (decision 026): the
 * placing answer carries one, and the mailed link's token is exchanged for one.
 */
export const orderAccessHeader = 'x-order-access';

/** GET /api/v2/orders/:id and the other order calls: no query (a token in a URL is refused). */
export const orderQuerySchema = z.strictObject({});

/** POST /api/v2/orders/:id/access: the mailed link's token, exchanged once for a header credential. */
export const orderAccessBodySchema = z.strictObject({ token: z.string().min(1).max(128) });
export const orderAccessSchema = z.object({ access: z.string(), expires_at: z.string() });
export type OrderAccessCredential = z.infer<typeof orderAccessSchema>;
export const orderAccessResponseSchema = envelope(orderAccessSchema);
export const orderResponseSchema = envelope(orderSchema);

/** GET /api/v2/orders: the signed-in user's order history, newest first. */
export const orderHistoryQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(50).default(10),
});
export const orderHistorySchema = z.object({
  items: z.array(orderSchema),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export const orderHistoryResponseSchema = envelope(orderHistorySchema);

/**
 * An order as the back office sees it: who handled it (decision 047), the back-office user whose
 * move first took it forward on the order board; null until then. Customers never see it.
 */
export const staffOrderSchema = orderSchema.extend({
  handled_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;
export const staffOrderResponseSchema = envelope(staffOrderSchema);
export const staffOrderPageResponseSchema = envelope(orderHistorySchema.extend({ items: z.array(staffOrderSchema) }));

/** POST /api/v2/orders/:id/reorder: the order's lines back into the cart (what is still orderable). */
export const reorderSchema = z.object({ added: z.number().int(), skipped: z.array(z.string()) });

/**
 * Sandbox card payment (test mode). POST /api/v2/payments/sandbox/confirm with the card; a
 * challenge card answers requires_action, completed by POST /api/v2/payments/sandbox/challenge.
 */
export const sandboxConfirmBodySchema = z.strictObject({
  payment_id: z.string().min(1).max(64),
  card_number: z
    .string()
    .trim()
    .regex(/^[0-9 ]{12,23}$/, 'Enter a valid card number'),
  exp_month: z.number().int().min(1, 'Enter a valid expiry date').max(12, 'Enter a valid expiry date'),
  exp_year: z.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/, 'Enter a valid security code'),
  name: z.string().trim().max(100).optional(),
});
export const sandboxChallengeBodySchema = z.strictObject({
  payment_id: z.string().min(1).max(64),
  approve: z.boolean(),
});
export const paymentSessionResponseSchema = envelope(paymentSessionSchema);

/** Documented sandbox test cards (any future expiry, any 3-digit CVC). */
export const sandboxTestCards = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  challenge: '4000002760003184',
} as const;

/** PATCH /api/v2/admin/orders/:id/status (staff of the order's tenant). */
export const orderStatusChangeBodySchema = z.strictObject({
  status: orderStatusSchema,
  /** With 'accepted': minutes until ready; moves ready_at. */
  prep_minutes: z.number().int().min(1).max(240).optional(),
  /** With 'cancelled' (a rejection): shown to the customer. */
  reason: z.string().trim().min(1).max(300).optional(),
});
export type OrderStatusChangeBody = z.infer<typeof orderStatusChangeBodySchema>;

/** Path ids of the order calls. */
export const orderIdParamsSchema = z.strictObject({ id });
export const paymentIdParamsSchema = z.strictObject({ payment_id: z.string().min(1).max(64) });
export const reorderResponseSchema = envelope(reorderSchema);

/**
 * GET /api/v2/orders/:id/events (text/event-stream, auth by bearer or ?token=): an `order` event
 * at once and on every change, with this payload.
 */
export const orderEventSchema = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  method: fulfilmentMethodSchema,
  status: orderStatusSchema,
  ready_at: z.string().nullable(),
  status_history: z.array(orderStatusChangeSchema),
});
export type OrderEventData = z.infer<typeof orderEventSchema>;

/** GET /api/v2/admin/orders (staff, manager, owner of the tenant): newest first; no pending card orders unless asked. */
export const adminOrdersQuerySchema = z.strictObject({
  restaurant_id: id.optional(),
  status: orderStatusSchema.optional(),
  method: fulfilmentMethodSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

/** GET /api/v2/admin/orders/events[?restaurant_id]: SSE `order` events (orderEventSchema plus restaurant_id and type). */
export const adminOrderEventsQuerySchema = z.strictObject({ restaurant_id: id.optional() });
export const adminOrderEventSchema = orderEventSchema.extend({
  restaurant_id: z.number().int(),
  /** 'placed': a new order for the kitchen; 'status': a change. */
  type: z.enum(['placed', 'status']),
});
