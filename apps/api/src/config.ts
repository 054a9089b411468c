import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  /** Unset: embedded SQLite at data/storefront.sqlite. `postgres://…`: PostgreSQL. `sqlite:PATH`: another SQLite file. */
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'must start with postgres:// or sqlite:')
    .optional(),
  /** The tenant this storefront serves when the request's host maps to no other (spec §1). */
  TENANT_ID: z.coerce.number().int().positive().default(139),
  /** Where links in mail point; never taken from the Host header. */
  PUBLIC_BASE_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Requests per minute per client IP on /api. */
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  REDIS_URL: z.url().optional(),
  /** Directory of the built web app; the API alone runs without it. */
  WEB_DIST: z.string().optional(),
  SEED_DEMO: booleanFlag.default(true),
  /** smtp(s)://user:pass@host:port. Unset: mail is kept in the mail_outbox table and logged. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Storefront <no-reply@localhost>'),
  /** Google sign-in: the OAuth client id (the ID token's audience); unset turns Google sign-in off. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Comma-separated accepted issuers of Google ID tokens. */
  GOOGLE_ISSUER: z.string().min(1).default('https://accounts.google.com,accounts.google.com'),
  /** Requests per minute per client IP on the sign-in, sign-up, code and reset calls. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  /** Where uploaded files (product images) are kept and served from under /uploads/. */
  UPLOADS_DIR: z.string().min(1).default('data/uploads'),
  /** Gift card balance checks per minute, per client IP and per code prefix (brute-force guard). */
  GIFT_CARD_CHECK_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  /** `outbox`: text messages with one-time codes go to the sms_outbox table and the log. */
  SMS_SENDER: z.enum(['none', 'outbox']).default('none'),
  /** Google Maps Geocoding for delivery addresses; unset: addresses are matched offline by postcode/suburb. */
  GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),
  /** Where the Geocoding API is (tests point it at a local server). */
  GOOGLE_MAPS_BASE_URL: z.url().default('https://maps.googleapis.com'),
  /** How often each API process sets the best sellers from order history (and once after it starts). */
  BEST_SELLERS_REFRESH_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  /** Where `npm run backup` and the scheduled backups write (decision 027). */
  BACKUP_DIR: z.string().min(1).default('data/backups'),
  /** Hours between scheduled backups made by the server; 0 (the default) leaves backups to `npm run backup`. */
  BACKUP_EVERY_HOURS: z.coerce.number().min(0).max(8_760).default(0),
  /** How many scheduled backups to keep in BACKUP_DIR; older ones are deleted after a new one is made. */
  BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
});

export type DatabaseTarget =
  | { dialect: 'sqlite'; file: string }
  | { dialect: 'postgres'; url: string; schema?: string };

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
  const url = e.DATABASE_URL;
  const database: DatabaseTarget = url?.startsWith('postgres')
    ? { dialect: 'postgres', url }
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
    backup: { dir: path.resolve(root, e.BACKUP_DIR), everyHours: e.BACKUP_EVERY_HOURS, keep: e.BACKUP_KEEP },
  };
}
