import type { ReportOrder } from './sales-report.js';

/** Orders whose handler was not recorded (decision 047): before it was kept, or never moved forward. */
export const notRecordedStaff = 'Not recorded';

/** One row of the tips-by-staff table (decision 047). */
export interface StaffTips {
  /** The back-office user who handled the orders; null for "Not recorded". */
  user_id: number | null;
  name: string;
  /** Orders placed in the period that they handled. */
  orders: number;
  /** Tips of those orders: Σ over staff is the report's tip total. */
  tips: number;
  /** Tips of their orders refunded in the period, on the day of the refund (decision 044). */
  refunded_tips: number;
  /** tips − refunded_tips: an order placed and refunded in the period nets out to zero. */
  net_tips: number;
}

/**
 * Tips by the staff member who handled each order (decision 047), folded alongside the sales report
 * so a sale and a refund count on the same days as every other figure. A sale adds its order and tip
 * where it was placed; a refund takes the tip back where it was made, as the report's refunds do.
 */
export function staffTipsTally() {
  const rows = new Map<number | null, StaffTips>();
  return {
    add(order: ReportOrder, sign: 1 | -1) {
      const id = order.handled_by?.id ?? null;
      const row = rows.get(id) ?? {
        user_id: id,
        name: order.handled_by?.name ?? notRecordedStaff,
        orders: 0,
        tips: 0,
        refunded_tips: 0,
        net_tips: 0,
      };
      if (sign === 1) {
        row.orders += 1;
        row.tips += order.tip;
      } else row.refunded_tips += order.tip;
      row.net_tips = row.tips - row.refunded_tips;
      rows.set(id, row);
    },
    /** Staff by net tips, then name; "Not recorded" last. */
    rows(): StaffTips[] {
      const byName = (a: StaffTips, b: StaffTips) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
      return [...rows.values()].sort(
        (a, b) =>
          Number(a.user_id === null) - Number(b.user_id === null) ||
          b.net_tips - a.net_tips ||
          byName(a, b) ||
          (a.user_id ?? 0) - (b.user_id ?? 0),
      );
    },
  };
}
