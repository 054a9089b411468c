import { type CartItem, type PlacedOrder, splitPayment } from '@orderfront/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '@/components/ui/link';
import { linkClass } from '@/components/ui/styles';
import { refetchCarts, useCart } from '@/features/cart/api/get-cart';
import { itemName } from '@/features/cart/lib/item-name';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { DetailsStep } from '@/features/checkout/components/details-step';
import { OrderSummary, type SummaryCart } from '@/features/checkout/components/order-summary';
import { PaymentStep } from '@/features/checkout/components/payment-step';
import { selectDeliveryCents, useCheckoutStore } from '@/features/checkout/stores/checkout-store';
import { GiftCardField } from '@/features/gift-cards/components/gift-card-field';
import { PointsField } from '@/features/loyalty/components/points-field';
import { useConfigStore } from '@/features/settings/stores/config-store';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import { saveOrderAccess } from '@/lib/order-access';
import { useRestaurantId } from './catalogue-routes';

/**
 * The checkout routes compose the cart (lines and the server's totals), the selected restaurant,
 * the tenant's payment settings and the checkout feature.
 */

function details(item: CartItem): string[] {
  const out = item.cart_configurations.map((c) => c.attribute_values.display_value);
  for (const m of item.cart_modifiers) out.push(m.restaurant_product_modifiers.modifier.name);
  for (const half of item.cart_portions) out.push(`Half: ${half.products.name}`);
  for (const child of item.deal_component_types) out.push(child.products.name);
  return out;
}

function useSummaryCart(): { cart: SummaryCart | null; loading: boolean; empty: boolean } {
  const { data, isPending, fetchStatus } = useCart();
  const loading = isPending && fetchStatus !== 'idle';
  if (!data) return { cart: null, loading, empty: !loading };
  const totals = data.totals;
  return {
    loading: false,
    empty: data.items.length === 0,
    cart: {
      lines: data.items.map((item) => ({
        id: item.id,
        name: itemName(item),
        quantity: item.quantity,
        total: item.discounted_item_total,
        details: details(item),
      })),
      subtotal: totals.subtotal,
      discount: totals.discount,
      surcharge: totals.surcharge,
      tax: totals.tax,
      total: data.total,
    },
  };
}

function EmptyCart({ menu }: { menu: string }) {
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-3 px-4 py-16">
      <h1 className="font-extrabold text-3xl">Checkout</h1>
      <p className="text-stone-700">Your cart is empty.</p>
      <Link to={menu} className={`${linkClass} self-start`}>
        Back to the menu
      </Link>
    </section>
  );
}

/** A returning guest's details (kept on the guest user) fill an empty checkout. */
export function prefillGuestDetails() {
  const { guestUser } = useAuthStore.getState();
  const checkout = useCheckoutStore.getState();
  const empty = Object.values(checkout.guestDetails).every((v) => !v.trim());
  if (guestUser && empty) {
    checkout.setGuestDetails({ name: guestUser.name, email: guestUser.email, phone_no: guestUser.phone_no });
  }
}

export function CheckoutDetailsRoute({ dineIn = false }: { dineIn?: boolean }) {
  const navigate = useNavigate();
  const restaurantId = useRestaurantId();
  const { cart, loading, empty } = useSummaryCart();
  if (empty) return <EmptyCart menu={dineIn ? '/dine-in-menu' : '/menu'} />;
  return (
    <DetailsStep
      restaurantId={restaurantId}
      dineIn={dineIn}
      summary={<OrderSummary cart={cart} loading={loading} />}
      onContinue={() => navigate(dineIn ? '/dine-in-menu/checkout/payment' : '/checkout/payment')}
    />
  );
}

export function CheckoutPaymentRoute({ dineIn = false }: { dineIn?: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const restaurantId = useRestaurantId();
  const couponCode = useCartStore((s) => s.couponCode);
  const gateway = useConfigStore((s) => s.paymentConfig);
  const { cart, loading } = useSummaryCart();
  const user = useAuthStore((s) => (selectIsLoggedIn(s) ? s.user : null));
  const giftCard = useCheckoutStore((s) => s.appliedGiftCard);
  const setGiftCard = useCheckoutStore((s) => s.setAppliedGiftCard);
  const delivery = useCheckoutStore(selectDeliveryCents);
  const [points, setPoints] = useState({ points: 0, cents: 0 });
  // Known once the code is checked on this page; the server reserves the real amount with the order.
  const [giftCardBalance, setGiftCardBalance] = useState<number | null>(null);
  const orderTotal = (cart?.total ?? 0) + delivery;
  const split = splitPayment({
    totalCents: orderTotal,
    loyaltyCents: user ? points.cents : 0,
    giftCardBalanceCents: giftCard ? (giftCardBalance ?? 0) : 0,
  });

  function placed({ order, access_token }: PlacedOrder) {
    const checkout = useCheckoutStore.getState();
    const table = checkout.tableId;
    // Spec §4: guest data merges into the guest user, so the next checkout starts filled in.
    const auth = useAuthStore.getState();
    if (!selectIsLoggedIn(auth)) auth.setGuestData(checkout.guestDetails);
    checkout.reset();
    // At a table the next order goes to the same table.
    if (dineIn && table) checkout.startDineIn(table);
    useCartStore.getState().setCouponCode(null);
    if (!selectIsLoggedIn(useAuthStore.getState())) saveOrderAccess(order.id, access_token);
    void refetchCarts(queryClient);
    if (dineIn) {
      navigate(`/dine-in/order/confirmation/${order.id}`);
    } else {
      navigate('/checkout/success');
    }
  }

  return (
    <PaymentStep
      restaurantId={restaurantId}
      dineIn={dineIn}
      couponCode={couponCode}
      gateway={gateway}
      summary={<OrderSummary cart={cart} loading={loading} split={split} />}
      backTo={dineIn ? '/dine-in-menu/checkout' : '/checkout'}
      onPlaced={placed}
      loyaltyPoints={user ? points.points : 0}
      fullyPaid={cart !== null && orderTotal > 0 && split.fully_paid}
      extras={
        <>
          {user && (
            <PointsField
              userId={user.id}
              totalCents={orderTotal}
              points={points.points}
              onChange={(chosen, cents) => setPoints({ points: chosen, cents })}
            />
          )}
          <GiftCardField
            applied={giftCard}
            share={giftCardBalance === null ? null : split.gift_card}
            onApply={(code, balance) => {
              setGiftCard(code);
              setGiftCardBalance(balance);
            }}
            onRemove={() => {
              setGiftCard(null);
              setGiftCardBalance(null);
            }}
          />
        </>
      }
    />
  );
}
