import type { GiftCardOptions, PaymentSession } from '@orderfront/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Tenant } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../mail/service.js';
import { tenantService } from '../tenants/service.js';
import { giftCardRepository } from './repository.js';
import { giftCardSettingsOf } from './settings.js';

/**
 * Card payments for gift card purchases, through the payment provider registry (decision 019;
 * wired in routes.ts). `status` is always the provider's own view, never the client's word.
 */
export interface GiftCardPayments {
  create(input: {
    tenantId: number;
    giftCardId: number;
    amountCents: number;
    currency: string;
    description: string;
    idempotencyKey: string;
    customerEmail: string;
  }): Promise<PaymentSession>;
  retrieve(tenantId: number, provider: string, paymentId: string): Promise<PaymentSession>;
  /** The sandbox's card form (test mode): the card decides the outcome. */
  sandboxConfirm(
    tenantId: number,
    paymentId: string,
    card: { card_number: string; exp_month: number; exp_year: number; cvc: string },
  ): Promise<PaymentSession>;
  sandboxChallenge(tenantId: number, paymentId: string, approve: boolean): Promise<PaymentSession>;
  /** Gives money back on a purchase's payment; the idempotency key makes a retry refund once. */
  refund(input: {
    tenantId: number;
    provider: string;
    paymentId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ refundId: string }>;
}

export interface GiftCardDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicBaseUrl'>;
  log: FastifyBaseLogger;
  payments?: GiftCardPayments;
  /** Signs a purchase's secret with the tenant's link secret (the order service's). */
  sign: (tenantId: number, subject: string) => Promise<string>;
  now?: () => Date;
}

/** What every part of the gift card service shares: its dependencies, the clock, the tenant and its options. */
export function giftCardContext(deps: GiftCardDeps) {
  const tenants = tenantService(deps.db);

  async function tenantOf(tenantId: number) {
    const tenant = await tenants.byId(tenantId);
    if (!tenant) throw new AppError('not_found', 'Business not found');
    return tenant;
  }

  /** The tenant's gift card options; given the tenant row when the caller has read it already. */
  async function options(tenant: number | Pick<Tenant, 'id' | 'currency'>): Promise<GiftCardOptions> {
    const row = typeof tenant === 'number' ? await tenantOf(tenant) : tenant;
    return { ...(await giftCardSettingsOf(deps.db, row.id)), currency: row.currency };
  }

  return {
    ...deps,
    now: deps.now ?? (() => new Date()),
    cards: giftCardRepository(deps.db),
    tenantOf,
    options,
  };
}

export type GiftCardContext = ReturnType<typeof giftCardContext>;
