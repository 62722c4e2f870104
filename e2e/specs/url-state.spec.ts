import { expect, test, type Page } from '@playwright/test';
import { apiAs, signIn } from '../support/app';

async function asClerk(page: Page, rota = '') {
  await page.goto(`/#/${rota}`);
  if (rota) await expect(page.getByRole('dialog')).toBeVisible();
  else await page.getByTestId('home-login').click();
  await signIn(page, 'atendente');
  await expect(page.getByRole('dialog', { name: /Entrar/ })).toHaveCount(0);
}

const resultados = (page: Page) => page.getByRole('dialog', { name: 'Contribuintes encontrados' });
// A name search pages by position (keyset, #40 §2): "Próxima", and the page number it reached.
const paginaAtual = (page: Page) => resultados(page).getByTestId('busca-pagina');
const proxima = (page: Page) => resultados(page).getByTestId('busca-proxima');

test('Back from a taxpayer opened from the results restores the search, the list and its page', async ({ page }) => {
  await asClerk(page, 'contribuinte');
  await page.getByTestId('busca-tipo').click();
  await page.getByRole('option', { name: 'Razão social', exact: true }).click();
  await page.getByTestId('busca-termo').fill('comercio');
  await page.getByTestId('busca-termo').press('Enter');
  await expect(resultados(page)).toBeVisible();
  await proxima(page).click();
  await expect(paginaAtual(page)).toHaveText('Página 2');
  await proxima(page).click();
  await expect(paginaAtual(page)).toHaveText('Página 3');
  await expect(page).toHaveURL(/#\/contribuinte\?tipo=RAZAO_SOCIAL&termo=comercio&page=3&apos=[\w-]+$/);
  // Page 1's rows stay on screen (dimmed, aria-busy) until page 3 arrives: read a row only then.
  await expect(resultados(page).getByRole('table')).toHaveAttribute('aria-busy', 'false');
  const linha = resultados(page).getByRole('row').nth(2);
  const nome = (await linha.getByRole('cell').nth(2).textContent())!;
  await linha.click();
  await expect(page.getByTestId('cabecalho-contribuinte')).toContainText(nome);

  await page.goBack();
  await expect(resultados(page)).toBeVisible();
  await expect(paginaAtual(page)).toHaveText('Página 3');
  await expect(resultados(page).getByRole('row').nth(2)).toContainText(nome);
  // the form holds the search too
  await expect(page.getByTestId('busca-termo')).toHaveValue('comercio');
  await expect(page.getByTestId('busca-tipo')).toHaveValue('Razão social');
  // closing the window keeps the query in the form; Back opens the window again
  await page.keyboard.press('Escape');
  await expect(resultados(page)).toHaveCount(0);
  await expect(page.getByTestId('busca-termo')).toHaveValue('comercio');
  await page.goBack();
  await expect(paginaAtual(page)).toHaveText('Página 3');
  // Anterior walks back the positions seen
  await resultados(page).getByRole('button', { name: 'Anterior' }).click();
  await expect(paginaAtual(page)).toHaveText('Página 2');
});

test('the same search opens from its link, and a reload keeps it', async ({ page }) => {
  await asClerk(page);
  await page.goto('/#/contribuinte?tipo=RAZAO_SOCIAL&termo=comercio&page=1');
  await proxima(page).click();
  await expect(paginaAtual(page)).toHaveText('Página 2');
  await expect(page.getByTestId('busca-termo')).toHaveValue('comercio');
  await expect(resultados(page).getByRole('table')).toHaveAttribute('aria-busy', 'false');
  const primeira = (await resultados(page).getByRole('row').nth(1).textContent())!;
  const link = page.url();
  await page.reload();
  await expect(paginaAtual(page)).toHaveText('Página 2');
  await expect(resultados(page).getByRole('row').nth(1)).toHaveText(primeira);
  await page.goto('/#/contribuinte');
  await page.goto(link);
  await expect(resultados(page).getByRole('row').nth(1)).toHaveText(primeira);
  // a bad page in a hand-made link, or a page without its position, opens the first one
  await page.goto('/#/contribuinte?tipo=RAZAO_SOCIAL&termo=comercio&page=x');
  await expect(paginaAtual(page)).toHaveText('Página 1');
  await page.goto('/#/contribuinte?tipo=RAZAO_SOCIAL&termo=comercio&page=2');
  await expect(paginaAtual(page)).toHaveText('Página 1');
});

test('histórico: Back from a history opened from the picker shows the picker and the form again', async ({ page, request }) => {
  const { headers } = await apiAs(request, 'atendente');
  const api = '/sfz-cadastro-api/api';
  const lista = (await (await request.get(`${api}/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/ltda/0/100`, { headers })).json()).content as { cnpj: string }[];
  let raiz: string | undefined;
  for (const c of lista.filter((x) => /^\d+$/.test(x.cnpj))) {
    const r = await (await request.get(`${api}/historico/obterListaHistorico/RAIZ_DO_CNPJ/${c.cnpj.slice(0, 8)}/0/10`, { headers })).json();
    if (r.totalElements >= 2) { raiz = c.cnpj.slice(0, 8); break; }
  }
  expect(raiz).toBeDefined();
  await asClerk(page, 'historico');
  await page.getByText('RAZÃO SOCIAL', { exact: true }).click();
  await page.getByRole('combobox', { name: 'Consultar por' }).click();
  await page.getByRole('option', { name: 'Raiz do CNPJ' }).click();
  await page.getByRole('textbox', { name: 'Número' }).fill(raiz!);
  await page.getByRole('textbox', { name: 'Número' }).press('Enter');
  await expect(resultados(page)).toBeVisible();
  const linha = (await resultados(page).getByRole('row').nth(2).textContent())!;
  await resultados(page).getByRole('row').nth(2).click();
  await expect(page).toHaveURL(/#\/historico-razao-social-detail\/24\d{6}$/);
  await page.goBack();
  await expect(resultados(page).getByRole('row').nth(2)).toHaveText(linha);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('textbox', { name: 'Número' })).toHaveValue(raiz!);
  await expect(page.getByRole('radio', { name: 'RAZÃO SOCIAL' })).toBeChecked();
});

test('situação cadastral: Back from a taxpayer opened from the table shows the list consulted', async ({ page, request }) => {
  const { headers } = await apiAs(request, 'atendente');
  const lista = (await (await request.get('/sfz-cadastro-api/api/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/ltda/0/3', { headers })).json()).content as { numeroCaceal: number }[];
  await asClerk(page, 'situacaoCadastral');
  await page.getByRole('textbox', { name: 'CACEALs' }).fill(lista.map((c) => c.numeroCaceal).join(', '));
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByRole('row')).toHaveCount(4);
  await page.getByRole('row').nth(2).getByRole('link').click();
  await expect(page.getByTestId('cabecalho-contribuinte')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('row')).toHaveCount(4);
  await expect(page.getByRole('textbox', { name: 'CACEALs' })).toHaveValue(lista.map((c) => c.numeroCaceal).join(', '));
});
