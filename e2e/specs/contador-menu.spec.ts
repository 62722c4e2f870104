import { expect, test } from '@playwright/test';
import { formatCrc } from '@cadastro/domain';
import { signIn } from '../support/app';
import { contadorNovo } from '../support/sujeitos';

test('accountant area (#32 item 11): its own menu entry; the CRC typed, shown and hinted one way (CRC-AL 179190/O-9)', async ({ page, request }) => {
  // An accountant of its own, not re-registered yet (Entrar below opens the required Recadastro).
  const c = await contadorNovo(request, { min: 1 });
  const oficial = formatCrc({ uf: c.uf, numero: c.numeroCrc });

  await page.goto('/#/');
  await signIn(page, c.login, c.login, { openMenu: true });
  await page.getByTestId('menu-contador').click();
  await expect(page.getByTestId('menu-contador')).toHaveText(/Contadores/);
  await page.getByRole('menuitem', { name: 'Área do Contador' }).click();
  await expect(page.getByRole('heading', { name: 'Área do Contador: confirme seu CRC', exact: true })).toBeVisible();
  const contribuintes = page.getByTestId('menu-contribuintes');
  if (await contribuintes.count()) {
    await contribuintes.click();
    await expect(page.getByRole('menuitem', { name: 'Área do Contador' })).toHaveCount(0);
    await page.keyboard.press('Escape');
  }

  const crc = page.getByRole('textbox', { name: 'CRC' });
  await expect(page.getByText(/Como no registro do conselho: CRC-AL 123456\/O-9/)).toBeVisible();
  // Typed bare, shown the official way once the field is left.
  await crc.fill(c.crc);
  await crc.press('Tab');
  await expect(crc).toHaveValue(oficial);
  // Typed the official way (longer than the API's 10 characters): accepted whole and sent compact.
  await crc.fill(oficial);
  await expect(crc).toHaveValue(oficial);
  await page.getByRole('combobox', { name: 'Classificação' }).click();
  await page.getByRole('option', { name: 'PROFISSIONAL' }).click();
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('dialog', { name: 'Recadastro - Contabilista' })).toBeVisible();
});
