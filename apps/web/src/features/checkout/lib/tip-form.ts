import { customTipSchema, maxCustomTipCents } from '@orderfront/core';
import { z } from 'zod';
import { formatMoney, parseMoney } from '@/lib/money';

/** A custom tip as typed in dollars, in cents, or null when it is not an amount. */
export function customTipCents(text: string): number | null {
  return text.trim() === '' ? 0 : parseMoney(text);
}

/**
 * The custom tip field (decision 040): dollars and cents as typed, checked here with the contract's
 * own limits before the order is placed; the server checks them again.
 */
export const customTipFormSchema = z
  .object({ amount: z.string() })
  .superRefine(({ amount }, ctx) => {
    const cents = customTipCents(amount);
    if (cents === null) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter an amount, e.g. 2.50' });
    else if (cents > maxCustomTipCents) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: `A tip can be at most ${formatMoney(maxCustomTipCents)}`,
      });
    }
  })
  .transform(({ amount }) => ({ amount: customTipCents(amount) ?? 0 }))
  .pipe(customTipSchema);
export type CustomTipValues = z.input<typeof customTipFormSchema>;
