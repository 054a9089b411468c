import type { sandboxConfirmBodySchema } from '@orderfront/core';
import { cardDigits, parseCardExpiry } from '@orderfront/core';
import { z } from 'zod';
import { validateCard } from './card';

/** The sandbox card form's fields, named as the browser's card autofill knows them. */
const fields = z.object({ cardNumber: z.string(), expiry: z.string(), cvc: z.string(), cardName: z.string() });
export type CardFormValues = z.input<typeof fields>;
export const emptyCard: CardFormValues = { cardNumber: '', expiry: '', cvc: '', cardName: '' };

/** What the sandbox confirm call takes of a card (its payment id aside). */
export type SandboxCardBody = Omit<z.input<typeof sandboxConfirmBodySchema>, 'payment_id'>;

const fieldOf = { number: 'cardNumber', expiry: 'expiry', cvc: 'cvc', name: 'cardName' } as const;

/** Core's card rules (through `validateCard`) on each field; a good card becomes the confirm body. */
export const cardFormSchema: z.ZodType<SandboxCardBody, CardFormValues> = fields
  .superRefine((card, ctx) => {
    const found = validateCard({ number: card.cardNumber, expiry: card.expiry, cvc: card.cvc, name: card.cardName });
    for (const [field, message] of Object.entries(found)) {
      ctx.addIssue({ code: 'custom', path: [fieldOf[field as keyof typeof fieldOf]], message });
    }
  })
  .transform((card) => {
    const expiry = parseCardExpiry(card.expiry);
    return {
      card_number: cardDigits(card.cardNumber),
      exp_month: expiry?.month ?? 0,
      exp_year: expiry?.year ?? 0,
      cvc: card.cvc.trim(),
      name: card.cardName.trim() || undefined,
    };
  });
