import {
  type AppSettingsEntry,
  defaultTheme,
  type InlinedSettings,
  mergeTheme,
  type OrderingState,
  type PaymentGatewayConfig,
  type Theme,
  type ThemePatch,
} from '@orderfront/core';
import { createJSONStorage, persist } from 'zustand/middleware';
import { safeLocalStorage, storageKeys, writeStorage } from '@/lib/storage';
import { create } from '@/lib/store';
import { applyThemeColors } from '@/lib/theme';

/** The non-theme part of the app settings the storefront keeps (spec §3 webSettings). */
export interface WebSettings {
  tenant_id: number;
  restaurant_id: number | null;
  is_online_order_enabled: 0 | 1;
  /** The restaurant's pause, busy mode and method switches (decision 017), when the server sent them. */
  ordering?: OrderingState;
}

export interface ConfigState {
  theme: Theme;
  webSettings: WebSettings | null;
  paymentConfig: PaymentGatewayConfig | null;
  isThemeLoading: boolean;
  isServerDown: boolean;
  errorMessage: string | null;
  isBannerVisible: boolean;
}

export interface ConfigActions {
  /** Partially merges a theme patch (objects merged, arrays replaced). */
  mergeTheme(patch: ThemePatch): void;
  /** Back to the spec §9 defaults. */
  resetTheme(): void;
  setThemeLoading(loading: boolean): void;
  setServerDown(message: string): void;
  clearServerDown(): void;
  setBannerVisible(visible: boolean): void;
  setWebSettings(settings: WebSettings | null): void;
  setPaymentConfig(config: PaymentGatewayConfig | null): void;
  /** A settings answer (spec §7 app-settings, first element): theme, switches, payment, loaded. */
  applySettings(entry: AppSettingsEntry): void;
}

export type ConfigStore = ConfigState & ConfigActions;

/** `next`, or `current` when both hold the same JSON (settings are plain JSON). */
function same<T>(current: T, next: T): T {
  return current === next || JSON.stringify(current) === JSON.stringify(next) ? current : next;
}

export function initialConfigState(): ConfigState {
  return {
    theme: defaultTheme,
    webSettings: null,
    paymentConfig: null,
    isThemeLoading: true,
    isServerDown: false,
    errorMessage: null,
    isBannerVisible: true,
  };
}

export const useConfigStore = create<ConfigStore>()(
  persist(
    (set) => ({
      ...initialConfigState(),
      mergeTheme: (patch) => set((state) => ({ theme: mergeTheme(state.theme, patch) })),
      resetTheme: () => set({ theme: defaultTheme }),
      setThemeLoading: (isThemeLoading) => set({ isThemeLoading }),
      setServerDown: (errorMessage) => set({ isServerDown: true, errorMessage }),
      clearServerDown: () => set({ isServerDown: false, errorMessage: null }),
      setBannerVisible: (isBannerVisible) => set({ isBannerVisible }),
      setWebSettings: (webSettings) => set({ webSettings }),
      setPaymentConfig: (paymentConfig) => set({ paymentConfig }),
      // Decision 052: an answer equal to what the page has keeps its objects, so the refresh after
      // hydration re-renders nothing (every subscriber of a changed store renders again, synchronously).
      applySettings: (entry) =>
        set((state) => ({
          theme: same(state.theme, mergeTheme(defaultTheme, entry.web_config as ThemePatch)),
          webSettings: same(state.webSettings, {
            tenant_id: entry.tenant_id,
            restaurant_id: entry.restaurant_id,
            is_online_order_enabled: entry.is_online_order_enabled,
            ...(entry.ordering && { ordering: entry.ordering }),
          }),
          paymentConfig: same(state.paymentConfig, entry.payment_gateway_config),
          isThemeLoading: false,
        })),
    }),
    {
      name: storageKeys.configStore,
      storage: createJSONStorage(() => safeLocalStorage),
      // Spec §4: only theme and webSettings survive a reload.
      partialize: (state) => ({ theme: state.theme, webSettings: state.webSettings }),
      // A stored theme from an older version may lack newer fields: fill them from the defaults.
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<Pick<ConfigState, 'theme' | 'webSettings'>>;
        return {
          ...current,
          theme: mergeTheme(defaultTheme, saved.theme as ThemePatch | undefined),
          webSettings: saved.webSettings ?? current.webSettings,
        };
      },
    },
  ),
);

/**
 * The settings the server inlined into index.html: fresher than anything stored, and known before
 * the first paint, so the 'Loading...' screen never shows for a page our server served.
 */
export function bootConfigStore(inlined: InlinedSettings | undefined, tenantId: number): void {
  if (!inlined) return;
  useConfigStore.setState({
    theme: mergeTheme(defaultTheme, inlined.theme as ThemePatch),
    webSettings: { tenant_id: tenantId, restaurant_id: null, is_online_order_enabled: inlined.is_online_order_enabled },
    isThemeLoading: false,
  });
}

/**
 * Spec §4: the theme's colours as page style variables, from the browser's boot on. The boot calls it rather
 * than this module as it loads (decision 061): a style change made while the first chunk evaluates costs a
 * profiling browser (Lighthouse) a stack trace holding that whole chunk's top level, ~3 ms per variable.
 */
export function showThemeColors(): void {
  applyThemeColors(useConfigStore.getState().theme.colors);
}

// Spec §4: colours go to page style variables whenever they change; the theme is also kept as appTheme.
useConfigStore.subscribe((state, previous) => {
  if (state.theme === previous.theme) return;
  if (typeof document !== 'undefined' && state.theme.colors !== previous.theme.colors) {
    applyThemeColors(state.theme.colors);
  }
  writeStorage(storageKeys.appTheme, JSON.stringify(state.theme));
});
