import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, use, useEffect, useMemo, useState } from 'react';
import { runtimeConfig } from '@/config/runtime';
import { bearerToken } from '@/lib/api-client';
import { followEventStream } from '../api/event-stream';
import { beep, enableSound } from './beep';

interface OrderFeed {
  /** New orders (placed) since staff last looked at the board. */
  unseen: number;
  markSeen(): void;
  soundOn: boolean;
  turnSoundOn(): void;
  connected: boolean;
}

const OrderFeedContext = createContext<OrderFeed | null>(null);

export const useOrderFeed = () => use(OrderFeedContext);

/**
 * Follows the restaurant's orders live (SSE with the bearer header): every event refreshes the
 * order lists; a new order counts in the badge and beeps when sound is on. Lives in the shell so
 * the badge and the alert work on every back-office page.
 */
export function OrderFeedProvider({ restaurantId, children }: { restaurantId: number; children: ReactNode }) {
  const client = useQueryClient();
  const [unseen, setUnseen] = useState(0);
  const [soundOn, setSoundOn] = useState(false);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const token = bearerToken();
    setUnseen(0);
    void followEventStream(`${runtimeConfig.apiBase}/v2/admin/orders/events?restaurant_id=${restaurantId}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: controller.signal,
      onOpen: () => {
        setConnected(true);
        void client.invalidateQueries({ queryKey: ['admin', 'orders', restaurantId] });
      },
      onEvent: (event) => {
        if (event.event !== 'order') return;
        let data: { type?: string; restaurant_id?: number } = {};
        try {
          data = JSON.parse(event.data);
        } catch {
          return;
        }
        if (data.restaurant_id !== undefined && data.restaurant_id !== restaurantId) return;
        void client.invalidateQueries({ queryKey: ['admin', 'orders', restaurantId] });
        if (data.type === 'placed') {
          setUnseen((n) => n + 1);
          beep();
        }
      },
    }).finally(() => setConnected(false));
    return () => controller.abort();
  }, [restaurantId, client]);

  const value = useMemo<OrderFeed>(
    () => ({
      unseen,
      markSeen: () => setUnseen(0),
      soundOn,
      turnSoundOn: () => setSoundOn(enableSound()),
      connected,
    }),
    [unseen, soundOn, connected],
  );
  return <OrderFeedContext value={value}>{children}</OrderFeedContext>;
}

/** The nav badge: how many new orders came in. */
export function NewOrdersBadge() {
  const feed = useOrderFeed();
  if (!feed || feed.unseen === 0) return null;
  return (
    <span className="rounded-full bg-red-700 px-2 py-0.5 font-bold text-white text-xs">
      {feed.unseen}
      <span className="sr-only"> new</span>
    </span>
  );
}
