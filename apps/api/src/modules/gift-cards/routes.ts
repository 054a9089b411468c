import {
  adminGiftCardListResponseSchema,
  adminGiftCardQuerySchema,
  adminGiftCardResponseSchema,
  adminGiftCardSummaryQuerySchema,
  adminGiftCardSummaryResponseSchema,
  adminIssuedGiftCardResponseSchema,
  adminIssueGiftCardBodySchema,
  adminRefundGiftCardBodySchema,
  adminVoidGiftCardBodySchema,
  buyGiftCardBodySchema,
  giftCardBalanceBodySchema,
  giftCardBalanceResponseSchema,
  giftCardCodePrefix,
  giftCardLedgerResponseSchema,
  giftCardOptionsQuerySchema,
  giftCardOptionsResponseSchema,
  giftCardParamsSchema,
  giftCardPurchaseQuerySchema,
  giftCardPurchaseResponseSchema,
  giftCardTokenHeader,
  sandboxChallengeBodySchema,
  sandboxConfirmBodySchema,
} from '@orderfront/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import { requireRole, userOf } from '../auth/identity.js';
import type { PurchaseAccess } from './purchase.js';
import { type GiftCardPayments, type GiftCardService, giftCardService } from './service.js';

type App = Parameters<FastifyPluginAsyncZod>[0];

const tags = ['gift-cards'];

