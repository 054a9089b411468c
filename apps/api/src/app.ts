import fs from 'node:fs';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import pino from 'pino';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { AppError } from './lib/errors.js';
import { redactUrl } from './lib/redact.js';
import { parseTrustedProxies, proxyTrust, requestContext, requestIdFor } from './lib/request-context.js';
import { responseSerializer } from './lib/response-serializer.js';
import { adminRoutes } from './modules/admin/routes.js';
import { uploadsPrefix } from './modules/admin/uploads.js';
import { identityPlugin } from './modules/auth/identity.js';
import { authRoutes } from './modules/auth/routes.js';
import { bestSellersPlugin } from './modules/best-sellers/plugin.js';
import { cartRoutes } from './modules/cart/routes.js';
import { cataloguePlugin } from './modules/catalogue/plugin.js';
import { catalogueRoutes } from './modules/catalogue/routes.js';
import { catalogueEditorRoutes } from './modules/catalogue-editor/routes.js';
import { contactRoutes } from './modules/contact/routes.js';
import { couponRoutes } from './modules/coupons/routes.js';
import { fulfilmentRoutes } from './modules/fulfilment/routes.js';
import { giftCardPayments, providerLookup } from './modules/gift-cards/payments.js';
import { giftCardRoutes } from './modules/gift-cards/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { invitationRoutes } from './modules/invitations/routes.js';
import { jobsPlugin } from './modules/jobs/plugin.js';
import { loyaltyRoutes } from './modules/loyalty/routes.js';
import { mailPlugin } from './modules/mail/plugin.js';
import { adminOrderRoutes } from './modules/orders/admin-routes.js';
import { ordersPlugin } from './modules/orders/plugin.js';
import { orderRoutes } from './modules/orders/routes.js';
import { pagesRoutes } from './modules/pages/routes.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { reportRoutes } from './modules/reports/routes.js';
import { reservationRoutes } from './modules/reservations/routes.js';
import { restaurantRoutes } from './modules/restaurants/routes.js';
import { rewardsRoutes } from './modules/rewards/routes.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { setupRoutes } from './modules/setup/routes.js';
import { tenantStatusPlugin } from './modules/tenants/status.js';
import { tipRoutes } from './modules/tips/routes.js';
import { wishlistRoutes } from './modules/wishlist/routes.js';
import { backupsPlugin } from './plugins/backups.js';
import { docsPlugin } from './plugins/docs.js';
import { clientErrorHandler, errorsPlugin, frameworkErrorHandler, sendNotFound } from './plugins/errors.js';
import { metricsRoutes } from './plugins/metrics.js';
import { requestPathPlugin } from './plugins/request-path.js';
import { registerWeb } from './plugins/web.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** `draining` once shutdown has begun: readiness fails so a load balancer sends no new requests. */
    lifecycle: { draining: boolean };
  }
}

export interface AppOptions {
  config: Config;
  db: Db;
  /** false: no logs (tests); a stream: the app's own logger writing there. */
  logger?: false | { write(line: string): void };
}

/** A request's own logger (and its children) already names the request in its bindings. */
const boundToRequest = (logger: object) =>
  ((logger as Record<symbol, unknown>)[pino.symbols.chindingsSym] as string | undefined)?.includes('"request_id":') ===
  true;

/**
 * Standard output, written in 4 KiB chunks rather than a write per line (decision 055): at `info`
 * every request logs a line. Flushed each second when quiet, when the app closes, and when the
 * process exits. The lines are gathered here and handed to pino's destination a chunk at a time
 * (decision 065): given each line, it measured the whole pending chunk's UTF-8 length again on
 * every write.
 */
function bufferedStdout() {
  const out = pino.destination({ dest: 1, minLength: 0, sync: false });
  let pending = '';
  const flush = () => {
    if (pending === '') return;
    const chunk = pending;
    pending = '';
    out.write(chunk);
  };
  const timer = setInterval(flush, 1000).unref();
  // pino ends its destination on exit (flushing what it holds) before this runs: what is still
  // here follows it, in order.
  const atExit = () => {
    if (pending !== '') fs.writeSync(1, pending);
    pending = '';
  };
  process.on('exit', atExit);
  return {
    write(line: string) {
      pending += line;
      if (pending.length >= 4096) flush();
    },
    flush(done?: (error?: Error) => void) {
      flush();
      out.flush(done);
    },
    stop() {
      clearInterval(timer);
      process.off('exit', atExit);
      flush();
      out.flushSync();
    },
  };
}

