import type { PlaceOrderBody } from '@orderfront/core';
import type { CheckoutState } from '../stores/checkout-store';
import { customTipCents } from './tip-form';

/** The POST /v2/orders body for this checkout state. Prices are never sent: the server prices the cart. */
export function orderBody(
  state: CheckoutState,
  {
    restaurantId,
    isGuest,
    couponCode,
    loyaltyPoints = 0,
  }: { restaurantId: number; isGuest: boolean; couponCode: string | null; loyaltyPoints?: number },
): PlaceOrderBody {
  const method = state.deliveryMethod;
  const body: PlaceOrderBody = {
    restaurant_id: restaurantId,
    method,
    payment_method: state.paymentMethod === 'cashOnDelivery' ? 'cash_on_delivery' : 'card',
  };
  if (method === 'dine_in') {
    if (state.tableId) body.table_id = state.tableId;
  } else {
    body.pickup_date = state.pickupDate;
    body.pickup_time = state.pickupTime;
  }
  if (method === 'delivery') {
    const a = state.shippingDetails;
    body.shipping_details = {
      formatted_address: a.formattedAddress.trim(),
      city: a.city.trim(),
      postcode: a.postcode.trim(),
      suburb: a.suburb.trim(),
    };
  }
  if (isGuest) {
    const g = state.guestDetails;
    body.guest_details = { name: g.name.trim(), email: g.email.trim(), phone_no: g.phone_no.trim() };
  }
  if (state.specialInstructions.trim()) body.special_instructions = state.specialInstructions.trim();
  if (couponCode) body.coupon_code = couponCode;
  if (state.appliedGiftCard) body.gift_card_code = state.appliedGiftCard;
  if (state.tipPercent) body.tip = { percent: state.tipPercent };
  const custom = state.tipCustom === null ? null : customTipCents(state.tipCustom);
  if (custom) body.tip = { amount: custom };
  // Points are for signed-in customers only.
  if (loyaltyPoints > 0 && !isGuest) body.loyalty_points = loyaltyPoints;
  return body;
}
