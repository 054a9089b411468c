import { type ThemeColors, themeVariables } from '@storefront/core';

export { themeVariables };

export function applyThemeColors(colors: ThemeColors, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeVariables(colors))) root.style.setProperty(name, value);
}
