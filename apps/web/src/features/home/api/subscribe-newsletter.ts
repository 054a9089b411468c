import type { NewsletterSubscriptionBody } from '@orderfront/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /v2/newsletter-subscriptions */
export function subscribeNewsletter(body: NewsletterSubscriptionBody) {
  return api<{ subscribed: true }>('/v2/newsletter-subscriptions', { method: 'POST', body });
}

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeNewsletter });
}
