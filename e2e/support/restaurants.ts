import type { APIRequestContext, Page } from '@playwright/test';

/**
 * Starts the page with a restaurant already chosen (as a returning visitor has), so tests of other
 * screens are not covered by the mandatory restaurant dialog of a first visit.
 */
export async function withRestaurantChosen(page: Page, request: APIRequestContext, tenantId = 139) {
  const res = await request.post('/api/restaurants-with-images', { data: { tenant_id: tenantId, status: 1 } });
  const { data } = await res.json();
  if (!Array.isArray(data) || data.length === 0) throw new Error(`tenant ${tenantId} has no active restaurant`);
  const stored = JSON.stringify({ state: { selectedRestaurant: data[0] }, version: 0 });
  await page.addInitScript((value) => {
    if (!localStorage.getItem('restaurantStore')) localStorage.setItem('restaurantStore', value);
  }, stored);
}
