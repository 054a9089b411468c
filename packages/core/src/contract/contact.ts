import { z } from 'zod';
import { envelope } from './envelope.js';

/** POST /v2/contact: a message for the business, delivered by mail to its contactEmail. */
export const contactMessageBodySchema = z.strictObject({
  tenant_id: z.number().int().positive(),
  name: z.string().trim().min(1, 'Please enter your name').max(100, 'At most 100 characters'),
  email: z.email('Please enter a valid email address').max(254, 'At most 254 characters'),
  phone: z
    .string()
    .trim()
    .max(40, 'At most 40 characters')
    .regex(/^[0-9+()\-\s]*$/, 'Please enter a valid phone number')
    .optional(),
  message: z.string().trim().min(10, 'Please write at least 10 characters').max(5000, 'At most 5000 characters'),
});

export type ContactMessageBody = z.infer<typeof contactMessageBodySchema>;

export const contactMessageResponseSchema = envelope(z.object({ sent: z.literal(true) }));

/** GET /v2/pages/{slug}: the tenant's legal and policy pages (plain text, never HTML). */
export const contentPageSlugs = ['terms', 'privacy', 'refund-policy'] as const;
export type ContentPageSlug = (typeof contentPageSlugs)[number];

export const contentPageSchema = z.object({
  slug: z.enum(contentPageSlugs),
  title: z.string(),
  /** Plain text; a blank line separates paragraphs, a line starting `## ` is a heading. */
  body: z.string(),
  updated_at: z.string(),
});

export type ContentPage = z.infer<typeof contentPageSchema>;

export const contentPageResponseSchema = envelope(contentPageSchema);

/** GET /v2/products/highlights: products for the home page's optional sections. */
export const productHighlightSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  online_price: z.number().int(),
});

export const productHighlightsSchema = z.object({
  best_selling: z.array(productHighlightSchema),
  fresh_additions: z.array(productHighlightSchema),
});

export type ProductHighlights = z.infer<typeof productHighlightsSchema>;

export const productHighlightsResponseSchema = envelope(productHighlightsSchema);

/** POST /v2/newsletter-subscriptions: the footer's optional newsletter sign-up. */
export const newsletterSubscriptionBodySchema = z.strictObject({
  tenant_id: z.number().int().positive(),
  email: z.email('Please enter a valid email address').max(254, 'At most 254 characters'),
});

export type NewsletterSubscriptionBody = z.infer<typeof newsletterSubscriptionBodySchema>;

export const newsletterSubscriptionResponseSchema = envelope(z.object({ subscribed: z.literal(true) }));
