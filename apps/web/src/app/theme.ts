import { createTheme } from '@mantine/core';

// Handheld scanners and gloves: large touch targets (at least 48 px) and readable type (MODULES.md).
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontSizes: { xs: '0.85rem', sm: '0.95rem', md: '1.05rem', lg: '1.2rem', xl: '1.4rem' },
  components: {
    Button: { defaultProps: { size: 'md' } },
    ActionIcon: { defaultProps: { size: 'xl' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
    Checkbox: { defaultProps: { size: 'md' } },
    NavLink: { defaultProps: { py: 'md' } },
  },
});
