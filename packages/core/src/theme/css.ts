import type { ThemeColors } from './types.js';

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

/** `#abc` → `#aabbcc`; anything that is not a hex colour → undefined. */
export function normalizeHex(color: string): string | undefined {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!match?.[1]) return undefined;
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return `#${hex.toLowerCase()}`;
}

/** Page style variables of spec §4: the five colours plus a light and a dark shade of primary. */
export function themeVariables(colors: ThemeColors): Record<string, string> {
  const primary = normalizeHex(colors.primary) ?? colors.primary;
  return {
    '--primary': colors.primary,
    '--secondary': colors.secondary,
    '--accent': colors.accent,
    '--background': colors.background,
    '--text': colors.text,
    '--light': mix(primary, 255, 0.92),
    '--dark': mix(primary, 0, 0.35),
  };
}
