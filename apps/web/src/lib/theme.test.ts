import { defaultTheme } from '@orderfront/core';
import { describe, expect, it } from 'vitest';
import { applyThemeColors, themeVariables } from './theme';

describe('theme colours as page style variables (spec §4)', () => {
  it('sets primary, secondary, accent, background, text, light and dark', () => {
    applyThemeColors({ ...defaultTheme.colors, primary: '#336699' });
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--primary')).toBe('#336699');
    expect(style.getPropertyValue('--text')).toBe(defaultTheme.colors.text);
    expect(style.getPropertyValue('--light')).toMatch(/^#[0-9a-f]{6}$/);
    expect(style.getPropertyValue('--dark')).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('makes light lighter and dark darker than primary', () => {
    const vars = themeVariables({ ...defaultTheme.colors, primary: '#808080' });
    expect(vars['--light']).toBe('#f5f5f5');
    expect(vars['--dark']).toBe('#535353');
  });
});
