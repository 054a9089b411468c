import { BalanceChecker } from '@/features/gift-cards/components/balance-checker';
import { BuyGiftCard } from '@/features/gift-cards/components/buy-gift-card';
import { GiftCardsPage } from '@/features/gift-cards/components/gift-cards-page';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import type { RouteHandle } from '../layout/root-layout';

export const handle: RouteHandle = { title: 'Gift cards' };

/** /gift-cards: buy a card (paid by card) and check a balance. */
export function Component() {
  const user = useAuthStore((state) => (selectIsLoggedIn(state) ? state.user : null));
  return (
    <GiftCardsPage>
      <BuyGiftCard contact={user ? { name: user.name, email: user.email } : null} />
      <BalanceChecker />
    </GiftCardsPage>
  );
}
