import { type AddComboToCart, type AddDealToCart, type BundleSlot, bundleUnitPrice, lineTotal } from '@orderfront/core';
import { useState } from 'react';
import { formatAdjustment } from '@/lib/money';
import {
  type BundleKind,
  bundleCartPayload,
  choiceName,
  emptySlotPicks,
  extraPrices,
  isComplete,
  type SlotPicks,
} from '../lib/bundle';
import { AddToCartFooter } from './add-to-cart-footer';
import { Modal } from './modal';
import { NotesField } from './notes-field';

export interface Bundle {
  id: number;
  name: string;
  description: string;
  unit_price: number;
  slots: BundleSlot[];
}

/** Fill every slot of a deal or combo, then add it; the price adds each choice's surcharge. */
export function BundleDialog({
  kind,
  restaurantId,
  bundle,
  onClose,
  onAddToCart,
}: {
  kind: BundleKind;
  restaurantId: number;
  bundle: Bundle;
  onClose: () => void;
  onAddToCart: (payload: AddDealToCart | AddComboToCart) => void;
}) {
  const [picks, setPicks] = useState<SlotPicks>(() => emptySlotPicks(bundle.slots));
  const [quantity, setQuantity] = useState(1);
  const [notes, setNotes] = useState('');
  const [showProblems, setShowProblems] = useState(false);
  const unit = bundleUnitPrice({ base: bundle.unit_price, extra_prices: extraPrices(bundle.slots, picks) });
  const complete = isComplete(bundle.slots, picks);

  function choose(slotId: number, index: number, value: number | null) {
    setPicks((current) => {
      const places = [...(current[slotId] ?? [])];
      places[index] = value;
      return { ...current, [slotId]: places };
    });
  }

  function add() {
    if (!complete) {
      setShowProblems(true);
      return;
    }
    onAddToCart(
      bundleCartPayload({ kind, restaurantId, bundleId: bundle.id, slots: bundle.slots, picks, quantity, notes }),
    );
  }

  return (
    <Modal
      title={bundle.name}
      onClose={onClose}
      footer={
        <AddToCartFooter quantity={quantity} onQuantity={setQuantity} total={lineTotal(unit, quantity)} onAdd={add} />
      }
    >
      <div className="flex flex-col gap-4">
        <p className="text-stone-700">{bundle.description}</p>
        {showProblems && !complete && (
          <p role="alert" className="font-medium text-red-700">
            Choose an item for every place in this {kind}.
          </p>
        )}
        {bundle.slots.map((slot) => (
          <fieldset key={slot.id} className="flex flex-col gap-2 rounded-lg border border-stone-200 p-3">
            <legend className="px-1 font-semibold">
              {slot.name}
              {slot.quantity > 1 ? ` × ${slot.quantity}` : ''}
            </legend>
            {(picks[slot.id] ?? []).map((value, index) => {
              const label = slot.quantity > 1 ? `${slot.name} ${index + 1}` : slot.name;
              const missing = showProblems && value === null;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the places of a slot are fixed positions.
                <label key={index} className="flex flex-col gap-1">
                  <span className="text-sm">{label}</span>
                  <select
                    value={value === null ? '' : String(value)}
                    aria-invalid={missing}
                    onChange={(e) => choose(slot.id, index, e.target.value ? Number(e.target.value) : null)}
                    className="rounded-md border border-stone-300 px-3 py-2"
                  >
                    <option value="">Choose…</option>
                    {slot.choices.map((c, i) => (
                      <option key={`${c.restaurant_product_id}-${c.size ?? ''}`} value={i} disabled={!c.is_available}>
                        {choiceName(c)}
                        {c.extra_price ? ` (${formatAdjustment(c.extra_price)})` : ''}
                        {c.is_available ? '' : ' (out of stock)'}
                      </option>
                    ))}
                  </select>
                </label>
              );
            })}
          </fieldset>
        ))}
        <NotesField value={notes} onChange={setNotes} />
      </div>
    </Modal>
  );
}
