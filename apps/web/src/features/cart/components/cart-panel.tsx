import { type CartItem, type CartModifier, responsiveImage } from '@orderfront/core';
import { useId, useState } from 'react';
import { z } from 'zod';
import { icon, Minus, Plus } from '@/components/ui/icon';
import { Link } from '@/components/ui/link';
import { TaxRow } from '@/components/ui/tax-row';
import { ApiError } from '@/lib/api-client';
import { useZodForm } from '@/lib/forms';
import { formatMoney } from '@/lib/money';
import { keepToastsClear } from '@/lib/toast';
import { useCart } from '../api/get-cart';
import {
  useChangeQuantity,
  useClearCart,
  useCoupon,
  useRemoveCartItem,
  useRemoveUnavailable,
} from '../hooks/use-cart-actions';
import { itemName, placeholderImage } from '../lib/item-name';
import { useCartStore } from '../stores/cart-store';

const Trash2 = icon([
  ['path', { d: 'M10 11v6' }],
  ['path', { d: 'M14 11v6' }],
  ['path', { d: 'M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6' }],
  ['path', { d: 'M3 6h18' }],
  ['path', { d: 'M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2' }],
]);

const money = (cents: number) => formatMoney(cents);

function modifierText(modifiers: readonly CartModifier[]): string {
  return modifiers
    .map((m) => {
      const name = m.restaurant_product_modifiers.modifier.name;
      const configs = m.restaurant_product_modifiers.cart_modifier_configurations.map((c) => c.name);
      return `${m.quantity > 1 ? `${m.quantity} × ` : ''}${name}${configs.length ? ` (${configs.join(', ')})` : ''}`;
    })
    .join(', ');
}

function LineDetails({ item }: { item: CartItem }) {
  const details: string[] = [];
  for (const c of item.cart_configurations)
    details.push(`${c.attributes.display_name}: ${c.attribute_values.display_value}`);
  if (item.cart_modifiers.length) details.push(modifierText(item.cart_modifiers));
  for (const [i, half] of item.cart_portions.entries()) {
    const mods = modifierText(half.cart_modifiers);
    details.push(`${i === 0 ? 'First' : 'Second'} half: ${half.products.name}${mods ? ` with ${mods}` : ''}`);
  }
  for (const child of item.deal_component_types) {
    details.push(`${child.name}: ${child.quantity > 1 ? `${child.quantity} × ` : ''}${child.products.name}`);
  }
  if (item.notes) details.push(`Note: ${item.notes}`);
  if (!details.length) return null;
  return (
    <ul className="text-stone-600 text-xs">
      {details.map((d) => (
        <li key={d}>{d}</li>
      ))}
    </ul>
  );
}

function CartLine({ item }: { item: CartItem }) {
  const changeQuantity = useChangeQuantity();
  const remove = useRemoveCartItem();
  const name = itemName(item);
  return (
    <li className="flex gap-3 border-stone-200 border-b py-3" data-testid="cart-line">
      <img
        src={item.image.image_url || placeholderImage}
        srcSet={item.image.image_url ? responsiveImage(item.image.image_url).srcSet : undefined}
        sizes="3.5rem"
        alt=""
        width={56}
        height={56}
        loading="lazy"
        decoding="async"
        className="size-14 shrink-0 rounded-lg bg-stone-100 object-cover"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <p className="font-semibold">{name}</p>
          <p className="shrink-0 font-semibold" data-testid="line-total">
            {item.discounted_item_total !== item.item_total && (
              <s className="mr-1 font-normal text-stone-500">{money(item.item_total)}</s>
            )}
            {money(item.discounted_item_total)}
          </p>
        </div>
        {item.is_half_and_half && <p className="text-primary text-xs">Half and half</p>}
        <LineDetails item={item} />
        <div className="flex items-center gap-2">
          <button
            type="button"
            aria-label={`Decrease quantity of ${name}`}
            onClick={() => changeQuantity(item, item.quantity - 1)}
            className="grid size-9 place-items-center rounded-full border border-stone-300 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary"
          >
            <Minus aria-hidden="true" className="size-4" />
          </button>
          <output aria-label={`Quantity of ${name}`} className="min-w-6 text-center font-medium">
            {item.quantity}
          </output>
          <button
            type="button"
            aria-label={`Increase quantity of ${name}`}
            disabled={item.quantity >= 99}
            onClick={() => changeQuantity(item, item.quantity + 1)}
            className="grid size-9 place-items-center rounded-full border border-stone-300 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-50"
          >
            <Plus aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            aria-label={`Remove ${name}`}
            onClick={() => remove.mutate(item)}
            className="ml-auto grid size-9 place-items-center rounded-full text-stone-700 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary"
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
    </li>
  );
}

/** The code as typed: the server judges it (an unknown code and a malformed one answer alike). */
const couponFormSchema = z.object({ code: z.string() });

