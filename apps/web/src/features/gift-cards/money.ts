export { formatMoney } from '@/lib/money';

/** '25' or '25.50' → cents; null for anything else. */
export function parseDollars(text: string): number | null {
  const trimmed = text.trim().replace(/^\$/, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
