import { loyaltyAdjustBodySchema, maxPointsAdjustment } from '@orderfront/core';
import { z } from 'zod';
import { runtimeConfig } from '@/config/runtime';

export const emptyAdjustDraft = { direction: 'add' as 'add' | 'deduct', amount: '', reason: '' };

/** Add or deduct, a whole number typed, and the reason → the adjust body, checked as the API checks it. */
export const adjustPointsFormSchema = z
  .object({ direction: z.enum(['add', 'deduct']), amount: z.string(), reason: z.string() })
  .transform((d, ctx): z.input<typeof loyaltyAdjustBodySchema> => {
    const whole = /^\d+$/.test(d.amount.trim()) ? Number(d.amount.trim()) : Number.NaN;
    if (!(whole >= 1 && whole <= maxPointsAdjustment)) {
      const most = maxPointsAdjustment.toLocaleString(runtimeConfig.tenant.locale);
      ctx.addIssue({ code: 'custom', path: ['amount'], message: `Enter a whole number of points from 1 to ${most}.` });
      return z.NEVER;
    }
    return { points: d.direction === 'add' ? whole : -whole, reason: d.reason.trim() };
  })
  .pipe(loyaltyAdjustBodySchema);
