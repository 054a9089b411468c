import { z } from 'zod';
import { emailField, nameField, passwordField, tenantIdField } from './auth.js';
import { envelope } from './envelope.js';

/**
 * Businesses and the people who run them (decision 036): what the operator's `tenant` command
 * accepts, owners' invitations of staff, managers and owners, and the going-live checklist.
 */

const id = z.number().int().positive();

/** A storefront hostname: lower-case labels, at least one dot, no scheme, port or path. */
export const hostField = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, 'Host is too long')
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/,
    'Enter a host name such as order.example.com.au (no https:// and no path)',
  );

/** An ISO 4217 currency code the runtime knows (AUD, NZD, …). */
export const currencyField = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code), {
    message: 'Enter an ISO 4217 currency code such as AUD',
  });

/** A BCP 47 locale with its region (en-AU), so dates and money read as the business's customers expect. */
export const localeField = z
  .string()
  .trim()
  .refine(
    (tag) => {
      if (!/^[a-z]{2,3}-[A-Z]{2}$/.test(tag)) return false;
      try {
        return Intl.getCanonicalLocales(tag)[0] === tag && Intl.NumberFormat.supportedLocalesOf(tag).length === 1;
      } catch {
        return false;
      }
    },
    { message: 'Enter a locale with its region such as en-AU' },
  );

/** An IANA time zone (Australia/Sydney); the business's default for its restaurants. */
export const timezoneField = z
  .string()
  .trim()
  .refine(
    (zone) => /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)+$/.test(zone) && Intl.supportedValuesOf('timeZone').includes(zone),
    {
      message: 'Enter an IANA time zone such as Australia/Sydney',
    },
  );

/** `tenant create`: a new business, its host and its first owner. */
export const newTenantSchema = z.strictObject({
  name: nameField,
  host: hostField,
  currency: currencyField,
  locale: localeField,
  timezone: timezoneField,
  owner_email: emailField.transform((e) => e.toLowerCase()),
});
export type NewTenantInput = z.input<typeof newTenantSchema>;

export const invitationRoles = ['staff', 'manager', 'owner'] as const;
export type InvitationRole = (typeof invitationRoles)[number];

/** POST /api/v2/admin/invitations (owner): mails a one-time link; owners get every restaurant. */
export const createInvitationBodySchema = z
  .strictObject({
    email: emailField.transform((e) => e.toLowerCase()),
    role: z.enum(invitationRoles),
    restaurant_ids: z.array(id).max(200).default([]),
  })
  .refine((b) => b.role === 'owner' || b.restaurant_ids.length > 0, {
    message: 'Choose at least one restaurant',
    path: ['restaurant_ids'],
  });
export type CreateInvitationBody = z.input<typeof createInvitationBodySchema>;

export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(invitationRoles),
  restaurant_ids: z.array(z.number().int()),
  expires_at: z.string(),
  accepted_at: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationResponseSchema = envelope(invitationSchema);
export const invitationListResponseSchema = envelope(z.array(invitationSchema));

/** The token in an invitation link's fragment: 43 base64url characters. */
export const invitationTokenField = z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, 'This invitation link is not valid');

/** POST /api/v2/auth/accept-invitation: the invitee names themself and sets a password, once. */
export const acceptInvitationBodySchema = z.strictObject({
  tenant_id: tenantIdField,
  token: invitationTokenField,
  name: nameField,
  password: passwordField,
});
export type AcceptInvitationBody = z.input<typeof acceptInvitationBodySchema>;

/** PUT /api/v2/admin/staff/:id/role (owner). */
export const staffRoleBodySchema = z.strictObject({ role: z.enum(invitationRoles) });

/** What the storefront still lacks before it can take an order, each with where it is fixed. */
export const goingLiveKeys = ['restaurant', 'hours', 'menu', 'payments'] as const;
export type GoingLiveKey = (typeof goingLiveKeys)[number];
export const goingLiveSchema = z.object({
  ready: z.boolean(),
  items: z.array(z.object({ key: z.enum(goingLiveKeys), done: z.boolean(), detail: z.string() })),
});
export type GoingLive = z.infer<typeof goingLiveSchema>;
export const goingLiveResponseSchema = envelope(goingLiveSchema);
