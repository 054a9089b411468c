import { type BusinessSettings, businessSettingsBodySchema, formatAbn, formatAcn } from '@orderfront/core';
import { z } from 'zod';

/** The business form as typed: the tax rate as a percentage, everything else as the body has it. */
const businessDraftSchema = z.object({
  name: z.string(),
  legal_name: z.string(),
  abn: z.string(),
  acn: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  tax_name: z.string(),
  tax_rate: z.string(),
  tax_mode: z.enum(['inclusive', 'exclusive']),
  currency: z.string(),
  locale: z.string(),
});
export type BusinessDraft = z.infer<typeof businessDraftSchema>;

export function businessDraftOf(b: BusinessSettings): BusinessDraft {
  return {
    name: b.name,
    legal_name: b.legal_name,
    abn: formatAbn(b.abn),
    acn: formatAcn(b.acn),
    address: b.address,
    phone: b.phone,
    email: b.email,
    tax_name: b.tax_name,
    tax_rate: String(b.tax_rate_bps / 100),
    tax_mode: b.tax_mode,
    currency: b.currency,
    locale: b.locale,
  };
}

/** '10' or '12.5' (percent) → basis points, NaN when it is not a number (the schema says so). */
const basisPoints = (text: string) =>
  /^\s*\d+(\.\d{1,2})?\s*$/.test(text) ? Math.round(Number(text) * 100) : Number.NaN;

/** The draft → the API's body, checked by the API's own schema (its messages, by the body's names). */
export const businessFormSchema = businessDraftSchema
  .transform(({ tax_rate, ...d }) => ({ ...d, tax_rate_bps: basisPoints(tax_rate) }))
  .pipe(businessSettingsBodySchema);

/** ABN and ACN apply to Australian businesses, as the server decides it. */
export const isAustralian = (currency: string, locale: string) => currency === 'AUD' || locale.endsWith('-AU');
