import { type BuyGiftCardBody, buyGiftCardBodySchema, type GiftCardOptions } from '@orderfront/core';
import { z } from 'zod';
import { formatMoney, parseMoney } from '@/lib/money';

/** The buy form's fields as typed: a preset (cents) or 'custom' with dollars, and when to mail it. */
const fields = z.object({
  preset: z.string(),
  amount: z.string(),
  recipient_name: z.string(),
  recipient_email: z.string(),
  sender_name: z.string(),
  purchaser_email: z.string(),
  message: z.string(),
  when: z.enum(['now', 'later']),
  deliver_on: z.string(),
});
export type BuyGiftCardFormValues = z.input<typeof fields>;

/** The amount in cents the form stands for, or null while the dollars typed are not an amount. */
export function chosenAmount({ preset, amount }: Pick<BuyGiftCardFormValues, 'preset' | 'amount'>): number | null {
  return preset === 'custom' ? parseMoney(amount) : Number(preset);
}

/**
 * The form's values become the purchase body, checked by the contract; the tenant's amount limits
 * and the delivery date the "On a date" choice needs come first on their fields.
 */
export function buyGiftCardFormSchema(
  tenantId: number,
  { min_amount, max_amount }: Pick<GiftCardOptions, 'min_amount' | 'max_amount'>,
): z.ZodType<BuyGiftCardBody, BuyGiftCardFormValues> {
  return fields.transform((values, ctx) => {
    const issues: { path: string[]; message: string }[] = [];
    const amount = chosenAmount(values);
    if (amount === null || amount < min_amount || amount > max_amount) {
      issues.push({
        path: ['amount'],
        message: `Choose an amount from ${formatMoney(min_amount)} to ${formatMoney(max_amount)}`,
      });
    }
    const later = values.when === 'later';
    if (later && !values.deliver_on) issues.push({ path: ['deliver_on'], message: 'Choose a delivery date' });
    const parsed = buyGiftCardBodySchema.safeParse({
      tenant_id: tenantId,
      amount: amount ?? 0,
      recipient_name: values.recipient_name,
      recipient_email: values.recipient_email,
      sender_name: values.sender_name,
      purchaser_email: values.purchaser_email,
      ...(values.message.trim() ? { message: values.message } : {}),
      ...(later && values.deliver_on ? { deliver_on: values.deliver_on } : {}),
    });
    for (const issue of parsed.error?.issues ?? [])
      issues.push({ path: issue.path.map(String), message: issue.message });
    for (const issue of issues) ctx.addIssue({ code: 'custom', ...issue });
    return parsed.success && issues.length === 0 ? parsed.data : z.NEVER;
  });
}
