import { z } from 'zod';
import { reportTables } from '../rules/report-tables.js';
import { daysBetween, isValidDate } from '../rules/zoned-time.js';
import { envelope } from './envelope.js';

/** The sales report (decision 039): GET /api/v2/admin/reports and its CSV tables. */

const id = z.coerce.number().int().positive().max(2_147_483_647);
const localDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD')
  .refine(isValidDate, 'Use a real date');

/** The longest period one report covers. */
export const maxReportDays = 366;

const restaurantIds = z
  .union([id, z.array(id)])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .pipe(z.array(z.number()).max(100));

export const reportQuerySchema = z
  .strictObject({
    from: localDate,
    to: localDate,
    /** One or more restaurants (repeat the parameter); absent, every restaurant the caller manages. */
    restaurant_id: restaurantIds.optional(),
  })
  .refine((q) => q.from <= q.to, { message: 'The period must end on or after its start', path: ['to'] })
  .refine((q) => daysBetween(q.from, q.to) < maxReportDays, {
    message: `Choose at most ${maxReportDays} days`,
    path: ['from'],
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const reportExportQuerySchema = z
  .strictObject({
    from: localDate,
    to: localDate,
    restaurant_id: restaurantIds.optional(),
    table: z.enum([...reportTables, 'lines']),
  })
  .refine((q) => q.from <= q.to, { message: 'The period must end on or after its start', path: ['to'] })
  .refine((q) => daysBetween(q.from, q.to) < maxReportDays, {
    message: `Choose at most ${maxReportDays} days`,
    path: ['from'],
  });
export type ReportExportQuery = z.infer<typeof reportExportQuerySchema>;

const cents = z.number().int();
const count = z.number().int();

export const salesFiguresSchema = z.object({
  orders: count,
  refunded_orders: count,
  gross_sales: cents,
  coupon_discounts: cents,
  offer_discounts: cents,
  points_discounts: cents,
  refunds: cents,
  tips: cents,
  delivery_fees: cents,
  surcharges: cents,
  exclusive_tax: cents,
  net_sales: cents,
  tax: cents,
  average_order_value: cents,
});

export const salesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  tax_name: z.string(),
  restaurants: z.array(z.object({ id: z.number().int(), name: z.string(), timezone: z.string() })),
  totals: salesFiguresSchema,
  /** Sales and liability only when the report covers the whole business (cards are the business's). */
  gift_cards: z.object({
    sold: cents,
    sold_count: count,
    refunded: cents,
    redeemed: cents,
    liability: cents,
    whole_business: z.boolean(),
  }),
  days: z.array(
    z.object({
      date: z.string(),
      orders: count,
      gross_sales: cents,
      discounts: cents,
      refunds: cents,
      tips: cents,
      net_sales: cents,
      tax: cents,
    }),
  ),
  hours: z.array(z.object({ hour: count, orders: count, net_sales: cents })),
  heat: z.array(z.object({ weekday: count, hour: count, orders: count })),
  methods: z.array(z.object({ method: z.enum(['pickup', 'delivery', 'dine_in']), orders: count, net_sales: cents })),
  payments: z.array(
    z.object({
      method: z.enum(['card', 'cash', 'gift_card', 'points']),
      orders: count,
      amount: cents,
      refunded: cents,
    }),
  ),
  products: z.array(z.object({ name: z.string(), quantity: count, sales: cents })),
  modifiers: z.array(z.object({ name: z.string(), quantity: count })),
  /** Tips by who handled each order (decision 047); orders without one under "Not recorded", last. */
  staff_tips: z.array(
    z.object({
      user_id: z.number().int().nullable(),
      name: z.string(),
      orders: count,
      tips: cents,
      refunded_tips: cents,
      net_tips: cents,
    }),
  ),
});
export type SalesReportView = z.infer<typeof salesReportSchema>;
export const salesReportResponseSchema = envelope(salesReportSchema);
