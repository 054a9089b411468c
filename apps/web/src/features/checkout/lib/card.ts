import { cardDigits, cardExpiryState, cvcLength, parseCardExpiry, passesLuhn, validCvc } from '@orderfront/core';

/** The sandbox card form's checks, worded for the customer; the rules are core's, as the provider's are. */

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardErrors = Partial<Record<keyof CardFields, string>>;

export function validateCard(fields: CardFields, now = new Date()): CardErrors {
  const errors: CardErrors = {};
  const digits = cardDigits(fields.number);
  const numberOk = passesLuhn(fields.number);
  if (!digits) errors.number = 'Enter your card number';
  else if (!numberOk) errors.number = 'Enter a valid card number';
  const expiry = parseCardExpiry(fields.expiry);
  if (!fields.expiry.trim()) errors.expiry = 'Enter the expiry date';
  else if (!expiry) errors.expiry = 'Enter the expiry date as MM/YY';
  else {
    const state = cardExpiryState(expiry, now);
    if (state === 'expired') errors.expiry = 'This card has expired';
    if (state === 'too_far') errors.expiry = 'Enter a valid expiry date';
  }
  if (!validCvc(fields.number, fields.cvc)) {
    // Until the number is known the card's kind is not, so either length is allowed in the hint.
    errors.cvc = numberOk
      ? `Enter the ${cvcLength(fields.number)} digit security code`
      : 'Enter the 3 or 4 digit security code';
  }
  if (!fields.name.trim()) errors.name = 'Enter the name on the card';
  return errors;
}
