import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrast, cssVariablesResolver, theme } from './theme';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const light = cssVariablesResolver(merged).light;
const resolve = (value: string): string => {
  const match = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(value);
  return match ? merged.colors[match[1]!]![Number(match[2])]! : value;
};

describe('theme contrast', () => {
  it('keeps every colour text readable on white and on its light background', () => {
    for (const [name, shades] of Object.entries(merged.colors)) {
      if (name === 'dark' || name === 'gray') continue;
      const text = light[`--mantine-color-${name}-text`] ?? shades[8];
      const lightColor = light[`--mantine-color-${name}-light-color`] ?? shades[9];
      expect(contrast(text, '#ffffff'), `${name} text`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(lightColor, shades[1]), `${name} light`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('darkens dimmed text and links enough for small print', () => {
    expect(contrast(resolve(light['--mantine-color-dimmed']!), '#ffffff')).toBeGreaterThanOrEqual(
      4.5,
    );
    expect(contrast(merged.colors.blue[8], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(resolve(light['--mantine-color-error']!), '#ffffff')).toBeGreaterThanOrEqual(
      4.5,
    );
  });
});
