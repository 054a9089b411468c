import type { PaymentProvider, ProviderPayment } from '../payments/provider.js';
import type { PaymentRegistry } from '../payments/registry.js';
import { toPaymentSession } from '../payments/service.js';
import type { GiftCardPayments } from './service.js';

/** What gift cards need from the payment provider registry (decisions 015 and 019). */
export interface ProviderLookup {
  /** The tenant's provider for new payments, with its public key. */
  forTenant(tenantId: number): Promise<{ provider: PaymentProvider; publishableKey: string | null }>;
  /** A provider by name (the one a purchase was started with). */
  named(tenantId: number, name: PaymentProvider['name']): Promise<PaymentProvider>;
}

/** Gift card purchases use the tenant-wide gateway settings (no restaurant is involved). */
export function providerLookup(registry: PaymentRegistry): ProviderLookup {
  return {
    async forTenant(tenantId) {
      const settings = await registry.settingsFor(tenantId, null);
      const { provider } = await registry.named(tenantId, settings.config.provider);
      return { provider, publishableKey: settings.config.publishable_key ?? null };
    },
    async named(tenantId, name) {
      return (await registry.named(tenantId, name)).provider;
    },
  };
}

/** The sandbox's card form submit and challenge, when the provider is the sandbox. */
export interface SandboxCardProvider extends PaymentProvider {
  confirm(
    paymentId: string,
    card: { card_number: string; exp_month: number; exp_year: number; cvc: string },
  ): Promise<ProviderPayment>;
  challenge(paymentId: string, approve: boolean): Promise<ProviderPayment>;
}

export const isSandbox = (provider: PaymentProvider): provider is SandboxCardProvider =>
  provider.name === 'sandbox' && 'confirm' in provider && 'challenge' in provider;

/** Gift card purchases paid through the same providers as orders. */
export function giftCardPayments(lookup: ProviderLookup): GiftCardPayments {
  return {
    async create(input) {
      const { provider, publishableKey } = await lookup.forTenant(input.tenantId);
      const payment = await provider.create({
        // Not an order: the provider's order reference stays 0, so order webhooks never match it.
        orderId: 0,
        tenantId: input.tenantId,
        amountCents: input.amountCents,
        currency: input.currency,
        description: input.description,
        idempotencyKey: input.idempotencyKey,
        customerEmail: input.customerEmail,
        metadata: { gift_card_id: input.giftCardId },
      });
      return toPaymentSession(payment, provider.name, publishableKey);
    },
    async retrieve(tenantId, name, paymentId) {
      const provider = await lookup.named(tenantId, name as PaymentProvider['name']);
      return toPaymentSession(await provider.retrieve(paymentId), provider.name, null);
    },
    async refund({ tenantId, provider, ...refund }) {
      return (await lookup.named(tenantId, provider as PaymentProvider['name'])).refund(refund);
    },
    async sandboxConfirm(tenantId, paymentId, card) {
      const provider = await lookup.named(tenantId, 'sandbox');
      if (!isSandbox(provider)) throw new Error('the sandbox provider cannot take cards');
      return toPaymentSession(await provider.confirm(paymentId, card), 'sandbox', null);
    },
    async sandboxChallenge(tenantId, paymentId, approve) {
      const provider = await lookup.named(tenantId, 'sandbox');
      if (!isSandbox(provider)) throw new Error('the sandbox provider cannot take cards');
      return toPaymentSession(await provider.challenge(paymentId, approve), 'sandbox', null);
    },
  };
}
