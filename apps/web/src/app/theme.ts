import { type CSSVariablesResolver, createTheme, DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';

import common from '../i18n/de/common.json';

/** A Mantine palette with its two darkest shades replaced (filled backgrounds and light-variant text). */
const darker = (name: 'green' | 'orange', s8: string, s9: string): MantineColorsTuple => {
  const c = [...DEFAULT_THEME.colors[name]];
  c[8] = s8;
  c[9] = s9;
  return c as unknown as MantineColorsTuple;
};

// Handheld scanners and gloves: large touch targets (at least 48 px) and readable type (docs/modules.md#working-on-a-handheld).
// WCAG AA contrast (4.5:1 for normal text) everywhere: Mantine's default blue 6 on white reaches 3.55:1 and its
// dimmed grey 3.3:1, so the app uses blue 8 (4.9:1 with white text, and as text on white) and a darker grey.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  // Mantine's green 8 carries white text at 3.4:1 and its orange 9 reaches 3.4:1 on grey: darker shades.
  colors: { green: darker('green', '#1e7a34', '#1f6f30'), orange: darker('orange', '#c2410c', '#a63a0a') },
  defaultRadius: 'md',
  fontSizes: { xs: '0.85rem', sm: '0.95rem', md: '1.05rem', lg: '1.2rem', xl: '1.4rem' },
  components: {
    // At 360 px a long label wraps onto a second line instead of being cut ("Artikel su…").
    Button: {
      defaultProps: { size: 'md' },
      styles: {
        root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 4 },
        // The inner box fills the button's height (less its padding and border), so its label sits in the middle
        // also when the button is a link (<a>): a <button> centres its content by itself, a link does not.
        inner: { minHeight: 'calc(var(--button-height) - 10px)' },
        label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.2, overflow: 'visible' },
      },
    },
    // A status badge wraps its words on a narrow column instead of ending in '…'.
    Badge: {
      styles: {
        root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%' },
        label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', textAlign: 'center' },
      },
    },
    ActionIcon: { defaultProps: { size: 'xl' } },
    // German compounds ('Verbindungseinstellungen') are wider than a 360 px screen at heading size.
    Title: { styles: { root: { hyphens: 'auto', overflowWrap: 'break-word' } } },
    TextInput: { defaultProps: { size: 'md' } },
    // Mantine's own labels are English: German names for the password toggle and every close button.
    PasswordInput: {
      defaultProps: { size: 'md', visibilityToggleButtonProps: { 'aria-label': common.togglePasswordVisibility } },
    },
    // A toast's message in Mantine's grey 6 reads at 3.3:1 on white: the app's darker grey instead.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': common.close } },
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': common.close } } },
    Alert: { defaultProps: { closeButtonLabel: common.close } },
    Select: { defaultProps: { size: 'md' } },
    Checkbox: { defaultProps: { size: 'md' } },
    NavLink: { defaultProps: { py: 'md' } },
  },
});

/** Dimmed text, placeholders and field errors dark enough for 4.5:1 on white and on the light grey page background. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7],
    '--mantine-color-placeholder': t.colors.gray[7],
    '--mantine-color-anchor': t.colors.blue[8],
    // A field's German message when a save refuses it: Mantine's red 6 reads at 3.3:1 on white, red 9 at 5.4:1.
    '--mantine-color-error': t.colors.red[9],
  },
  dark: {},
});
