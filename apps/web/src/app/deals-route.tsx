import type { MenuChannel } from '@orderfront/core';
import { DealsView } from '@/features/menu/components/deals-view';
import { NoRestaurant, useCartAdd, useRestaurantId } from './catalogue-routes';

export function DealsRoute({ channel }: { channel: MenuChannel }) {
  const restaurantId = useRestaurantId();
  const addToCart = useCartAdd();
  if (restaurantId === null) return <NoRestaurant />;
  return (
    <DealsView key={restaurantId} restaurantId={restaurantId} channel={channel} title="Deals" onAddToCart={addToCart} />
  );
}
