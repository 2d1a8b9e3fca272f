// Mantine theme: readable type and colours that keep WCAG AA contrast in both colour schemes.
import {
  DEFAULT_THEME,
  createTheme,
  darken,
  luminance,
  type CSSVariablesResolver,
  type MantineColor,
} from '@mantine/core';

const MIN_TEXT_CONTRAST = 4.6;

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Darkens a colour just enough to be readable as text on white. */
function readableOnWhite(color: string): string {
  let amount = 0;
  let result = color;
  while (contrast(result, '#ffffff') < MIN_TEXT_CONTRAST && amount < 0.9) {
    amount += 0.05;
    result = darken(color, amount);
  }
  return result;
}

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white text on filled blue at AA (shade 6 is only 3.6:1).
  primaryShade: { light: 8, dark: 8 },
  // Pick black or white text on filled colours by luminance; 0.179 is where both reach the same contrast.
  autoContrast: true,
  luminanceThreshold: 0.179,
  // Noto covers every script of the 35 locales (Debian's fonts-noto-core and fonts-noto-cjk).
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Noto Sans Devanagari", "Noto Sans Bengali", "Noto Sans Tamil", "Noto Sans Thai", "Noto Sans Myanmar", "Noto Sans CJK JP", "Noto Sans CJK KR", "Noto Sans CJK SC", "Noto Sans CJK TC", "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
});

const paletteNames = Object.keys(DEFAULT_THEME.colors) as MantineColor[];

/**
 * Mantine's defaults put some texts under AA (dimmed gray-6 on white is 3.3:1, dark-2 on dark-7 is 4.0:1,
 * coloured text like green-6 on white is 2.4:1, form errors in red-6 3.3:1); these variables lift them.
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': current.colors.gray[7],
    '--mantine-color-anchor': current.colors.blue[9],
    // Form errors: red-6 on white is 3.3:1.
    '--mantine-color-error': current.colors.red[9],
  };
  const dark: Record<string, string> = {
    '--mantine-color-dimmed': current.colors.dark[1],
    '--mantine-color-anchor': current.colors.blue[3],
    '--mantine-color-error': current.colors.red[4],
  };
  for (const name of paletteNames) {
    const palette = current.colors[name];
    if (!palette || name === 'dark') continue;
    light[`--mantine-color-${name}-text`] = readableOnWhite(palette[8]);
    dark[`--mantine-color-${name}-text`] = palette[3];
  }
  return { variables: {}, light, dark };
};
