import { describe, expect, it } from 'vitest';
import { formatAdjustment, formatMoney, moneyToText, parseMoney } from './money';

// Tests run with the fallback tenant: AUD written the en-AU way.
describe('formatMoney', () => {
  it('writes integer cents in the tenant’s currency and locale', () => {
    expect(formatMoney(1850)).toBe('$18.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(123456)).toBe('$1,234.56');
  });

  it('takes minor units from the currency’s own fraction digits', () => {
    expect(formatMoney(1850, 'JPY')).toMatch(/^JPY\s1,850$/);
    expect(formatMoney(1850, 'USD')).toMatch(/^USD\s18\.50$/);
  });
});

describe('formatAdjustment', () => {
  it('signs a surcharge and a discount, and says nothing for none', () => {
    expect(formatAdjustment(400)).toBe('+$4.00');
    expect(formatAdjustment(-300)).toBe('−$3.00');
    expect(formatAdjustment(0)).toBe('');
  });
});

describe('parseMoney', () => {
  it('reads whole and decimal amounts as cents, without floating-point maths', () => {
    expect(parseMoney('25')).toBe(2500);
    expect(parseMoney('25.50')).toBe(2550);
    expect(parseMoney('12.5')).toBe(1250);
    expect(parseMoney('0.29')).toBe(29);
    expect(parseMoney('1.15')).toBe(115);
    expect(parseMoney(' 7.5 ')).toBe(750);
  });

  it('accepts the currency symbol before the amount', () => {
    expect(parseMoney('$25')).toBe(2500);
    expect(parseMoney(' $40.00 ')).toBe(4000);
  });

  it('refuses anything that is not an amount', () => {
    for (const text of ['', ' ', 'abc', '12.', '.5', '12.345', '-5', '+5', '1,000', '1e3', '12345678', '$', '5$']) {
      expect(parseMoney(text), text).toBeNull();
    }
  });

  it('reads a currency without minor units as whole units', () => {
    expect(parseMoney('1850', 'JPY')).toBe(1850);
    expect(parseMoney('18.50', 'JPY')).toBeNull();
  });
});

describe('moneyToText', () => {
  it('writes cents for an input field, as parseMoney reads them back', () => {
    expect(moneyToText(1250)).toBe('12.50');
    expect(moneyToText(5)).toBe('0.05');
    expect(moneyToText(0)).toBe('0.00');
    expect(moneyToText(100000)).toBe('1000.00');
    expect(parseMoney(moneyToText(98765))).toBe(98765);
    expect(moneyToText(1850, 'JPY')).toBe('1850');
  });
});
