import { orderAccessHeader, type PlacedOrder, sandboxTestCards } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueRepository } from '../src/modules/catalogue/repository.js';
import type { TestContext } from './support/app.js';
import { tenantId } from './support/auth.js';
import {
  addToCart,
  call,
  confirmSandbox,
  guestOrder,
  newGuest,
  pickupOrder,
  type Shop,
  simpleProduct,
  startShop,
} from './support/orders.js';
import { looksLikePdf, pdfText } from './support/pdf.js';
import { type SmtpCapture, startSmtpCapture } from './support/smtp.js';

let ctx: TestContext;
let shop: Shop;
let smtp: SmtpCapture;

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  shop = await startShop({ env: { SMTP_URL: smtp.url } });
  ctx = shop.ctx;
  await ctx.db
    .updateTable('tenants')
    .set({ legal_name: 'Bella Nonna Hospitality Pty Ltd', abn: '51824753556' })
    .where('id', '=', tenantId)
    .execute();
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const invoiceOf = (placed: PlacedOrder, headers: Record<string, string>, token: string | null = null) =>
  call(ctx, 'GET', `/v2/orders/${placed.order.id}/invoice`, token, undefined, headers);

describe('tax invoices', () => {
  it('a paid card order: its owner downloads a valid PDF naming the ABN and the total', async () => {
    const { guest, placed } = await guestOrder(shop, { payment_method: 'card' }, { quantity: 2 });
    // Not placed until paid: no invoice yet.
    const early = await invoiceOf(placed, {}, guest.token);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('conflict');

    const paid = await confirmSandbox(ctx, guest, placed.payment?.payment_id as string, sandboxTestCards.success);
    expect(paid.json().data.status).toBe('succeeded');
    const res = await invoiceOf(placed, {}, guest.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="tax-invoice-${placed.order.order_number}.pdf"`,
    );
    const pdf = res.rawPayload;
    expect(looksLikePdf(pdf)).toBe(true);
    const text = pdfText(pdf);
    expect(text).toContain('Tax invoice');
    expect(text).toContain('Bella Nonna Hospitality Pty Ltd');
    expect(text).toContain('ABN 51 824 753 556');
    expect(text).toContain(`Order ${placed.order.order_number}`);
    expect(text).toContain(money(placed.order.totals.total));
    expect(text).toContain(`Includes GST`);
    expect(text).toContain(money(placed.order.totals.tax));
    expect(text).toContain('Paid by card');
    for (const line of placed.order.lines) expect(text).toContain(line.name);
  });

  it("the order access header's credential opens it too; another caller is told there is no such order", async () => {
    const { placed } = await guestOrder(shop, { payment_method: 'cash_on_delivery' });
    const byCredential = await invoiceOf(placed, { [orderAccessHeader]: placed.access_token });
    expect(byCredential.statusCode).toBe(200);
    expect(looksLikePdf(byCredential.rawPayload)).toBe(true);
    expect(pdfText(byCredential.rawPayload)).toContain('Paid by cash');

    const stranger = await newGuest(ctx);
    const refused = await invoiceOf(placed, {}, stranger.token);
    expect(refused.statusCode).toBe(404);
    expect((await invoiceOf(placed, {})).statusCode).toBe(404);
    expect((await invoiceOf(placed, { [orderAccessHeader]: `${placed.access_token}x` })).statusCode).toBe(404);
  });

  it('the confirmation mail carries the invoice: in its HTML and as a PDF attachment', async () => {
    const email = `invoice-${Date.now()}@example.test`;
    const { placed } = await guestOrder(shop, { payment_method: 'cash_on_delivery' }, { email });
    const mail = await smtp.waitFor(email);
    expect(mail.html).toContain('Tax invoice');
    expect(mail.html).toContain('ABN 51 824 753 556');
    expect(mail.html).toContain(money(placed.order.totals.total));
    const attachment = mail.attachments.find((a) => a.contentType === 'application/pdf');
    expect(attachment?.filename).toBe(`tax-invoice-${placed.order.order_number}.pdf`);
    const text = pdfText(attachment?.content as Buffer);
    expect(text).toContain('ABN 51 824 753 556');
    expect(text).toContain(money(placed.order.totals.total));
  });

  it('a refunded order shows the refund and a nil balance', async () => {
    const { guest, placed } = await guestOrder(shop, { payment_method: 'card' });
    await confirmSandbox(ctx, guest, placed.payment?.payment_id as string, sandboxTestCards.success);
    await ctx.db
      .updateTable('orders')
      .set({ payment_status: 'refunded', status: 'refunded' })
      .where('id', '=', placed.order.id)
      .execute();
    const text = pdfText((await invoiceOf(placed, {}, guest.token)).rawPayload);
    expect(text).toContain('Refunded to card');
    expect(text).toContain(`-${money(placed.order.totals.total)}`);
    expect(text).toMatch(/Balance[\s\S]*\$0\.00/);
  });

  it('without an ABN the business issues a receipt', async () => {
    await ctx.db.updateTable('tenants').set({ abn: null }).where('id', '=', tenantId).execute();
    try {
      const { placed } = await guestOrder(shop, { payment_method: 'cash_on_delivery' });
      const text = pdfText((await invoiceOf(placed, { [orderAccessHeader]: placed.access_token })).rawPayload);
      expect(text).toContain('Receipt');
      expect(text).not.toContain('ABN');
    } finally {
      await ctx.db.updateTable('tenants').set({ abn: '51824753556' }).where('id', '=', tenantId).execute();
    }
  });

  it('a cart mixing taxable and GST-free items: the GST-free line is marked, with no tax, in the PDF and the mail', async () => {
    const free = simpleProduct(shop.menu, 1);
    const taxed = simpleProduct(shop.menu);
    const setClass = async (tax_class: string) => {
      await ctx.db.updateTable('products').set({ tax_class }).where('id', '=', free.product_id).execute();
      await catalogueRepository(ctx.db).bumpVersion(ctx.db, tenantId, shop.restaurantId);
    };
    await setClass('gst_free');
    try {
      const guest = await newGuest(ctx);
      const email = `gst-free-${Date.now()}@example.test`;
      await addToCart(ctx, guest, shop.restaurantId, free, 1);
      const res = await pickupOrder(shop, guest, { payment_method: 'cash_on_delivery' }, { quantity: 1, email });
      expect(res.statusCode, res.body).toBe(201);
      const placed = res.json().data as PlacedOrder;
      const freeLine = placed.order.lines.find((l) => l.name === free.products.name);
      const taxedLine = placed.order.lines.find((l) => l.name === taxed.products.name);
      expect(freeLine).toMatchObject({ tax_class: 'gst_free', tax: 0 });
      expect(taxedLine?.tax_class).toBe('standard');
      expect(taxedLine?.tax).toBeGreaterThan(0);
      expect(placed.order.totals.tax).toBe(taxedLine?.tax);

      const text = pdfText((await invoiceOf(placed, {}, guest.token)).rawPayload);
      expect(text).toContain(`${free.products.name} *`);
      expect(text).not.toContain(`${taxed.products.name} *`);
      expect(text).toContain('* GST-free item');
      const mail = await smtp.waitFor(email);
      expect(mail.html).toContain(`${free.products.name} *`);
      expect(mail.html).toContain('* GST-free item');
    } finally {
      await setClass('standard');
    }
  });
});
