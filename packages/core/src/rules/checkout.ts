/**
 * Spec §5 checkout step 1: valid only if all of these hold
 * - for non dine_in, pickupDate and pickupTime are set;
 * - for guests, guest name, email and phone_no are all present;
 * - for delivery, shipping formattedAddress, city, postcode and suburb are all present and there
 *   is no delivery error.
 * "Present" means not blank: a value of only spaces is not an answer.
 */
export interface CheckoutStep1Input {
  deliveryMethod: 'pickup' | 'delivery' | 'dine_in';
  pickupDate: string | null;
  pickupTime: string | null;
  shippingDetails: { formattedAddress: string; city: string; postcode: string; suburb: string };
  guestDetails: { name: string; email: string; phone_no: string };
  deliveryError: string | null;
  /** No signed-in user: the checkout is a guest's. */
  isGuest: boolean;
}

const present = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

export function isCheckoutStep1Valid(input: CheckoutStep1Input): boolean {
  if (input.deliveryMethod !== 'dine_in' && !(present(input.pickupDate) && present(input.pickupTime))) return false;
  if (input.isGuest) {
    const { name, email, phone_no } = input.guestDetails;
    if (!(present(name) && present(email) && present(phone_no))) return false;
  }
  if (input.deliveryMethod === 'delivery') {
    const { formattedAddress, city, postcode, suburb } = input.shippingDetails;
    if (!(present(formattedAddress) && present(city) && present(postcode) && present(suburb))) return false;
    if (present(input.deliveryError)) return false;
  }
  return true;
}
