/** Query parameters whose values are secrets: tokens, one-time codes, passwords (decision 026). */
const secretParam = /([?&][^=&#]*(?:token|code|password|secret)[^=&#]*=)[^&#]*/gi;

/** The URL as logs may keep it: every secret query value replaced. */
export function redactUrl(url: string): string {
  return url.replace(secretParam, '$1[redacted]');
}
