import type { APIRequestContext, Page } from '@playwright/test';

export interface RestaurantEntry {
  restaurant: { id: number; name: string };
}

async function activeRestaurants(request: APIRequestContext, tenantId: number): Promise<RestaurantEntry[]> {
  const res = await request.post('/api/restaurants-with-images', { data: { tenant_id: tenantId, status: 1 } });
  const { data } = (await res.json()) as { data: RestaurantEntry[] };
  if (!Array.isArray(data) || data.length === 0) throw new Error(`tenant ${tenantId} has no active restaurant`);
  return data;
}

/** The demo business's active restaurant whose name ends with `name` ('Surry Hills'). */
export async function restaurantNamed(request: APIRequestContext, name: string): Promise<RestaurantEntry> {
  const entry = (await activeRestaurants(request, 139)).find((e) => e.restaurant.name.endsWith(name));
  if (!entry) throw new Error(`no active restaurant named ${name}`);
  return entry;
}

/**
 * Stores `entry` as the visitor's chosen restaurant before the page's scripts run. Kept: only when the
 * page has not saved a choice of its own. Replaced: on every load, so a later call wins.
 */
async function storeChoice(page: Page, entry: RestaurantEntry, mode: 'kept' | 'replaced') {
  const stored = JSON.stringify({ state: { selectedRestaurant: entry }, version: 0 });
  if (mode === 'replaced') {
    await page.addInitScript((value) => localStorage.setItem('restaurantStore', value), stored);
    return;
  }
  await page.addInitScript((value) => {
    if (!localStorage.getItem('restaurantStore')) localStorage.setItem('restaurantStore', value);
  }, stored);
}

/**
 * Starts the page with a restaurant already chosen (as a returning visitor has), so tests of other
 * screens are not covered by the mandatory restaurant dialog of a first visit.
 */
export async function withRestaurantChosen(page: Page, request: APIRequestContext, tenantId = 139) {
  const [first] = await activeRestaurants(request, tenantId);
  await storeChoice(page, first as RestaurantEntry, 'kept');
}

/** As withRestaurantChosen, with the demo restaurant named `name` ('Surry Hills'). */
export async function chooseRestaurant(
  page: Page,
  request: APIRequestContext,
  name: string,
  mode: 'kept' | 'replaced' = 'kept',
) {
  await storeChoice(page, await restaurantNamed(request, name), mode);
}
