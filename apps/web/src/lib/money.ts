import { runtimeConfig } from '@/config/runtime';

interface MoneyFormat {
  format: Intl.NumberFormat;
  /** Minor units per major unit as a power of ten: 2 for AUD (cents), 0 for JPY. */
  digits: number;
  symbol: string;
  decimal: string;
}

const formats = new Map<string, MoneyFormat>();

/** The tenant's locale writing a currency (the tenant's unless given); built once per pair. */
function moneyFormat(currency = runtimeConfig.tenant.currency): MoneyFormat {
  const locale = runtimeConfig.tenant.locale;
  const key = `${locale}|${currency}`;
  let found = formats.get(key);
  if (!found) {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    const parts = format.formatToParts(1.5);
    found = {
      format,
      digits: format.resolvedOptions().maximumFractionDigits ?? 2,
      symbol: parts.find((part) => part.type === 'currency')?.value ?? '',
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    };
    formats.set(key, found);
  }
  return found;
}

/** Integer minor units in the tenant's locale (DESIGN §4), in the tenant's currency unless given: 1850 → "$18.50". */
export function formatMoney(minor: number, currency?: string): string {
  const { format, digits } = moneyFormat(currency);
  return format.format(minor / 10 ** digits);
}

/** "+$4.00" for a surcharge, "−$3.00" for a discount, "" for none. */
export function formatAdjustment(minor: number, currency?: string): string {
  if (minor === 0) return '';
  return minor > 0 ? `+${formatMoney(minor, currency)}` : `−${formatMoney(-minor, currency)}`;
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * An amount a person typed ('25', '25.5', '$25.50') → integer minor units, without floating-point
 * maths; null when it is not an amount of the currency (too many decimals, signs, letters).
 */
export function parseMoney(text: string, currency?: string): number | null {
  const { digits, symbol, decimal } = moneyFormat(currency);
  let amount = text.trim();
  if (symbol && amount.startsWith(symbol)) amount = amount.slice(symbol.length);
  const fraction = digits > 0 ? `(?:${literal(decimal)}(\\d{1,${digits}}))?` : '';
  const match = new RegExp(`^(\\d{1,7})${fraction}$`).exec(amount);
  if (!match) return null;
  const [, whole = '0', part = ''] = match;
  return Number(whole) * 10 ** digits + Number(part.padEnd(digits, '0'));
}

/** Minor units → the text of an input field, as parseMoney reads it back: 1250 → '12.50'. */
export function moneyToText(minor: number, currency?: string): string {
  const { digits, decimal } = moneyFormat(currency);
  if (digits === 0) return String(minor);
  const unit = 10 ** digits;
  return `${Math.floor(minor / unit)}${decimal}${String(minor % unit).padStart(digits, '0')}`;
}
