import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import Database from 'better-sqlite3';
import { latestMail } from './outbox';

export interface E2eTenant {
  id: number;
  host: string;
  /** The storefront of this tenant (same server, its own host name). */
  url: string;
}

function open() {
  const file = process.env.E2E_DATABASE_FILE;
  if (!file) throw new Error('E2E_DATABASE_FILE is not set: run through the e2e global setup');
  const db = new Database(file, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return db;
}

/**
 * A tenant of its own for one test, served at http://<slug>.e2e.test:<port> (Chromium maps *.e2e.test
 * to this machine), with the given saved theme (web_config patch) and online-ordering switch.
 */
export function createTenant(
  baseUrl: string,
  options: { name?: string; webConfig?: object; onlineOrders?: boolean } = {},
): E2eTenant {
  const slug = `t${randomBytes(5).toString('hex')}`;
  const host = `${slug}.e2e.test`;
  const db = open();
  try {
    const id = (db.prepare('select coalesce(max(id), 1000) + 1 as id from tenants').get() as { id: number }).id;
    db.transaction(() => {
      db.prepare(
        `insert into tenants (id, name, short_name, slug, host, currency, locale, timezone, tax_mode, tax_rate_bps)
         values (?, ?, ?, ?, ?, 'AUD', 'en-AU', 'Australia/Sydney', 'inclusive', 1000)`,
      ).run(id, options.name ?? `E2E ${slug}`, slug, slug, host);
      db.prepare(
        `insert into app_settings (tenant_id, restaurant_id, web_config, payment_gateway_config, is_online_order_enabled)
         values (?, null, ?, ?, ?)`,
      ).run(
        id,
        JSON.stringify(options.webConfig ?? {}),
        JSON.stringify({ provider: 'sandbox', mode: 'test', publishable_key: `pk_sandbox_${slug}` }),
        options.onlineOrders === false ? 0 : 1,
      );
      // One active restaurant, chosen automatically: no selection dialog over the page under test.
      db.prepare(
        `insert into restaurants (tenant_id, name, slug, status, street_name, suburb, city, state, postcode, country,
           phone, email, latitude, longitude, timezone, image_path)
         values (?, ?, 'main', 1, '1 Test Street', 'Surry Hills', 'Sydney', 'NSW', '2010', 'AU',
           '(02) 9000 0000', 'shop@e2e.test', -33.88, 151.21, 'Australia/Sydney', null)`,
      ).run(id, `${options.name ?? slug} Surry Hills`);
    })();
    const port = new URL(baseUrl).port;
    return { id, host, url: `http://${host}:${port}` };
  } finally {
    db.close();
  }
}

/**
 * Signs up a user of `tenant` through the API (code from the outbox) and gives them a staff role
 * (staff by default; the theme is the owner's). The calls go to the base URL: their body's
 * tenant_id names the tenant (Node does not resolve *.e2e.test).
 */
export async function signUpStaff(
  request: APIRequestContext,
  tenant: E2eTenant,
  role: 'staff' | 'manager' | 'owner' = 'staff',
) {
  const email = `staff-${randomBytes(4).toString('hex')}@e2e.test`;
  const start = await request.post(`/api/v2/auth/signup`, {
    data: { tenant_id: tenant.id, name: 'Sam Staff', email, phone_no: '0412 000 111', password: 'staff-password-1' },
  });
  if (start.status() !== 202) throw new Error(`signup: ${await start.text()}`);
  const mail = await latestMail(email);
  const code = /\b(\d{6})\b/.exec(`${mail.subject} ${mail.text}`)?.[1];
  const verified = await request.post(`/api/v2/auth/verify-code`, {
    data: { tenant_id: tenant.id, email, purpose: 'signup', code },
  });
  if (verified.status() !== 200) throw new Error(`verify: ${await verified.text()}`);
  const { token, user } = (await verified.json()).data;
  const db = open();
  try {
    db.prepare('update users set role = ? where id = ?').run(role, user.id);
  } finally {
    db.close();
  }
  return { token: token as string, user: { ...user, role } };
}

/**
 * Runs the operator's `tenant` command (apps/api/dist/cli.js, built by the e2e server's start) on
 * the e2e database, with links pointing at the e2e server's port. Answers stdout; throws on failure.
 */
export function runTenantCli(baseUrl: string, args: string[]): string {
  const file = process.env.E2E_DATABASE_FILE;
  if (!file) throw new Error('E2E_DATABASE_FILE is not set: run through the e2e global setup');
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  // Like the e2e server: no SMTP, so the invitation lands in the outbox the test reads.
  const { SMTP_URL: _smtp, ...env } = process.env;
  const result = spawnSync(process.execPath, [path.join(root, 'apps/api/dist/cli.js'), 'tenant', ...args], {
    cwd: root,
    env: { ...env, DATABASE_URL: `sqlite:${file}`, PUBLIC_BASE_URL: baseUrl, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`tenant ${args[0]} failed (${result.status}): ${result.stderr}`);
  return result.stdout;
}

/** An open restaurant of `tenantId` (the restaurants screens are not part of this journey); answers its id. */
export function addOpenRestaurant(tenantId: number, name: string): number {
  const db = open();
  try {
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const row = db
      .prepare(
        `insert into restaurants (tenant_id, name, slug, status, street_name, suburb, city, state, postcode, country,
           phone, email, latitude, longitude, timezone, image_path)
         values (?, ?, ?, 1, '1 Circular Quay', 'Sydney', 'Sydney', 'NSW', '2000', 'AU',
           '(02) 9000 0001', 'quay@e2e.test', -33.86, 151.21, 'Australia/Sydney', null) returning id`,
      )
      .get(tenantId, name, slug) as { id: number };
    return row.id;
  } finally {
    db.close();
  }
}
