/**
 * Card checks made before a card reaches a payment provider (spec §5, checkout payment). The web
 * form and the sandbox provider both use these, so the customer is never told "fine" by one and
 * "invalid" by the other. Expiry is judged in UTC on both sides: the browser's own month could
 * differ from the server's for a few hours at a month's turn.
 */

export const cardDigits = (value: string) => value.replace(/\D/g, '');

/** A card number of 12 to 19 digits whose Luhn checksum holds. */
export function passesLuhn(number: string): boolean {
  if (/[^\d\s-]/.test(number)) return false;
  const digits = cardDigits(number);
  if (digits.length < 12 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export interface CardExpiry {
  month: number;
  /** Four digits. */
  year: number;
}

/** 'MM/YY' or 'MM/YYYY' → month and four-digit year, or null. */
export function parseCardExpiry(value: string): CardExpiry | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** Cards at most this many years ahead are believable; later ones are typing mistakes. */
export const cardExpiryYearsAhead = 20;

/** 'expired', 'too_far' or 'ok': a card is good through the last day of its expiry month (UTC). */
export function cardExpiryState({ month, year }: CardExpiry, now: Date): 'expired' | 'too_far' | 'ok' {
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (year < thisYear || (year === thisYear && month < thisMonth)) return 'expired';
  if (year > thisYear + cardExpiryYearsAhead) return 'too_far';
  return 'ok';
}

/** American Express numbers (34…, 37…) carry a 4-digit security code; every other card 3. */
export function cvcLength(number: string): 3 | 4 {
  return /^3[47]/.test(cardDigits(number)) ? 4 : 3;
}

export function validCvc(number: string, cvc: string): boolean {
  return new RegExp(`^\\d{${cvcLength(number)}}$`).test(cvc.trim());
}
