import type { App } from '../../src/app.js';
import type { Db } from '../../src/db/database.js';

export const tenantId = 139;

/** The newest mail the app kept in its outbox for `to` (no SMTP configured in tests). */
export async function lastMail(db: Db, to: string) {
  const row = await db
    .selectFrom('mail_outbox')
    .select(['subject', 'body_text'])
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw new Error(`no mail to ${to}`);
  return row;
}

export function codeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`no code in: ${text}`);
  return match[1];
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs up and verifies `email`, returning the session. */
export async function signUp(
  app: App,
  db: Db,
  email: string,
  options: { password?: string; headers?: Record<string, string> } = {},
) {
  const password = options.password ?? 'correct horse battery';
  const start = await app.inject({
    method: 'POST',
    url: '/api/v2/auth/signup',
    payload: { tenant_id: tenantId, name: 'Ada Lovelace', email, phone_no: '0412 000 111', password },
  });
  if (start.statusCode !== 202) throw new Error(`signup: ${start.body}`);
  const code = codeIn((await lastMail(db, email)).subject);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/auth/verify-code',
    headers: options.headers,
    payload: { tenant_id: tenantId, email, purpose: 'signup', code },
  });
  if (res.statusCode !== 200) throw new Error(`verify: ${res.body}`);
  return res.json().data as { token: string; user: { id: number; email: string; role: string } };
}

export async function logIn(app: App, email: string, password: string, headers?: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/api/v2/auth/login',
    headers,
    payload: { tenant_id: tenantId, email, password },
  });
}

/** Signs in with a password and answers the session token; fails the test when sign-in does. */
export async function signIn(app: App, email: string, password: string, tenant = tenantId): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/auth/login',
    payload: { tenant_id: tenant, email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign in ${email}: ${res.statusCode} ${res.body}`);
  return res.json().data.token as string;
}

/** The seeded demo accounts' passwords (apps/api/src/db/seed). */
export const demoPasswords = {
  owner: 'BellaNonna-Owner-2026',
  manager: 'BellaNonna-Manager-2026',
  staff: 'BellaNonna-Staff-2026',
  customer: 'BellaNonna-Customer-2026',
} as const;

/** Signs in as one of the seeded demo accounts of tenant 139. */
export const signInAs = (app: App, role: keyof typeof demoPasswords) =>
  signIn(app, `${role}@bellanonna.example`, demoPasswords[role]);
