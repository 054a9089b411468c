import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { OrderEventData, OrderStatus } from '@orderfront/core';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** What listeners of an order (its customer, the kitchen screen) are told when it changes. */
export interface OrderEvent {
  type: 'placed' | 'status';
  tenantId: number;
  restaurantId: number;
  orderId: number;
  orderNumber: string;
  method: 'pickup' | 'delivery' | 'dine_in';
  status: OrderStatus;
  ready_at: string | null;
  status_history: { status: OrderStatus; at: string; note: string | null }[];
}

/** An event as the live streams send it (orderEventSchema). */
export const eventData = (
  e: Pick<OrderEvent, 'orderId' | 'orderNumber' | 'method' | 'status' | 'ready_at' | 'status_history'>,
): OrderEventData => ({
  order_id: e.orderId,
  order_number: e.orderNumber,
  method: e.method,
  status: e.status,
  ready_at: e.ready_at,
  status_history: e.status_history,
});

type Listener = (event: OrderEvent) => void;

const defaultChannel = 'storefront:orders';

/**
 * An in-process event bus for order changes. With REDIS_URL, every change is also published on a
 * Redis channel and changes made by other API processes arrive from it (DESIGN §1: Redis for
 * cross-process events), so a customer connected to one process sees a change made on another.
 */
export function createOrderEvents(
  options: { redisUrl?: string | undefined; log?: FastifyBaseLogger; channel?: string } = {},
) {
  const channel = options.channel ?? defaultChannel;
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const origin = randomBytes(8).toString('hex');
  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;

  const deliver = (event: OrderEvent) => {
    emitter.emit(`order:${event.orderId}`, event);
    emitter.emit(`restaurant:${event.tenantId}:${event.restaurantId}`, event);
  };

  if (options.redisUrl) {
    publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 1 });
    subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: 1 });
    for (const client of [publisher, subscriber]) {
      client.on('error', (err) => options.log?.warn({ err }, 'order events: redis error'));
    }
    void subscriber.subscribe(channel).catch((err) => options.log?.warn({ err }, 'order events: subscribe failed'));
    subscriber.on('message', (_channel, message) => {
      try {
        const parsed = JSON.parse(message) as { origin: string; event: OrderEvent };
        if (parsed.origin !== origin) deliver(parsed.event);
      } catch (err) {
        options.log?.warn({ err }, 'order events: unreadable message');
      }
    });
  }

  function on(name: string, listener: Listener) {
    emitter.on(name, listener);
    return () => void emitter.off(name, listener);
  }

  return {
    publish(event: OrderEvent) {
      deliver(event);
      publisher
        ?.publish(channel, JSON.stringify({ origin, event }))
        .catch((err) => options.log?.warn({ err }, 'order events: publish failed'));
    },
    /** Returns the unsubscribe function. */
    onOrder: (orderId: number, listener: Listener) => on(`order:${orderId}`, listener),
    onRestaurant: (tenantId: number, restaurantId: number, listener: Listener) =>
      on(`restaurant:${tenantId}:${restaurantId}`, listener),
    /** How many streams follow an order (tests check clean-up on close). */
    listenerCount: (orderId: number) => emitter.listenerCount(`order:${orderId}`),
    async close() {
      emitter.removeAllListeners();
      await Promise.all([publisher?.quit().catch(() => undefined), subscriber?.quit().catch(() => undefined)]);
    },
  };
}

export type OrderEvents = ReturnType<typeof createOrderEvents>;
