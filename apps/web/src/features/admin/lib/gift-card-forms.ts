import { adminIssueGiftCardBodySchema } from '@orderfront/core';
import { z } from 'zod';
import { parseMoney } from '@/lib/money';

export const emptyIssueDraft = { amount: '', recipient_name: '', recipient_email: '', message: '', note: '' };
export type IssueDraft = typeof emptyIssueDraft;

/** The issue form as typed → the API's body: the amount typed in dollars, the rest checked as the API checks it. */
export const issueGiftCardFormSchema = z
  .object({
    amount: z.string(),
    recipient_name: z.string(),
    recipient_email: z.string(),
    message: z.string(),
    note: z.string(),
  })
  .transform((draft, ctx): z.input<typeof adminIssueGiftCardBodySchema> => {
    const amount = parseMoney(draft.amount);
    if (amount === null || amount < 1) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter the amount like 50.00' });
      return z.NEVER;
    }
    const message = draft.message.trim();
    return {
      amount,
      recipient_name: draft.recipient_name.trim(),
      recipient_email: draft.recipient_email.trim(),
      ...(message ? { message } : {}),
      note: draft.note.trim(),
    };
  })
  .pipe(adminIssueGiftCardBodySchema);
