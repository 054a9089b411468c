import { formatCents, formatGiftCardCode } from '@orderfront/core';
import type { GiftCardRow } from '../../db/schema.js';
import { escapeHtml } from '../../lib/html.js';
import type { GiftCardContext } from './context.js';

/** The mails a card's recipient and buyer get: its code, and a refund notice. */
export function giftCardMail(ctx: Pick<GiftCardContext, 'mailer' | 'config' | 'tenantOf'>) {
  async function sendCode(row: GiftCardRow, code: string) {
    const tenant = await ctx.tenantOf(row.tenant_id);
    const amount = formatCents(row.balance, row.currency, tenant.locale);
    const shown = formatGiftCardCode(code);
    const link = new URL('/gift-cards', ctx.config.publicBaseUrl).toString();
    const expires = row.expires_at
      ? new Intl.DateTimeFormat(tenant.locale, { dateStyle: 'long', timeZone: tenant.timezone }).format(
          new Date(row.expires_at),
        )
      : null;
    const text = [
      `Hi ${row.recipient_name},`,
      '',
      `${row.sender_name} sent you a ${amount} gift card for ${tenant.name}.`,
      ...(row.message ? ['', `"${row.message}"`] : []),
      '',
      `Your gift card code: ${shown}`,
      '',
      'Enter it at checkout when you order online. You can use it over several orders until the balance runs out.',
      `Check your balance at ${link}`,
      ...(expires ? [`Valid until ${expires}.`] : []),
      '',
      'Keep this code safe: anyone who has it can spend the balance.',
      tenant.name,
    ].join('\n');
    const html = `<p>Hi ${escapeHtml(row.recipient_name)},</p><p>${escapeHtml(row.sender_name)} sent you a <strong>${escapeHtml(amount)}</strong> gift card for ${escapeHtml(tenant.name)}.</p>${row.message ? `<blockquote>${escapeHtml(row.message)}</blockquote>` : ''}<p>Your gift card code:</p><p style="font-size:20px;font-family:monospace;letter-spacing:2px"><strong>${shown}</strong></p><p>Enter it at checkout when you order online. <a href="${escapeHtml(link)}">Check your balance</a>.${expires ? ` Valid until ${escapeHtml(expires)}.` : ''}</p><p>Keep this code safe: anyone who has it can spend the balance.</p>`;
    await ctx.mailer.send({
      tenantId: row.tenant_id,
      to: row.recipient_email,
      subject: `${row.sender_name} sent you a ${amount} gift card for ${tenant.short_name}`,
      text,
      html,
    });
  }

  /** Tells the buyer their money is on its way back and the card no longer pays. */
  async function sendRefundNotice(row: GiftCardRow, amountCents: number) {
    const tenant = await ctx.tenantOf(row.tenant_id);
    const amount = formatCents(amountCents, row.currency, tenant.locale);
    const card = formatCents(row.initial_amount, row.currency, tenant.locale);
    const text = [
      'Hello,',
      '',
      `${tenant.name} refunded ${amount} of the ${card} gift card you bought for ${row.recipient_name}.`,
      'The money goes back to the card you paid with; your bank may take 5 to 10 business days to show it.',
      'The gift card can no longer be used.',
      '',
      tenant.name,
    ].join('\n');
    const html = `<p>Hello,</p><p>${escapeHtml(tenant.name)} refunded <strong>${escapeHtml(amount)}</strong> of the ${escapeHtml(card)} gift card you bought for ${escapeHtml(row.recipient_name)}.</p><p>The money goes back to the card you paid with; your bank may take 5 to 10 business days to show it. The gift card can no longer be used.</p><p>${escapeHtml(tenant.name)}</p>`;
    await ctx.mailer.send({
      tenantId: row.tenant_id,
      to: row.purchaser_email,
      subject: `Your ${tenant.short_name} gift card purchase was refunded: ${amount}`,
      text,
      html,
    });
  }

  return { sendCode, sendRefundNotice };
}
