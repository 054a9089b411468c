import { defaultTheme } from '@orderfront/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settingsEntry } from '@/testing/api';
import { bootConfigStore, initialConfigState, useConfigStore } from './config-store';

const store = () => useConfigStore.getState();
const cssVar = (name: string) => document.documentElement.style.getPropertyValue(name);

describe('config store (spec §3, §4, §9)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts with the spec defaults: loading, banner visible, server up', () => {
    const state = initialConfigState();
    expect(state.isThemeLoading).toBe(true);
    expect(state.isBannerVisible).toBe(true);
    expect(state.isServerDown).toBe(false);
    expect(state.errorMessage).toBeNull();
    const { theme } = state;
    expect(theme.colors.primary).toBe('#8b0000'); // dark red
    expect(theme.header).toMatchObject({
      height: 64,
      topOfferBannerHeight: 40,
      logoSizeDesktop: 48,
      logoSizeMobile: 48,
    });
    expect(theme.topOfferBanner.topOfferBannerHeight).toBe(40);
    expect(theme.topOfferBanner.topOfferBannerText).toMatch(/free delivery on orders over \$30 for a limited time/i);
    expect(theme.general).toMatchObject({
      autoClearRestaurantOnInterval: false,
      autoClearRestaurantTimeInterval: 24,
      tenantId: 139,
      isAsapOptionEnabled: false,
      showConfigEditor: true,
    });
    expect(theme.hero.title).toBe('Delicious Food, Delivered to Your Door');
    expect(theme.hero.ctaText).toBe('Order Now');
    expect(theme.hero.ctaLink).toBe('#menu');
    expect(theme.features.items.map((i) => i.title)).toEqual(['Best Quality', 'On Time', 'MasterChefs', 'Taste Food']);
    expect(theme.categories.title).toBe('Explore Our Categories');
    expect(theme.menu).toMatchObject({ title: 'Our Menu', categoryLayout: 'horizontal', showOutOfStockProducts: true });
    expect(theme.footer.showNewsletter).toBe(false);
    expect(theme.footer.copyrightText).toContain('{year}');
    expect(theme.footer.links).toEqual([
      { label: 'Home', url: '/' },
      { label: 'Menu', url: '/menu' },
      { label: 'Privacy', url: '/privacy' },
      { label: 'Terms', url: '/terms' },
    ]);
  });

  it('merges a partial theme, keeping every other field', () => {
    store().mergeTheme({ hero: { title: 'Pizza night' }, colors: { accent: '#00ff00' } });
    const { theme } = store();
    expect(theme.hero.title).toBe('Pizza night');
    expect(theme.hero.ctaText).toBe('Order Now');
    expect(theme.colors.accent).toBe('#00ff00');
    expect(theme.colors.primary).toBe('#8b0000');
  });

  it('resets the theme to the defaults', () => {
    store().mergeTheme({ hero: { title: 'Pizza night' } });
    store().resetTheme();
    expect(store().theme).toEqual(defaultTheme);
  });

  it('sets and clears the server-down flag with its message', () => {
    store().setServerDown('Resource not found (404)');
    expect(store()).toMatchObject({ isServerDown: true, errorMessage: 'Resource not found (404)' });
    store().clearServerDown();
    expect(store()).toMatchObject({ isServerDown: false, errorMessage: null });
  });

  it('hides the banner on request', () => {
    store().setBannerVisible(false);
    expect(store().isBannerVisible).toBe(false);
  });

  it('applies colours to page style variables whenever they change', () => {
    store().mergeTheme({ colors: { primary: '#336699', secondary: '#111111', background: '#fafafa' } });
    expect(cssVar('--primary')).toBe('#336699');
    expect(cssVar('--secondary')).toBe('#111111');
    expect(cssVar('--background')).toBe('#fafafa');
    expect(cssVar('--accent')).toBe(defaultTheme.colors.accent);
    expect(cssVar('--text')).toBe(defaultTheme.colors.text);
    expect(cssVar('--light')).toMatch(/^#[0-9a-f]{6}$/);
    expect(cssVar('--dark')).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('persists only theme and webSettings under configStore, and the theme also as appTheme', () => {
    store().applySettings(settingsEntry({ hero: { title: 'Saved title' } }, { is_online_order_enabled: 0 }));
    store().setServerDown('Resource not found (404)');
    store().setBannerVisible(false);
    const persisted = JSON.parse(localStorage.getItem('configStore') as string);
    expect(Object.keys(persisted.state).sort()).toEqual(['theme', 'webSettings']);
    expect(persisted.state.theme.hero.title).toBe('Saved title');
    expect(persisted.state.webSettings.is_online_order_enabled).toBe(0);
    expect(JSON.parse(localStorage.getItem('appTheme') as string).hero.title).toBe('Saved title');
  });

  it('restores theme and webSettings from storage on rehydration, with new default fields filled in', async () => {
    localStorage.setItem(
      'configStore',
      JSON.stringify({
        state: {
          theme: { hero: { title: 'From last visit' } },
          webSettings: { tenant_id: 139, restaurant_id: null, is_online_order_enabled: 1 },
          isServerDown: true,
        },
        version: 0,
      }),
    );
    await useConfigStore.persist.rehydrate();
    expect(store().theme.hero.title).toBe('From last visit');
    expect(store().theme.hero.ctaText).toBe('Order Now');
    expect(store().webSettings?.is_online_order_enabled).toBe(1);
    expect(store().isServerDown).toBe(false);
  });

  it('logs and ignores a failing local storage write', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(() => store().mergeTheme({ colors: { primary: '#123456' } })).not.toThrow();
    expect(store().theme.colors.primary).toBe('#123456');
    expect(cssVar('--primary')).toBe('#123456');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('appTheme'), expect.anything());
  });

  it('applies a settings answer: theme over the defaults, switches, payment config, loaded', () => {
    store().applySettings(settingsEntry({ colors: { primary: '#0a0a0a' } }, { is_online_order_enabled: 0 }));
    expect(store()).toMatchObject({
      isThemeLoading: false,
      webSettings: { tenant_id: 139, restaurant_id: null, is_online_order_enabled: 0 },
      paymentConfig: { provider: 'sandbox', mode: 'test', publishable_key: 'pk_test' },
    });
    expect(store().theme.colors.primary).toBe('#0a0a0a');
  });

  it('keeps its objects when a settings answer repeats what it has, so nothing re-renders (decision 052)', () => {
    store().applySettings(settingsEntry({ colors: { primary: '#0a0a0a' } }));
    const { theme, webSettings, paymentConfig } = store();
    store().applySettings(settingsEntry({ colors: { primary: '#0a0a0a' } }));
    expect(store().theme).toBe(theme);
    expect(store().webSettings).toBe(webSettings);
    expect(store().paymentConfig).toBe(paymentConfig);
    store().applySettings(settingsEntry({ colors: { primary: '#0b0b0b' } }));
    expect(store().theme).not.toBe(theme);
    expect(store().theme.colors.primary).toBe('#0b0b0b');
    expect(store().webSettings).toBe(webSettings);
  });

  it('boots from the settings the server inlined, so nothing waits for a settings call', () => {
    bootConfigStore(
      { theme: { ...defaultTheme, hero: { ...defaultTheme.hero, title: 'Inlined' } }, is_online_order_enabled: 1 },
      139,
    );
    expect(store().isThemeLoading).toBe(false);
    expect(store().theme.hero.title).toBe('Inlined');
    bootConfigStore(undefined, 139);
    expect(store().theme.hero.title).toBe('Inlined');
  });
});
