import fp from 'fastify-plugin';
import { metrics } from '../../lib/metrics.js';
import type { EventStream } from '../../lib/sse.js';
import { couponService } from '../coupons/service.js';
import { fulfilmentService } from '../fulfilment/service.js';
import type { PaymentEventHandler } from '../payments/provider.js';
import { type PaymentRegistry, paymentRegistry } from '../payments/registry.js';
import { stripeFactory } from '../payments/stripe.js';
import { createOrderEvents, type OrderEvents } from './events.js';
import { type OrderService, orderService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The order service, its event bus and the open live-status streams (ended on shutdown). */
    orders: {
      service: OrderService;
      events: OrderEvents;
      payments: PaymentRegistry;
      /** Where modules whose payments are not orders' (gift cards) take their provider events. */
      otherPayments: PaymentEventHandler[];
      streams: Set<EventStream>;
    };
  }
}

/** How often abandoned card payments are looked for. */
const sweepEveryMs = 60_000;

export const ordersPlugin = fp(
  async (app) => {
    const events = createOrderEvents({ redisUrl: app.config.redisUrl, log: app.log });
    const payments = paymentRegistry(app.db, { stripe: stripeFactory });
    const otherPayments: PaymentEventHandler[] = [];
    const service = orderService({
      db: app.db,
      mailer: app.mailer,
      config: app.config,
      log: app.log,
      events,
      payments,
      fulfilment: fulfilmentService(app.db, { config: app.config, log: app.log }),
      coupons: couponService(app.db),
      otherPayments,
    });
    const streams = new Set<EventStream>();
    app.decorate('orders', { service, events, payments, otherPayments, streams });

    const timer = setInterval(() => {
      metrics
        .job('abandoned-payments', () => service.sweepAbandoned())
        .catch((err) => app.log.warn({ err }, 'sweep of abandoned orders failed'));
    }, sweepEveryMs);
    timer.unref();
    app.addHook('preClose', async () => {
      clearInterval(timer);
      for (const stream of [...streams]) stream.end();
    });
    app.addHook('onClose', async () => events.close());
  },
  { name: 'orders', dependencies: ['mail'] },
);
