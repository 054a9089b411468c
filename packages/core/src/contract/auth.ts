import { z } from 'zod';
import { envelope } from './envelope.js';

/** Staff roles per tenant; every account is a customer unless the owner says otherwise. */
export const userRoles = ['customer', 'staff', 'manager', 'owner'] as const;
export type UserRole = (typeof userRoles)[number];

export const tenantIdField = z.number().int().positive();
export const emailField = z
  .string()
  .trim()
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'))
  .transform((value) => value.toLowerCase());
export const passwordField = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');
export const nameField = z.string().trim().min(1, 'Name is required').max(100, 'Name is too long');
export const phoneField = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, 'Enter a valid phone number');
export const codeField = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code');

export const userSchema = z.object({
  id: z.number().int(),
  tenant_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone_no: z.string(),
  role: z.enum(userRoles),
  has_password: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const guestSchema = z.object({
  guest_id: z.number().int().min(1_000_000).max(9_999_999),
  name: z.string(),
  email: z.string(),
  phone_no: z.string(),
});
export type Guest = z.infer<typeof guestSchema>;

/** Fields a signed-in account still lacks (a social sign-in gives no phone number). */
export const profileFieldSchema = z.enum(['name', 'phone_no']);

export const sessionSchema = z.object({
  token: z.string(),
  user: userSchema,
  needs_profile: z.array(profileFieldSchema),
});
export type Session = z.infer<typeof sessionSchema>;
export const sessionResponseSchema = envelope(sessionSchema);

export const guestSessionSchema = z.object({ guest_token: z.string(), guest: guestSchema });
export type GuestSession = z.infer<typeof guestSessionSchema>;

/** The one answer of every call that must not reveal whether an address has an account. */
export const codeSentSchema = z.object({ status: z.literal('code_sent'), message: z.string() });
export type CodeSent = z.infer<typeof codeSentSchema>;
export const codeSentMessage =
  'If that address can be used, we have sent a 6-digit code to it. It expires in 10 minutes.';

export const createGuestRequestSchema = z.strictObject({ tenant_id: tenantIdField });
export const updateGuestRequestSchema = z.strictObject({
  name: z.string().trim().max(100).optional(),
  email: z.union([z.literal(''), emailField]).optional(),
  phone_no: z.union([z.literal(''), phoneField]).optional(),
});

export const signupRequestSchema = z.strictObject({
  tenant_id: tenantIdField,
  name: nameField,
  email: emailField,
  phone_no: phoneField,
  password: passwordField,
});
export type SignupRequest = z.input<typeof signupRequestSchema>;

export const loginRequestSchema = z.strictObject({
  tenant_id: tenantIdField,
  email: emailField,
  password: z.string().min(1, 'Password is required').max(128),
});
export const requestCodeSchema = z.strictObject({ tenant_id: tenantIdField, email: emailField });
export const verifyCodeRequestSchema = z.strictObject({
  tenant_id: tenantIdField,
  email: emailField,
  purpose: z.enum(['signup', 'login']),
  code: codeField,
});
export const resetPasswordRequestSchema = z
  .strictObject({
    tenant_id: tenantIdField,
    email: emailField,
    code: codeField.optional(),
    /** The secret of the single-use link (from the link's #fragment, never a query string). */
    reset_token: z.string().min(20).max(200).optional(),
    password: passwordField,
  })
  .refine((value) => Boolean(value.code) !== Boolean(value.reset_token), {
    message: 'Give either the code or the link, not both',
    path: ['code'],
  });
export const googleSignInRequestSchema = z.strictObject({
  tenant_id: tenantIdField,
  id_token: z.string().min(10).max(8192),
});
export const updateProfileRequestSchema = z.strictObject({
  name: nameField.optional(),
  email: emailField.optional(),
  phone_no: phoneField.optional(),
});
/** POST /api/v2/auth/profile/verify-email: the code mailed to the new address confirms it. */
export const verifyEmailRequestSchema = z.strictObject({ email: emailField, code: codeField });
export type VerifyEmailRequest = z.input<typeof verifyEmailRequestSchema>;
export const changePasswordRequestSchema = z.strictObject({
  current_password: z.string().max(128).optional(),
  new_password: passwordField,
});
export const setRoleRequestSchema = z.strictObject({ role: z.enum(userRoles) });

export const authProvidersSchema = z.object({ google_client_id: z.string().nullable() });

export const addressFields = {
  label: z.string().trim().max(50, 'Label is too long').optional(),
  street: z.string().trim().min(3, 'Enter the street address').max(200, 'Street is too long'),
  suburb: z.string().trim().min(2, 'Enter the suburb').max(100, 'Suburb is too long'),
  city: z.string().trim().min(2, 'Enter the city').max(100, 'City is too long'),
  postcode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,9}$/, 'Enter a valid postcode'),
};
export const addressRequestSchema = z.strictObject(addressFields);
export type AddressRequest = z.input<typeof addressRequestSchema>;
export const addressSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  street: z.string(),
  suburb: z.string(),
  city: z.string(),
  postcode: z.string(),
});
export type Address = z.infer<typeof addressSchema>;