function loggerFor(config: Config, stream: { write(line: string): void }): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    stream,
    // A line written through app.log while serving a request (a service's log) names the request
    // too; the request's own logger already binds it.
    mixin: (_object: object, _level: number, logger: object) => {
      const id = requestContext.requestId();
      return id && !boundToRequest(logger) ? { request_id: id } : {};
    },
    serializers: {
      // Fastify's own fields, with secret query values (a link's token, a code) never written down.
      // No header is written, so none needs redacting (pino's redaction copied each request's
      // fields before writing them: a fifth of an access line, decision 064).
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}

function unwrapProxies(list: string) {
  const parsed = parseTrustedProxies(list);
  if (!parsed.ok) throw new Error(`TRUST_PROXY: ${parsed.bad} is not an address or CIDR range`);
  return parsed.blocks;
}

const { chindingsSym, streamSym, timeSym, lsCacheSym, endSym, messageKeySym, hooksSym, formattersSym } = pino.symbols;
const metadataSym = Symbol.for('pino.metadata');
const infoLevel = pino.levels.values.info ?? 30;

/** A JSON string, or nothing when there is no value (as pino leaves out an undefined field). */
const field = (key: string, value: string | number | undefined) =>
  value === undefined
    ? ''
    : `,"${key}":${typeof value === 'number' ? (Number.isFinite(value) ? value : 'null') : JSON.stringify(value)}`;

/**
 * The access line, the same JSON pino writes for `reply.log.info({ req, res, responseTime }, 'request
 * completed')` with the `req` serializer of loggerFor and Fastify's `res` one, built as one string and
 * written to the logger's stream (decision 065): pino's generic path (the mixin, the serializers'
 * objects, a stringifier per value) was most of the line's cost. Undefined when the request's logger
 * is not plain pino as configured here (a test's, a route's hooks or formatters): pino writes it then.
 */
function accessLine(request: FastifyRequest, reply: FastifyReply): string | undefined {
  const log = reply.log as unknown as Record<symbol, unknown>;
  const chindings = log[chindingsSym];
  const stream = log[streamSym] as { write(line: string): void; [metadataSym]?: boolean } | undefined;
  const hooks = log[hooksSym] as { logMethod?: unknown; streamWrite?: unknown } | undefined;
  const formatters = log[formattersSym] as { log?: unknown } | undefined;
  // Only the request's own logger, which binds its id (so the mixin adds nothing): decision 028.
  if (typeof chindings !== 'string' || !chindings.includes('"request_id":') || !stream) return undefined;
  if (stream[metadataSym] === true || hooks?.logMethod || hooks?.streamWrite || formatters?.log) return undefined;
  const levelPrefix = (log[lsCacheSym] as Record<number, string>)[infoLevel];
  const time = (log[timeSym] as () => string)();
  const socket = request.socket;
  return (
    `${levelPrefix}${time}${chindings},"req":{"method":${JSON.stringify(request.method)}` +
    `,"url":${JSON.stringify(redactUrl(request.url))}${field('host', request.host)}` +
    `${field('remoteAddress', request.ip)}${field('remotePort', socket?.remotePort)}}` +
    `,"res":{"statusCode":${reply.statusCode}}${field('responseTime', reply.elapsedTime)}` +
    `,${JSON.stringify(log[messageKeySym])}:"request completed"${log[endSym]}`
  );
}

/**
 * One line per request, when it is answered, naming the request and how it ended, instead of
 * Fastify's two (decision 055): at `info`, logging is the busiest thing a cheap request does.
 */
class AccessLog extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) return void reply.log.error({ ...line, err: error }, 'request errored');
    const enabled = (reply.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
    if (enabled && !enabled.call(reply.log, 'info')) return;
    const text = accessLine(request, reply);
    if (text === undefined) reply.log.info(line, 'request completed');
    else ((reply.log as unknown as Record<symbol, unknown>)[streamSym] as { write(line: string): void }).write(text);
  }
}

