import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { deepFreeze } from '../../lib/freeze.js';
import { assertSwitchesOn } from '../settings/service.js';
import { type AddToCart, lineOf } from './add-input.js';
import { bad, type CartLineSource, type Catalogue, resolveLine } from './lines.js';
import { cartPricing, type PricedCart } from './pricing.js';
import { type CartOwner, cartRepository, type SeenOpen } from './repository.js';

export { parseAddBody } from './add-input.js';
export type { CartLineSource, CartSelection } from './lines.js';
export type { CartPricingOptions } from './pricing.js';

export const maxCartLines = 100;
export const otherRestaurantMessage =
  'Your cart has items from another restaurant. Clear your cart to order from this one.';
const cartChangedMessage = 'Your cart changed while this item was being added. Please try again.';

/** The cart read's answer: the priced lines without what only an order keeps. */
type CartAnswer = {
  items: Omit<PricedCart['items'][number], 'name' | 'source' | 'tax_class'>[];
  item_count: number;
  total: number;
  totals: PricedCart['totals'];
  adjustments: PricedCart['adjustments'];
  unavailable: PricedCart['unavailable'];
};

export interface CartQuery {
  coupon_code?: string | undefined;
  cash_on_delivery: boolean;
  dine_in: boolean;
}

const rowOf = (owner: CartOwner, line: CartLineSource) => ({
  tenant_id: owner.tenantId,
  user_id: owner.user_id ?? null,
  guest_id: owner.guest_id ?? null,
  restaurant_id: line.restaurant_id,
  kind: line.kind,
  restaurant_product_id: line.restaurant_product_id,
  product_id: line.product_id,
  deal_id: line.deal_id,
  combo_product_id: line.combo_product_id,
  quantity: line.quantity,
  is_half_and_half: line.kind === 'half_and_half' ? 1 : 0,
  notes: line.notes,
  selection: JSON.stringify(line.selection),
});

