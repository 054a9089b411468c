/**
 * The spec's discount helper (§5), as written: Flat returns the value; Percentage returns amount
 * times value over 100. It works in whatever unit it is given and may return a fraction; money
 * goes through the pricing engine (`priceCart`), whose integer form of it rounds half-up once per
 * line and never takes off more than the amount (tests check the two agree).
 */
export type SpecDiscountType = 'Flat' | 'Percentage';

export function calculateDiscount(type: SpecDiscountType, value: number, amount: number): number {
  return type === 'Flat' ? value : (amount * value) / 100;
}
