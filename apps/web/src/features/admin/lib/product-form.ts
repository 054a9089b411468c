import { type AdminProduct, productEditBodySchema } from '@orderfront/core';
import { z } from 'zod';
import { moneyToText, parseMoney } from '@/lib/money';

export const productDraftOf = (p: AdminProduct) => ({
  price: moneyToText(p.price),
  online_price: moneyToText(p.online_price),
  description: p.description,
});

/** Prices typed in dollars and the description → the product edit body, checked as the API checks it. */
export const productFormSchema = (restaurantId: number) =>
  z
    .object({ price: z.string(), online_price: z.string(), description: z.string() })
    .transform((d, ctx): z.input<typeof productEditBodySchema> => {
      const price = parseMoney(d.price);
      const online = parseMoney(d.online_price);
      if (price === null || online === null) {
        ctx.addIssue({ code: 'custom', path: ['price'], message: 'Enter prices like 12.50' });
        return z.NEVER;
      }
      return { restaurant_id: restaurantId, price, online_price: online, description: d.description };
    })
    .pipe(productEditBodySchema);
