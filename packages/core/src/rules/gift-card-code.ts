/**
 * Gift card codes: 16 characters from a 32-letter alphabet (80 random bits), shown in groups of
 * four (`K7QM-3XRT-9PWD-HB2N`). The alphabet leaves out 0/O and 1/I so a code read aloud or
 * copied from paper cannot be mistyped into another; entry is case-insensitive and ignores
 * spaces and dashes. The randomness comes from the caller (node:crypto in the API): core has no I/O.
 */

export const giftCardCodeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const giftCardCodeLength = 16;
/** 16 characters × 5 bits. */
export const giftCardCodeBits = 80;

/** A code from 16 random bytes (each byte % 32 is unbiased: 256 is a multiple of 32). */
export function giftCardCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < giftCardCodeLength) {
    throw new RangeError(`a gift card code needs ${giftCardCodeLength} random bytes, got ${bytes.length}`);
  }
  let code = '';
  for (let i = 0; i < giftCardCodeLength; i++) code += giftCardCodeAlphabet[(bytes[i] as number) % 32];
  return code;
}

/** The code as typed → its 16 canonical characters, or null when it cannot be a code. */
export function normaliseGiftCardCode(input: string): string | null {
  const compact = input.replace(/[\s-]+/g, '').toUpperCase();
  if (compact.length !== giftCardCodeLength) return null;
  for (const char of compact) if (!giftCardCodeAlphabet.includes(char)) return null;
  return compact;
}

/** `XXXX-XXXX-XXXX-XXXX` for display and mail; the back office reads codes out with spaces. */
export function formatGiftCardCode(code: string, separator: '-' | ' ' = '-'): string {
  return (code.match(/.{1,4}/g) ?? []).join(separator);
}

/** What receipts and the back office show instead of the code. */
export function maskGiftCardCode(last4: string): string {
  return `••••-••••-••••-${last4}`;
}

/** Balance checks are also limited per prefix, so guessing spread over many IPs still hits a wall. */
export function giftCardCodePrefix(input: string): string {
  return input
    .replace(/[\s-]+/g, '')
    .toUpperCase()
    .slice(0, 4);
}
