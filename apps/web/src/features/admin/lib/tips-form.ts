import { type TipSettings, tipSettingsSchema } from '@orderfront/core';
import { z } from 'zod';

/** The tips form as typed; the percentages stay text until saved so a half-typed list is never lost. */
const tipsDraftSchema = z.object({
  pickup: z.boolean(),
  delivery: z.boolean(),
  dine_in: z.boolean(),
  presets: z.string(),
  allow_custom: z.boolean(),
  taxed: z.boolean(),
});
export type TipsDraft = z.infer<typeof tipsDraftSchema>;

export function tipsDraftOf(s: TipSettings): TipsDraft {
  return { ...s.methods, presets: s.presets.join(', '), allow_custom: s.allow_custom, taxed: s.taxed };
}

/** "5, 10, 15%" → [5, 10, 15]; a part that is not a number stays NaN for the schema to refuse. */
const percentages = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim().replace(/%$/, '').trim())
    .filter(Boolean)
    .map((part) => (/^\d+(\.\d+)?$/.test(part) ? Number(part) : Number.NaN));

/** The draft → the PUT /v2/admin/tips body, checked by the contract's own schema and messages. */
export const tipsFormSchema = tipsDraftSchema
  .superRefine((d, ctx) => {
    if (percentages(d.presets).some(Number.isNaN)) {
      ctx.addIssue({ code: 'custom', path: ['presets'], message: 'Enter percentages as numbers, e.g. 5, 10, 15' });
    }
  })
  .transform(
    (d): z.input<typeof tipSettingsSchema> => ({
      methods: { pickup: d.pickup, delivery: d.delivery, dine_in: d.dine_in },
      presets: percentages(d.presets),
      allow_custom: d.allow_custom,
      taxed: d.taxed,
    }),
  )
  .pipe(tipSettingsSchema);
