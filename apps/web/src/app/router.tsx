import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  matchRoutes,
  type RouteObject,
  RouterProvider,
} from 'react-router';
import { RouteError } from '@/components/layout/route-error';
import { RouteLoading } from '@/components/layout/route-loading';
import { syncCartWithCheckout } from './checkout-cart-sync';
import { RootLayout } from './layout/root-layout';

syncCartWithCheckout();

/** Every screen loads lazily (spec §2); later issues add their routes here. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <RouteLoading />,
    children: [
      { index: true, lazy: () => import('./routes/home') },
      { path: 'contact', lazy: () => import('./routes/contact') },
      { path: 'terms', lazy: () => import('./routes/terms') },
      { path: 'privacy', lazy: () => import('./routes/privacy') },
      { path: 'refund-policy', lazy: () => import('./routes/refund-policy') },
      { path: 'error', lazy: () => import('./routes/error') },
      { path: 'table-reservation', lazy: () => import('./routes/table-reservation') },
      { path: 'table-reservation/confirm', lazy: () => import('./routes/table-reservation-confirm') },
      { path: 'table-reservation/success', lazy: () => import('./routes/table-reservation-success') },
      { path: 'reservations', lazy: () => import('./routes/reservations') },
      { path: 'login', lazy: () => import('./routes/login') },
      { path: 'accept-invite', lazy: () => import('./routes/accept-invite') },
      { path: 'signup', lazy: () => import('./routes/signup') },
      { path: 'complete-login', lazy: () => import('./routes/complete-login') },
      { path: 'otp-verification', lazy: () => import('./routes/otp-verification') },
      { path: 'forgot-password', lazy: () => import('./routes/forgot-password') },
      { path: 'profile', lazy: () => import('./routes/profile') },
      { path: 'favorites', lazy: () => import('./routes/favorites') },
      { path: 'menu', lazy: () => import('./routes/menu') },
      { path: 'instore-menu', lazy: () => import('./routes/instore-menu') },
      { path: 'dine-in-menu', lazy: () => import('./routes/dine-in-menu') },
      { path: 'dine-in-menu/deals', lazy: () => import('./routes/dine-in-deals') },
      { path: 'deals', lazy: () => import('./routes/deals') },
      { path: 'cart', lazy: () => import('./routes/cart') },
      { path: 'checkout', lazy: () => import('./routes/checkout') },
      { path: 'checkout/payment', lazy: () => import('./routes/checkout-payment') },
      { path: 'checkout/success', lazy: () => import('./routes/checkout-success') },
      { path: 'order-confirmation/:orderId', lazy: () => import('./routes/order-confirmation') },
      { path: 'dine-in-menu/checkout', lazy: () => import('./routes/dine-in-checkout') },
      { path: 'dine-in-menu/checkout/payment', lazy: () => import('./routes/dine-in-checkout-payment') },
      { path: 'dine-in/order/confirmation/:orderId', lazy: () => import('./routes/dine-in-order-confirmation') },
      { path: 'order-history', lazy: () => import('./routes/order-history') },
      { path: 'gift-cards', lazy: () => import('./routes/gift-cards') },
      { path: 'loyalty-points', lazy: () => import('./routes/loyalty-points') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
  // The back office (decision 017): its own frame and chunks, never loaded by the storefront's pages.
  {
    path: '/admin',
    lazy: () => import('./routes/admin'),
    errorElement: <RouteError />,
    hydrateFallbackElement: <RouteLoading />,
    children: [
      { index: true, lazy: () => import('./routes/admin-home') },
      { path: 'orders', lazy: () => import('./routes/admin-orders') },
      { path: 'orders/:orderId/ticket', lazy: () => import('./routes/admin-order-ticket') },
      { path: 'menu', lazy: () => import('./routes/admin-menu') },
      { path: 'menu/catalogue', lazy: () => import('./routes/admin-catalogue') },
      { path: 'ordering', lazy: () => import('./routes/admin-ordering') },
      { path: 'coupons', lazy: () => import('./routes/admin-coupons') },
      { path: 'gift-cards', lazy: () => import('./routes/admin-gift-cards') },
      { path: 'customer-points', lazy: () => import('./routes/admin-customer-points') },
      { path: 'rewards', lazy: () => import('./routes/admin-rewards') },
      { path: 'tips', lazy: () => import('./routes/admin-tips') },
      { path: 'reservations', lazy: () => import('./routes/admin-reservations') },
      { path: 'hours', lazy: () => import('./routes/admin-hours') },
      { path: 'theme', lazy: () => import('./routes/admin-theme') },
      { path: 'staff', lazy: () => import('./routes/admin-staff') },
      { path: 'business', lazy: () => import('./routes/admin-business') },
      { path: 'restaurants', lazy: () => import('./routes/admin-restaurants') },
      { path: 'delivery-zones', lazy: () => import('./routes/admin-delivery-zones') },
      { path: 'tables', lazy: () => import('./routes/admin-tables') },
      { path: 'tables/qr-codes', lazy: () => import('./routes/admin-tables-qr') },
      { path: 'reports', lazy: () => import('./routes/admin-reports') },
    ],
  },
];

type Router = ReturnType<typeof createBrowserRouter>;

let router: Router | undefined;

export function AppRouter({ router: given }: { router?: Router }) {
  router ??= given ?? createBrowserRouter(routes);
  return <RouterProvider router={router} />;
}

/**
 * The router for a server-rendered page (decision 035): the matched routes' modules load first,
 * and their loaders run again for what they set in this browser's stores (a table's QR link, a
 * shared menu link), so the first render is the page the server sent. The router's data comes
 * from the page (hydrationData), so nothing is fetched twice.
 */
export async function hydratedRouter(): Promise<Router> {
  const matches = matchRoutes(routes, window.location) ?? [];
  for (const match of matches) {
    const route = match.route;
    if (typeof route.lazy === 'function') {
      const module = await route.lazy();
      Object.assign(route, module, { lazy: undefined });
    }
  }
  const request = new Request(window.location.href);
  for (const match of matches) {
    const loader = match.route.loader;
    if (typeof loader === 'function')
      await loader({ request, params: match.params, context: undefined } as unknown as LoaderFunctionArgs);
  }
  return createBrowserRouter(routes);
}
