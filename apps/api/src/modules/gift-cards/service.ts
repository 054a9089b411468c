import { type GiftCardBalance, giftCardNotFoundMessage } from '@orderfront/core';
import { AppError } from '../../lib/errors.js';
import { type GiftCardDeps, giftCardContext } from './context.js';
import { giftCardDelivery } from './delivery.js';
import * as ledger from './ledger.js';
import { giftCardPurchases } from './purchase.js';
import { giftCardRefunds } from './refunds.js';
import { giftCardSettingsOf, saveGiftCardSettings } from './settings.js';
import { giftCardStaffActions } from './staff-actions.js';

export type { GiftCardPayments } from './context.js';

/**
 * Gift cards (decisions 018, 019, 022): purchases and their delivery (purchase.ts, delivery.ts),
 * the balance check, and the back office's lookups, issues, voids (staff-actions.ts) and refunds
 * (refunds.ts). Orders pay with a card through checkout.ts, in the order's transaction.
 */
export function giftCardService(deps: GiftCardDeps) {
  const ctx = giftCardContext(deps);
  const delivery = giftCardDelivery(ctx);

  async function balance(tenantId: number, code: string): Promise<GiftCardBalance> {
    const card = await ledger.findByCode(ctx.db, tenantId, code);
    if (!card) throw new AppError('not_found', giftCardNotFoundMessage, { code: giftCardNotFoundMessage });
    const usable = await ledger.usableCard(ctx.db, tenantId, code, ctx.now());
    return {
      last4: usable.last4 ?? '',
      balance: usable.balance,
      currency: usable.currency,
      status: 'active',
      expires_at: usable.expires_at,
    };
  }

  return {
    options: ctx.options,
    balance,
    ...delivery,
    ...giftCardPurchases(ctx, delivery),
    ...giftCardStaffActions(ctx),
    ...giftCardRefunds(ctx),
  };
}

export type GiftCardService = ReturnType<typeof giftCardService>;

/** The owner's gift card options, read and saved by the rewards settings (in the caller's transaction). */
export const giftCardSettings = { of: giftCardSettingsOf, save: saveGiftCardSettings };
