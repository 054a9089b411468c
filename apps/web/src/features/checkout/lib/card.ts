/** Client-side checks of the sandbox card form; the provider still has the last word. */

export const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** The Luhn checksum every card number carries. */
export function passesLuhn(number: string): boolean {
  const digits = digitsOnly(number);
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

/** 'MM/YY' or 'MM/YYYY' → month and four-digit year, or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is good through the last day of its expiry month. */
export function isExpired({ month, year }: { month: number; year: number }, now = new Date()): boolean {
  return year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);
}

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardErrors = Partial<Record<keyof CardFields, string>>;

export function validateCard(fields: CardFields, now = new Date()): CardErrors {
  const errors: CardErrors = {};
  const digits = digitsOnly(fields.number);
  if (!digits) errors.number = 'Enter your card number';
  else if (!passesLuhn(digits)) errors.number = 'Enter a valid card number';
  const expiry = parseExpiry(fields.expiry);
  if (!fields.expiry.trim()) errors.expiry = 'Enter the expiry date';
  else if (!expiry) errors.expiry = 'Enter the expiry date as MM/YY';
  else if (isExpired(expiry, now)) errors.expiry = 'This card has expired';
  if (!/^\d{3,4}$/.test(fields.cvc.trim())) errors.cvc = 'Enter the 3 or 4 digit security code';
  if (!fields.name.trim()) errors.name = 'Enter the name on the card';
  return errors;
}