/** Builds the whole server: plugins, then the API modules under /api, then the web app. */
export async function buildApp({ config, db, logger }: AppOptions) {
  const trusted = proxyTrust(config.trustProxy ? unwrapProxies(config.trustProxy) : undefined);
  const out = logger === undefined && config.logLevel !== 'silent' ? bufferedStdout() : undefined;
  const app = Fastify({
    logger: logger === false ? false : loggerFor(config, logger ?? out ?? process.stdout),
    // Without TRUST_PROXY nothing is trusted: Fastify's own getters then read the socket and the Host
    // header at once, where a trust function made every request.ip parse X-Forwarded-For (decision 065).
    trustProxy: config.trustProxy ? (address: string) => trusted(address) : false,
    genReqId: (request) => requestIdFor(request, trusted),
    logController: new AccessLog({ requestIdLogLabel: 'request_id' }),
    bodyLimit: 1024 * 1024,
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  // The API speaks JSON only; anything else is 415 rather than a string the schemas then reject.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('lifecycle', { draining: false });
  if (out) app.addHook('onClose', async () => out.stop());

  // Request id, security headers, request context, NUL check, cache-control and the request's time:
  // one hook per stage (decision 057).
  await app.register(requestPathPlugin);
  await app.register(errorsPlugin);
  await app.register(compress, { threshold: 1024 });
  await app.register(docsPlugin);
  await app.register(mailPlugin);
  // app.jobs: background jobs, once per period across processes (decision 030).
  await app.register(jobsPlugin);
  // request.identity (bearer token: user, guest or none) and app.accounts for every module.
  await app.register(identityPlugin);
  // app.catalogue: the one catalogue cache of the app (decision 034).
  await app.register(cataloguePlugin);
  // app.orders: the order service, its event bus (Redis across processes) and the payment registry.
  await app.register(ordersPlugin);
  // Best sellers from order history: once listening, then periodically (decision 020).
  await app.register(bestSellersPlugin);
  // Scheduled backups when BACKUP_EVERY_HOURS is set (decision 027).
  await app.register(backupsPlugin);

  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) app.addHook('onClose', async () => void redis.quit());

  await app.register(
    async (api) => {
      await api.register(rateLimit, {
        max: config.rateLimitMax,
        timeWindow: '1 minute',
        redis,
        nameSpace: `${config.redisPrefix}rate-limit:`,
        errorResponseBuilder: (_request, context) =>
          new AppError('rate_limited', `Too many requests; try again in ${context.after}`),
      });
      // A disabled business answers 503 on every call that names it (decision 036).
      await api.register(tenantStatusPlugin);
      await api.register(healthRoutes);
      await api.register(metricsRoutes);
      await api.register(authRoutes);
      await api.register(restaurantRoutes);
      await api.register(settingsRoutes);
      await api.register(pagesRoutes);
      await api.register(contactRoutes);
      await api.register(catalogueRoutes);
      await api.register(reservationRoutes);
      await api.register(cartRoutes);
      await api.register(couponRoutes);
      await api.register(wishlistRoutes);
      await api.register(adminRoutes);
      await api.register(setupRoutes);
      await api.register(catalogueEditorRoutes);
      await api.register(fulfilmentRoutes);
      await api.register(orderRoutes);
      await api.register(adminOrderRoutes);
      await api.register(paymentRoutes);
      await api.register(giftCardRoutes, { payments: giftCardPayments(providerLookup(app.orders.payments)) });
      await api.register(loyaltyRoutes);
      await api.register(rewardsRoutes);
      await api.register(invitationRoutes);
      await api.register(reportRoutes);
      await api.register(tipRoutes);
    },
    { prefix: '/api' },
  );

  // Uploaded product images (decision 017): random names, so they can be cached like hashed assets.
  fs.mkdirSync(config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: uploadsPrefix,
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders(res) {
      res.header('cache-control', 'public, max-age=31536000, immutable');
      res.header('x-content-type-options', 'nosniff');
    },
  });

  const sendIndex = config.webDist ? await registerWeb(app, config.webDist) : undefined;
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      (pathname === '/index.html' || !/\.[a-z0-9]+$/i.test(pathname));
    if (sendIndex && isPage) return sendIndex(request, reply);
    return sendNotFound(reply);
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
