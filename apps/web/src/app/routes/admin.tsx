import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { type AdminNavItem, AdminShell } from '@/features/admin/components/admin-shell';
import { NewOrdersBadge } from '@/features/admin/components/order-feed';

/**
 * The areas of the back office, in the order staff use them; each shows only to roles allowed it.
 * Orders come first: it is where every staff role lands.
 */
export const adminNav: AdminNavItem[] = [
  { to: '/admin/orders', label: 'Orders', group: 'Service', ability: 'orders', badge: <NewOrdersBadge /> },
  { to: '/admin/menu', label: 'Availability', group: 'Menu', ability: 'availability' },
  { to: '/admin/menu/catalogue', label: 'Menu editor', group: 'Menu', ability: 'menu' },
  { to: '/admin/ordering', label: 'Ordering', group: 'Service', ability: 'pause' },
  { to: '/admin/coupons', label: 'Coupons', group: 'Customers', ability: 'coupons' },
  { to: '/admin/gift-cards', label: 'Gift cards', group: 'Customers', ability: 'giftCards' },
  { to: '/admin/customer-points', label: 'Customer points', group: 'Customers', ability: 'loyalty' },
  { to: '/admin/rewards', label: 'Loyalty and gift card settings', group: 'Business', ability: 'rewards' },
  { to: '/admin/tips', label: 'Tips', group: 'Business', ability: 'payments' },
  { to: '/admin/reservations', label: 'Reservations', group: 'Service', ability: 'reservations' },
  { to: '/admin/reports', label: 'Reports', group: 'Business', ability: 'reports' },
  { to: '/admin/hours', label: 'Hours', group: 'Business', ability: 'hours' },
  { to: '/admin/theme', label: 'Theme', group: 'Business', ability: 'theme' },
  { to: '/admin/staff', label: 'Staff', group: 'Business', ability: 'staff' },
  { to: '/admin/business', label: 'Business settings', group: 'Business', ability: 'business' },
  { to: '/admin/restaurants', label: 'Restaurants', group: 'Business', ability: 'restaurants' },
  { to: '/admin/delivery-zones', label: 'Delivery zones', group: 'Business', ability: 'restaurants' },
  { to: '/admin/tables', label: 'Tables', group: 'Service', ability: 'restaurants' },
];

/** /admin: its own lazy chunk, loaded only when someone opens the back office. */
export function Component() {
  useEffect(() => {
    document.title = 'Back office';
  }, []);
  return (
    <AdminShell nav={adminNav}>
      <Outlet />
    </AdminShell>
  );
}
