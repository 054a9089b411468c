import { giftCardCodeInputSchema } from '@orderfront/core';
import { z } from 'zod';

/** A gift card code as the balance call takes it. */
export const giftCardCodeFormSchema = z.object({ code: giftCardCodeInputSchema });
