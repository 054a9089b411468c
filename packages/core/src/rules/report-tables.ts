import { centsToDecimal } from '../pricing/money.js';
import type { ReportMethod, SalesDay, SalesReport, SalesReportInput } from './sales-report.js';
import type { StaffTips } from './staff-tips.js';
import { toZoned } from './zoned-time.js';

/**
 * The report's tables as column lists (decision 039): each column says its header, what its cells
 * hold, how they align and their value. The back office draws every table from these lists and the
 * CSV export writes them, so a table and its CSV never disagree and a new breakdown is one list.
 */

/** What a cell holds: the page shows money in the report's currency and dates for people; CSV as data. */
export type ReportColumnKind = 'text' | 'count' | 'money' | 'date' | 'hour';

export interface ReportColumn<Row> {
  key: string;
  header: string;
  kind: ReportColumnKind;
  /** Labels start the row; figures line up at the end. */
  align: 'start' | 'end';
  /** Cents for money, a local date for dates, the hour (0–23) for hours. */
  value: (row: Row) => string | number;
}

const column =
  (kind: ReportColumnKind) =>
  <Row>(key: string, header: string, value: (row: Row) => string | number): ReportColumn<Row> => ({
    key,
    header,
    kind,
    align: kind === 'count' || kind === 'money' ? 'end' : 'start',
    value,
  });
const text = column('text');
const count = column('count');
const money = column('money');

export const reportHourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** A cell as CSV writes it: money as decimals, hours as 'HH:00', the rest as they are. */
export function csvValue(kind: ReportColumnKind, value: string | number): string | number {
  if (kind === 'money') return centsToDecimal(Number(value));
  if (kind === 'hour') return reportHourLabel(Number(value));
  return value;
}

// ---- CSV (RFC 4180) -------------------------------------------------------------------------