/** Spec §7 cart: priced on every read (pricing.ts), edited line by line here. */
export function cartService(db: Db, log?: FastifyBaseLogger) {
  const repo = cartRepository(db);
  const { price, readLines, catalogueOf } = cartPricing(db, log);

  /** Answers made from a kept (frozen) priced cart, kept with it: the same cart, the same answer. */
  const answers = new WeakMap<PricedCart, CartAnswer>();

  /** The cart, priced by the engine from today's catalogue (spec §3 cart items). */
  async function get(owner: CartOwner, query: CartQuery): Promise<CartAnswer> {
    const priced = await price(owner, {
      method: query.dine_in ? 'dine_in' : 'pickup',
      cash_on_delivery: query.cash_on_delivery,
      coupon_code: query.coupon_code,
    });
    const kept = answers.get(priced);
    if (kept) return kept;
    const answer = {
      items: priced.items.map(({ name: _name, source: _source, tax_class: _taxClass, ...item }) => item),
      item_count: priced.totals.item_count,
      total: priced.totals.total,
      totals: priced.totals,
      adjustments: priced.adjustments,
      unavailable: priced.unavailable,
    };
    if (!Object.isFrozen(priced)) return answer;
    answers.set(priced, deepFreeze(answer));
    return answer;
  }

  /**
   * What the last full check of an add saw of each restaurant: its catalogue version (with the
   * parsed catalogue) and timezone. The next add validates its line against that catalogue and
   * writes only if the database still holds all of it (decision 062).
   */
  const seenOpen = new Map<string, { seen: SeenOpen; cat: Catalogue }>();

  /** The restaurant's online catalogue, once the cart may take its lines (one restaurant per cart). */
  async function openFor(owner: CartOwner, restaurantId: number) {
    // The catalogue version with the cart's line counts and the ordering switches: one read (decisions 054, 062).
    const read = await repo.opening(owner, restaurantId);
    // 404 for another tenant's restaurant.
    const cat = await catalogueOf(owner.tenantId, restaurantId, 'online', undefined, undefined, read.version);
    // The same check as the settings' assertOnlineOrdering, on the switches read with the version.
    if (read.switches) assertSwitchesOn(read.switches);
    if (read.others > 0) throw new AppError('conflict', otherRestaurantMessage);
    const { version } = read;
    if (version?.version != null && version.next_change_at === null) {
      const seen = { version: version.version, timezone: version.timezone, maxLines: maxCartLines };
      if (seenOpen.size >= 1_000) seenOpen.clear();
      seenOpen.set(`${owner.tenantId}:${restaurantId}`, { seen, cat });
    }
    return { cat, count: read.lines };
  }

  /** The add in one conditional statement when nothing changed since the last full check, else undefined. */
  async function addAsSeen(owner: CartOwner, input: AddToCart) {
    const known = seenOpen.get(`${owner.tenantId}:${input.restaurant_id}`);
    if (!known) return undefined;
    let line: CartLineSource;
    try {
      line = lineOf(input);
      // Dayparts are judged now, in the restaurant's time, as catalogueOf's clock would.
      resolveLine({ ...line, id: 0 }, { ...known.cat, clock: { now: new Date(), timezone: known.seen.timezone } });
    } catch {
      return undefined; // the full check says why, in its own order, against the catalogue as it is now
    }
    const id = await repo.insertIfOpen(owner, rowOf(owner, line), known.seen);
    return id === undefined ? undefined : { id, quantity: line.quantity };
  }

  async function add(owner: CartOwner, input: AddToCart) {
    const written = await addAsSeen(owner, input);
    if (written) return written;
    const line = lineOf(input);
    // Another add or a clear of the same cart may come between the check and the insert: the insert
    // holds the limits itself (decision 069); refused, the check runs again and says why.
    for (let tries = 0; tries < 3; tries++) {
      const { cat, count } = await openFor(owner, input.restaurant_id);
      if (count >= maxCartLines) throw bad(`Your cart is full (at most ${maxCartLines} items)`);
      // Validates every id and choice against the catalogue (throws 4xx before anything is written).
      resolveLine({ ...line, id: 0 }, cat);
      const [id] = await repo.insertIfRoom(owner, [rowOf(owner, line)], maxCartLines);
      if (id !== undefined) return { id, quantity: line.quantity };
    }
    throw new AppError('conflict', cartChangedMessage);
  }

  async function update(owner: CartOwner, cartId: number, quantity: number) {
    const changed = await repo.setQuantity(owner, cartId, quantity);
    if (changed === 0) throw new AppError('not_found', 'Cart item not found');
    return { id: cartId, quantity };
  }

  async function remove(owner: CartOwner, cartId: number) {
    const removed = await repo.remove(owner, cartId);
    if (removed === 0) throw new AppError('not_found', 'Cart item not found');
    return { id: cartId };
  }

  async function clear(owner: CartOwner) {
    const removed = await repo.remove(owner);
    return { removed };
  }

  /**
   * An order takes the lines it priced, inside its transaction: answers how many were still there
   * (fewer when another order of the same cart took them first).
   */
  function take(owner: CartOwner, lineIds: readonly number[], exec: Db) {
    return cartRepository(exec).take(owner, lineIds);
  }

  /**
   * Puts lines of an earlier order back into the cart (reorder): each is checked against today's
   * catalogue like a new add; what is gone or unavailable is skipped with its name.
   */
  async function readd(owner: CartOwner, lines: readonly (CartLineSource & { name: string })[]) {
    const skipped: string[] = [];
    let added = 0;
    const restaurantId = lines[0]?.restaurant_id;
    if (restaurantId === undefined) return { added, skipped };
    const { cat } = await openFor(owner, restaurantId);
    const fits: (CartLineSource & { name: string })[] = [];
    for (const line of lines) {
      try {
        resolveLine({ ...line, id: 0 }, cat);
        fits.push(line);
      } catch {
        skipped.push(line.name);
      }
    }
    // What the cart has no room for when it is written is skipped too (decision 069).
    const ids = await repo.insertIfRoom(
      owner,
      fits.map(({ name: _name, ...line }) => rowOf(owner, line)),
      maxCartLines,
    );
    for (const [i, id] of ids.entries()) {
      if (id === undefined) skipped.push(fits[i]?.name ?? '');
      else added++;
    }
    return { added, skipped };
  }

  /**
   * Sign-in with a guest cart: the guest's lines join the user's cart. If the user's cart holds
   * another restaurant's items, the guest's (newer) cart wins and the user's old lines go, so
   * the cart stays one restaurant's; the user's lines beyond the 100-line limit are dropped.
   */
  async function mergeGuestCart(tenantId: number, guestId: number, userId: number) {
    const guestLines = await repo.lines({ tenantId, guest_id: guestId });
    if (guestLines.length === 0) return;
    const userOwner: CartOwner = { tenantId, user_id: userId };
    const userLines = await repo.lines(userOwner);
    const restaurantId = guestLines[0]?.restaurant_id;
    const room = maxCartLines - guestLines.length;
    for (const [i, line] of userLines.entries()) {
      if (line.restaurant_id !== restaurantId || i >= room) await repo.remove(userOwner, line.id);
    }
    await repo.reassignGuestLines(tenantId, guestId, userId);
  }

  return { get, price, readLines, add, readd, update, remove, clear, take, mergeGuestCart };
}

export type CartService = ReturnType<typeof cartService>;
