import { Anchor, createTheme, Drawer, Menu, Modal, PasswordInput, type MantineColorsTuple } from '@mantine/core';
import type { TFunction } from 'i18next';
import { lerDiaDigitado } from '@cadastro/domain';

/** gov.br design system blue (#1351B4 at index 6). */
/** Success and danger darkened at shade 6 so white text keeps WCAG AA contrast (gov.br #168821). */
const green: MantineColorsTuple = ['#e6f4e8', '#c3e4c7', '#9dd2a3', '#74bf7e', '#4fae5c', '#2f9c3e', '#168821', '#12711b', '#0e5a16', '#0a4410'];
const red: MantineColorsTuple = ['#fdecea', '#f9cdc8', '#f3a59c', '#ec7b6e', '#e55445', '#df3320', '#c41d06', '#a51805', '#861304', '#680f03'];

const govbr: MantineColorsTuple = [
  '#e8f0fc', '#cddcf5', '#9ab8ea', '#6493e0', '#3a74d6', '#2163c9', '#1351B4', '#0f4496', '#0c3879', '#082a5c',
];

/** The theme carries translated labels for the icon-only buttons Mantine renders itself. */
export function buildTheme(t: TFunction) {
  return createTheme({
    primaryColor: 'govbr',
    colors: { govbr, green, red },
    autoContrast: true,
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
      // A dialog's header is a <header> outside any sectioning landmark for assistive technology:
      // a second banner beside the page's own. A plain div keeps one banner per page.
      ModalHeader: { defaultProps: { component: 'div' } },
      // A menu holds menu items only: Mantine's unnamed focus placeholder inside role="menu" breaks that (axe
      // aria-required-children, critical). Without it the first item takes the focus, as a menu's should.
      Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
      DrawerHeader: { defaultProps: { component: 'div' } },
      // Every typed date, in one place: dd/mm/aaaa with '-', '.' or '/', one-digit day or month (1-2-2026).
      // A plain object, not DateInput.extend: the dates package stays out of the first page's bundle.
      // The clear button and the calendar's arrows named, the neighbouring months' pale days left out (axe:
      // button-name, color-contrast) for every date field, the shared CampoData and any bare DateInput alike.
      DateInput: {
        defaultProps: {
          dateParser: lerDiaDigitado,
          clearButtonProps: { 'aria-label': t('global.form.limparData') },
          previousLabel: t('global.form.periodoAnterior'),
          nextLabel: t('global.form.proximoPeriodo'),
          hideOutsideDates: true,
        },
      },
      PasswordInput: PasswordInput.extend({
        defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('global.form.togglePassword') } },
      }),
    },
  });
}
