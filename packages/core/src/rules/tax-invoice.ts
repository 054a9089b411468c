import type { Order } from '../contract/orders.js';
import { formatAbn } from './business-numbers.js';
import { toZoned } from './zoned-time.js';

/**
 * The tax invoice of an order (decision 040): built from the order as placed (its snapshot and
 * money columns), never re-priced, so its totals are the order's to the cent. The same invoice is
 * drawn as HTML in the order mail and as the PDF the customer downloads.
 */

export interface InvoiceBusiness {
  /** The trading name (tenants.name). */
  name: string;
  /** The registered name when it differs from the trading name. */
  legal_name: string | null;
  /** 11 digits, or null when the business has not given one. */
  abn: string | null;
  /** What customers call the tax, e.g. 'GST'. */
  tax_name: string;
  tax_inclusive: boolean;
}

export interface TaxInvoiceLine {
  description: string;
  details: string[];
  quantity: number;
  unit_price: number;
  /** quantity × unit price, before discounts. */
  amount: number;
  /** Tax in the line after its share of the discounts; 0 when the line is GST-free. */
  tax: number;
  /** A GST-free line (decision 048): marked with `taxFreeMarker` and the invoice's `tax_free_note`. */
  tax_free: boolean;
}

/** What marks a GST-free line on an invoice; the note under the lines says what it means. */
export const taxFreeMarker = '*';

export interface TaxInvoice {
  /** 'Tax invoice' when the business has an ABN; else a receipt, which is all it may issue. */
  title: 'Tax invoice' | 'Receipt';
  seller: { name: string; trading_as: string | null; abn: string | null };
  restaurant: { name: string; address: string; phone: string };
  number: string;
  /** Local date and time of the order at its restaurant. */
  date: string;
  time: string;
  customer: { name: string; email: string };
  currency: string;
  tax_name: string;
  tax_inclusive: boolean;
  lines: TaxInvoiceLine[];
  /**
   * '* GST-free item' when some lines are GST-free, else null: an invoice mixing taxable and
   * GST-free sales must show which is which (decision 048).
   */
  tax_free_note: string | null;
  /** Each discount as a negative amount, with its label (coupon, offer). */
  discounts: { label: string; amount: number }[];
  /** Charges after the items: delivery, surcharge, and tax added on top when prices exclude it. */
  charges: { label: string; amount: number }[];
  /** Taken off by loyalty points (negative), or 0. */
  points: number;
  /** What the order cost (after points, before the tip): the order's total. */
  total: number;
  /** Tax in the total (inclusive) or added to it (exclusive): Σ line tax. */
  tax: number;
  tip: number;
  /** The tax inside the tip when the business's tips bear tax (decision 044), else 0. */
  tip_tax: number;
  /** total + tip: what was charged. */
  charged: number;
  payments: { method: 'card' | 'cash' | 'gift_card'; label: string; amount: number }[];
  refunds: { label: string; amount: number }[];
  /** charged − refunds. */
  balance: number;
}

const sum = (list: readonly { amount: number }[]) => list.reduce((s, x) => s + x.amount, 0);

/** The invoice of an order; `tip` and `refunded` come from the order's columns. */
export function buildTaxInvoice(order: Order, business: InvoiceBusiness, restaurantAddress: string): TaxInvoice {
  const t = order.totals;
  const lines = order.lines.map((l) => ({
    description: l.name,
    details: l.details,
    quantity: l.quantity,
    unit_price: l.unit_price,
    amount: l.item_total,
    tax: l.tax,
    tax_free: l.tax_class === 'gst_free',
  }));
  let discounts = order.adjustments.filter((a) => a.amount < 0).map((a) => ({ label: a.label, amount: a.amount }));
  // The order's discount is the figure of record: labels that do not add up to it give way to one line.
  if (-sum(discounts) !== t.discount) discounts = t.discount ? [{ label: 'Discounts', amount: -t.discount }] : [];
  const charges = [
    ...(t.delivery ? [{ label: 'Delivery', amount: t.delivery }] : []),
    ...(t.surcharge ? [{ label: 'Surcharge', amount: t.surcharge }] : []),
    ...(!business.tax_inclusive && t.tax ? [{ label: business.tax_name, amount: t.tax }] : []),
  ];
  const tip = t.tip;
  const charged = t.total + tip;
  const cardOrCash = t.amount_due;
  const payments = [
    ...(t.gift_card ? [{ method: 'gift_card' as const, label: 'Gift card', amount: t.gift_card }] : []),
    ...(cardOrCash
      ? [
          order.payment_method === 'card'
            ? { method: 'card' as const, label: 'Card', amount: cardOrCash }
            : { method: 'cash' as const, label: 'Cash', amount: cardOrCash },
        ]
      : []),
  ];
  const refunds =
    order.payment_status === 'refunded'
      ? payments.map((p) => ({ label: `Refunded to ${p.label.toLowerCase()}`, amount: p.amount }))
      : [];
  const local = toZoned(order.created_at, order.restaurant.timezone);
  const hasAbn = Boolean(business.abn);
  const legal = business.legal_name?.trim() || null;
  return {
    title: hasAbn ? 'Tax invoice' : 'Receipt',
    seller: {
      name: legal ?? business.name,
      trading_as: legal && legal !== business.name ? business.name : null,
      abn: business.abn ? formatAbn(business.abn) : null,
    },
    restaurant: { name: order.restaurant.name, address: restaurantAddress, phone: order.restaurant.phone },
    number: order.order_number,
    date: local.date,
    time: local.time,
    customer: { name: order.customer.name, email: order.customer.email },
    currency: order.currency,
    tax_name: business.tax_name,
    tax_inclusive: business.tax_inclusive,
    lines,
    tax_free_note: lines.some((l) => l.tax_free) ? `${taxFreeMarker} ${business.tax_name}-free item` : null,
    discounts,
    charges,
    points: t.loyalty ? -t.loyalty : 0,
    total: t.total,
    tax: t.tax,
    tip,
    tip_tax: t.tip_tax,
    charged,
    payments,
    refunds,
    balance: charged - sum(refunds),
  };
}

/**
 * Where an invoice does not add up to its order (empty when it does): the lines, discounts, charges
 * and points make the total; line taxes make the tax; the payments make what was charged.
 */
export function invoiceProblems(invoice: TaxInvoice): string[] {
  const problems: string[] = [];
  const built = sum(invoice.lines) + sum(invoice.discounts) + sum(invoice.charges) + invoice.points;
  if (built !== invoice.total)
    problems.push(`lines, discounts, charges and points make ${built}, not ${invoice.total}`);
  const tax = invoice.lines.reduce((s, l) => s + l.tax, 0);
  if (tax !== invoice.tax) problems.push(`line taxes make ${tax}, not ${invoice.tax}`);
  for (const l of invoice.lines)
    if (l.tax_free && l.tax !== 0) problems.push(`${l.description} is ${invoice.tax_name}-free but carries ${l.tax}`);
  if (invoice.tip_tax < 0 || invoice.tip_tax > invoice.tip)
    problems.push(`tip tax ${invoice.tip_tax} is not part of the tip ${invoice.tip}`);
  if (sum(invoice.payments) !== invoice.charged)
    problems.push(`payments make ${sum(invoice.payments)}, not ${invoice.charged}`);
  return problems;
}
