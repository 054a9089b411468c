/** Query parameters whose values are secrets: tokens, one-time codes, passwords (decision 026). */
const secretParam = /([?&][^=&#]*(?:token|code|password|secret)[^=&#]*=)[^&#]*/gi;

/** The URL as logs may keep it: every secret query value replaced. */
export function redactUrl(url: string): string {
  // Most URLs have no query: no regular expression run for them (decision 065).
  return url.includes('?') || url.includes('&') ? url.replace(secretParam, '$1[redacted]') : url;
}
