import type { ContactMessageBody } from '@orderfront/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /v2/contact: mailed to the business's contact email. */
export function sendContactMessage(body: ContactMessageBody) {
  return api<{ sent: true }>('/v2/contact', { method: 'POST', body });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
