import type { Migration } from 'kysely';
import * as foundation from './20261122T0900-foundation.js';
import * as mailOutbox from './20261123T0800-mail-outbox.js';
import * as contentPagesNewsletter from './20261123T1000-content-pages-newsletter.js';
import * as accounts from './20261123T1200-accounts.js';
import * as catalogue from './20261123T1300-catalogue.js';
import * as reservations from './20261123T1500-reservations.js';
import * as wishlist from './20261123T1700-wishlist.js';
import * as cart from './20261123T1800-cart.js';
import * as coupons from './20261124T0900-coupons.js';
import * as fulfilment from './20261124T1000-fulfilment.js';
import * as orders from './20261124T1100-orders.js';
import * as backOffice from './20261124T1300-back-office.js';
import * as giftCardsLoyalty from './20261124T1400-gift-cards-loyalty.js';
import * as bestSellers from './20261125T0900-best-sellers.js';
import * as loyaltyAdjustments from './20261125T1100-loyalty-adjustments.js';
import * as giftCardRefunds from './20261125T1200-gift-card-refunds.js';
import * as jobRuns from './20261126T0900-job-runs.js';
import * as tenantTaxName from './20261126T0900-tenant-tax-name.js';
import * as businessLegal from './20261127T0900-business-legal.js';
import * as tenantsInvitations from './20261127T1000-tenants-invitations.js';
import * as restaurantSetup from './20261127T1100-restaurant-setup.js';
import * as catalogueEditor from './20261127T1200-catalogue-editor.js';
import * as reportsTips from './20261127T1300-reports-tips.js';
import * as tipSettings from './20261127T1310-tip-settings.js';
import * as catalogueDealsTax from './20261128T0900-catalogue-deals-tax.js';
import * as refundDates from './20261128T1100-refund-dates-tip-tax.js';
import * as specialHours from './20261128T1200-special-hours.js';
import * as pricingVersions from './20261128T1300-pricing-versions.js';
import * as slotChoiceSizes from './20261128T1410-slot-choice-sizes.js';
import * as orderHandledBy from './20261129T0900-order-handled-by.js';
import * as cartOwnerRestaurantIndex from './20261130T0906-cart-owner-restaurant-index.js';
import * as cartRoomCheck from './20261201T0900-cart-room-check.js';

/** Every migration, in order. Names are timestamp-prefixed; a landed migration never changes. */
export const migrations: Record<string, Migration> = {
  '20261122T0900-foundation': foundation,
  '20261123T0800-mail-outbox': mailOutbox,
  '20261123T1000-content-pages-newsletter': contentPagesNewsletter,
  '20261123T1200-accounts': accounts,
  '20261123T1300-catalogue': catalogue,
  '20261123T1500-reservations': reservations,
  '20261123T1700-wishlist': wishlist,
  '20261123T1800-cart': cart,
  '20261124T0900-coupons': coupons,
  '20261124T1000-fulfilment': fulfilment,
  '20261124T1100-orders': orders,
  '20261124T1300-back-office': backOffice,
  '20261124T1400-gift-cards-loyalty': giftCardsLoyalty,
  '20261125T0900-best-sellers': bestSellers,
  '20261125T1100-loyalty-adjustments': loyaltyAdjustments,
  '20261125T1200-gift-card-refunds': giftCardRefunds,
  '20261126T0900-job-runs': jobRuns,
  '20261126T0900-tenant-tax-name': tenantTaxName,
  '20261127T0900-business-legal': businessLegal,
  '20261127T1000-tenants-invitations': tenantsInvitations,
  '20261127T1100-restaurant-setup': restaurantSetup,
  '20261127T1200-catalogue-editor': catalogueEditor,
  '20261127T1300-reports-tips': reportsTips,
  '20261127T1310-tip-settings': tipSettings,
  '20261128T0900-catalogue-deals-tax': catalogueDealsTax,
  '20261128T1100-refund-dates-tip-tax': refundDates,
  '20261128T1200-special-hours': specialHours,
  '20261128T1300-pricing-versions': pricingVersions,
  '20261128T1410-slot-choice-sizes': slotChoiceSizes,
  '20261129T0900-order-handled-by': orderHandledBy,
  '20261130T0906-cart-owner-restaurant-index': cartOwnerRestaurantIndex,
  '20261201T0900-cart-room-check': cartRoomCheck,
};
