import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  adjustmentRestartsClock,
  adminGiftCardQuerySchema,
  adminRefundGiftCardBodySchema,
  buyGiftCardBodySchema,
  formatGiftCardCode,
  giftCardCodeAlphabet,
  giftCardCodeBits,
  giftCardCodeFromBytes,
  giftCardCodePrefix,
  type LoyaltyRules,
  normaliseGiftCardCode,
  pointsEarned,
  pointsExpireAt,
  pointsExpired,
  pointsForCents,
  pointsValueCents,
  redeemPoints,
  splitPayment,
  startOfLastDays,
} from '../src/index.js';

const demo: LoyaltyRules = {
  enabled: true,
  points_per_dollar: 1,
  redeem_points: 100,
  redeem_value_cents: 500,
  min_redeem_points: 100,
  expiry_months: 12,
};

describe('gift card codes', () => {
  it('16 characters of a 32-letter alphabet carry 80 bits, without 0, O, 1 or I', () => {
    expect(giftCardCodeAlphabet).toHaveLength(32);
    expect(new Set(giftCardCodeAlphabet).size).toBe(32);
    expect(giftCardCodeBits).toBe(16 * Math.log2(32));
    for (const char of '0O1I') expect(giftCardCodeAlphabet).not.toContain(char);
  });

  it('bytes 0..15 make ABCD-EFGH-JKLM-NPQR', () => {
    const code = giftCardCodeFromBytes(Uint8Array.from({ length: 16 }, (_, i) => i));
    expect(formatGiftCardCode(code)).toBe('ABCD-EFGH-JKLM-NPQR');
  });

  it('refuses fewer than 16 random bytes', () => {
    expect(() => giftCardCodeFromBytes(new Uint8Array(8))).toThrow(RangeError);
  });

  it('"k7qm 3xrt-9pwd hb2n" is K7QM3XRT9PWDHB2N; wrong length or letters are not codes', () => {
    expect(normaliseGiftCardCode(' k7qm 3xrt-9pwd hb2n ')).toBe('K7QM3XRT9PWDHB2N');
    expect(normaliseGiftCardCode('K7QM-3XRT-9PWD')).toBeNull();
    expect(normaliseGiftCardCode('O7QM-3XRT-9PWD-HB2N')).toBeNull();
    expect(giftCardCodePrefix('k7qm-3xrt')).toBe('K7QM');
  });

  it('any code survives formatting, lower case and spacing (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), fc.boolean(), (bytes, lower) => {
        const code = giftCardCodeFromBytes(bytes);
        const shown = formatGiftCardCode(code);
        expect(shown).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
        expect(normaliseGiftCardCode(lower ? shown.toLowerCase() : shown.replaceAll('-', ' '))).toBe(code);
      }),
    );
  });

  it('the buy body is strict and in whole cents', () => {
    const body = {
      tenant_id: 139,
      amount: 5000,
      recipient_name: 'Grace',
      recipient_email: 'grace@example.com',
      sender_name: 'Ada',
      purchaser_email: 'ada@example.com',
    };
    expect(buyGiftCardBodySchema.safeParse(body).success).toBe(true);
    expect(buyGiftCardBodySchema.safeParse({ ...body, amount: 50.5 }).success).toBe(false);
    expect(buyGiftCardBodySchema.safeParse({ ...body, code: 'X' }).success).toBe(false);
  });
});

