import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

type Fixtures = {
  /** Console errors and uncaught exceptions of the page (CSP violations included). */
  pageErrors: string[];
  /** Serious and critical axe violations of the page as it is now. */
  axeViolations: () => Promise<{ id: string; impact: string | null | undefined; nodes: number }[]>;
};

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set; run through e2e/playwright.config.ts');
    await use(url);
  },
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
  axeViolations: async ({ page }, use) => {
    await use(() => seriousViolations(page));
  },
});

async function seriousViolations(page: Page) {
  // A toast fading in or out is a blend of colours to axe: toasts go first (one that stays is checked).
  await page
    .waitForFunction(() => !document.querySelector('[data-sonner-toast]'), undefined, { timeout: 8000 })
    .catch(() => undefined);
  // WCAG 2.5.3 (label in name) is an experimental axe rule, off unless asked for: a button's accessible
  // name must contain the words it shows, or a voice-control user saying them cannot press it.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
}

export { expect };
