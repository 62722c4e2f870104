import { expect, test } from '@playwright/test';
import { seriousA11yViolations, signIn } from '../support/app';

test('home: a report user sees the picture of the registry; a table row and a chart bar open the matching report', async ({ page }) => {
  await page.goto('/#/');
  await signIn(page, 'auditor', 'auditor', { openMenu: true });
  await expect(page.getByRole('dialog')).toBeHidden();
  const panorama = page.getByTestId('panorama');
  await expect(panorama.getByRole('heading', { name: 'Retrato do cadastro' })).toBeVisible();
  for (const id of ['panorama-situacoes', 'panorama-meses', 'panorama-simples', 'panorama-pendencias']) {
    await expect(page.getByTestId(id).locator('.recharts-surface').first()).toBeVisible();
  }
  expect(await seriousA11yViolations(page)).toEqual([]);
  // Each criticality's bar in its own colour (Baixa yellow, Média orange, Alta red), not all alike.
  const cores = await page.getByTestId('panorama-pendencias').locator('.recharts-bar-rectangle path').evaluateAll((ps) => ps.map((p) => p.getAttribute('fill')));
  expect(cores).toHaveLength(3);
  expect(new Set(cores).size).toBe(3);

  // The text alternative: the statuses as a table, each row a link to the general report of that status.
  const situacoes = page.getByTestId('panorama-situacoes');
  await situacoes.getByText('Ver os dados em tabela').click();
  const linha = situacoes.getByRole('row', { name: /^NULO/ });
  const quantidade = (await linha.getByRole('cell').first().textContent())!.trim();
  await linha.getByRole('link', { name: 'NULO' }).click();
  await expect(page).toHaveURL(/#\/pesquisa-contribuinte-geral\/pre-visualizar\?dataInicial=\d{4}-\d\d-\d\d&dataFinal=\d{4}-\d\d-\d\d&situacaoCadastral=5/);
  const previa = page.getByTestId('pre-visualizacao');
  await expect(previa.getByRole('row').nth(1)).toContainText('NULO');
  await expect(page.getByTestId('relatorio-contagem')).toContainText(quantidade);
  await expect(page.getByRole('radio', { name: 'Início da atividade' })).toBeChecked();

  // A bar of the months chart: the general report of that month.
  await page.goto('/#/');
  const barra = page.getByTestId('panorama-meses').locator('.recharts-bar-rectangle path').last();
  await barra.click();
  await expect(page).toHaveURL(/#\/pesquisa-contribuinte-geral\/pre-visualizar\?dataInicial=\d{4}-\d\d-01&dataFinal=\d{4}-\d\d-\d\d/);
  await expect(page.getByRole('heading', { name: 'Pré-visualização' })).toBeVisible();
});

test('home: the picture shows the server\'s error instead of the charts', async ({ page }) => {
  await page.route('**/relatorio/panorama', (r) =>
    r.fulfill({ status: 503, contentType: 'application/problem+json', body: JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'Banco de dados indisponível.' }) }));
  await page.goto('/#/');
  await signIn(page, 'auditor', 'auditor', { openMenu: true });
  await expect(page.getByTestId('panorama').getByRole('alert')).toBeVisible();
  await expect(page.getByTestId('panorama-situacoes')).toHaveCount(0);
});

test('home: a user without a report role has no picture of the registry', async ({ page }) => {
  await page.goto('/#/');
  await signIn(page, 'user', 'user', { openMenu: true });
  await expect(page.getByTestId('home-logged')).toBeVisible();
  await expect(page.getByTestId('panorama')).toHaveCount(0);
});

test('390 px: the 24 months\' bars carry no counts that run into each other (the table has them)', async ({ page }) => {
  await page.goto('/#/');
  await signIn(page, 'auditor', 'auditor', { openMenu: true });
  await expect(page.getByRole('dialog')).toBeHidden();
  // Signed in on a desk's width (the account menu is in the phone's drawer), then the phone's.
  await page.setViewportSize({ width: 390, height: 844 });
  const meses = page.getByTestId('panorama-meses');
  await expect(meses.locator('.recharts-bar-rectangle path').first()).toBeVisible();
  const caixas = await meses.locator('.recharts-label-list text').evaluateAll((ts) => ts.map((t) => t.getBoundingClientRect()).map((r) => [r.left, r.right, r.top, r.bottom] as const));
  const cruzam = caixas.flatMap((a, i) => caixas.slice(i + 1).filter((b) => a[0] < b[1] - 0.5 && b[0] < a[1] - 0.5 && a[2] < b[3] - 0.5 && b[2] < a[3] - 0.5));
  expect(cruzam).toEqual([]);
  await meses.getByText('Ver os dados em tabela').click();
  await expect(meses.getByRole('table').locator('tbody tr')).toHaveCount(24);
});