/** DESIGN §3: a tenant_id that is not the token's own is 403. */
function assertTenant(request: FastifyRequest, tenantId: number) {
  if (request.identity && request.identity.tenantId !== tenantId) throw new AppError('forbidden', 'Not allowed');
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The buyer of a purchase: signed in as its purchaser, or holding its secret (decision 026). */
function buyerOf(request: FastifyRequest, email: string | undefined): PurchaseAccess {
  return {
    userId: request.identity?.kind === 'user' ? request.identity.userId : null,
    token: header(request, giftCardTokenHeader),
    email,
  };
}

const requireStaff = requireRole('staff', 'manager', 'owner');
const requireManager = requireRole('manager', 'owner');

export const giftCardRoutes: FastifyPluginAsyncZod<{ payments?: GiftCardPayments }> = async (app, options) => {
  const service = giftCardService({
    db: app.db,
    mailer: app.mailer,
    config: app.config,
    log: app.log,
    payments: options.payments,
    sign: app.orders.service.signFor,
  });
  app.orders.otherPayments.push(service.onPaymentEvent);
  // Codes for a date are mailed by a sweep, once per period across processes; the claim keeps mails single.
  app.jobs.every('gift-cards.deliver-due', app.config.sweepEverySeconds * 1000, () => service.deliverDue());

  purchaseRoutes(app, service);
  balanceRoute(app, service);
  adminRoutes(app, service);
};

/** A customer (or guest) buys a card and pays for it; the purchaser's email is the key to it. */
function purchaseRoutes(app: App, service: GiftCardService) {
  app.get(
    '/v2/gift-cards/options',
    {
      schema: {
        tags,
        summary: 'Amounts and delivery dates the buy form offers',
        querystring: giftCardOptionsQuerySchema,
        response: { 200: giftCardOptionsResponseSchema },
      },
    },
    async (request) => {
      assertTenant(request, request.query.tenant_id);
      return { data: await service.options(request.query.tenant_id), error: null };
    },
  );

  app.post(
    '/v2/gift-cards',
    {
      schema: {
        tags,
        summary: 'Buy a digital gift card (Idempotency-Key header); answers the card payment to complete',
        errors: { 422: 'Gift cards are off, or the delivery date is in the past or too far ahead' },
        body: buyGiftCardBodySchema,
        response: { 200: giftCardPurchaseResponseSchema, 201: giftCardPurchaseResponseSchema },
      },
    },
    async (request, reply) => {
      assertTenant(request, request.body.tenant_id);
      const userId = request.identity?.kind === 'user' ? request.identity.userId : null;
      const { created, ...data } = await service.buy(request.body, header(request, 'idempotency-key'), userId);
      return reply.status(created ? 201 : 200).send({ data, error: null });
    },
  );

  app.get(
    '/v2/gift-cards/:id',
    {
      schema: {
        tags,
        summary: `A purchase as its buyer sees it (signed in as the purchaser, or with the ${giftCardTokenHeader} header from the purchase); the code is never shown`,
        params: giftCardParamsSchema,
        querystring: giftCardPurchaseQuerySchema.extend({ tenant_id: giftCardOptionsQuerySchema.shape.tenant_id }),
        response: { 200: giftCardPurchaseResponseSchema },
      },
    },
    async (request) => {
      assertTenant(request, request.query.tenant_id);
      return {
        data: await service.get(
          request.query.tenant_id,
          request.params.id,
          buyerOf(request, request.query.purchaser_email),
        ),
        error: null,
      };
    },
  );

  app.post(
    '/v2/gift-cards/:id/confirm',
    {
      schema: {
        tags,
        summary: 'After the card form: activates the card once the provider reports the payment succeeded',
        params: giftCardParamsSchema,
        body: giftCardPurchaseQuerySchema.extend({ tenant_id: giftCardOptionsQuerySchema.shape.tenant_id }),
        response: { 200: giftCardPurchaseResponseSchema },
      },
    },
    async (request) => {
      assertTenant(request, request.body.tenant_id);
      return {
        data: await service.confirm(
          request.body.tenant_id,
          request.params.id,
          buyerOf(request, request.body.purchaser_email),
        ),
        error: null,
      };
    },
  );

  const buyer = giftCardPurchaseQuerySchema.extend({ tenant_id: giftCardOptionsQuerySchema.shape.tenant_id });

  app.post(
    '/v2/gift-cards/:id/pay/sandbox',
    {
      schema: {
        tags,
        summary: 'Pay a purchase with a card in test mode (the sandbox provider)',
        params: giftCardParamsSchema,
        body: sandboxConfirmBodySchema.extend(buyer.shape),
        response: { 200: giftCardPurchaseResponseSchema },
      },
    },
    async (request) => {
      const { tenant_id, purchaser_email, payment_id, card_number, exp_month, exp_year, cvc } = request.body;
      assertTenant(request, tenant_id);
      return {
        data: await service.paySandbox(tenant_id, request.params.id, buyerOf(request, purchaser_email), {
          payment_id,
          card: { card_number, exp_month, exp_year, cvc },
        }),
        error: null,
      };
    },
  );

  app.post(
    '/v2/gift-cards/:id/pay/sandbox/challenge',
    {
      schema: {
        tags,
        summary: 'Complete (approve) or fail the sandbox challenge of a purchase payment',
        params: giftCardParamsSchema,
        body: sandboxChallengeBodySchema.extend(buyer.shape),
        response: { 200: giftCardPurchaseResponseSchema },
      },
    },
    async (request) => {
      const { tenant_id, purchaser_email, payment_id, approve } = request.body;
      assertTenant(request, tenant_id);
      return {
        data: await service.paySandbox(tenant_id, request.params.id, buyerOf(request, purchaser_email), {
          payment_id,
          approve,
        }),
        error: null,
      };
    },
  );
}

/** The balance check, rate limited per IP and per code prefix against guessing. */
function balanceRoute(app: App, service: GiftCardService) {
  const perMinute = app.config.giftCardCheckRateLimitMax;
  // Guessing spread over many IPs still runs into the per-prefix limit (shared over Redis when set).
  const perPrefix = app.createRateLimit({
    max: perMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => {
      const body = request.body as { tenant_id?: number; code?: string } | undefined;
      return `gift-card-prefix:${body?.tenant_id ?? 0}:${giftCardCodePrefix(String(body?.code ?? ''))}`;
    },
  });

  app.post(
    '/v2/gift-cards/balance',
    {
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      preHandler: async (request) => {
        const result = await perPrefix(request);
        if (!result.isAllowed && result.isExceeded)
          throw new AppError('rate_limited', 'Too many balance checks; try again in a minute');
      },
      schema: {
        tags,
        summary: 'Check a gift card’s balance (rate limited per IP and per code prefix)',
        errors: { 422: 'The gift card has expired' },
        body: giftCardBalanceBodySchema,
        response: { 200: giftCardBalanceResponseSchema },
      },
    },
    async (request) => {
      assertTenant(request, request.body.tenant_id);
      return { data: await service.balance(request.body.tenant_id, request.body.code), error: null };
    },
  );
}

/** The back office: staff look up cards, their ledgers and the figures; managers issue, void, refund. */
function adminRoutes(app: App, service: GiftCardService) {
  app.get(
    '/v2/admin/gift-cards',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary:
          'Staff: the newest gift cards (50 a page, ?before= the last id), or those of a code, last four or email',
        querystring: adminGiftCardQuerySchema,
        response: { 200: adminGiftCardListResponseSchema },
      },
    },
    async (request) => ({ data: await service.adminFind(userOf(request).tenantId, request.query), error: null }),
  );

  app.get(
    '/v2/admin/gift-cards/summary',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: 'Staff: outstanding balance (the liability), active cards, sales and redemptions of the last 30 days',
        querystring: adminGiftCardSummaryQuerySchema,
        response: { 200: adminGiftCardSummaryResponseSchema },
      },
    },
    async (request) => ({ data: await service.adminSummary(userOf(request).tenantId), error: null }),
  );

  app.post(
    '/v2/admin/gift-cards',
    {
      preHandler: requireManager,
      schema: {
        tags,
        summary: 'Manager: issue a gift card without payment (the code is answered once and mailed)',
        body: adminIssueGiftCardBodySchema,
        response: { 201: adminIssuedGiftCardResponseSchema },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const data = await service.adminIssue(user.tenantId, request.body, user.userId);
      return reply.status(201).send({ data, error: null });
    },
  );

  app.post(
    '/v2/admin/gift-cards/:id/void',
    {
      preHandler: requireManager,
      schema: {
        tags,
        summary: 'Manager: void a gift card (its balance leaves with a void entry)',
        params: giftCardParamsSchema,
        body: adminVoidGiftCardBodySchema,
        response: { 200: adminGiftCardResponseSchema },
      },
    },
    async (request) => {
      const user = userOf(request);
      return {
        data: await service.adminVoid(user.tenantId, request.params.id, request.body.reason, user.userId),
        error: null,
      };
    },
  );

  app.post(
    '/v2/admin/gift-cards/:id/refund',
    {
      preHandler: requireManager,
      schema: {
        tags,
        summary:
          'Manager: refund a purchased card’s unspent balance to the buyer’s payment (the card is void; 503 if the provider refuses)',
        errors: {
          409: 'A refund is under way or done, or an order paid with the card awaits its payment',
          422: 'Nothing to refund: never paid, void, empty, or issued by staff',
        },
        params: giftCardParamsSchema,
        body: adminRefundGiftCardBodySchema,
        response: { 200: adminGiftCardResponseSchema },
      },
    },
    async (request) => {
      const user = userOf(request);
      return {
        data: await service.adminRefund(user.tenantId, request.params.id, request.body.reason, user.userId),
        error: null,
      };
    },
  );

  app.get(
    '/v2/admin/gift-cards/:id/ledger',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: 'Staff: every entry of a gift card, oldest first',
        params: giftCardParamsSchema,
        response: { 200: giftCardLedgerResponseSchema },
      },
    },
    async (request) => ({ data: await service.adminLedger(userOf(request).tenantId, request.params.id), error: null }),
  );
}
