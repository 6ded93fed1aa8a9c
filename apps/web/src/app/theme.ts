import { type CSSVariablesResolver, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // blue.8 (#1971c2): white text on buttons and links on white reach WCAG AA 4.5:1 (blue.6 is 3.5:1; axe-core)
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
});

const LIGHT_VARIANT_COLORS = ['blue', 'teal', 'green', 'red', 'orange', 'yellow', 'gray', 'grape', 'violet', 'cyan'];

/**
 * Dimmed text dark enough for 4.5:1 on white (Mantine's gray.6 is 3.3:1), and the text of light buttons and badges in
 * shade 8 rather than 6 for the same reason (axe-core's colour contrast).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    ...Object.fromEntries(
      LIGHT_VARIANT_COLORS.map((c) => [`--mantine-color-${c}-light-color`, `var(--mantine-color-${c}-8)`]),
    ),
  },
  dark: {},
});
