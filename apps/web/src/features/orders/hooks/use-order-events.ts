import { isFinalOrderStatus, type Order } from '@orderfront/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { orderQueryKey } from '../api/get-order';
import { streamOrderEvents } from '../api/stream-order-events';
import { applyOrderEvent } from '../lib/events';

/** Keeps the cached order current from its event stream, reconnecting (and catching up) after a drop. */
export function useOrderEvents(orderId: number, enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const key = orderQueryKey(orderId);
    const current = () => queryClient.getQueryData<Order>(key);
    (async () => {
      let delay = 1000;
      let first = true;
      while (!controller.signal.aborted) {
        const order = current();
        if (order && isFinalOrderStatus(order.status)) return;
        // Anything missed while disconnected is read back once the stream is open again.
        if (!first) void queryClient.invalidateQueries({ queryKey: key });
        first = false;
        try {
          await streamOrderEvents(
            orderId,
            (payload) => {
              delay = 1000;
              queryClient.setQueryData<Order>(key, (old) => (old ? applyOrderEvent(old, payload) : old));
            },
            controller.signal,
          );
        } catch {
          if (controller.signal.aborted) return;
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, 15_000);
      }
    })();
    return () => controller.abort();
  }, [orderId, enabled, queryClient]);
}