function CouponField() {
  const inputId = useId();
  const errorId = useId();
  const applied = useCartStore((s) => s.couponCode);
  const coupon = useCoupon();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors },
  } = useZodForm(couponFormSchema, { defaultValues: { code: '' } });
  const error = errors.code?.message;
  const [busy, setBusy] = useState(false);
  if (applied) {
    return (
      <div className="flex items-center justify-between gap-2 text-sm">
        <span>
          Coupon <strong>{applied}</strong> applied
        </span>
        <button type="button" onClick={coupon.remove} className="font-medium text-primary underline">
          Remove coupon
        </button>
      </div>
    );
  }
  async function submit({ code }: { code: string }) {
    if (!code.trim()) return;
    setBusy(true);
    clearErrors();
    try {
      await coupon.apply(code);
      reset();
    } catch (e) {
      setError('code', { type: 'server', message: e instanceof Error ? e.message : 'Invalid coupon code' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={handleSubmit(submit)} className="flex flex-col gap-1 text-sm">
      <label htmlFor={inputId} className="font-medium">
        Coupon code
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="min-w-0 flex-1 rounded-lg border border-stone-300 px-3 py-2"
          {...register('code')}
        />
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-primary px-4 py-2 font-semibold text-white disabled:opacity-60"
        >
          Apply
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

/**
 * The cart's lines, coupon field and the server's totals (used by the drawer and the /cart page).
 * `checkoutTo` is where its Checkout button goes (the app knows whether it is a dine-in order).
 */
export function CartPanel({ checkoutTo, onCheckout }: { checkoutTo?: string; onCheckout?: () => void }) {
  const { data, error, isPending, isError, refetch, fetchStatus } = useCart();
  const clear = useClearCart();
  const couponCode = useCartStore((s) => s.couponCode);
  const coupon = useCoupon();
  if (isPending && fetchStatus === 'idle') return <p className="py-6 text-stone-700">Your cart is empty.</p>;
  if (isPending) return <p className="py-6 text-stone-700">Loading your cart…</p>;
  if (isError && couponCode && error instanceof ApiError && error.status === 400) {
    // The kept code stopped holding (the cart changed under it): say why and let it go.
    return (
      <div className="flex flex-col gap-2 py-6">
        <p role="alert" className="text-red-700">
          Coupon {couponCode}: {error.message || 'Invalid coupon code'}
        </p>
        <button type="button" onClick={coupon.remove} className="self-start font-medium text-primary underline">
          Remove coupon
        </button>
      </div>
    );
  }
  if (isError) {
    return (
      <div className="flex flex-col gap-2 py-6">
        <p className="text-red-700">Failed to load your cart.</p>
        <button type="button" onClick={() => refetch()} className="self-start font-medium text-primary underline">
          Try Again
        </button>
      </div>
    );
  }
  const gone = data.unavailable ?? [];
  if (!data.items.length && gone.length === 0) return <p className="py-6 text-stone-700">Your cart is empty.</p>;
  if (!data.items.length) return <UnavailableLines lines={gone} />;
  const totals = data.totals;
  const discounts = data.adjustments.filter((a) => a.amount < 0);
  // Inclusive (GST-style) tax is part of the prices: the lines already add up to the total.
  const taxIncluded = totals ? totals.subtotal - totals.discount + totals.surcharge === data.total : true;
  return (
    <div className="flex flex-col gap-4">
      {gone.length > 0 && <UnavailableLines lines={gone} />}
      <ul aria-label="Cart items">
        {data.items.map((item) => (
          <CartLine key={item.id} item={item} />
        ))}
      </ul>
      <CouponField />
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {totals && (
          <>
            <dt>Subtotal</dt>
            <dd className="text-right" data-testid="cart-subtotal">
              {money(totals.subtotal)}
            </dd>
            {discounts.length > 0
              ? discounts.map((a) => (
                  <div key={`${a.reason}-${a.label}`} className="contents" data-testid="cart-adjustment">
                    <dt>{a.label}</dt>
                    <dd className="text-right">−{money(-a.amount)}</dd>
                  </div>
                ))
              : totals.discount > 0 && (
                  <>
                    <dt>Discount</dt>
                    <dd className="text-right">−{money(totals.discount)}</dd>
                  </>
                )}
            {totals.surcharge > 0 && (
              <>
                <dt>Cash surcharge</dt>
                <dd className="text-right">{money(totals.surcharge)}</dd>
              </>
            )}
            {!taxIncluded && <TaxRow amount={money(totals.tax)} included={false} testId="cart-tax" />}
          </>
        )}
        <dt className="font-bold text-base">Total</dt>
        <dd className="text-right font-bold text-base" data-testid="cart-total">
          {money(data.total)}
        </dd>
        {totals && taxIncluded && <TaxRow amount={money(totals.tax)} included testId="cart-tax" />}
      </dl>
      {checkoutTo && (
        <Link
          ref={keepToastsClear}
          to={checkoutTo}
          onClick={onCheckout}
          className="rounded-lg bg-primary px-4 py-2.5 text-center font-semibold text-white hover:bg-primary-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          Checkout
        </Link>
      )}
      <button
        type="button"
        onClick={() => clear.mutate()}
        className="self-start font-medium text-sm text-stone-700 underline hover:text-primary"
      >
        Clear cart
      </button>
    </div>
  );
}

/** Lines the menu no longer offers (changed, sold out, outside its hours): not in the total, each with why. */
function UnavailableLines({ lines }: { lines: readonly { id: number; message: string }[] }) {
  const remove = useRemoveUnavailable();
  return (
    <section aria-label="No longer available" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
      <p className="font-semibold text-amber-900">The menu has changed. Not in your total:</p>
      <ul className="mt-1 flex flex-col gap-1">
        {lines.map((line) => (
          <li key={line.id} className="flex items-center justify-between gap-2">
            <span>{line.message}</span>
            <button type="button" onClick={() => remove.mutate(line.id)} className="font-medium text-primary underline">
              Remove
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
