import {
  buildTaxInvoice,
  formatCents,
  invoiceProblems,
  type Order,
  type TaxInvoice,
  type TaxInvoiceLine,
  taxFreeMarker,
} from '@orderfront/core';
import PDFDocument from 'pdfkit';
import type { Tenant } from '../../db/schema.js';
import { escapeHtml } from '../../lib/html.js';

/**
 * An order's tax invoice (decision 040), drawn from core's builder: as HTML for the order mail and
 * as a PDF (pdfkit, its built-in Helvetica: no font files to ship) for the download and the mail's
 * attachment. Both show the same rows, so what the customer reads and keeps is one document.
 */

export function invoiceOf(order: Order, tenant: Tenant): TaxInvoice {
  const invoice = buildTaxInvoice(
    order,
    {
      name: tenant.name,
      legal_name: tenant.legal_name,
      abn: tenant.abn,
      tax_name: tenant.tax_name,
      tax_inclusive: tenant.tax_mode === 'inclusive',
    },
    [order.restaurant.street_name, order.restaurant.city].filter(Boolean).join(', '),
  );
  // The order's columns are the record: an invoice that does not add up to them is a bug, never sent.
  const problems = invoiceProblems(invoice);
  if (problems.length > 0) throw new Error(`invoice of order ${order.id} does not add up: ${problems.join('; ')}`);
  return invoice;
}

interface Row {
  label: string;
  amount: string;
  strong?: boolean;
}

/** The rows under the lines, in order: discounts, charges, points, total, tax, tip, payments, refunds. */
function summaryRows(invoice: TaxInvoice, locale: string): Row[] {
  const m = (cents: number) => formatCents(cents, invoice.currency, locale);
  return [
    ...invoice.discounts.map((d) => ({ label: d.label, amount: m(d.amount) })),
    ...invoice.charges.map((c) => ({ label: c.label, amount: m(c.amount) })),
    ...(invoice.points ? [{ label: 'Loyalty points', amount: m(invoice.points) }] : []),
    { label: 'Total', amount: m(invoice.total), strong: true },
    ...(invoice.tax_inclusive ? [{ label: `Includes ${invoice.tax_name}`, amount: m(invoice.tax) }] : []),
    ...(invoice.tip ? [{ label: 'Tip', amount: m(invoice.tip) }] : []),
    ...(invoice.tip_tax ? [{ label: `Tip includes ${invoice.tax_name}`, amount: m(invoice.tip_tax) }] : []),
    ...(invoice.tip ? [{ label: 'Charged', amount: m(invoice.charged), strong: true }] : []),
    // Tips that bear tax (decision 044): the tax of everything charged, for the customer's claim.
    ...(invoice.tip_tax
      ? [{ label: `${invoice.tax_name} in what was charged`, amount: m(invoice.tax + invoice.tip_tax) }]
      : []),
    ...invoice.payments.map((p) => ({ label: `Paid by ${p.label.toLowerCase()}`, amount: m(p.amount) })),
    ...invoice.refunds.map((r) => ({ label: r.label, amount: m(-r.amount) })),
    ...(invoice.refunds.length ? [{ label: 'Balance', amount: m(invoice.balance), strong: true }] : []),
  ];
}

function headerLines(invoice: TaxInvoice) {
  return [
    invoice.seller.name,
    ...(invoice.seller.trading_as ? [`Trading as ${invoice.seller.trading_as}`] : []),
    ...(invoice.seller.abn ? [`ABN ${invoice.seller.abn}`] : []),
    `${invoice.restaurant.name}${invoice.restaurant.address ? `, ${invoice.restaurant.address}` : ''}`,
    invoice.restaurant.phone,
  ];
}

/** A line's name, marked when it is GST-free (decision 048); the invoice's note says what the mark means. */
const describe = (l: TaxInvoiceLine) => (l.tax_free ? `${l.description} ${taxFreeMarker}` : l.description);

/** One long-date formatter per locale: making one costs more than the rest of the invoice (decision 050). */
const longDates = new Map<string, Intl.DateTimeFormat>();
/** A day as the invoice says it, kept: every order of a day formatted it anew (decision 063). */
const days = new Map<string, string>();

function dateOf(invoice: TaxInvoice, locale: string) {
  const key = `${locale}|${invoice.date}`;
  let day = days.get(key);
  if (day === undefined) {
    let format = longDates.get(locale);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
      longDates.set(locale, format);
    }
    day = format.format(new Date(`${invoice.date}T00:00:00Z`));
    if (days.size >= 4096) days.clear();
    days.set(key, day);
  }
  return `${day}, ${invoice.time}`;
}

