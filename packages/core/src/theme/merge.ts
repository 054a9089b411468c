import type { Theme, ThemePatch } from './types.js';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mergeDeep(base: Record<string, unknown>, patch: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const current = out[key];
    out[key] = isPlainObject(current) && isPlainObject(value) ? mergeDeep(current, value) : value;
  }
  return out;
}

/** Merges patches over a theme, left to right; arrays are replaced, objects merged. */
export function mergeTheme(base: Theme, ...patches: (ThemePatch | null | undefined)[]): Theme {
  let theme = base;
  for (const patch of patches) {
    if (patch) theme = mergeDeep(theme as unknown as Record<string, unknown>, patch) as unknown as Theme;
  }
  return theme;
}

/** Fills `{year}` in the footer's copyright text. */
export function copyrightFor(text: string, now: Date): string {
  return text.replaceAll('{year}', String(now.getFullYear()));
}
