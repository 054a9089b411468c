import type { ThemeColors } from '@storefront/core';

function mix(hex: string, target: number, amount: number): string {
  const value = Number.parseInt(hex.replace('#', '').padEnd(6, '0').slice(0, 6), 16);
  const channel = (shift: number) => {
    const c = (value >> shift) & 0xff;
    return Math.round(c + (target - c) * amount)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/** Page style variables of spec §4: the five colours plus a light and a dark shade of primary. */
export function themeVariables(colors: ThemeColors): Record<string, string> {
  return {
    '--primary': colors.primary,
    '--secondary': colors.secondary,
    '--accent': colors.accent,
    '--background': colors.background,
    '--text': colors.text,
    '--light': mix(colors.primary, 255, 0.92),
    '--dark': mix(colors.primary, 0, 0.35),
  };
}

export function applyThemeColors(colors: ThemeColors, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeVariables(colors))) root.style.setProperty(name, value);
}
