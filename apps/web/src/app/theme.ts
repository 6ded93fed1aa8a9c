import { type CSSVariablesResolver, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // blue.8 (#1971c2): white text on buttons and links on white reach WCAG AA 4.5:1 (blue.6 is 3.5:1; axe-core)
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  components: {
    // the snackbars' close button has only an icon: give it a name (axe-core's button-name)
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
  },
});

/**
 * Text of the light variant (buttons, badges, alerts, avatars, the active sidebar link) for each colour: Mantine's
 * shade 9, darkened where shade 9 on the hover background (shade 1 here) stays under WCAG AA's 4.5:1 (axe-core's
 * colour contrast; the figures in docs/console.md).
 */
const LIGHT_TEXT: Record<string, string> = {
  red: '#bf2828',
  pink: '#a61e4d',
  grape: '#862e9c',
  violet: '#5f3dc4',
  indigo: '#364fc7',
  blue: '#1864ab',
  cyan: '#0b7285',
  teal: '#087956',
  green: '#257535',
  lime: '#4a760a',
  yellow: '#a15300',
  orange: '#b83d0d',
  gray: 'var(--mantine-color-gray-9)',
};

/**
 * Dimmed text and placeholders dark enough for 4.5:1 on white (Mantine's gray.6 is 3.3:1, its placeholder gray.5 is
 * 2.1:1); light variants on shade 0 (hover shade 1) rather than 1 (hover 2), with the text above.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': '#6c757d',
    ...Object.fromEntries(
      Object.entries(LIGHT_TEXT).flatMap(([c, text]) => [
        [`--mantine-color-${c}-light`, `var(--mantine-color-${c}-0)`],
        [`--mantine-color-${c}-light-hover`, `var(--mantine-color-${c}-1)`],
        [`--mantine-color-${c}-light-color`, text],
      ]),
    ),
  },
  dark: {},
});