describe('loyalty rules (demo: 1 point per $1, 100 points = $5, minimum 100, 12 months)', () => {
  it('$24.99 earns 24 points; $0.99 earns none; disabled earns none', () => {
    expect(pointsEarned(demo, 2499)).toBe(24);
    expect(pointsEarned(demo, 99)).toBe(0);
    expect(pointsEarned({ ...demo, enabled: false }, 5000)).toBe(0);
  });

  it('150 points are worth $7.50; $7.49 buys 149 points', () => {
    expect(pointsValueCents(demo, 150)).toBe(750);
    expect(pointsForCents(demo, 749)).toBe(149);
  });

  it('redeeming 500 points on a $12.00 order uses 240 points for $12.00', () => {
    expect(redeemPoints(demo, { requested: 500, balance: 600, orderCents: 1200 })).toEqual({
      points: 240,
      cents: 1200,
    });
  });

  it('below the minimum, more than the balance, or disabled is refused', () => {
    expect(redeemPoints(demo, { requested: 99, balance: 600, orderCents: 5000 })).toEqual({ problem: 'below_minimum' });
    expect(redeemPoints(demo, { requested: 700, balance: 600, orderCents: 5000 })).toEqual({ problem: 'insufficient' });
    expect(redeemPoints({ ...demo, enabled: false }, { requested: 100, balance: 600, orderCents: 5000 })).toEqual({
      problem: 'disabled',
    });
    expect(redeemPoints(demo, { requested: 0, balance: 0, orderCents: 5000 })).toEqual({ points: 0, cents: 0 });
  });

  it('a redemption never takes more points than asked or held, nor more value than the order (property)', () => {
    const rules = fc.record({
      enabled: fc.constant(true),
      points_per_dollar: fc.integer({ min: 0, max: 20 }),
      redeem_points: fc.integer({ min: 1, max: 1000 }),
      redeem_value_cents: fc.integer({ min: 1, max: 5000 }),
      min_redeem_points: fc.integer({ min: 0, max: 500 }),
      expiry_months: fc.integer({ min: 0, max: 36 }),
    });
    fc.assert(
      fc.property(rules, fc.nat(100_000), fc.nat(100_000), fc.nat(1_000_000), (r, requested, balance, orderCents) => {
        const result = redeemPoints(r, { requested, balance, orderCents });
        if ('problem' in result) return;
        expect(result.points).toBeLessThanOrEqual(requested);
        expect(result.points).toBeLessThanOrEqual(balance);
        expect(result.cents).toBeLessThanOrEqual(orderCents);
        expect(result.cents).toBe(pointsValueCents(r, result.points));
      }),
    );
  });

  it('points last 12 months from the last activity; 31 Jan + 1 month is 28 Feb', () => {
    expect(pointsExpireAt(demo, '2026-03-15T10:00:00.000Z')).toBe('2027-03-15T10:00:00.000Z');
    expect(addMonths('2026-01-31T00:00:00.000Z', 1)).toBe('2026-02-28T00:00:00.000Z');
    expect(pointsExpired(demo, '2025-03-15T10:00:00.000Z', new Date('2026-03-15T09:59:59Z'))).toBe(false);
    expect(pointsExpired(demo, '2025-03-15T10:00:00.000Z', new Date('2026-03-15T10:00:00Z'))).toBe(true);
    expect(pointsExpireAt({ ...demo, expiry_months: 0 }, '2025-03-15T10:00:00.000Z')).toBeNull();
  });

  it('a staff adjustment restarts the clock only when it gives points to an empty account', () => {
    expect(adjustmentRestartsClock(0, 50)).toBe(true);
    expect(adjustmentRestartsClock(10, 500)).toBe(false);
    expect(adjustmentRestartsClock(100, -10)).toBe(false);
  });
});

describe('points and gift card against the order total', () => {
  it('$40.00 with $5.00 of points and a $50.00 card: total $35.00, card pays $35.00, nothing due', () => {
    expect(splitPayment({ totalCents: 4000, loyaltyCents: 500, giftCardBalanceCents: 5000 })).toEqual({
      loyalty: 500,
      total: 3500,
      gift_card: 3500,
      amount_due: 0,
      fully_paid: true,
    });
  });

  it('$80.00 with a $50.00 card leaves $30.00 for card or cash', () => {
    expect(splitPayment({ totalCents: 8000, loyaltyCents: 0, giftCardBalanceCents: 5000 })).toMatchObject({
      gift_card: 5000,
      amount_due: 3000,
      fully_paid: false,
    });
  });

  it('the parts always add up and nothing goes negative (property)', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), fc.nat(1_000_000), (total, loyalty, card) => {
        const split = splitPayment({ totalCents: total, loyaltyCents: loyalty, giftCardBalanceCents: card });
        expect(split.loyalty + split.gift_card + split.amount_due).toBe(total);
        expect(split.gift_card).toBeLessThanOrEqual(card);
        expect(Math.min(split.loyalty, split.total, split.gift_card, split.amount_due)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('the back office summary and list', () => {
  it('"last 30 days" starts at the local midnight 29 days before today (Sydney, AEDT: 13:00 UTC)', () => {
    expect(startOfLastDays('2026-11-24T10:00:00Z', 30, 'Australia/Sydney')).toBe('2026-10-25T13:00:00.000Z');
    // Just past local midnight it is already the next day.
    expect(startOfLastDays('2026-11-24T13:00:30Z', 30, 'Australia/Sydney')).toBe('2026-10-26T13:00:00.000Z');
  });

  it('… in the offset of that day, across a DST change (AEST +10 in September)', () => {
    expect(startOfLastDays('2026-10-10T00:00:00Z', 30, 'Australia/Sydney')).toBe('2026-09-10T14:00:00.000Z');
  });

  it('… at 01:00 in a zone that skips that midnight (Santiago, 6 September 2026)', () => {
    expect(startOfLastDays('2026-09-06T18:00:00Z', 1, 'America/Santiago')).toBe('2026-09-06T04:00:00.000Z');
  });

  it('`before` takes only a positive whole number as digits', () => {
    expect(adminGiftCardQuerySchema.parse({ before: '42' })).toEqual({ before: 42 });
    for (const before of ['0', '-1', '1.5', '1e3', ' 7', '0x10', '', '2147483648', 42]) {
      expect(adminGiftCardQuerySchema.safeParse({ before }).success, String(before)).toBe(false);
    }
  });

  it('a refund needs a reason of 1 to 300 characters (trimmed) and nothing else', () => {
    expect(adminRefundGiftCardBodySchema.parse({ reason: '  Wrong amount ' })).toEqual({ reason: 'Wrong amount' });
    expect(adminRefundGiftCardBodySchema.parse({ reason: 'x'.repeat(300) }).reason).toHaveLength(300);
    for (const body of [{}, { reason: '  ' }, { reason: 'x'.repeat(301) }, { reason: 'ok', amount: 5 }]) {
      expect(adminRefundGiftCardBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});
