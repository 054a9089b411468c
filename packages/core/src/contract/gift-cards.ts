import { z } from 'zod';
import { envelope } from './envelope.js';
import { paymentSessionSchema } from './orders.js';

/** Gift cards (decision 018; spec §1 and §2 /gift-cards; calls "not shown" in spec §7). Money in cents. */

const id = z.coerce.number().int().positive().max(2_147_483_647);
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD');
const email = z.string().trim().max(254, 'Use at most 254 characters').pipe(z.email('Enter a valid email address'));
const name = z.string().trim().min(1, 'Enter a name').max(100, 'Use at most 100 characters');
/** As typed: the server normalises (case, spaces, dashes) and answers uniformly for wrong codes. */
export const giftCardCodeInputSchema = z.string().trim().min(1, 'Enter a gift card code').max(64);

export const giftCardStatusSchema = z.enum(['pending_payment', 'active', 'void']);
export type GiftCardStatus = z.infer<typeof giftCardStatusSchema>;

/** GET /api/v2/gift-cards/options?tenant_id= : what the buy form offers. */
export const giftCardOptionsQuerySchema = z.strictObject({ tenant_id: id });
export const giftCardOptionsSchema = z.object({
  enabled: z.boolean(),
  currency: z.string(),
  min_amount: z.number().int(),
  max_amount: z.number().int(),
  presets: z.array(z.number().int()),
  /** Months a card is valid from purchase; null = no expiry. */
  valid_months: z.number().int().nullable(),
  /** The furthest delivery date, in days from today. */
  max_delivery_days: z.number().int(),
});
export type GiftCardOptions = z.infer<typeof giftCardOptionsSchema>;
export const giftCardOptionsResponseSchema = envelope(giftCardOptionsSchema);

/**
 * POST /api/v2/gift-cards with an `Idempotency-Key` header: buys a digital gift card. The card is
 * `pending_payment` until the card payment succeeds; then it is active and its code is mailed to
 * the recipient (on `deliver_on`, or at once without one).
 */
export const buyGiftCardBodySchema = z.strictObject({
  tenant_id: id,
  amount: z.number().int('Whole cents only').min(1).max(100_000_000),
  recipient_name: name,
  recipient_email: email,
  sender_name: name,
  purchaser_email: email,
  message: z.string().trim().max(500, 'Use at most 500 characters').optional(),
  /** Tenant-local date to mail the code; omitted = now. */
  deliver_on: localDate.optional(),
});
export type BuyGiftCardBody = z.infer<typeof buyGiftCardBodySchema>;

