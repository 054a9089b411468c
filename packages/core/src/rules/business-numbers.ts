/**
 * Australian business numbers as the Australian Business Register checks them. Both are typed with
 * spaces ("51 824 753 556"); we store digits only and show them grouped.
 *
 * ABN: subtract 1 from the first digit, weight the 11 digits 10,1,3,5,…,19; valid when the sum is
 * divisible by 89. ACN: weight the first 8 digits 8…1; the 9th digit is (10 − sum mod 10) mod 10.
 */

const abnWeights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

const digitsOf = (input: string) => input.replace(/\s+/g, '');

/** The ABN as 11 digits, or null when it is not a valid ABN. */
export function normaliseAbn(input: string): string | null {
  const abn = digitsOf(input);
  if (!/^\d{11}$/.test(abn) || abn[0] === '0') return null;
  let sum = 0;
  for (let i = 0; i < 11; i++) sum += (Number(abn[i]) - (i === 0 ? 1 : 0)) * (abnWeights[i] as number);
  return sum % 89 === 0 ? abn : null;
}

/** The ACN as 9 digits, or null when it is not a valid ACN. */
export function normaliseAcn(input: string): string | null {
  const acn = digitsOf(input);
  if (!/^\d{9}$/.test(acn)) return null;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(acn[i]) * (8 - i);
  return (10 - (sum % 10)) % 10 === Number(acn[8]) ? acn : null;
}

/** "51824753556" → "51 824 753 556". */
export const formatAbn = (abn: string) => abn.replace(/^(\d{2})(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4');

/** "004085616" → "004 085 616". */
export const formatAcn = (acn: string) => acn.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');

/**
 * The registration line under a business's name. The theme's `businessAcn` holds either a bare ACN
 * (typed in the theme editor) or the line business settings write, which names its numbers
 * ("ABN 51 824 753 556 · ACN 004 085 616"; decision 037).
 */
export const registrationLine = (businessAcn: string) =>
  /^(ABN|ACN)\b/.test(businessAcn.trim()) ? businessAcn.trim() : `ACN ${businessAcn.trim()}`;
