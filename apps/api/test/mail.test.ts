import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.js';
import { type SmtpCapture, startSmtpCapture } from './support/smtp.js';

describe('mail over SMTP', () => {
  let smtp: SmtpCapture;
  let ctx: TestContext;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ctx = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Bella Nonna <orders@bellanonna.test>' } });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it('delivers the message to the SMTP server and keeps nothing in the outbox', async () => {
    await ctx.app.mailer.send({ tenantId: 139, to: 'ada@example.test', subject: 'Your code', text: 'Code: 123456' });
    const mail = await smtp.waitFor('ada@example.test');
    expect(mail).toMatchObject({ subject: 'Your code', to: ['ada@example.test'] });
    expect(mail.text.trim()).toBe('Code: 123456');
    expect(await ctx.db.selectFrom('mail_outbox').selectAll().execute()).toEqual([]);
  });

  it('throws when the server cannot be reached, so the caller can answer honestly', async () => {
    const down = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      await expect(
        down.app.mailer.send({ tenantId: 139, to: 'ada@example.test', subject: 'x', text: 'y' }),
      ).rejects.toThrow();
    } finally {
      await down.close();
    }
  });
});

describe('mail without SMTP', () => {
  const outboxApp = async (level: string) => {
    const lines: string[] = [];
    const ctx = await createTestApp({
      env: { LOG_LEVEL: level },
      logStream: { write: (line) => void lines.push(line) },
    });
    return { ctx, lines };
  };

  it('keeps the message in the tenant outbox; the log names it but holds its code only at trace', async () => {
    for (const level of ['info', 'debug', 'trace']) {
      const { ctx, lines } = await outboxApp(level);
      try {
        await ctx.app.mailer.send({
          tenantId: 139,
          to: 'bob@example.test',
          subject: 'Your code',
          text: 'Code: 654321',
        });
        const rows = await ctx.db.selectFrom('mail_outbox').selectAll().execute();
        expect(rows).toMatchObject([
          { tenant_id: 139, to_address: 'bob@example.test', subject: 'Your code', body_text: 'Code: 654321' },
        ]);
        expect(lines.join('')).toContain('mail_outbox');
        expect(lines.join('').includes('Code: 654321')).toBe(level === 'trace');
      } finally {
        await ctx.close();
      }
    }
  }, 90_000);

  it('mail sent at once is each kept once, as sent, whether or not it has HTML (decision 073)', async () => {
    const { ctx } = await outboxApp('warn');
    try {
      const sent = Array.from({ length: 25 }, (_, i) => ({
        tenantId: 139,
        to: `guest${i}@example.test`,
        subject: `Order ${1000 + i}`,
        text: `Thanks, guest ${i}`,
        ...(i % 2 === 0 ? { html: `<p>Thanks, guest ${i}</p>` } : {}),
      }));
      await Promise.all(sent.map((mail) => ctx.app.mailer.send(mail)));
      const rows = await ctx.db.selectFrom('mail_outbox').selectAll().execute();
      const byAddress = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));
      expect(rows.map((r) => [r.to_address, r.subject, r.body_text, r.body_html]).sort(byAddress)).toEqual(
        sent.map((m) => [m.to, m.subject, m.text, m.html ?? null]).sort(byAddress),
      );
      expect(new Set(rows.map((r) => r.id)).size).toBe(sent.length);
    } finally {
      await ctx.close();
    }
  });
});
