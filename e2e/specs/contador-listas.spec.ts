import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiAs, seriousA11yViolations, signIn } from '../support/app';
import { contadorNovo } from '../support/sujeitos';

const api = '/sfz-cadastro-api/api';

/** A page of 20 rows (and the header) with the summary above it, not under hundreds of rows; page 2 kept in the URL; axe clean. */
async function confereDuasPaginas(page: Page, resumo: Locator, total: number) {
  const tabela = page.getByRole('table');
  await expect(tabela.getByRole('row')).toHaveCount(21);
  expect((await resumo.boundingBox())!.y).toBeLessThan((await tabela.boundingBox())!.y);
  await expect(page.getByTestId('item-count')).toHaveText(`Exibindo 1 - 20 de ${total} registros`);
  await page.getByRole('button', { name: 'Página 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId('item-count')).toHaveText(`Exibindo 21 - ${Math.min(40, total)} de ${total} registros`);
  expect(await seriousA11yViolations(page)).toEqual([]);
  return tabela;
}

test('accountant lists (#32 item 9): statements paged on the server, filtered by CACEAL or name, the summary on top', async ({ page, request }) => {
  test.setTimeout(180_000);
  // An accountant of its own (more than a page of companies), whose statements no other test writes.
  const conta = await contadorNovo(request);
  const { headers } = await apiAs(request, conta.login);
  const empresas = conta.empresas;
  expect(empresas.length).toBeGreaterThan(20);
  const crc = { crc: conta.crc, classificacao: 1 };
  // One statement per company, the first a denial: as many active statements as companies.
  const g = await request.post(`${api}/manifestacao/gerar`, { headers, data: { ...crc, manifestacoes: empresas.map((e, i) => ({ caceal: e.numeroCaceal, tipoManifestacao: i === 0 ? 2 : 1 })) } });
  expect(g.status()).toBe(200);

  await page.goto('/#/');
  await signIn(page, conta.login, conta.login, { openMenu: true });
  await page.goto(`/#/manifestacao-contador/manifestacao-ativa?crc=${crc.crc}&classificacao=1`);
  const resumo = page.getByTestId('resumo-ativas');
  await expect(resumo).toContainText(`Confirmações: ${empresas.length - 1}`);
  await expect(resumo).toContainText('Negações: 1');
  const tabela = await confereDuasPaginas(page, resumo, empresas.length);

  // The filter by CACEAL: one company's statement.
  const alvo = empresas[empresas.length - 1]!;
  await page.getByTestId('filtro-manifestacoes').fill(String(alvo.numeroCaceal));
  await page.getByTestId('filtro-manifestacoes').press('Enter');
  await expect(tabela.getByRole('row')).toHaveCount(2);
  await expect(tabela.getByRole('row').nth(1)).toContainText(alvo.razaoSocial);
  await expect(resumo).toContainText('Negações: 1'); // the summary counts all active statements, not the filtered page

  // All the accountant's statements: paged the same way.
  await page.goto(`/#/manifestacao-contador/manifestacao?crc=${crc.crc}&classificacao=1`);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(21);
  await expect(page.getByRole('navigation', { name: /Pagina|Paginação/ })).toBeVisible();
});

test("the accountant's own statements (#32 item 9, no CRC asked): 20 a page from the server, the summary of all of them on top, the filter", async ({ page, request }) => {
  test.setTimeout(180_000);
  const conta = await contadorNovo(request);
  const { headers } = await apiAs(request, conta.login);
  const empresas = conta.empresas;
  const crc = { crc: conta.crc, classificacao: 1 };
  // More statements than a page: one per company, the last two denials.
  const g = await request.post(`${api}/manifestacao/gerar`, { headers, data: { ...crc, manifestacoes: empresas.map((e, i) => ({ caceal: e.numeroCaceal, tipoManifestacao: i >= empresas.length - 2 ? 2 : 1 })) } });
  expect(g.status()).toBe(200);
  // What the server counts over every statement of this accountant (the CRC query, the same set).
  const todas = (await (await request.post(`${api}/manifestacao/consultar`, { headers, data: { ...crc, page: 0, size: 1 } })).json()) as { total: number; ativas: { confirmacoes: number; negacoes: number } };
  expect(todas.total).toBeGreaterThan(20);

  await page.goto('/#/');
  await signIn(page, conta.login, conta.login, { openMenu: true });
  await page.goto('/#/manifestacao-contador/manifestacao');
  const resumo = page.getByTestId('resumo-manifestacoes');
  await expect(resumo).toContainText(`Confirmações: ${todas.ativas.confirmacoes}`);
  await expect(resumo).toContainText(`Negações: ${todas.ativas.negacoes}`);
  await expect(page.getByTestId('total-manifestacoes')).toHaveText(`Total: ${todas.total}`);
  const tabela = await confereDuasPaginas(page, resumo, todas.total);

  // The filter by name: only that company's statements, the summary unchanged.
  const alvo = empresas[empresas.length - 1]!;
  await page.getByTestId('filtro-manifestacoes').fill(alvo.razaoSocial);
  await page.getByTestId('filtro-manifestacoes').press('Enter');
  await expect(page).not.toHaveURL(/page=2/);
  const linhas = tabela.getByRole('row');
  await expect(linhas.nth(1)).toContainText(alvo.razaoSocial);
  expect(await linhas.count()).toBeLessThan(21);
  await expect(resumo).toContainText(`Negações: ${todas.ativas.negacoes}`);
});

test('Empresas com Manifestação de Negação (#32 item 9): 20 a page from the server, the period total on top, the filter by CACEAL', async ({ page, request }) => {
  test.setTimeout(180_000);
  const conta = await contadorNovo(request);
  const { headers } = await apiAs(request, conta.login);
  const empresas = conta.empresas;
  // A denial for every company of the accountant: more than a page of them.
  const g = await request.post(`${api}/manifestacao/gerar`, { headers, data: { crc: conta.crc, classificacao: 1, manifestacoes: empresas.map((e) => ({ caceal: e.numeroCaceal, tipoManifestacao: 2 })) } });
  expect(g.status()).toBe(200);
  const apoio = await apiAs(request, 'apoio-contador');
  const todas = (await (await request.post(`${api}/contribuinte/comManifestacaoNegacaoSemEvento`, { headers: apoio.headers, data: { dataInicial: '2000-01-01', dataFinal: '2100-01-01' } })).json()) as unknown[];
  expect(todas.length).toBeGreaterThan(20);

  await page.goto('/#/');
  await signIn(page, 'apoio-contador', 'apoio-contador', { openMenu: true });
  await page.goto('/#/manifestacao-contador/empresas?tipoConsulta=comManifestacao&dataInicial=2000-01-01&dataFinal=2099-12-31');
  const resumo = page.getByTestId('total-empresas');
  await expect(resumo).toHaveText(`Total: ${todas.length}`);
  const tabela = await confereDuasPaginas(page, resumo, todas.length);

  const alvo = empresas[empresas.length - 1]!;
  await page.getByTestId('filtro-empresas').fill(String(alvo.numeroCaceal));
  await page.getByTestId('filtro-empresas').press('Enter');
  await expect(page).not.toHaveURL(/page=2/);
  await expect(tabela.getByRole('row')).toHaveCount(2);
  await expect(tabela.getByRole('row').nth(1)).toContainText(alvo.razaoSocial);
  await expect(resumo).toHaveText(`Total: ${todas.length}`); // the period's total, not the filtered page's
});

test('390 px: the accountant\'s statements read whole on a phone: the CRC button\'s label wraps, each type says Confirmação or Negação', async ({ page, request }) => {
  test.setTimeout(180_000);
  const conta = await contadorNovo(request);
  const { headers } = await apiAs(request, conta.login);
  const crc = { crc: conta.crc, classificacao: 1 };
  const g = await request.post(`${api}/manifestacao/gerar`, { headers, data: { ...crc, manifestacoes: conta.empresas.slice(0, 2).map((e, i) => ({ caceal: e.numeroCaceal, tipoManifestacao: i + 1 })) } });
  expect(g.status()).toBe(200);
  await page.goto('/#/');
  await signIn(page, conta.login, conta.login, { openMenu: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/#/manifestacao-contador/manifestacao');
  const cortado = (l: Locator) => l.evaluate((e) => e.scrollWidth > e.clientWidth + 1);
  const botao = page.getByRole('link', { name: 'Confirmar CRC para novas manifestações' });
  await expect(botao).toBeVisible();
  expect(await cortado(botao.locator('.mantine-Button-label'))).toBe(false);
  const tipos = page.getByTestId('tipo-manifestacao');
  await expect(tipos.first()).toBeVisible();
  expect(new Set(await tipos.allTextContents())).toEqual(new Set(['Confirmação', 'Negação']));
  for (const tipo of await tipos.all()) expect(await cortado(tipo.locator('.mantine-Badge-label'))).toBe(false);
});
