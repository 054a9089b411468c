import { newsletterSubscriptionBodySchema } from '@orderfront/core';
import { z } from 'zod';

/** The footer's newsletter field: the subscription body's email, as typed (trimmed). */
export const newsletterFormSchema = z.object({
  email: z.string().trim().pipe(newsletterSubscriptionBodySchema.shape.email),
});
