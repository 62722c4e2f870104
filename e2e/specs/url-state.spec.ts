import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/app';

async function asClerk(page: Page, rota = '') {
  await page.goto(`/#/${rota}`);
  if (rota) await expect(page.getByRole('dialog')).toBeVisible();
  else await page.getByTestId('home-login').click();
  await signIn(page, 'atendente');
  await expect(page.getByRole('dialog', { name: /Entrar/ })).toHaveCount(0);
}

const resultados = (page: Page) => page.getByRole('dialog', { name: 'Contribuintes encontrados' });
const paginaAtual = (page: Page) => resultados(page).getByRole('navigation', { name: 'Paginação' }).locator('[aria-current="page"]');

test('Back from a taxpayer opened from the results restores the search, the list and its page', async ({ page }) => {
  await asClerk(page, 'contribuinte');
  await page.getByTestId('busca-tipo').click();
  await page.getByRole('option', { name: 'Razão social', exact: true }).click();
  await page.getByTestId('busca-termo').fill('comercio');
  await page.getByTestId('busca-termo').press('Enter');
  await expect(resultados(page)).toBeVisible();
  await resultados(page).getByRole('button', { name: 'Página 3' }).click();
  await expect(paginaAtual(page)).toHaveText('3');
  await expect(page).toHaveURL(/#\/contribuinte\?tipo=RAZAO_SOCIAL&termo=comercio&page=3$/);
  const linha = resultados(page).getByRole('row').nth(2);
  const nome = (await linha.getByRole('cell').nth(2).textContent())!;
  await linha.click();
  await expect(page.getByTestId('cabecalho-contribuinte')).toContainText(nome);

  await page.goBack();
  await expect(resultados(page)).toBeVisible();
  await expect(paginaAtual(page)).toHaveText('3');
  await expect(resultados(page).getByRole('row').nth(2)).toContainText(nome);
  // the form holds the search too
  await expect(page.getByTestId('busca-termo')).toHaveValue('comercio');
  await expect(page.getByTestId('busca-tipo')).toHaveValue('Razão social');
  // closing the window keeps the query in the form; Back opens the window again
  await page.keyboard.press('Escape');
  await expect(resultados(page)).toHaveCount(0);
  await expect(page.getByTestId('busca-termo')).toHaveValue('comercio');
  await page.goBack();
  await expect(paginaAtual(page)).toHaveText('3');
});

test('the same search opens from its link, and a reload keeps it', async ({ page }) => {
  await asClerk(page);
  await page.goto('/#/contribuinte?tipo=RAZAO_SOCIAL&termo=comercio&page=2');
  await expect(paginaAtual(page)).toHaveText('2');
  await expect(page.getByTestId('busca-termo')).toHaveValue('comercio');
  const primeira = (await resultados(page).getByRole('row').nth(1).textContent())!;
  await page.reload();
  await expect(paginaAtual(page)).toHaveText('2');
  await expect(resultados(page).getByRole('row').nth(1)).toHaveText(primeira);
  // a bad page in a hand-made link opens the first one
  await page.goto('/#/contribuinte?tipo=RAZAO_SOCIAL&termo=comercio&page=x');
  await expect(paginaAtual(page)).toHaveText('1');
});
