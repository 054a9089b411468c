import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Database, OrderRow } from '../../db/schema.js';
import type { CouponService } from '../coupons/service.js';
import type { FulfilmentService } from '../fulfilment/service.js';
import type { Mailer } from '../mail/service.js';
import type { PaymentEventHandler } from '../payments/provider.js';
import type { PaymentRegistry, ProviderName } from '../payments/registry.js';
import type { OrderEvents } from './events.js';
import { type OrderOwner, type OrderRepository, orderRepository } from './repository.js';

export type Trx = Transaction<Database>;

export interface OrderServiceDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicBaseUrl'>;
  log: FastifyBaseLogger;
  events: OrderEvents;
  payments: PaymentRegistry;
  fulfilment: FulfilmentService;
  coupons: Pick<CouponService, 'reserve' | 'release' | 'markUsed'>;
  /** Handlers of provider events for payments that are not orders' (filled in by later modules). */
  otherPayments?: readonly PaymentEventHandler[];
  now?: () => Date;
}

/** The caller of a customer-facing order call: their bearer identity and/or an order access credential. */
export interface OrderAccess {
  owner: OrderOwner | null;
  /** The order access header's credential (decision 026), exchanged for the mailed link's token. */
  credential?: string | undefined;
}

/** What every part of the order service shares: its dependencies, repository and clock. */
export interface OrderContext {
  deps: OrderServiceDeps;
  db: Db;
  repo: OrderRepository;
  now: () => Date;
  /** The provider an order's payment was started with (the sandbox before any was). */
  providerOf(row: OrderRow): ReturnType<PaymentRegistry['named']>;
}

export function orderContext(deps: OrderServiceDeps): OrderContext {
  return {
    deps,
    db: deps.db,
    repo: orderRepository(deps.db),
    now: deps.now ?? (() => new Date()),
    providerOf: (row) => deps.payments.named(row.tenant_id, (row.payment_provider ?? 'sandbox') as ProviderName),
  };
}
