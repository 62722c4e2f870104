import { expect, test } from '@playwright/test';
import { apiAs, signIn } from '../support/app';

const api = '/sfz-cadastro-api/api';

test('pessoa (#32 item 9): a person in charge of many companies sees them 20 a page, not one endless table', async ({ page, request }) => {
  const { headers } = await apiAs(request, 'contador');
  const empresas = (await (await request.post(`${api}/contribuinte/porUsuario`, { headers, data: {} })).json()) as { numeroCaceal: number }[];
  expect(empresas.length).toBeGreaterThan(20);
  const auditor = await apiAs(request, 'auditor');
  const k = (await (await request.get(`${api}/contribuinte/obterContador/porCaceal/${empresas[0]!.numeroCaceal}`, { headers: auditor.headers })).json()) as { numeroDocumento: string };
  const doc = k.numeroDocumento.replace(/\D/g, '');
  await page.goto(doc.length === 11 ? `/#/pessoa/${doc}` : `/#/pessoa-juridica/${doc}`);
  await signIn(page, 'auditor');
  const bloco = page.getByTestId('empresas-contabil');
  await expect(bloco.getByRole('row')).toHaveCount(21);
  await expect(bloco.getByTestId('item-count')).toHaveText(/^Exibindo 1 - 20 de \d+ registros$/);
  await bloco.getByRole('button', { name: 'Página 2' }).click();
  await expect(bloco.getByTestId('item-count')).toHaveText(/^Exibindo 21 - \d+ de \d+ registros$/);
});
