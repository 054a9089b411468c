import type { PaymentSession } from '@orderfront/core';

/**
 * A card payment provider (DESIGN.md §2). `sandbox` is built in (test mode, the default);
 * `stripe` talks to Stripe's HTTP API (Payment Intents; card data is entered in Stripe
 * Elements and never reaches our server). The orders module only ever speaks this interface.
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Starts a payment for an order. The idempotency key makes a retry return the same payment. */
  create(input: CreatePaymentInput): Promise<ProviderPayment>;
  /** The provider's current view of a payment (a verified confirm: never the client's word). */
  retrieve(paymentId: string): Promise<ProviderPayment>;
  /** Cancels a payment that has not succeeded (abandoned checkout, rejected order). */
  cancel(paymentId: string): Promise<ProviderPayment>;
  /** Refunds a succeeded payment; the idempotency key makes a retry refund once. */
  refund(input: { paymentId: string; amountCents: number; idempotencyKey: string }): Promise<{ refundId: string }>;
  /**
   * Verifies and parses a webhook. Throws PaymentWebhookError when the signature is missing,
   * wrong or too old; answers null for events we do not act on.
   */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent | null;
}

export interface CreatePaymentInput {
  /** Our order id (stored in the provider's metadata). */
  orderId: number;
  tenantId: number;
  amountCents: number;
  /** ISO 4217, e.g. 'AUD'. */
  currency: string;
  description: string;
  idempotencyKey: string;
  customerEmail?: string | null;
  /** More of our references for the provider's records, e.g. a gift card purchase's id. */
  metadata?: Record<string, string | number>;
}

/**
 * A payment that is not an order's (a gift card purchase): its module claims the provider's events
 * for payments the orders module does not know; answers whether the event was its own.
 */
export type PaymentEventHandler = (
  tenantId: number,
  provider: PaymentProvider['name'],
  event: PaymentEvent,
) => Promise<boolean>;

export interface ProviderPayment {
  id: string;
  status: PaymentSession['status'];
  amountCents: number;
  currency: string;
  clientSecret: string | null;
  /** Customer-facing reason of the last failure, e.g. 'Your card was declined.' */
  error: string | null;
  /** Our order id from the payment's metadata. */
  orderId: number | null;
}

export interface PaymentEvent {
  /** The provider's event id: an event seen before changes nothing. */
  eventId: string;
  type: 'payment_succeeded' | 'payment_failed' | 'payment_cancelled' | 'refunded';
  paymentId: string;
  orderId: number | null;
}

export class PaymentWebhookError extends Error {}

/** Public and secret settings of a tenant's (or restaurant's) gateway (app_settings). */
export interface PaymentGatewayConfig {
  provider: 'sandbox' | 'stripe';
  mode: 'test' | 'live';
  publishable_key?: string | null;
}
export interface PaymentGatewaySecrets {
  secret_key?: string;
  webhook_secret?: string;
  /** Tests point the Stripe adapter at a local fake of Stripe's HTTP API. */
  api_base?: string;
}
