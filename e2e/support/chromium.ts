/** Debian's Chromium; Playwright never downloads a browser of its own here. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
