import { type ThemeColors, themeVariables } from '@orderfront/core';

export { themeVariables };

export function applyThemeColors(colors: ThemeColors, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeVariables(colors))) root.style.setProperty(name, value);
}
