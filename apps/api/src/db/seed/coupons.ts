import type { Insertable } from 'kysely';
import type { Db } from '../database.js';
import type { CouponsTable } from '../schema.js';

type Trx = Pick<Db, 'selectFrom' | 'insertInto'>;
type CouponSeed = Omit<Insertable<CouponsTable>, 'tenant_id' | 'category_ids'> & { categories?: string[] };

/**
 * The demo's coupons (also listed in the README's demo section): one of each kind a customer
 * meets, including codes that are refused, and one offer. The auto coupon needs $200, more than
 * any test's cart, so the totals tests expect stay free of it.
 */
const coupons: CouponSeed[] = [
  {
    code: 'SAVE10',
    description: '10% off orders of $30 or more',
    discount_type: 'percentage',
    value: 1000,
    min_spend_cents: 3000,
  },
  {
    code: 'FIVEOFF',
    description: '$5 off orders of $25 or more',
    discount_type: 'flat',
    value: 500,
    min_spend_cents: 2500,
  },
  {
    code: 'WELCOME15',
    description: '15% off your first order (up to $10)',
    discount_type: 'percentage',
    value: 1500,
    max_discount_cents: 1000,
    first_order_only: 1,
    per_customer_limit: 1,
  },
  {
    code: 'PIZZA20',
    description: '20% off wood-fired pizzas, twice per customer',
    discount_type: 'percentage',
    value: 2000,
    categories: ['pizzas'],
    per_customer_limit: 2,
  },
  {
    code: 'CARD4',
    description: '$4 off when paying by card',
    discount_type: 'flat',
    value: 400,
    excludes_cash_on_delivery: 1,
  },
  {
    code: 'SPRING25',
    description: 'Spring special 2025 (expired)',
    discount_type: 'percentage',
    value: 2500,
    valid_from: '2025-09-01',
    valid_until: '2025-10-31',
  },
  {
    code: 'LAUNCH100',
    description: '$10 off for the first 100 orders (all used)',
    discount_type: 'flat',
    value: 1000,
    usage_limit: 100,
    times_used: 100,
  },
  {
    code: 'BIGORDER',
    description: 'Applied by itself: 10% off orders of $200 or more',
    discount_type: 'percentage',
    value: 1000,
    min_spend_cents: 20_000,
    is_auto_coupon: 1,
  },
];

export async function seedCoupons(trx: Trx, tenantId: number): Promise<void> {
  const categories = await trx
    .selectFrom('categories')
    .select(['id', 'slug'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const categoryIds = (slugs: string[]) =>
    JSON.stringify(slugs.map((slug) => categories.find((c) => c.slug === slug)?.id).filter((id) => id !== undefined));
  for (const { categories: slugs, ...coupon } of coupons) {
    await trx
      .insertInto('coupons')
      .values({ ...coupon, tenant_id: tenantId, category_ids: slugs ? categoryIds(slugs) : null })
      .execute();
  }
  await trx
    .insertInto('offers')
    .values({
      tenant_id: tenantId,
      name: 'Buy 2 drinks, get 1 free',
      offer_type: 'buy_x_get_y',
      buy_quantity: 2,
      get_quantity: 1,
      get_discount_bp: 10_000,
      category_ids: categoryIds(['drinks']),
    })
    .execute();
}