const quoteCell = (value: string) => {
  // A leading = + - @ would run as a formula in a spreadsheet; a quote-prefixed text cell does not.
  const safe = /^[=+@\t\r]/.test(value) || (/^-/.test(value) && !/^-\d+(\.\d+)?$/.test(value)) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function toCsv(headers: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return `${[headers, ...rows].map((row) => row.map((cell) => quoteCell(String(cell))).join(',')).join('\r\n')}\r\n`;
}

/** Rows as CSV through their columns. */
export function columnsCsv<Row>(columns: readonly ReportColumn<Row>[], rows: readonly Row[]): string {
  return toCsv(
    columns.map((c) => c.header),
    rows.map((row) => columns.map((c) => csvValue(c.kind, c.value(row)))),
  );
}

// ---- The tables ------------------------------------------------------------------------------

export const reportTables = [
  'summary',
  'days',
  'hours',
  'methods',
  'payments',
  'products',
  'modifiers',
  'staff_tips',
] as const;
export type ReportTable = (typeof reportTables)[number];

export const reportMethodNames: Record<ReportMethod, string> = {
  pickup: 'Pickup',
  delivery: 'Delivery',
  dine_in: 'Dine-in',
};
export const reportPaymentNames = { card: 'Card', cash: 'Cash', gift_card: 'Gift card', points: 'Points' } as const;

/** A figure of the summary: money or a count. */
export interface SummaryFigure {
  figure: string;
  value: number;
  money: boolean;
}

/** The row each table is drawn from. */
export interface ReportRows {
  summary: SummaryFigure;
  days: SalesDay;
  hours: SalesReport['hours'][number];
  methods: SalesReport['methods'][number];
  payments: SalesReport['payments'][number];
  products: SalesReport['products'][number];
  modifiers: SalesReport['modifiers'][number];
  staff_tips: StaffTips;
}

export const reportColumns: { [T in ReportTable]: readonly ReportColumn<ReportRows[T]>[] } = {
  summary: [
    text('figure', 'Figure', (f) => f.figure),
    text('value', 'Value', (f) => (f.money ? centsToDecimal(f.value) : f.value)),
  ],
  days: [
    column('date')('date', 'Date', (d) => d.date),
    count('orders', 'Orders', (d) => d.orders),
    money('gross_sales', 'Gross sales', (d) => d.gross_sales),
    money('discounts', 'Discounts', (d) => d.discounts),
    money('refunds', 'Refunds', (d) => d.refunds),
    money('tips', 'Tips', (d) => d.tips),
    money('net_sales', 'Net sales', (d) => d.net_sales),
    money('tax', 'Tax', (d) => d.tax),
  ],
  hours: [
    column('hour')('hour', 'Hour', (h) => h.hour),
    count('orders', 'Orders', (h) => h.orders),
    money('net_sales', 'Net sales', (h) => h.net_sales),
  ],
  methods: [
    text('method', 'Method', (m) => reportMethodNames[m.method]),
    count('orders', 'Orders', (m) => m.orders),
    money('net_sales', 'Net sales', (m) => m.net_sales),
  ],
  payments: [
    text('method', 'Payment method', (p) => reportPaymentNames[p.method]),
    count('orders', 'Orders', (p) => p.orders),
    money('amount', 'Amount', (p) => p.amount),
    money('refunded', 'Refunded', (p) => p.refunded),
  ],
  products: [
    text('name', 'Product', (p) => p.name),
    count('quantity', 'Quantity', (p) => p.quantity),
    money('sales', 'Sales', (p) => p.sales),
  ],
  modifiers: [text('name', 'Option or modifier', (m) => m.name), count('quantity', 'Quantity', (m) => m.quantity)],
  staff_tips: [
    text('name', 'Staff member', (s) => s.name),
    count('orders', 'Orders', (s) => s.orders),
    money('tips', 'Tips', (s) => s.tips),
    money('refunded_tips', 'Tips refunded', (s) => s.refunded_tips),
    money('net_tips', 'Net tips', (s) => s.net_tips),
  ],
};

function summaryFigures(report: SalesReport): SummaryFigure[] {
  const t = report.totals;
  const g = report.gift_cards;
  const counts: [string, number][] = [
    ['Orders', t.orders],
    ['Refunded orders', t.refunded_orders],
  ];
  const sums: [string, number][] = [
    ['Gross sales', t.gross_sales],
    ['Coupon discounts', t.coupon_discounts],
    ['Offer discounts', t.offer_discounts],
    ['Points discounts', t.points_discounts],
    ['Refunds', t.refunds],
    ['Tips', t.tips],
    ['Delivery fees', t.delivery_fees],
    ['Surcharges', t.surcharges],
    ['Tax added to prices', t.exclusive_tax],
    ['Net sales', t.net_sales],
    ['Tax collected', t.tax],
    ['Average order value', t.average_order_value],
    ['Gift cards sold', g.sold],
    ['Gift cards refunded', g.refunded],
    ['Gift cards redeemed', g.redeemed],
    ['Gift card liability', g.liability],
  ];
  return [
    ...counts.map(([figure, value]) => ({ figure, value, money: false })),
    ...sums.map(([figure, value]) => ({ figure, value, money: true })),
  ];
}

/** The rows of each table. */
export const reportRows: { [T in ReportTable]: (report: SalesReport) => readonly ReportRows[T][] } = {
  summary: summaryFigures,
  days: (r) => r.days,
  hours: (r) => r.hours,
  methods: (r) => r.methods,
  payments: (r) => r.payments,
  products: (r) => r.products,
  modifiers: (r) => r.modifiers,
  staff_tips: (r) => r.staff_tips,
};

/** One table of the report as CSV (money as decimals in the report's currency). */
export function reportTableCsv<T extends ReportTable>(report: SalesReport, table: T): string {
  return columnsCsv(reportColumns[table], reportRows[table](report));
}

/** Every line of every order in the period, for an accountant: one row per line. */
export function orderLinesCsv(
  input: Pick<SalesReportInput, 'from' | 'to' | 'orders'>,
  restaurantNames: ReadonlyMap<number, string>,
) {
  const rows: (string | number)[][] = [];
  for (const order of input.orders) {
    const local = toZoned(order.placed_at, order.timezone);
    if (local.date < input.from || local.date > input.to) continue;
    for (const line of order.lines) {
      rows.push([
        order.order_number,
        local.date,
        local.time,
        restaurantNames.get(order.restaurant_id) ?? String(order.restaurant_id),
        reportMethodNames[order.method],
        order.payment_method === 'card' ? 'Card' : 'Cash',
        order.refunded ? 'Refunded' : 'Paid',
        line.name,
        line.details.join('; '),
        line.quantity,
        centsToDecimal(line.discounted_item_total),
        centsToDecimal(line.tax),
      ]);
    }
  }
  return toCsv(
    [
      'Order',
      'Date',
      'Time',
      'Restaurant',
      'Method',
      'Payment',
      'Status',
      'Item',
      'Details',
      'Quantity',
      'Line total',
      'Tax',
    ],
    rows,
  );
}
