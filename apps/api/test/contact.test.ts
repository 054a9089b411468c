import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.js';
import { type SmtpCapture, startSmtpCapture } from './support/smtp.js';

const message = {
  tenant_id: 139,
  name: 'Ada Lovelace',
  email: 'ada@example.test',
  phone: '0400 000 000',
  message: 'Do you cater for a party of 20 next Friday?',
};

describe('POST /api/v2/contact', () => {
  let smtp: SmtpCapture;
  let ctx: TestContext;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ctx = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  const post = (payload: object, ip = '10.0.0.1') =>
    ctx.app.inject({ method: 'POST', url: '/api/v2/contact', payload, remoteAddress: ip });

  it("mails the message to the business's contact email", async () => {
    const res = await post(message);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { sent: true }, error: null });
    const mail = await smtp.waitFor('hello@bellanonna.example');
    expect(mail.subject).toBe('Website enquiry from Ada Lovelace');
    expect(mail.text).toContain('Email: ada@example.test');
    expect(mail.text).toContain('Phone: 0400 000 000');
    expect(mail.text).toContain('Do you cater for a party of 20 next Friday?');
  });

  it('rejects invalid input with 400 naming each field, and sends nothing', async () => {
    const before = smtp.messages.length;
    const res = await post({ tenant_id: 139, name: '', email: 'nope', message: 'hi', website: 'x' }, '10.0.0.2');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['email', 'message', 'name', 'website']);
    expect(smtp.messages.length).toBe(before);
  });

  it('answers 404 for an unknown business', async () => {
    const res = await post({ ...message, tenant_id: 4242 }, '10.0.0.3');
    expect(res.statusCode).toBe(404);
  });

  it('is rate limited per client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(message, '10.0.0.9')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await post(message, '10.0.0.10')).statusCode).toBe(200);
  });
});

describe('POST /api/v2/contact when mail cannot be delivered', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
  });
  afterAll(() => ctx.close());

  it('says so honestly with a 503', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v2/contact', payload: message });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('We could not send your message just now. Please try again or call us.');
  });
});

describe('POST /api/v2/newsletter-subscriptions', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const subscribe = (payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/v2/newsletter-subscriptions', payload });

  it('keeps the address once, lower-cased, and answers the same when it is already there', async () => {
    expect((await subscribe({ tenant_id: 139, email: 'Ada@Example.test' })).json()).toEqual({
      data: { subscribed: true },
      error: null,
    });
    expect((await subscribe({ tenant_id: 139, email: 'ada@example.test' })).statusCode).toBe(200);
    const rows = await ctx.db.selectFrom('newsletter_subscribers').select(['tenant_id', 'email']).execute();
    expect(rows).toEqual([{ tenant_id: 139, email: 'ada@example.test' }]);
  });

  it('rejects a bad address with 400 and an unknown business with 404', async () => {
    const bad = await subscribe({ tenant_id: 139, email: 'ada' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('email');
    expect((await subscribe({ tenant_id: 999, email: 'b@example.test' })).statusCode).toBe(404);
  });
});
