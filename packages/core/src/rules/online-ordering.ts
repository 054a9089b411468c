/** Spec §3 pause: a restaurant is paused until `pausedUntil`; a pause that has run out is no pause. */
export function isPaused(pausedUntil: string | null, now: Date = new Date()): boolean {
  return pausedUntil !== null && Date.parse(pausedUntil) > now.getTime();
}

/**
 * Spec §3: a restaurant takes online orders when its switch (`is_online_order_enabled`: its own
 * settings row's, else the tenant's) is on and it is not paused. The one statement of the rule: the
 * storefront's settings, the cart and the order refuse on it, and the cart's conditional insert
 * (decision 062) states it in SQL.
 */
export function takesOnlineOrders(enabled: number, pausedUntil: string | null, now: Date = new Date()): boolean {
  return enabled !== 0 && !isPaused(pausedUntil, now);
}
