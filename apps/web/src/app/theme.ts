import { Anchor, createTheme, Drawer, Modal, PasswordInput, type MantineColorsTuple } from '@mantine/core';
import type { TFunction } from 'i18next';

/** gov.br design system blue (#1351B4 at index 6). */
const govbr: MantineColorsTuple = [
  '#e8f0fc', '#cddcf5', '#9ab8ea', '#6493e0', '#3a74d6', '#2163c9', '#1351B4', '#0f4496', '#0c3879', '#082a5c',
];

/** The theme carries translated labels for the icon-only buttons Mantine renders itself. */
export function buildTheme(t: TFunction) {
  return createTheme({
    primaryColor: 'govbr',
    colors: { govbr },
    primaryShade: 6,
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
    black: '#333333',
    defaultRadius: 'sm',
    focusRing: 'always',
    headings: { fontWeight: '600' },
    components: {
      // Links inside text must not rely on colour alone.
      Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
      Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': t('global.close') } } }),
      Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': t('global.close') } } }),
      PasswordInput: PasswordInput.extend({
        defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('global.form.togglePassword') } },
      }),
    },
  });
}
