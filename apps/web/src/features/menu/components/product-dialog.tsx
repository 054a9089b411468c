import { type AddProductPayload, type MenuProduct, priceProductLine } from '@orderfront/core';
import { useId, useRef, useState } from 'react';
import { formatAdjustment, formatMoney } from '@/lib/money';
import { defaultAttributeValues, type Picks, productCartPayload, toModifierPicks } from '../lib/selection';
import { AddToCartFooter } from './add-to-cart-footer';
import { Modal } from './modal';
import { ModifierGroupField } from './modifier-group-field';
import { NotesField } from './notes-field';
import { imageSizes, ProductImage } from './product-image';

const noPicks: Picks = new Map();

/**
 * Choose a product's size, modifiers (within their min/max), half-and-half halves, notes and
 * quantity. The live price comes from the core pricing rules the server uses; "Add to cart"
 * hands the spec §7 POST /v2/cart body to `onAddToCart`.
 */
export function ProductDialog({
  restaurantId,
  product,
  halves,
  onClose,
  onAddToCart,
}: {
  restaurantId: number;
  product: MenuProduct;
  /** Other products that can make the second half (available, half-and-half). */
  halves: MenuProduct[];
  onClose: () => void;
  onAddToCart: (payload: AddProductPayload) => void;
}) {
  const id = useId();
  const body = useRef<HTMLDivElement>(null);
  const [attributeValues, setAttributeValues] = useState(() => defaultAttributeValues(product));
  const [picks, setPicks] = useState<Picks>(noPicks);
  const [halfAndHalf, setHalfAndHalf] = useState(false);
  const [secondId, setSecondId] = useState<number | null>(null);
  const [secondPicks, setSecondPicks] = useState<Picks>(noPicks);
  const [notes, setNotes] = useState('');
  const [quantity, setQuantity] = useState(1);
  const [showProblems, setShowProblems] = useState(false);

  const canHalve = product.is_half_and_half && halves.length > 0;
  const second = halfAndHalf ? halves.find((h) => h.id === secondId) : undefined;
  const price = priceProductLine(product, {
    attribute_values: attributeValues,
    modifiers: toModifierPicks(picks),
    quantity,
    second_half: second ? { product: second, modifiers: toModifierPicks(secondPicks) } : undefined,
  });
  const problems: Record<string, string> = { ...price.problems };
  if (halfAndHalf && !second) problems['half:product'] = 'Choose the second half';

  function add() {
    if (Object.keys(problems).length > 0) {
      setShowProblems(true);
      // Let the messages render, then take the customer to the first one.
      requestAnimationFrame(() => {
        body.current?.querySelector<HTMLElement>('[data-problem="true"]')?.scrollIntoView?.({ block: 'center' });
      });
      return;
    }
    onAddToCart(
      productCartPayload({
        restaurantId,
        product,
        attributeValues,
        picks,
        quantity,
        notes,
        secondHalf: second ? { product: second, picks: secondPicks } : undefined,
      }),
    );
  }

  const problem = (key: string) => (showProblems ? problems[key] : undefined);

  return (
    <Modal
      title={product.products.name}
      onClose={onClose}
      footer={<AddToCartFooter quantity={quantity} onQuantity={setQuantity} total={price.total} onAdd={add} />}
    >
      <div ref={body} className="flex flex-col gap-4">
        <ProductImage
          src={product.products.image.image_url}
          sizes={imageSizes.sheet}
          className="aspect-[4/3] w-full rounded-lg object-cover sm:aspect-[2/1]"
        />
        <p className="text-stone-700">{product.products.description}</p>

        {product.attributes.map((attribute) => (
          <fieldset
            key={attribute.id}
            className="rounded-lg border border-stone-200 p-3"
            data-problem={problem(`attribute:${attribute.id}`) ? 'true' : undefined}
          >
            <legend className="px-1 font-semibold">{attribute.display_name}</legend>
            {problem(`attribute:${attribute.id}`) && (
              <p className="mb-2 font-medium text-red-700 text-sm">{problem(`attribute:${attribute.id}`)}</p>
            )}
            <div className="flex flex-wrap gap-2">
              {attribute.values.map((value) => (
                <label
                  key={value.id}
                  className="flex min-h-10 cursor-pointer items-center gap-2 rounded-full border border-stone-300 px-3 py-1 has-[:checked]:border-primary has-[:checked]:bg-primary-light"
                >
                  <input
                    type="radio"
                    name={`${id}-attribute-${attribute.id}`}
                    checked={attributeValues[attribute.id] === value.id}
                    onChange={() => setAttributeValues((v) => ({ ...v, [attribute.id]: value.id }))}
                    className="accent-primary"
                  />
                  {value.display_value}
                  {value.price_adjustment !== 0 && (
                    <span className="text-sm text-stone-700">{formatAdjustment(value.price_adjustment)}</span>
                  )}
                </label>
              ))}
            </div>
          </fieldset>
        ))}

        {canHalve && (
          <label className="flex items-center gap-2 font-semibold">
            <input
              type="checkbox"
              checked={halfAndHalf}
              onChange={(e) => setHalfAndHalf(e.target.checked)}
              className="size-4 accent-primary"
            />
            Make it half-and-half
          </label>
        )}

        {halfAndHalf && <h3 className="font-bold text-lg">First half: {product.products.name}</h3>}
        {product.modifier_groups.map((group) => (
          <ModifierGroupField
            key={group.id}
            group={group}
            picks={picks}
            onChange={setPicks}
            problem={problem(`modifiers:${group.id}`)}
          />
        ))}

        {halfAndHalf && (
          <section aria-label="Second half" className="flex flex-col gap-3">
            <div className="flex flex-col gap-1" data-problem={problem('half:product') ? 'true' : undefined}>
              <label htmlFor={`${id}-second`} className="font-bold text-lg">
                Second half
              </label>
              <select
                id={`${id}-second`}
                value={secondId ?? ''}
                onChange={(e) => {
                  setSecondId(e.target.value ? Number(e.target.value) : null);
                  setSecondPicks(noPicks);
                }}
                aria-invalid={Boolean(problem('half:product'))}
                aria-describedby={problem('half:product') ? `${id}-second-problem` : undefined}
                className="rounded-md border border-stone-300 px-3 py-2"
              >
                <option value="">Choose a pizza…</option>
                {halves.map((h) => (
                  <option key={h.id} value={h.id}>
                    {h.products.name} ({formatMoney(h.unit_price)})
                  </option>
                ))}
              </select>
              {problem('half:product') && (
                <span id={`${id}-second-problem`} className="font-medium text-red-700 text-sm">
                  {problem('half:product')}
                </span>
              )}
            </div>
            {second?.modifier_groups.map((group) => (
              <ModifierGroupField
                key={group.id}
                group={{ ...group, name: `${group.name} on ${second.products.name}` }}
                picks={secondPicks}
                onChange={setSecondPicks}
                problem={problem(`half:${group.id}`)}
              />
            ))}
            <p className="text-sm text-stone-600">
              A half-and-half costs the dearer half, plus each half&apos;s extras.
            </p>
          </section>
        )}

        <NotesField value={notes} onChange={setNotes} placeholder="Anything the kitchen should know?" />
      </div>
    </Modal>
  );
}
