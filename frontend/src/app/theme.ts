import {
  createTheme,
  darken,
  luminance,
  mergeThemeOverrides,
  type CSSVariablesResolver,
  type MantineTheme,
} from '@mantine/core';

/**
 * The one Mantine theme. Every text keeps WCAG AA contrast (4.5:1, for Lighthouse accessibility 100):
 * - filled colours use shade 8, and auto-contrast writes black on the light ones (yellow, lime, green...);
 * - the resolver below darkens, colour by colour, the text of the "light", "outline" and "subtle"
 *   variants and of `c="<colour>"` texts where Mantine's default shade is too pale on white;
 * - "dimmed", error and success texts use darker greys, reds and teals.
 * So `<Badge color="green" variant="light">` or `<Text c="dimmed" size="xs">` are safe anywhere.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 5 },
  autoContrast: true,
  // White text down to this luminance keeps 4.5:1 (red-8 stays white at 4.51:1; cyan-8 gets black).
  luminanceThreshold: 0.19,
  defaultRadius: 'md',
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
  headings: { fontWeight: '700' },
  components: {
    Anchor: { defaultProps: { underline: 'hover' } },
  },
});

/**
 * The theme in one language: every modal's and drawer's close button (an icon) gets its name, `closeLabel`
 * (common:closeDialog), and every toast's close button `closeNotificationLabel` (common:closeNotification),
 * so no dialog or toast has an unnamed control (axe button-name; a screen reader said "button: img").
 * Made again when the language changes (AppProvider).
 */
export const themeIn = (closeLabel: string, closeNotificationLabel: string = closeLabel) => {
  const closeButtonProps = { 'aria-label': closeLabel };
  return mergeThemeOverrides(
    theme,
    createTheme({
      components: {
        Modal: { defaultProps: { closeButtonProps } },
        Drawer: { defaultProps: { closeButtonProps } },
        Notification: {
          defaultProps: { closeButtonProps: { 'aria-label': closeNotificationLabel } },
        },
      },
    }),
  );
};

const WHITE = '#ffffff';
const AA = 4.6; // a little above 4.5 for rounding

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The first of the candidates (then darker and darker shades of the last) readable on `background`. */
export function readableOn(background: string, candidates: string[]): string {
  for (const colour of candidates) if (contrast(colour, background) >= AA) return colour;
  const base = candidates[candidates.length - 1] ?? '#000000';
  for (let amount = 0.1; amount < 1; amount += 0.1) {
    const darker = darken(base, amount);
    if (contrast(darker, background) >= AA) return darker;
  }
  return '#000000';
}

function lightSchemeColourVariables(theme: MantineTheme): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark' || name === 'gray') continue;
    const onWhite = readableOn(WHITE, [shades[8], shades[9]]);
    if (onWhite !== shades[8]) {
      variables[`--mantine-color-${name}-text`] = onWhite;
      variables[`--mantine-color-${name}-outline`] = onWhite;
    }
    const onLight = readableOn(shades[1], [shades[9]]);
    if (onLight !== shades[9]) variables[`--mantine-color-${name}-light-color`] = onLight;
  }
  return variables;
}

export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    ...lightSchemeColourVariables(t),
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-success': 'var(--mantine-color-teal-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
