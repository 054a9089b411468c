import type { Generated, Insertable, Selectable } from 'kysely';

/** Timestamps are ISO-8601 UTC strings on both dialects (see dialect.ts). */
type Timestamp = string;

export type FulfilmentMethod = 'pickup' | 'delivery' | 'dine_in';

export interface TenantsTable {
  id: number;
  name: string;
  short_name: string;
  slug: string;
  /** A storefront hostname that serves this tenant; null when served by TENANT_ID. */
  host: string | null;
  currency: string;
  locale: string;
  timezone: string;
  tax_mode: 'inclusive' | 'exclusive';
  tax_rate_bps: number;
  /** What customers call the tax ('GST'): 'Includes GST $4.45'. */
  tax_name: Generated<string>;
  /** The registered name on tax invoices when it differs from `name`. */
  legal_name: string | null;
  /** Australian Business Number, 11 digits; Australian Company Number, 9 digits (core business-numbers). */
  abn: string | null;
  acn: string | null;
  /** Contact details shown in the storefront and mails (decision 037). */
  address: string | null;
  phone: string | null;
  email: string | null;
  /** Set by the operator's `tenant disable`: the storefront and API answer 503 (decision 036). */
  disabled_at: Timestamp | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface RestaurantsTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  slug: string;
  /** 1 = active (spec §3, §9); 0 = inactive. */
  status: number;
  street_name: string;
  suburb: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  phone: string;
  email: string;
  latitude: number;
  longitude: number;
  timezone: string;
  /** Public path of the restaurant's image (spec: attachment_paths[0].upload_path). */
  image_path: string | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface RestaurantHoursTable {
  id: Generated<number>;
  tenant_id: number;
  restaurant_id: number;
  method: FulfilmentMethod;
  /** 0 = Sunday … 6 = Saturday, in the restaurant's timezone. */
  weekday: number;
  /** 'HH:MM' local time; closes_at <= opens_at means the range runs past midnight. */
  opens_at: string;
  closes_at: string;
}

export interface AppSettingsTable {
  id: Generated<number>;
  tenant_id: number;
  /** null: the tenant's defaults; set: that restaurant's overrides. */
  restaurant_id: number | null;
  /** JSON: a theme patch (spec §3 Theme/config). */
  web_config: string;
  /** JSON: the public part only (provider, mode, publishable_key). */
  payment_gateway_config: string;
  /** JSON: provider secrets; never leaves the server. */
  payment_gateway_secrets: string | null;
  /** 0 disables online ordering (spec §3). */
  is_online_order_enabled: number;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface ContentPagesTable {
  id: Generated<number>;
  tenant_id: number;
  /** 'terms' | 'privacy' | 'refund-policy' */
  slug: string;
  title: string;
  /** Plain text: a blank line separates paragraphs, a line starting `## ` is a heading. */
  body: string;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface NewsletterSubscribersTable {
  id: Generated<number>;
  tenant_id: number;
  /** Lower-case. */
  email: string;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** Mail kept here instead of sent when no SMTP server is configured (demo, offline). */
export interface MailOutboxTable {
  id: Generated<number>;
  tenant_id: number;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export type UserRole = 'customer' | 'staff' | 'manager' | 'owner';
export type CodePurpose = 'signup' | 'login' | 'reset';

export interface UsersTable {
  id: Generated<number>;
  tenant_id: number;
  /** Lower-cased; unique per tenant. */
  email: string;
  name: string;
  phone_no: Generated<string>;
  /** scrypt hash (see modules/auth/passwords.ts); null for social-only accounts. */
  password_hash: string | null;
  google_sub: string | null;
  role: Generated<UserRole>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface GuestsTable {
  id: Generated<number>;
  tenant_id: number;
  /** Spec §3: 1000000..9999999, issued by the server with the guest token. */
  guest_id: number;
  name: Generated<string>;
  email: Generated<string>;
  phone_no: Generated<string>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface AuthTokensTable {
  id: Generated<number>;
  tenant_id: number;
  /** SHA-256 of the opaque token; the token itself is never stored. */
  token_hash: string;
  kind: 'user' | 'guest';
  user_id: number | null;
  guest_id: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface OneTimeCodesTable {
  id: Generated<number>;
  tenant_id: number;
  email: string;
  purpose: CodePurpose;
  /** SHA-256 of the 6-digit code salted with a per-row secret (`salt:code`). */
  code_hash: string;
  /** SHA-256 of the single-use reset link's secret (reset codes only). */
  link_hash: string | null;
  /** JSON: what the code completes (a pending sign-up's name, phone and password hash). */
  payload: string | null;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
}

export interface AuthAttemptsTable {
  id: Generated<number>;
  tenant_id: number;
  /** login_ok: a password sign-in that worked, per account and client (decision 025). */
  kind: 'code_sent' | 'login_failed' | 'login_ok';
  subject: string;
  created_at: Timestamp;
}

export interface AddressesTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  label: Generated<string>;
  street: string;
  suburb: string;
  city: string;
  postcode: string;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  tenant_id: number;
  to: string;
  body: string;
  created_at: Timestamp;
}

export interface ReservationSettingsTable {
  id: Generated<number>;
  tenant_id: number;
  restaurant_id: number;
  /** 0 turns online booking off for the restaurant. */
  enabled: number;
  slot_minutes: number;
  /** Typical stay: the last seating is this long before closing; also the booking's end. */
  stay_minutes: number;
  /** 'tables': each party takes one unit of a slot's capacity; 'covers': one per guest. */
  capacity_unit: 'tables' | 'covers';
  capacity_per_slot: number;
  min_party: number;
  max_party: number;
  horizon_days: number;
  min_notice_minutes: number;
  cancel_cutoff_minutes: number;
  /** Active bookings one customer may hold at this restaurant on one service day. */
  max_active_per_customer: number;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface ReservationHoursTable {
  id: Generated<number>;
  tenant_id: number;
  restaurant_id: number;
  /** 0 = Sunday … 6 = Saturday, in the restaurant's timezone. */
  weekday: number;
  /** 'HH:MM' local; closes_at <= opens_at runs past midnight. */
  opens_at: string;
  closes_at: string;
}

export interface ReservationClosuresTable {
  id: Generated<number>;
  tenant_id: number;
  restaurant_id: number;
  /** Local date 'YYYY-MM-DD'. */
  date: string;
  reason: Generated<string>;
}

export interface ReservationSlotsTable {
  id: Generated<number>;
  tenant_id: number;
  restaurant_id: number;
  starts_at: Timestamp;
  capacity: number;
  booked: Generated<number>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface ReservationCustomerDaysTable {
  id: Generated<number>;
  tenant_id: number;
  restaurant_id: number;
  service_date: string;
  customer_key: string;
  active: Generated<number>;
}

export interface ReservationsTable {
  id: Generated<number>;
  tenant_id: number;
  restaurant_id: number;
  slot_id: number;
  reference: string;
  status: 'confirmed' | 'cancelled';
  starts_at: Timestamp;
  ends_at: Timestamp;
  service_date: string;
  party_size: number;
  /** Capacity this booking took from its slot (1 per table, or the party size per cover). */
  units: number;
  name: string;
  email: string;
  phone_no: string;
  special_requests: string;
  user_id: number | null;
  customer_key: string;
  /** sha256 of the cancel link's token; the token itself is only ever in the mail. */
  cancel_token_hash: string;
  idempotency_key: string | null;
  request_fingerprint: string;
  cancelled_at: Timestamp | null;
  /** How a confirmed booking went on the day (back office); the customer sees `status`. */
  visit_status: Generated<'booked' | 'seated' | 'no_show'>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** 0/1 integer flags (booleans on both dialects). */
type Flag = number;

export interface CategoriesTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  slug: string;
  description: Generated<string>;
  image_path: string | null;
  sort_order: Generated<number>;
  /** JSON [{ weekday, from, to }] (decision 038); '[]': always. */
  dayparts: Generated<string>;
  archived: Generated<Flag>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** The master product, shared by the tenant's restaurants. */
export interface ProductsTable {
  id: Generated<number>;
  tenant_id: number;
  category_id: number;
  name: string;
  description: Generated<string>;
  image_path: string | null;
  is_half_and_half: Generated<Flag>;
  is_best_seller: Generated<Flag>;
  is_new: Generated<Flag>;
  sort_order: Generated<number>;
  /** The key import and export match on; null for rows written before it: 'p' + id. */
  ref: string | null;
  /** Comma-separated menu labels (vegetarian, vegan, …). */
  labels: Generated<string>;
  archived: Generated<Flag>;
  /** 'standard' or 'gst_free' (decision 042): a GST-free product's lines carry no tax. */
  tax_class: Generated<string>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** A product as one restaurant sells it: price in the restaurant, online_price online. */
export interface RestaurantProductsTable {
  id: Generated<number>;
  tenant_id: number;
  restaurant_id: number;
  product_id: number;
  price: number;
  online_price: number;
  is_available: Generated<Flag>;
  /** null: not counted; 0: sold out. */
  stock_count: number | null;
  unit: string | null;
  /** With is_available = 0: back on sale at this time (an '86' for today); null: until turned back. */
  available_again_at: Generated<Timestamp | null>;
  /** From order history (decision 020); null: not decided yet, the product's own flag stands. */
  is_best_seller: Generated<Flag | null>;
  /** Comma-separated channels it is sold on. */
  channels: Generated<string>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface AttributesTable {
  id: Generated<number>;
  tenant_id: number;
  product_id: number;
  display_name: string;
  sort_order: Generated<number>;
}

export interface AttributeValuesTable {
  id: Generated<number>;
  tenant_id: number;
  attribute_id: number;
  display_value: string;
  price_adjustment: Generated<number>;
  is_default: Generated<Flag>;
  sort_order: Generated<number>;
}

export interface ModifierGroupsTable {
  id: Generated<number>;
  tenant_id: number;
  product_id: number;
  name: string;
  min_select: Generated<number>;
  max_select: Generated<number>;
  sort_order: Generated<number>;
  /** Ties the per-product copies of one shared group; null for rows written before it: 'g' + id. */
  template_key: string | null;
  /** How many chosen options cost nothing. */
  free_quantity: Generated<number>;
}

export interface RestaurantProductModifiersTable {
  id: Generated<number>;
  tenant_id: number;
  restaurant_id: number;
  modifier_group_id: number;
  name: string;
  price: Generated<number>;
  online_price: Generated<number>;
  max_quantity: Generated<number>;
  is_available: Generated<Flag>;
  /** As on restaurant_products. */
  available_again_at: Generated<Timestamp | null>;
  sort_order: Generated<number>;
  is_default: Generated<Flag>;
}

export interface ModifierConfigurationsTable {
  id: Generated<number>;
  tenant_id: number;
  modifier_id: number;
  name: string;
  price_adjustment: Generated<number>;
  sort_order: Generated<number>;
}

/** deals and combo_products: a priced bundle per restaurant. */
export interface BundlesTable {
  id: Generated<number>;
  tenant_id: number;
  restaurant_id: number;
  name: string;
  description: Generated<string>;
  image_path: string | null;
  price: number;
  online_price: number;
  is_available: Generated<Flag>;
  sort_order: Generated<number>;
  /** The key the catalogue document matches the bundle by (decision 042). */
  ref: string | null;
  /** Retired by the owner: off the menu, kept for the carts and orders that name it. */
  archived: Generated<Flag>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** deal_component_types and combo_product_slots: slots of a bundle. */
export interface BundleSlotsTable {
  id: Generated<number>;
  tenant_id: number;
  parent_id: number;
  name: string;
  quantity: Generated<number>;
  sort_order: Generated<number>;
}

export interface SlotChoicesTable {
  id: Generated<number>;
  tenant_id: number;
  deal_component_type_id: number | null;
  combo_product_slot_id: number | null;
  restaurant_product_id: number;
  extra_price: Generated<number>;
  /** One of the product's attribute values by name ('Large'); null: its default size (decision 048). */
  size: string | null;
  sort_order: Generated<number>;
}

/** A tenant's pricing version: triggers move it on any write to tenants, coupons or offers (decision 041). */
export interface PricingVersionsTable {
  tenant_id: number;
  version: Generated<number>;
}

export interface CatalogueVersionsTable {
  tenant_id: number;
  restaurant_id: number;
  version: Generated<number>;
  /** The earliest available_again_at still ahead: the version moves on when it passes. */
  next_change_at: Generated<Timestamp | null>;
  /** Moves only when the catalogue is published (decision 038): a draft based on another is stale. */
  revision: Generated<number>;
}

/** One row per catalogue publish (editor or import): who, when and what changed. */
export interface CataloguePublishesTable {
  id: Generated<number>;
  tenant_id: number;
  restaurant_id: number;
  revision: number;
  user_id: number | null;
  source: 'editor' | 'import';
  /** JSON array of change descriptions. */
  changes: string;
  created_at: Generated<Timestamp>;
}

export interface CartItemsTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number | null;
  guest_id: number | null;
  restaurant_id: number;
  kind: 'product' | 'half_and_half' | 'deal' | 'combo';
  restaurant_product_id: number | null;
  product_id: number | null;
  deal_id: number | null;
  combo_product_id: number | null;
  quantity: number;
  is_half_and_half: Generated<number>;
  notes: Generated<string>;
  /** JSON of the customer's choices (CartSelection in modules/cart/service.ts). */
  selection: string;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** A restaurant product a registered user keeps in the wishlist (spec §3). */
export interface WishlistItemsTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  restaurant_product_id: number;
  product_id: number;
  created_at: Generated<Timestamp>;
}

/** A staff member or manager works at this restaurant (owners manage them all). */
export interface StaffRestaurantsTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  restaurant_id: number;
}

/** A restaurant's ordering controls (the on/off switch itself is app_settings.is_online_order_enabled). */
export interface OrderingControlsTable {
  id: Generated<number>;
  tenant_id: number;
  restaurant_id: number;
  /** Busy mode: minutes added to prep and lead time. */
  busy_minutes: Generated<number>;
  paused_until: Timestamp | null;
  pickup_enabled: Generated<Flag>;
  delivery_enabled: Generated<Flag>;
  dine_in_enabled: Generated<Flag>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** How a restaurant takes pickup and delivery orders (decision 013). */
export interface FulfilmentSettingsTable {
  id: Generated<number>;
  tenant_id: number;
  restaurant_id: number;
  lead_time_minutes: number;
  /** Kitchen slot length; slots sit on this grid from local midnight. */
  slot_minutes: number;
  max_orders_per_slot: number;
  /** 0/1; null follows the storefront's isAsapOptionEnabled (spec §9, off by default). */
  asap_enabled: number | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface DeliveryZonesTable {
  id: Generated<number>;
  tenant_id: number;
  restaurant_id: number;
  name: string;
  kind: 'areas' | 'radius';
  /** JSON array of postcodes ('areas'). */
  postcodes: Generated<string>;
  /** JSON array of suburb names ('areas'). */
  suburbs: Generated<string>;
  radius_km: number | null;
  fee_cents: number;
  minimum_order_cents: Generated<number>;
  free_over_cents: number | null;
  /** Lower first where zones overlap. */
  priority: Generated<number>;
  is_active: Generated<Flag>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** Orders taken per kitchen slot of a restaurant, pickup and delivery together. */
export interface KitchenSlotsTable {
  id: Generated<number>;
  tenant_id: number;
  restaurant_id: number;
  slot_start: Timestamp;
  orders: Generated<number>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** Conditions shared by coupons and offers; lists are JSON arrays in text, null = no condition. */
interface PromotionColumns {
  is_active: Generated<Flag>;
  /** Restaurant-local 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:MM'. */
  valid_from: string | null;
  valid_until: string | null;
  /** 'HH:MM' daily window; from > until wraps past midnight. */
  daily_from: string | null;
  daily_until: string | null;
  /** JSON number[]: 0 = Sunday … 6 = Saturday. */
  days_of_week: string | null;
  /** JSON number[] */
  restaurant_ids: string | null;
  /** JSON ('pickup' | 'delivery' | 'dine_in')[] */
  methods: string | null;
  /** JSON number[]: master product ids. */
  product_ids: string | null;
  /** JSON number[] */
  category_ids: string | null;
  min_spend_cents: number | null;
  excludes_cash_on_delivery: Generated<Flag>;
}

/** A coupon code (PricingCoupon in core); `code` is unique per tenant case-insensitively. */
export interface CouponsTable extends PromotionColumns {
  id: Generated<number>;
  tenant_id: number;
  code: string;
  description: Generated<string>;
  discount_type: 'flat' | 'percentage';
  /** flat: cents; percentage: basis points. */
  value: number;
  max_discount_cents: number | null;
  usage_limit: number | null;
  /** Live uses (reserved or used); moved only by coupons.reserve / release. */
  times_used: Generated<number>;
  per_customer_limit: number | null;
  first_order_only: Generated<Flag>;
  is_auto_coupon: Generated<Flag>;
  stackable: Generated<Flag>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** An automatic offer (PricingOffer in core); the columns of its type are set, the others null. */
export interface OffersTable extends PromotionColumns {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  offer_type: 'free_item' | 'buy_x_get_y' | 'order_discount';
  free_quantity: number | null;
  buy_quantity: number | null;
  get_quantity: number | null;
  get_discount_bp: number | null;
  max_applications: number | null;
  discount_type: 'flat' | 'percentage' | null;
  value: number | null;
  max_discount_cents: number | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** One use of a coupon by an order: reserved when placed, used when paid, released when it fails. */
export interface CouponRedemptionsTable {
  id: Generated<number>;
  tenant_id: number;
  coupon_id: number;
  user_id: number | null;
  guest_id: number | null;
  order_id: number;
  status: 'reserved' | 'used' | 'released';
  reserved_at: Timestamp;
  used_at: Timestamp | null;
  released_at: Timestamp | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface OrderCountersTable {
  tenant_id: number;
  last_number: number;
  /** Signs guest confirmation links when ORDER_LINK_SECRET is not configured. */
  link_secret: string;
}

export type OrderStatusValue =
  | 'pending_payment'
  | 'placed'
  | 'accepted'
  | 'preparing'
  | 'ready'
  | 'out_for_delivery'
  | 'completed'
  | 'cancelled'
  | 'refunded';
export type PaymentStatusValue = 'unpaid' | 'pending' | 'paid' | 'failed' | 'refunded';

export interface OrdersTable {
  id: Generated<number>;
  tenant_id: number;
  restaurant_id: number;
  user_id: number | null;
  guest_id: number | null;
  /** Human, per tenant: '1001', '1002', … */
  order_number: string;
  status: OrderStatusValue;
  method: FulfilmentMethod;
  /** Restaurant-local date and 'HH:MM' or 'asap' as chosen; null for dine-in. */
  pickup_date: string | null;
  pickup_time: string | null;
  scheduled_for: Timestamp | null;
  /** The kitchen slot the order took (released when it is cancelled). */
  slot_start: Timestamp | null;
  table_id: string | null;
  special_instructions: string | null;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  /** JSON of the delivery address (contract deliveryAddressSchema), delivery only. */
  delivery_address: string | null;
  payment_method: 'card' | 'cash_on_delivery';
  payment_status: PaymentStatusValue;
  payment_provider: 'sandbox' | 'stripe' | null;
  payment_id: string | null;
  refund_id: string | null;
  /** When the order's money went back (decision 044); null unless refunded. */
  refunded_at: Generated<Timestamp | null>;
  /** The back-office user whose move first took the order forward (decision 047); null until then. */
  handled_by_user_id: Generated<number | null>;
  currency: string;
  subtotal_cents: number;
  discount_cents: number;
  tax_cents: number;
  delivery_cents: number;
  surcharge_cents: number;
  gift_card_cents: Generated<number>;
  loyalty_cents: Generated<number>;
  /** Added by the customer on top of the total, paid with the order's payment (decision 040). */
  tip_cents: Generated<number>;
  /** The tax in the tip when the tenant's tips bear tax (decision 044), fixed when placed; else 0. */
  tip_tax_cents: Generated<number>;
  total_cents: number;
  amount_due_cents: number;
  item_count: number;
  coupon_code: string | null;
  coupon_id: number | null;
  /** JSON { lines, adjustments }: what was ordered and priced, never changed afterwards. */
  snapshot: string;
  /** sha256 of the guest confirmation link's token. */
  access_token_hash: string;
  ready_at: Timestamp | null;
  cancel_reason: string | null;
  placed_at: Timestamp | null;
  /** When what the order reserved (slot, coupon use, …) was given back; set once. */
  released_at: Timestamp | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface OrderStatusHistoryTable {
  id: Generated<number>;
  tenant_id: number;
  order_id: number;
  status: OrderStatusValue;
  note: string | null;
  created_at: Timestamp;
}

export interface OrderIdempotencyKeysTable {
  id: Generated<number>;
  tenant_id: number;
  /** 'user:ID' or 'guest:ID'. */
  owner_key: string;
  /** sha256 of the client's Idempotency-Key. */
  key_hash: string;
  /** sha256 of the first request's body: the same key with another body is refused. */
  fingerprint: string;
  order_id: number | null;
  created_at: Timestamp;
}

export interface PaymentEventsTable {
  id: Generated<number>;
  tenant_id: number;
  provider: string;
  event_id: string;
  type: string;
  payment_id: string;
  created_at: Timestamp;
}

export interface SandboxPaymentsTable {
  id: string;
  tenant_id: number;
  order_id: number | null;
  amount_cents: number;
  currency: string;
  description: string;
  status: 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'failed' | 'cancelled';
  error: string | null;
  card_last4: string | null;
  idempotency_key: string;
  refunded_cents: Generated<number>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface SandboxRefundsTable {
  id: string;
  tenant_id: number;
  payment_id: string;
  amount_cents: number;
  idempotency_key: string;
  created_at: Timestamp;
}

/** Per-tenant gift card limits (decision 019). */
export interface GiftCardSettingsTable {
  id: Generated<number>;
  tenant_id: number;
  enabled: Generated<number>;
  min_amount: number;
  max_amount: number;
  /** JSON list of preset amounts in cents. */
  presets: string;
  valid_months: number | null;
  max_delivery_days: Generated<number>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export type GiftCardStatus = 'pending_payment' | 'active' | 'void';

export interface GiftCardsTable {
  id: Generated<number>;
  tenant_id: number;
  /** SHA-256 of the normalised code; null until the code is made at delivery. */
  code_hash: string | null;
  last4: string | null;
  initial_amount: number;
  /** Kept equal to the ledger's sum by conditional updates in the ledger's transaction. */
  balance: Generated<number>;
  currency: string;
  status: GiftCardStatus;
  source: 'purchase' | 'staff';
  recipient_name: string;
  recipient_email: string;
  sender_name: string;
  message: string | null;
  purchaser_email: string;
  purchaser_user_id: number | null;
  issued_by_user_id: number | null;
  deliver_on: string | null;
  deliver_at: Timestamp;
  delivering_at: Timestamp | null;
  delivered_at: Timestamp | null;
  expires_at: Timestamp | null;
  payment_provider: string | null;
  payment_id: string | null;
  idempotency_key: string | null;
  request_fingerprint: string | null;
  void_reason: string | null;
  /** A purchase refunded to its buyer from the back office (decision 022): the amount sent back. */
  refunded_amount: Generated<number | null>;
  refunded_at: Generated<Timestamp | null>;
  /** The provider's refund id; null while the refund is sent and not yet confirmed. */
  refund_id: Generated<string | null>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export type GiftCardLedgerKind = 'issue' | 'redeem' | 'release' | 'refund' | 'void';

/** Append-only. */
export interface GiftCardLedgerTable {
  id: Generated<number>;
  tenant_id: number;
  gift_card_id: number;
  kind: GiftCardLedgerKind;
  amount: number;
  balance_after: number;
  order_id: number | null;
  note: string | null;
  created_by_user_id: number | null;
  created_at: Timestamp;
}

export interface LoyaltySettingsTable {
  id: Generated<number>;
  tenant_id: number;
  enabled: Generated<number>;
  points_per_dollar: number;
  redeem_points: number;
  redeem_value_cents: number;
  min_redeem_points: number;
  expiry_months: number;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface LoyaltyAccountsTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  balance: Generated<number>;
  last_activity_at: Timestamp;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export type LoyaltyLedgerKind = 'earn' | 'redeem' | 'release' | 'reverse' | 'expire' | 'adjust';

/** Append-only. */
export interface LoyaltyLedgerTable {
  id: Generated<number>;
  tenant_id: number;
  account_id: number;
  kind: LoyaltyLedgerKind;
  points: number;
  balance_after: number;
  order_id: number | null;
  order_number: string | null;
  /** Why staff adjusted the points (`adjust` only); the customer sees it. */
  note: Generated<string | null>;
  created_by_user_id: Generated<number | null>;
  idempotency_key: Generated<string | null>;
  created_at: Timestamp;
}

/** Tips per fulfilment method (decision 040): no row, tips are off. */
export interface TipSettingsTable {
  id: Generated<number>;
  tenant_id: number;
  pickup: number;
  delivery: number;
  dine_in: number;
  /** JSON list of whole percentages. */
  presets: string;
  allow_custom: number;
  /** 1 when tips bear the tenant's tax (decision 044). */
  taxed: Generated<number>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface Database {
  tenants: TenantsTable;
  restaurants: RestaurantsTable;
  restaurant_hours: RestaurantHoursTable;
  app_settings: AppSettingsTable;
  content_pages: ContentPagesTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  mail_outbox: MailOutboxTable;
  users: UsersTable;
  guests: GuestsTable;
  auth_tokens: AuthTokensTable;
  one_time_codes: OneTimeCodesTable;
  auth_attempts: AuthAttemptsTable;
  addresses: AddressesTable;
  sms_outbox: SmsOutboxTable;
  reservation_settings: ReservationSettingsTable;
  reservation_hours: ReservationHoursTable;
  reservation_closures: ReservationClosuresTable;
  reservation_slots: ReservationSlotsTable;
  reservation_customer_days: ReservationCustomerDaysTable;
  reservations: ReservationsTable;
  categories: CategoriesTable;
  products: ProductsTable;
  restaurant_products: RestaurantProductsTable;
  attributes: AttributesTable;
  attribute_values: AttributeValuesTable;
  modifier_groups: ModifierGroupsTable;
  restaurant_product_modifiers: RestaurantProductModifiersTable;
  modifier_configurations: ModifierConfigurationsTable;
  deals: BundlesTable;
  combo_products: BundlesTable;
  deal_component_types: BundleSlotsTable;
  combo_product_slots: BundleSlotsTable;
  slot_choices: SlotChoicesTable;
  catalogue_versions: CatalogueVersionsTable;
  pricing_versions: PricingVersionsTable;
  catalogue_publishes: CataloguePublishesTable;
  cart_items: CartItemsTable;
  wishlist_items: WishlistItemsTable;
  fulfilment_settings: FulfilmentSettingsTable;
  delivery_zones: DeliveryZonesTable;
  kitchen_slots: KitchenSlotsTable;
  coupons: CouponsTable;
  offers: OffersTable;
  coupon_redemptions: CouponRedemptionsTable;
  order_counters: OrderCountersTable;
  orders: OrdersTable;
  order_status_history: OrderStatusHistoryTable;
  order_idempotency_keys: OrderIdempotencyKeysTable;
  payment_events: PaymentEventsTable;
  sandbox_payments: SandboxPaymentsTable;
  sandbox_refunds: SandboxRefundsTable;
  staff_restaurants: StaffRestaurantsTable;
  ordering_controls: OrderingControlsTable;
  gift_card_settings: GiftCardSettingsTable;
  gift_cards: GiftCardsTable;
  gift_card_ledger: GiftCardLedgerTable;
  loyalty_settings: LoyaltySettingsTable;
  loyalty_accounts: LoyaltyAccountsTable;
  loyalty_ledger: LoyaltyLedgerTable;
  tip_settings: TipSettingsTable;
  job_runs: JobRunsTable;
  restaurant_closures: RestaurantClosuresTable;
  restaurant_special_hours: RestaurantSpecialHoursTable;
  dining_tables: DiningTablesTable;
  invitations: InvitationsTable;
}

/** Hours of their own on one local date for one method, replacing that weekday's (decision 043). */
export interface RestaurantSpecialHoursTable {
  id: Generated<number>;
  tenant_id: number;
  restaurant_id: number;
  /** Restaurant-local 'YYYY-MM-DD'. */
  date: string;
  method: FulfilmentMethod;
  /** 'HH:MM' local; closes_at after opens_at. */
  opens_at: string;
  closes_at: string;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** A day a restaurant is closed outside its weekly hours: a public holiday or a closure (decision 037). */
export interface RestaurantClosuresTable {
  id: Generated<number>;
  tenant_id: number;
  restaurant_id: number;
  /** Restaurant-local 'YYYY-MM-DD'. */
  date: string;
  /** null: closed for every method. */
  method: FulfilmentMethod | null;
  reason: Generated<string>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** A dine-in table; its QR code opens the dine-in menu with this name as the table. */
export interface DiningTablesTable {
  id: Generated<number>;
  tenant_id: number;
  restaurant_id: number;
  /** Unique per restaurant. */
  name: string;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** An owner's invitation to run the business with them (decision 036); only the token's hash is kept. */
export interface InvitationsTable {
  id: Generated<number>;
  tenant_id: number;
  /** Lower-cased. */
  email: string;
  role: 'staff' | 'manager' | 'owner';
  /** JSON array of restaurant ids the invitee will work at (owners manage every restaurant). */
  restaurant_ids: Generated<string>;
  /** SHA-256 of the one-time token sent in the link. */
  token_hash: string;
  invited_by: number | null;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** A background job's lease (decision 030); platform-wide, so no tenant_id. */
export interface JobRunsTable {
  name: string;
  holder: string | null;
  started_at: Timestamp | null;
  lease_until: Timestamp | null;
  finished_at: Timestamp | null;
  runs: Generated<number>;
  failures: Generated<number>;
  last_error: string | null;
}

export type Tenant = Selectable<TenantsTable>;
export type NewTenant = Insertable<TenantsTable>;
export type Restaurant = Selectable<RestaurantsTable>;
export type NewRestaurant = Insertable<RestaurantsTable>;
export type NewRestaurantHours = Insertable<RestaurantHoursTable>;
export type NewAppSettings = Insertable<AppSettingsTable>;
export type AppSettings = Selectable<AppSettingsTable>;
export type User = Selectable<UsersTable>;
export type Guest = Selectable<GuestsTable>;
export type Address = Selectable<AddressesTable>;
export type ReservationSettings = Selectable<ReservationSettingsTable>;
export type ReservationRow = Selectable<ReservationsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type GiftCardRow = Selectable<GiftCardsTable>;
export type GiftCardLedgerRow = Selectable<GiftCardLedgerTable>;
export type LoyaltyLedgerRow = Selectable<LoyaltyLedgerTable>;
