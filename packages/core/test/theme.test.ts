import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyrightFor, defaultTheme, mergeTheme } from '../src/index.js';

describe('the default theme (spec §9)', () => {
  it('has the spec figures and texts', () => {
    expect(defaultTheme.colors.primary).toBe('#8b0000');
    expect(defaultTheme.header).toMatchObject({
      height: 64,
      topOfferBannerHeight: 40,
      logoSizeDesktop: 48,
      logoSizeMobile: 48,
    });
    expect(defaultTheme.hero).toMatchObject({
      title: 'Delicious Food, Delivered to Your Door',
      ctaText: 'Order Now',
      ctaLink: '#menu',
    });
    expect(defaultTheme.features.items.map((f) => f.title)).toEqual([
      'Best Quality',
      'On Time',
      'MasterChefs',
      'Taste Food',
    ]);
    expect(defaultTheme.categories.title).toBe('Explore Our Categories');
    expect(defaultTheme.menu).toMatchObject({
      title: 'Our Menu',
      categoryLayout: 'horizontal',
      showOutOfStockProducts: true,
    });
    expect(defaultTheme.footer.showNewsletter).toBe(false);
    expect(defaultTheme.footer.links).toEqual([
      { label: 'Home', url: '/' },
      { label: 'Menu', url: '/menu' },
      { label: 'Privacy', url: '/privacy' },
      { label: 'Terms', url: '/terms' },
    ]);
    expect(defaultTheme.topOfferBanner.topOfferBannerText).toMatch(
      /free delivery on orders over \$30 for a limited time/i,
    );
    expect(defaultTheme.general).toMatchObject({
      tenantId: 139,
      showConfigEditor: true,
      autoClearRestaurantOnInterval: false,
      autoClearRestaurantTimeInterval: 24,
      isAsapOptionEnabled: false,
    });
  });
});

describe('mergeTheme', () => {
  it('merges nested objects and keeps what the patch leaves out', () => {
    const theme = mergeTheme(defaultTheme, {
      colors: { primary: '#123456' },
      general: { mobileApp: { showPromotion: true } },
    });
    expect(theme.colors).toEqual({ ...defaultTheme.colors, primary: '#123456' });
    expect(theme.general.mobileApp).toEqual({ ...defaultTheme.general.mobileApp, showPromotion: true });
    expect(theme.hero).toEqual(defaultTheme.hero);
  });

  it('replaces arrays whole rather than merging them by index', () => {
    const theme = mergeTheme(defaultTheme, { footer: { links: [{ label: 'Contact', url: '/contact' }] } });
    expect(theme.footer.links).toEqual([{ label: 'Contact', url: '/contact' }]);
  });

  it('applies patches left to right, later ones winning', () => {
    const theme = mergeTheme(defaultTheme, { hero: { title: 'Tenant' } }, { hero: { title: 'Restaurant' } }, null);
    expect(theme.hero.title).toBe('Restaurant');
  });

  it('never changes its inputs', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 500 }), (title, height) => {
        const before = JSON.parse(JSON.stringify(defaultTheme));
        const patch = { hero: { title }, header: { height } };
        const patchBefore = JSON.parse(JSON.stringify(patch));
        const merged = mergeTheme(defaultTheme, patch);
        expect(defaultTheme).toEqual(before);
        expect(patch).toEqual(patchBefore);
        expect(merged.hero.title).toBe(title);
        expect(merged.header.height).toBe(height);
      }),
    );
  });
});

describe('copyrightFor', () => {
  it('fills every {year} with the current year', () => {
    expect(
      copyrightFor('© {year} Bella Nonna. Since 1998, still here in {year}.', new Date('2026-11-22T00:00:00Z')),
    ).toBe('© 2026 Bella Nonna. Since 1998, still here in 2026.');
  });
});
