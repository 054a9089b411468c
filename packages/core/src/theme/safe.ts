/** `#rgb` or `#rrggbb`: the only colour form a theme accepts (it also ends up in CSS). */
export const colorPattern = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** http(s) or a same-site path (`/…`, `#…`); never `javascript:` or `data:`. Empty means none. */
export function isSafeUrl(value: string): boolean {
  if (value === '') return true;
  if (value.startsWith('#')) return true;
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  return /^https?:\/\/[^\s/?#\\]+[^\s\\]*$/i.test(value);
}
