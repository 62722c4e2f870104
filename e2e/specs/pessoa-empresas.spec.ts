import { expect, test } from '@playwright/test';
import { apiAs, seriousA11yViolations, signIn } from '../support/app';

const api = '/sfz-cadastro-api/api';

test('pessoa (#32 item 9): a person in charge of many companies sees them 20 a page, not one endless table', async ({ page, request }) => {
  const { headers } = await apiAs(request, 'contador');
  const empresas = (await (await request.post(`${api}/contribuinte/porUsuario`, { headers, data: {} })).json()) as { numeroCaceal: number; razaoSocial: string }[];
  expect(empresas.length).toBeGreaterThan(20);
  const auditor = await apiAs(request, 'auditor');
  const k = (await (await request.get(`${api}/contribuinte/obterContador/porCaceal/${empresas[0]!.numeroCaceal}`, { headers: auditor.headers })).json()) as { numeroDocumento: string };
  const doc = k.numeroDocumento.replace(/\D/g, '');
  // The table asks the server for one page at a time (#32: the whole list came with the person, drawn 20 a page).
  const paginas: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/pessoa/empresas-vinculadas/')) paginas.push(new URL(r.url()).search); });
  await page.goto(doc.length === 11 ? `/#/pessoa/${doc}` : `/#/pessoa-juridica/${doc}`);
  await signIn(page, 'auditor');
  const bloco = page.getByTestId('empresas-contabil');
  await expect(bloco.getByRole('row')).toHaveCount(21);
  await expect(bloco.getByTestId('item-count')).toHaveText(/^Exibindo 1 - 20 de \d+ registros$/);
  await bloco.getByRole('button', { name: 'Página 2' }).click();
  await expect(bloco.getByTestId('item-count')).toHaveText(/^Exibindo 21 - \d+ de \d+ registros$/);
  // tela=pessoa: the server logs each page of an individual's companies as a read of that individual (LGPD).
  expect(paginas).toContain('?vinculo=contador&tela=pessoa&page=1&size=20');

  // The filter by CACEAL, CNPJ or name, answered by the server.
  const alvo = empresas[empresas.length - 1]!;
  const filtro = bloco.getByRole('textbox', { name: 'Filtrar por CACEAL, CNPJ ou razão social' });
  await filtro.fill(alvo.razaoSocial);
  await filtro.press('Enter');
  await expect(bloco.getByRole('row').nth(1)).toContainText(alvo.razaoSocial);
  await expect(bloco.getByTestId('item-count')).toHaveText(/^Exibindo 1 - \d+ de \d+ registros$/);
  expect(await bloco.getByRole('row').count()).toBeLessThan(21);
  expect(await seriousA11yViolations(page)).toEqual([]);
});