/** The invoice as an HTML fragment for the order mail. */
export function invoiceHtml(invoice: TaxInvoice, locale: string): string {
  const m = (cents: number) => formatCents(cents, invoice.currency, locale);
  const e = escapeHtml;
  const cell = 'style="padding:4px 8px;border-bottom:1px solid #ddd"';
  const num = 'style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:right"';
  const lines = invoice.lines
    .map(
      (l) =>
        `<tr><td ${cell}>${e(describe(l))}${l.details.length ? `<br><small>${e(l.details.join(', '))}</small>` : ''}</td><td ${num}>${l.quantity}</td><td ${num}>${e(m(l.unit_price))}</td><td ${num}>${e(m(l.tax))}</td><td ${num}>${e(m(l.amount))}</td></tr>`,
    )
    .join('');
  const note = invoice.tax_free_note
    ? `<tr><td colspan="5" ${cell}><small>${e(invoice.tax_free_note)}</small></td></tr>`
    : '';
  const rows = summaryRows(invoice, locale)
    .map(
      (r) =>
        `<tr><td colspan="4" ${num}>${r.strong ? `<strong>${e(r.label)}</strong>` : e(r.label)}</td><td ${num}>${r.strong ? `<strong>${e(r.amount)}</strong>` : e(r.amount)}</td></tr>`,
    )
    .join('');
  return `<h2>${e(invoice.title)}</h2><p>${headerLines(invoice).map(e).join('<br>')}</p><p>Order ${e(invoice.number)}<br>${e(dateOf(invoice, locale))}<br>To: ${e(invoice.customer.name)}</p><table style="border-collapse:collapse"><thead><tr><th ${cell}>Item</th><th ${num}>Qty</th><th ${num}>Price</th><th ${num}>${e(invoice.tax_name)}</th><th ${num}>Amount</th></tr></thead><tbody>${lines}${note}${rows}</tbody></table>`;
}

/** The invoice as a PDF document (A4). */
export function invoicePdf(invoice: TaxInvoice, locale: string): Promise<Buffer> {
  const m = (cents: number) => formatCents(cents, invoice.currency, locale);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${invoice.title} ${invoice.number}`, Author: invoice.seller.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 50;
  const width = doc.page.width - 100;
  const columns = {
    qty: left + width - 250,
    price: left + width - 200,
    tax: left + width - 130,
    amount: left + width - 60,
  };
  doc.font('Helvetica-Bold').fontSize(20).text(invoice.title, left, 50);
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  for (const line of headerLines(invoice)) doc.text(line);
  doc.moveDown().text(`Order ${invoice.number}`).text(dateOf(invoice, locale)).text(`To: ${invoice.customer.name}`);
  doc.moveDown();

  const row = (cells: { text: string; x: number; width: number; align?: 'right' | 'left' }[], bold = false) => {
    if (doc.y > doc.page.height - 100) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    let bottom = y;
    for (const c of cells) {
      doc.text(c.text, c.x, y, { width: c.width, align: c.align ?? 'left' });
      bottom = Math.max(bottom, doc.y);
    }
    doc.x = left;
    doc.y = bottom + 4;
  };
  const right = (text: string, x: number, w = 60) => ({ text, x, width: w, align: 'right' as const });
  row(
    [
      { text: 'Item', x: left, width: columns.qty - left - 10 },
      right('Qty', columns.qty, 40),
      right('Price', columns.price),
      right(invoice.tax_name, columns.tax),
      right('Amount', columns.amount),
    ],
    true,
  );
  for (const l of invoice.lines) {
    row([
      {
        text: l.details.length ? `${describe(l)}\n${l.details.join(', ')}` : describe(l),
        x: left,
        width: columns.qty - left - 10,
      },
      right(String(l.quantity), columns.qty, 40),
      right(m(l.unit_price), columns.price),
      right(m(l.tax), columns.tax),
      right(m(l.amount), columns.amount),
    ]);
  }
  if (invoice.tax_free_note) row([{ text: invoice.tax_free_note, x: left, width }]);
  doc.moveDown(0.5);
  for (const r of summaryRows(invoice, locale)) {
    row(
      [{ text: r.label, x: left, width: columns.amount - left - 10, align: 'right' }, right(r.amount, columns.amount)],
      r.strong,
    );
  }
  doc.end();
  return done;
}
