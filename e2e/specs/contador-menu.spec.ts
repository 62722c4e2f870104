import { expect, test } from '@playwright/test';
import { formatCrc } from '@cadastro/domain';
import { apiAs, signIn } from '../support/app';

const api = '/sfz-cadastro-api/api';

test('accountant area (#32 item 11): its own menu entry; the CRC typed, shown and hinted one way (CRC-AL 179190/O-9)', async ({ page, request }) => {
  // The demo accountant's CRC, read by a clerk from one of its companies.
  const { headers } = await apiAs(request, 'contador');
  const [empresa] = (await (await request.post(`${api}/contribuinte/porUsuario`, { headers, data: {} })).json()) as { numeroCaceal: number }[];
  const auditor = await apiAs(request, 'auditor');
  const k = (await (await request.get(`${api}/contribuinte/obterContador/porCaceal/${empresa!.numeroCaceal}`, { headers: auditor.headers })).json()) as { codigoUfCrc: string; numeroCrc: string };
  const oficial = formatCrc({ uf: k.codigoUfCrc, numero: k.numeroCrc });

  await page.goto('/#/');
  await signIn(page, 'contador', 'contador', { openMenu: true });
  await page.getByTestId('menu-contador').click();
  await expect(page.getByTestId('menu-contador')).toHaveText(/Contadores/);
  await page.getByRole('menuitem', { name: 'Área do Contador' }).click();
  await expect(page.getByRole('heading', { name: 'Confirmação' })).toBeVisible();
  const contribuintes = page.getByTestId('menu-contribuintes');
  if (await contribuintes.count()) {
    await contribuintes.click();
    await expect(page.getByRole('menuitem', { name: 'Área do Contador' })).toHaveCount(0);
    await page.keyboard.press('Escape');
  }

  const crc = page.getByRole('textbox', { name: 'CRC' });
  await expect(page.getByText(/Como no registro do conselho: CRC-AL 123456\/O-9/)).toBeVisible();
  // Typed bare, shown the official way once the field is left.
  await crc.fill(`${k.codigoUfCrc}${k.numeroCrc}`);
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
