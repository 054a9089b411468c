import { deliveryAddressSchema, guestDetailsSchema } from '@orderfront/core';
import { z } from 'zod';
import type { CheckoutGuestDetails, ShippingDetails } from '../stores/checkout-store';

/** Step 1's typed fields, as the checkout store keeps them (spec §3). */
export type DetailsFormValues = CheckoutGuestDetails & ShippingDetails;

const address = deliveryAddressSchema.shape;

/**
 * Step 1's checks (spec §5): a guest's details and a delivery address by the contract's own field
 * rules, each on the field the customer typed it in.
 */
export function detailsFormSchema({ guest, delivery }: { guest: boolean; delivery: boolean }) {
  const schema = z.object({
    ...(guest ? guestDetailsSchema.shape : {}),
    ...(delivery
      ? {
          formattedAddress: address.formatted_address,
          suburb: address.suburb,
          city: address.city,
          postcode: address.postcode,
        }
      : {}),
  });
  return schema as unknown as z.ZodType<Partial<DetailsFormValues>, DetailsFormValues>;
}
