import { daysBetween, isValidDate, maxReportDays, reportPeriods } from '@orderfront/core';
import { z } from 'zod';

const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date')
  .refine(isValidDate, 'Choose a real date');

/** The report's period and restaurants; the API checks the same rules (contract reportQuerySchema). */
export const reportFormSchema = z
  .object({
    period: z.enum([...reportPeriods, 'custom']),
    from: date,
    to: date,
    restaurantIds: z.array(z.string()).min(1, 'Choose at least one restaurant'),
  })
  .refine((v) => v.from <= v.to, { message: 'The period must end on or after its start', path: ['to'] })
  .refine((v) => daysBetween(v.from, v.to) < maxReportDays, {
    message: `Choose at most ${maxReportDays} days`,
    path: ['from'],
  });
export type ReportFormValues = z.input<typeof reportFormSchema>;

export const periodLabels: Record<(typeof reportPeriods)[number] | 'custom', string> = {
  last_7_days: 'Last 7 days',
  this_week: 'This week',
  last_week: 'Last week',
  this_month: 'This month',
  last_month: 'Last month',
  custom: 'Custom dates',
};
