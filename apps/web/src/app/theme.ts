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
    // and so has every dialog's ×, the confirmations of @mantine/modals included
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
  },
});

/**
 * Light variants (buttons, badges, alerts, avatars, the active sidebar link) on shade 0, hovered shade 1 (Mantine: 1
 * and 2), so their text, Mantine's shade 9, reaches WCAG AA's 4.5:1 (axe-core's colour contrast; docs/console.md).
 * Where shade 9 still falls short on shade 1, a darker text: that colour's shade 9 darkened until it passes. Gray
 * and grape pass on Mantine's own (shade 9 on shade 2).
 */
const LIGHT: Record<string, string | 0> = {
  blue: 0,
  cyan: 0,
  violet: 0,
  indigo: 0,
  red: '#bf2828',
  teal: '#087956',
  green: '#257535',
  orange: '#b83d0d',
  yellow: '#a15300',
};

/** Dimmed text and placeholders dark enough for 4.5:1 on white (Mantine's gray.6 is 3.3:1, placeholders 2.1:1). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: Object.fromEntries([
    ['--mantine-color-dimmed', 'var(--mantine-color-gray-7)'],
    ['--mantine-color-placeholder', '#6c757d'],
    ...Object.entries(LIGHT).flatMap(([c, text]) => [
      [`--mantine-color-${c}-light`, `var(--mantine-color-${c}-0)`],
      [`--mantine-color-${c}-light-hover`, `var(--mantine-color-${c}-1)`],
      ...(text ? [[`--mantine-color-${c}-light-color`, text]] : []),
    ]),
  ]),
  dark: {},
});
