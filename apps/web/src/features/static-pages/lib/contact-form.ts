import { contactMessageBodySchema } from '@orderfront/core';
import { z } from 'zod';

const body = contactMessageBodySchema.shape;

/** The contact form's fields: the message body less the tenant, with a blank phone left out. */
export const contactFormSchema = contactMessageBodySchema.omit({ tenant_id: true }).extend({
  email: z.string().trim().pipe(body.email),
  phone: z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(body.phone),
});

export type ContactFormValues = z.input<typeof contactFormSchema>;
