import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** Spec §8: a 401 gets the session-expired toast; anything else the action's own failure toast. */
export function toastWishlistError(error: unknown, failure: string) {
  if (error instanceof ApiError && error.status === 401) {
    toast.error('Authentication error', { description: 'Your session may have expired. Please log in again.' });
  } else {
    toast.error('Error', { description: failure });
  }
}
