import {
  type AdminHoursBody,
  type AdminOpeningRange,
  adminHoursBodySchema,
  type FulfilmentMethodName,
} from '@orderfront/core';
import { z } from 'zod';

/** One row of a method's week as edited; a closed day's times are kept for when it opens again. */
export type HoursDay = { open: boolean; opens_at: string; closes_at: string };

export function daysOf(hours: AdminOpeningRange[], method: FulfilmentMethodName): HoursDay[] {
  return Array.from({ length: 7 }, (_, weekday) => {
    const range = hours.find((h) => h.method === method && h.weekday === weekday);
    return range
      ? { open: true, opens_at: range.opens_at, closes_at: range.closes_at }
      : { open: false, opens_at: '11:00', closes_at: '21:00' };
  });
}

/**
 * A method's week as edited → the PUT body (one range a day; the other methods' ranges as they are),
 * checked by the contract's hours body. A disabled (closed) day's times come back undefined.
 */
export const hoursFormSchema = (restaurantId: number, method: FulfilmentMethodName, others: AdminOpeningRange[]) =>
  z
    .object({
      days: z.array(z.object({ open: z.boolean(), opens_at: z.string().optional(), closes_at: z.string().optional() })),
    })
    .transform(({ days }) => ({
      restaurant_id: restaurantId,
      hours: [
        ...others,
        ...days.flatMap((d, weekday) =>
          d.open ? [{ method, weekday, opens_at: d.opens_at ?? '', closes_at: d.closes_at ?? '' }] : [],
        ),
      ],
    }))
    // The body's restaurant_id is coerced (it also reads query strings); here it is already a number.
    .pipe(adminHoursBodySchema as z.ZodType<AdminHoursBody, AdminHoursBody>);
