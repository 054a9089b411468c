import type { PaymentIntentResult, Stripe } from '@stripe/stripe-js';
import { vi } from 'vitest';

export type ConfirmResult = PaymentIntentResult;

/**
 * A stand-in for Stripe.js at its boundary (js.stripe.com cannot be loaded here): the Elements
 * group, a Payment Element whose `ready` the test fires, and confirmPayment answering as told.
 */
export function standIn(confirm: () => Promise<ConfirmResult>) {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const element = {
    mount: vi.fn(),
    destroy: vi.fn(),
    update: vi.fn(),
    on: vi.fn((event: string, cb: (...args: unknown[]) => void) => {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)?.add(cb);
    }),
    off: vi.fn((event: string, cb: (...args: unknown[]) => void) => listeners.get(event)?.delete(cb)),
    emit: (event: string, payload?: unknown) => {
      for (const cb of listeners.get(event) ?? []) cb(payload);
    },
  };
  const elements = { create: vi.fn(() => element), update: vi.fn(), getElement: vi.fn(() => element) };
  const stripe = {
    elements: vi.fn(() => elements),
    confirmPayment: vi.fn(confirm),
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(),
  };
  return { stripe, elements, element, instance: stripe as unknown as Stripe };
}