export const giftCardSchema = z.object({
  id: z.number().int(),
  status: giftCardStatusSchema,
  /** Only the last four characters (null until the code is made at delivery): the code itself is only ever in the recipient's mail. */
  last4: z.string().nullable(),
  initial_amount: z.number().int(),
  balance: z.number().int(),
  currency: z.string(),
  recipient_name: z.string(),
  recipient_email: z.string(),
  sender_name: z.string(),
  message: z.string().nullable(),
  deliver_on: z.string().nullable(),
  delivered_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type GiftCard = z.infer<typeof giftCardSchema>;

export const giftCardPurchaseSchema = z.object({
  gift_card: giftCardSchema,
  /** The card payment to complete (null once there is nothing left to pay). */
  payment: paymentSessionSchema.nullable(),
  /**
   * The purchase's secret, answered to the buyer only (by the purchase call): sent back in the
   * x-gift-card-token header, it opens the purchase to a buyer without an account (decision 026).
   */
  purchase_token: z.string().optional(),
});
export type GiftCardPurchase = z.infer<typeof giftCardPurchaseSchema>;
export const giftCardPurchaseResponseSchema = envelope(giftCardPurchaseSchema);

/**
 * GET /api/v2/gift-cards/:id: the buyer follows the purchase (payment, then active), signed in as the
 * purchaser or with the purchase's secret in the giftCardTokenHeader; anyone else gets 404.
 */
export const giftCardParamsSchema = z.strictObject({ id });
/** Earlier clients sent the purchaser's email; it opens nothing by itself, and must match if given. */
export const giftCardPurchaseQuerySchema = z.strictObject({ purchaser_email: email.optional() });
export const giftCardTokenHeader = 'x-gift-card-token';

/**
 * POST /api/v2/gift-cards/balance: check a code. Unknown, void, unpaid and other businesses' codes
 * all get the same 404; rate limited per IP and per code prefix (429).
 */
export const giftCardBalanceBodySchema = z.strictObject({ tenant_id: id, code: giftCardCodeInputSchema });
export const giftCardBalanceSchema = z.object({
  last4: z.string(),
  balance: z.number().int(),
  currency: z.string(),
  status: z.literal('active'),
  expires_at: z.string().nullable(),
});
export type GiftCardBalance = z.infer<typeof giftCardBalanceSchema>;
export const giftCardBalanceResponseSchema = envelope(giftCardBalanceSchema);

export const giftCardNotFoundMessage = "We couldn't find an active gift card with that code.";
export const giftCardExpiredMessage = 'This gift card has expired.';
export const giftCardEmptyMessage = 'This gift card has no balance left.';

export const giftCardLedgerKindSchema = z.enum(['issue', 'redeem', 'release', 'refund', 'void']);
export const giftCardLedgerEntrySchema = z.object({
  id: z.number().int(),
  kind: giftCardLedgerKindSchema,
  /**
   * Signed: issue and release add, redeem and void take. A refund with an order adds (the order's
   * money back onto the card); one without takes (the card's own purchase refunded to its buyer).
   */
  amount: z.number().int(),
  balance_after: z.number().int(),
  order_id: z.number().int().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type GiftCardLedgerEntry = z.infer<typeof giftCardLedgerEntrySchema>;

/** Cards per page of the staff list: the newest first, then `before` the last one shown. */
export const adminGiftCardPageSize = 50;

/**
 * Staff (decision 017): GET /api/v2/admin/gift-cards, the newest cards; narrowed by ?code=, ?last4= or
 * ?email=; ?before=<id> for the next page (cards with a smaller id).
 */
export const adminGiftCardQuerySchema = z.strictObject({
  code: giftCardCodeInputSchema.optional(),
  last4: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{4}$/)
    .optional(),
  email: z.string().trim().max(254).optional(),
  // Digits only: coercion would take '1e3', ' 7' or '2.0' as ids.
  before: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'Use a gift card id: a positive whole number')
    .transform(Number)
    .pipe(z.number().max(2_147_483_647, 'Use a gift card id'))
    .optional(),
});
export const adminGiftCardSchema = giftCardSchema.extend({
  /** Bought online (and paid through a payment provider) or issued by staff. */
  source: z.enum(['purchase', 'staff']),
  purchaser_email: z.string(),
  void_reason: z.string().nullable(),
  /** What went back to the buyer when the purchase was refunded from the back office. */
  refunded_amount: z.number().int().nullable(),
  refunded_at: z.string().nullable(),
  /** The payment provider's refund id; null while a refund is sent and not yet confirmed. */
  refund_id: z.string().nullable(),
});
export type AdminGiftCard = z.infer<typeof adminGiftCardSchema>;
export const adminGiftCardListResponseSchema = envelope(z.array(adminGiftCardSchema));
export const adminGiftCardResponseSchema = envelope(adminGiftCardSchema);

/** Money in cents with how many it is. */
const tally = z.object({ count: z.number().int(), amount: z.number().int() });

/** The window of the summary's "last days" figures, today included, in the business's timezone. */
export const giftCardSummaryDays = 30;

/** GET /api/v2/admin/gift-cards/summary (staff+): the business's gift cards at a glance. */
export const adminGiftCardSummaryQuerySchema = z.strictObject({});
export const adminGiftCardSummarySchema = z.object({
  currency: z.string(),
  /** What usable cards (active, not expired) still hold: the business's liability; their ledger sum. */
  outstanding_balance: z.number().int(),
  active_cards: z.number().int(),
  /** Left on active cards that have expired: no longer spendable, so not in the liability. */
  expired_balance: z.number().int(),
  /** Local midnight that starts the window of the figures below. */
  since: z.string(),
  days: z.number().int(),
  /** Paid purchases (the card's issue entry is written when the payment succeeds). */
  sold: tally,
  /** Cards staff issued without payment. */
  issued: tally,
  /** Gift card money spent on orders placed in the window, less what was released or refunded. */
  redeemed: tally,
  /** Purchases refunded to their buyers from the back office in the window: what went back. */
  refunded: tally,
});
export type AdminGiftCardSummary = z.infer<typeof adminGiftCardSummarySchema>;
export const adminGiftCardSummaryResponseSchema = envelope(adminGiftCardSummarySchema);

/** POST /api/v2/admin/gift-cards (manager, owner): issue a card without payment (goodwill, vouchers). */
export const adminIssueGiftCardBodySchema = z.strictObject({
  amount: z.number().int().min(1).max(100_000_000),
  recipient_name: name,
  recipient_email: email,
  message: z.string().trim().max(500).optional(),
  note: z.string().trim().min(1, 'Say why the card is issued').max(300),
});
/** The one answer that carries the code: the staff member hands it over. */
export const adminIssuedGiftCardResponseSchema = envelope(
  z.object({ gift_card: adminGiftCardSchema, code: z.string() }),
);

/** POST /api/v2/admin/gift-cards/:id/void */
export const adminVoidGiftCardBodySchema = z.strictObject({
  reason: z.string().trim().min(1, 'Say why the card is voided').max(300),
});

/**
 * POST /api/v2/admin/gift-cards/:id/refund (manager, owner): a purchased card's unspent balance goes
 * back to the buyer's payment and the card is void (decision 022).
 */
export const adminRefundGiftCardBodySchema = z.strictObject({
  reason: z.string().trim().min(1, 'Say why the card is refunded').max(300),
});

/** GET /api/v2/admin/gift-cards/:id/ledger */
export const giftCardLedgerResponseSchema = envelope(z.array(giftCardLedgerEntrySchema));
