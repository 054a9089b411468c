/**
 * The public catalogue (decision 026): the same for every visitor of a storefront, so browsers and
 * proxies may keep it, asking again before each reuse. Every other API answer may carry personal
 * data (orders, profile, cart, gift cards, points, reservations, the back office) and is never stored.
 * The request path's onSend sets it (plugins/request-path.ts).
 */
export const publicRoutes = new Set([
  '/api/v2/restaurants/:id',
  '/api/v2/restaurants/:restaurant_id/menu',
  '/api/v2/restaurants/:restaurant_id/combos',
  '/api/v2/restaurants/:restaurant_id/deals',
  '/api/v2/restaurants/:restaurant_id/products/:restaurant_product_id',
  '/api/v2/restaurants/:restaurant_id/fulfilment-times',
  '/api/v2/restaurants/app-settings',
  '/api/v2/pages/:slug',
  '/api/v2/gift-cards/options',
  '/api/v2/auth/providers',
  '/api/v2/reservations/restaurants',
  '/api/v2/reservations/availability',
]);

export const publicCacheControl = 'public, max-age=0, must-revalidate';
