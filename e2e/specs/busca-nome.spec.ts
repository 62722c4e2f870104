import { expect, test, type Page } from '@playwright/test';
import { seriousA11yViolations, signIn } from '../support/app';
import { contrasteDoTexto } from '../support/contraste';

// The name search forgives how a name is typed (#43): read-only, on the generated registry.
async function consultarNome(page: Page, termo: string) {
  await page.getByTestId('busca-tipo').click();
  await page.getByRole('option', { name: 'Razão social', exact: true }).click();
  await page.getByTestId('busca-termo').fill(termo);
  await page.getByTestId('busca-termo').press('Enter');
}
const resultados = (page: Page) => page.getByRole('dialog', { name: 'Contribuintes encontrados' });

test('"sousa" finds the SOUZAs, each marked a spelling variant, also after a reload', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/#/contribuinte');
  await signIn(page, 'atendente');
  await expect(page.getByRole('dialog', { name: /Entrar/ })).toHaveCount(0);
  await consultarNome(page, 'sousa');
  const linhas = resultados(page).getByRole('row');
  await expect(linhas.nth(1)).toContainText('SOUZA', { timeout: 15_000 });
  const n = await linhas.count();
  for (let i = 1; i < n; i++) {
    await expect(linhas.nth(i)).toContainText('SOUZA');
    await expect(linhas.nth(i).getByTestId('busca-tipo-achado')).toHaveText('Variante de grafia');
  }
  // The badge is read, not a coloured bar: its text stands out from its background (AA, 4.5:1).
  expect(await contrasteDoTexto(linhas.nth(1).getByTestId('busca-tipo-achado'))).toBeGreaterThanOrEqual(4.5);
  // …and whole, not cut to "VARIANTE DE …" by the column.
  expect(await linhas.nth(1).getByTestId('busca-tipo-achado').locator('.mantine-Badge-label').evaluate((l) => l.scrollWidth <= l.clientWidth)).toBe(true);
  // No name contains "sousa": the footer says these are similar ones, not a count of them (never counted).
  await expect(resultados(page).getByTestId('busca-total')).toHaveText('Nenhum nome contém o texto; estes são parecidos');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.reload();
  await expect(linhas.nth(1)).toContainText('SOUZA', { timeout: 15_000 });
});

test('nothing found offers "Você quis dizer…" with names that open the search for them', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/#/contribuinte');
  await signIn(page, 'atendente');
  await expect(page.getByRole('dialog', { name: /Entrar/ })).toHaveCount(0);
  await consultarNome(page, 'pereira qxwzk');
  const vazia = page.getByTestId('busca-vazia');
  await expect(vazia).toContainText('Você quis dizer…', { timeout: 15_000 });
  const sugestao = vazia.getByTestId('busca-sugestoes').getByRole('button').first();
  const nome = (await sugestao.textContent())!;
  expect(nome).toContain('PEREIRA');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await sugestao.click();
  await expect(page.getByTestId('cabecalho-contribuinte').or(resultados(page).getByRole('row').nth(1))).toContainText(nome, { timeout: 15_000 });
});

test('390 px: the results are a list a phone reads (name, CACEAL, document, how found, status), nothing scrolls sideways, a tap opens the taxpayer', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/#/contribuinte');
  await signIn(page, 'atendente');
  await expect(page.getByRole('dialog', { name: /Entrar/ })).toHaveCount(0);
  await consultarNome(page, 'sousa');
  const achados = resultados(page).getByTestId('busca-lista').getByRole('button');
  await expect(achados.first()).toContainText('SOUZA', { timeout: 15_000 });
  // No table to scroll: the five columns are one button a registration.
  await expect(resultados(page).getByRole('table')).toBeHidden();
  const primeiro = achados.first();
  await expect(primeiro.getByTestId('busca-tipo-achado')).toHaveText('Variante de grafia');
  const texto = (await primeiro.textContent())!;
  expect(texto).toMatch(/\d{8}-\d/);
  // The whole window fits the phone: neither the page nor the list scrolls sideways.
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= document.scrollingElement!.clientWidth)).toBe(true);
  expect(await resultados(page).getByTestId('busca-lista').evaluate((l) => l.scrollWidth <= l.clientWidth)).toBe(true);
  const nomeBox = (await primeiro.locator('p').first().boundingBox())!;
  expect(nomeBox.width).toBeGreaterThan(250); // the name has the width of the window, not a squeezed column
  expect(await seriousA11yViolations(page)).toEqual([]);
  const caceal = texto.match(/\d{8}-\d/)![0];
  await primeiro.click();
  await expect(page.getByTestId('cabecalho-contribuinte')).toContainText(caceal, { timeout: 15_000 });
});
