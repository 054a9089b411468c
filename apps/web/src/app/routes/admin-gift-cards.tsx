import { RequireAbility } from '@/features/admin/components/admin-shell';
import { GiftCardsPage } from '@/features/admin/components/gift-cards-page';

export function Component() {
  return (
    <RequireAbility ability="giftCards">
      <GiftCardsPage />
    </RequireAbility>
  );
}
