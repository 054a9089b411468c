import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parseTrustedProxies } from './lib/request-context.js';

/**
 * PostgreSQL connections per process when not configured (decision 076): more backends than
 * processors to run them only take turns, and on a 2-core machine with the database beside the API
 * 10 connections cost each order a third more of the database's CPU than 4.
 */
export const defaultPoolMax = () => Math.max(4, 2 * os.availableParallelism());

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('production')
    .describe('`development` (set by `npm run dev`) or `test`; the server behaves the same in every one'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000).describe('HTTP port'),
  HOST: z.string().min(1).default('localhost').describe('interface to listen on (`0.0.0.0` for all)'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'must start with postgres:// or sqlite:')
    .optional()
    .describe(
      '`postgres://…` for PostgreSQL, or `sqlite:path/to/file.sqlite`; unset: embedded SQLite at `data/storefront.sqlite`',
    ),
  DATABASE_POOL_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .describe(
      "PostgreSQL connections each API process may hold; unset: twice the machine's processors, at least 4 (decision 076); times the processes, below the server's `max_connections`",
    ),
  DATABASE_NAMED_STATEMENTS: booleanFlag
    .default(true)
    .describe(
      'PostgreSQL: prepare each statement once per connection (named statements, decision 054); `false` behind a transaction-pooling proxy that cannot keep them',
    ),
  TENANT_ID: z.coerce
    .number()
    .int()
    .positive()
    .default(139)
    .describe("the tenant served when the request's host is not mapped to another (`tenants.host`; spec §1)"),
  PUBLIC_BASE_URL: z
    .url()
    .optional()
    .describe('base of links sent by mail, never taken from the Host header; unset: `http://localhost:$PORT`'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe("pino level; tokens and cookies are never logged, every request's lines carry its `request_id`"),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600).describe('API requests per minute per client IP'),
  REDIS_URL: z
    .url()
    .optional()
    .describe('share rate limits and live order events across API processes; unset: each process on its own'),
  TRUST_PROXY: z
    .string()
    .refine((value) => parseTrustedProxies(value).ok, 'must be comma-separated IP addresses or CIDR ranges')
    .optional()
    .describe(
      'addresses and CIDR ranges of the reverse proxies in front of the server (`127.0.0.1,10.0.0.0/8`): their `X-Forwarded-For`, `X-Forwarded-Proto` and `X-Request-Id` are believed; unset: no proxy is trusted and the client IP is the socket address',
    ),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .optional()
    .describe('bearer token that opens `/api/metrics` (Prometheus); unset: `/api/metrics` does not exist'),
  WEB_DIST: z
    .string()
    .optional()
    .describe('the built web app to serve (`npm start` sets `apps/web/dist`); unset: the API alone'),
  SEED_DEMO: booleanFlag.default(true).describe('seed the demo business into an empty database'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional()
    .describe('`smtp(s)://user:pass@host:port`; unset: mail goes to the `mail_outbox` table and the log'),
  MAIL_FROM: z.string().min(3).default('Storefront <no-reply@localhost>').describe('sender of every mail'),
  GOOGLE_CLIENT_ID: z
    .string()
    .min(1)
    .optional()
    .describe("Google sign-in's OAuth client id (the ID token's audience); unset: no Google sign-in"),
  GOOGLE_JWKS_URL: z
    .url()
    .default('https://www.googleapis.com/oauth2/v3/certs')
    .describe('key set that signs Google ID tokens'),
  GOOGLE_ISSUER: z
    .string()
    .min(1)
    .default('https://accounts.google.com,accounts.google.com')
    .describe('accepted ID-token issuers, comma-separated'),
  AUTH_RATE_LIMIT_MAX: z.coerce
    .number()
    .int()
    .positive()
    .default(20)
    .describe('sign-in, sign-up, code and reset calls per minute per client IP'),
  UPLOADS_DIR: z
    .string()
    .min(1)
    .default('data/uploads')
    .describe('where uploaded product images are stored; served at `/uploads/`'),
  GIFT_CARD_CHECK_RATE_LIMIT_MAX: z.coerce
    .number()
    .int()
    .positive()
    .default(10)
    .describe('gift card balance checks per minute, per client IP and per code prefix (brute-force guard)'),
  SMS_SENDER: z
    .enum(['none', 'outbox'])
    .default('none')
    .describe('`outbox`: one-time codes are also texted, into the `sms_outbox` table and the log'),
  GOOGLE_MAPS_API_KEY: z
    .string()
    .min(1)
    .optional()
    .describe('geocode delivery addresses with Google Maps (radius zones); unset: matched offline by postcode/suburb'),
  GOOGLE_MAPS_BASE_URL: z
    .url()
    .default('https://maps.googleapis.com')
    .describe('where the Geocoding API is (tests point it at a local server)'),
  BEST_SELLERS_REFRESH_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_080)
    .default(60)
    .describe('how often each API process sets the best sellers from the last 30 days of orders (also once at start)'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,40}$/, 'letters, digits and : . - _ only')
    .default('storefront:')
    .describe("prefix of this install's Redis keys and channels, so several installs can share one Redis"),
  SWEEP_EVERY_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(60)
    .describe('how often abandoned card payments are released and dated gift cards mailed (once across all processes)'),
  WORKERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(1)
    .describe(
      'API processes `npm start` runs on this machine, sharing the port (Node cluster); above 1 needs `REDIS_URL`',
    ),
  SHUTDOWN_GRACE_SECONDS: z.coerce
    .number()
    .min(0)
    .max(300)
    .default(10)
    .describe('on SIGTERM, seconds readiness fails while in-flight requests finish, before the process closes'),
  BACKUP_DIR: z
    .string()
    .min(1)
    .default('data/backups')
    .describe('where `npm run backup` and scheduled backups are written (decision 027)'),
  BACKUP_EVERY_HOURS: z.coerce
    .number()
    .min(0)
    .max(8_760)
    .default(0)
    .describe('hours between backups made by the server itself (one process does it); `0`: none'),
  BACKUP_KEEP: z.coerce
    .number()
    .int()
    .min(1)
    .default(7)
    .describe('scheduled backups kept; older ones are deleted (those made by `npm run backup` stay)'),
});

