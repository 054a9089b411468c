import type { FulfilmentTimes, LoyaltyRules, Order, PaymentSession, PlacedOrder } from '@orderfront/core';
import { cartReply, productLine } from './cart';

/** Test data shaped as the checkout and order calls answer (contract types). */
export const times: FulfilmentTimes = {
  restaurant_id: 1,
  method: 'pickup',
  timezone: 'Australia/Sydney',
  dates: ['2026-11-23', '2026-11-24'],
  date: '2026-11-23',
  times: [
    { value: 'asap', label: 'ASAP (about 20 min)', starts_at: '2026-11-23T18:20:00+11:00' },
    { value: '18:30', label: '6:30 pm', starts_at: '2026-11-23T18:30:00+11:00' },
  ],
  message: null,
};

export function order(patch: Partial<Order> = {}): Order {
  return {
    id: 5,
    order_number: '1042',
    status: 'placed',
    method: 'pickup',
    restaurant: {
      id: 1,
      name: 'Bella Nonna Surry Hills',
      phone: '(02) 9360 0001',
      street_name: '1 Crown Street',
      city: 'Sydney',
      timezone: 'Australia/Sydney',
    },
    pickup_date: '2026-11-23',
    pickup_time: '18:30',
    scheduled_for: '2026-11-23T07:30:00.000Z',
    ready_at: null,
    table_id: null,
    special_instructions: null,
    customer: { name: 'Ada', email: 'ada@example.com', phone_no: '0400 000 000' },
    delivery_address: null,
    payment_method: 'card',
    payment_status: 'paid',
    currency: 'AUD',
    coupon_code: null,
    lines: [
      {
        id: 1,
        name: 'Margherita',
        quantity: 2,
        unit_price: 1900,
        item_total: 3800,
        discount_amount: 0,
        order_level_discount: 0,
        discounted_item_total: 3800,
        tax: 345,
        tax_class: 'standard',
        is_free: false,
        notes: null,
        details: ['Large'],
      },
    ],
    totals: {
      subtotal: 3800,
      discount: 0,
      tax: 345,
      delivery: 0,
      surcharge: 0,
      gift_card: 0,
      loyalty: 0,
      total: 3800,
      tip: 0,
      tip_tax: 0,
      amount_due: 3800,
      item_count: 2,
    },
    adjustments: [],
    status_history: [{ status: 'placed', at: '2026-11-23T07:00:00.000Z', note: null }],
    created_at: '2026-11-23T07:00:00.000Z',
    updated_at: '2026-11-23T07:00:00.000Z',
    ...patch,
  };
}

export function session(patch: Partial<PaymentSession> = {}): PaymentSession {
  return {
    provider: 'sandbox',
    payment_id: 'pay_1',
    status: 'requires_payment_method',
    amount: 3800,
    currency: 'AUD',
    client_secret: null,
    publishable_key: null,
    error: null,
    ...patch,
  };
}

export function placed(patch: Partial<PlacedOrder> = {}): PlacedOrder {
  return {
    order: order({ status: 'pending_payment', payment_status: 'pending' }),
    payment: session(),
    access_token: 'tok_abc',
    ...patch,
  };
}

/** GET /v2/cart with one line of two Margheritas. */
export const cart = cartReply([
  {
    ...productLine(11, 'Margherita', 2, 1900),
    tax: 345,
    products: { id: 3, name: 'Margherita', description: '' },
    image: { image_url: '' },
  },
]);

/** The demo business's loyalty rules: 1 point per dollar, 100 points are $5.00 off, 12 months. */
export const loyaltyRules: LoyaltyRules = {
  enabled: true,
  points_per_dollar: 1,
  redeem_points: 100,
  redeem_value_cents: 500,
  min_redeem_points: 100,
  expiry_months: 12,
};