/** Every variable the server reads, its default and its meaning, from the schema itself (docs/operations). */
export function configReference(): { name: string; default: string | null; meaning: string }[] {
  const defaults: Record<string, unknown> = envSchema.parse({});
  return Object.entries(envSchema.shape).map(([name, schema]) => ({
    name,
    default: defaults[name] === undefined ? null : String(defaults[name]),
    meaning: schema.description ?? '',
  }));
}

export type DatabaseTarget =
  | { dialect: 'sqlite'; file: string }
  | { dialect: 'postgres'; url: string; schema?: string; poolMax?: number; namedStatements?: boolean };

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database: DatabaseTarget;
  tenantId: number;
  publicBaseUrl: string;
  logLevel: string;
  rateLimitMax: number;
  redisUrl?: string;
  redisPrefix: string;
  /** Reverse proxies whose forwarding headers are believed (TRUST_PROXY). */
  trustProxy?: string;
  metricsToken?: string;
  webDist?: string;
  seedDemo: boolean;
  smtpUrl?: string;
  mailFrom: string;
  google: { clientId?: string; jwksUrl: string; issuers: string[] };
  authRateLimitMax: number;
  smsSender: 'none' | 'outbox';
  uploadsDir: string;
  maps: { googleApiKey?: string; googleBaseUrl: string };
  giftCardCheckRateLimitMax: number;
  bestSellersRefreshMinutes: number;
  sweepEverySeconds: number;
  workers: number;
  shutdownGraceSeconds: number;
  backup: { dir: string; everyHours: number; keep: number };
}

export class ConfigError extends Error {}

/** Parses the environment; throws a readable ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.WORKERS > 1 && !e.REDIS_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  WORKERS: more than one process needs REDIS_URL, so live order updates and rate limits are shared',
    );
  }
  const url = e.DATABASE_URL;
  const database: DatabaseTarget = url?.startsWith('postgres')
    ? {
        dialect: 'postgres',
        url,
        poolMax: e.DATABASE_POOL_MAX ?? defaultPoolMax(),
        namedStatements: e.DATABASE_NAMED_STATEMENTS,
      }
    : {
        dialect: 'sqlite',
        file: path.resolve(root, url ? url.slice('sqlite:'.length) : 'data/storefront.sqlite'),
      };
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    database,
    tenantId: e.TENANT_ID,
    publicBaseUrl: e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`,
    logLevel: e.LOG_LEVEL,
    rateLimitMax: e.RATE_LIMIT_MAX,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    webDist: e.WEB_DIST ? path.resolve(root, e.WEB_DIST) : undefined,
    seedDemo: e.SEED_DEMO,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google: {
      clientId: e.GOOGLE_CLIENT_ID,
      jwksUrl: e.GOOGLE_JWKS_URL,
      issuers: e.GOOGLE_ISSUER.split(',')
        .map((issuer) => issuer.trim())
        .filter(Boolean),
    },
    authRateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    smsSender: e.SMS_SENDER,
    uploadsDir: path.resolve(root, e.UPLOADS_DIR),
    maps: { googleApiKey: e.GOOGLE_MAPS_API_KEY, googleBaseUrl: e.GOOGLE_MAPS_BASE_URL },
    giftCardCheckRateLimitMax: e.GIFT_CARD_CHECK_RATE_LIMIT_MAX,
    bestSellersRefreshMinutes: e.BEST_SELLERS_REFRESH_MINUTES,
    sweepEverySeconds: e.SWEEP_EVERY_SECONDS,
    workers: e.WORKERS,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    backup: { dir: path.resolve(root, e.BACKUP_DIR), everyHours: e.BACKUP_EVERY_HOURS, keep: e.BACKUP_KEEP },
  };
}
