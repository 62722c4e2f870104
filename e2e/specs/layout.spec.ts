import { expect, test, type Page } from '@playwright/test';
import { apiAs, signIn } from '../support/app';

const api = '/sfz-cadastro-api/api';

async function entrar(page: Page, login: string, rota: string) {
  await page.goto(`/#/${rota}`);
  await signIn(page, login);
  await expect(page.getByRole('dialog')).toBeHidden();
}

const semRolagemLateral = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth <= document.scrollingElement!.clientWidth);

test('390 px: the taxpayer detail with its longest e-mail does not scroll sideways', async ({ page, request }) => {
  const { headers } = await apiAs(request, 'atendente');
  const lista = (await (await request.get(`${api}/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/ltda/0/20`, { headers })).json()).content as { numeroCaceal: number; numeroPessoa: number }[];
  let alvo: { numeroCaceal: number; numeroPessoa: number; email: string } | undefined;
  for (const c of lista) {
    const d = await (await request.get(`${api}/contribuinte/obterDadosCadastrais/${c.numeroPessoa}?caceal=${c.numeroCaceal}`, { headers })).json();
    const email = d.identificacao.email as string | null;
    if (email && (!alvo || email.length > alvo.email.length)) alvo = { ...c, email };
  }
  expect(alvo).toBeDefined();
  await page.setViewportSize({ width: 390, height: 844 });
  await entrar(page, 'atendente', `contribuinte/${alvo!.numeroCaceal}/${alvo!.numeroPessoa}`);
  const email = page.getByText(alvo!.email, { exact: true });
  await expect(email).toBeVisible();
  expect(await semRolagemLateral(page)).toBe(true);
  // the e-mail stays inside its card
  const card = page.locator('.mantine-Paper-root').filter({ has: email }).last();
  const [caixa, texto] = [await card.boundingBox(), await email.boundingBox()];
  expect(texto!.x + texto!.width).toBeLessThanOrEqual(caixa!.x + caixa!.width);
});

test('390 px: the general report\'s filter stacks the statuses under the period\'s day, the width of the form', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await entrar(page, 'auditor', 'pesquisa-contribuinte-geral');
  const dia = (await page.getByRole('radiogroup', { name: 'O período se refere a' }).boundingBox())!;
  const situacoes = (await page.locator('.mantine-MultiSelect-root').filter({ has: page.getByText('Situação cadastral', { exact: true }) }).boundingBox())!;
  expect(situacoes.y).toBeGreaterThanOrEqual(dia.y + dia.height);
  expect(situacoes.width).toBeGreaterThanOrEqual(250);
  expect(await semRolagemLateral(page)).toBe(true);
});

test('1366×900: the results window keeps its count and page links in view', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  // Signed in first: the results window is a dialog too, so it cannot open while `entrar` waits for the sign-in one to close.
  await entrar(page, 'atendente', 'contribuinte');
  await page.goto('/#/contribuinte?tipo=RAZAO_SOCIAL&termo=comercio&page=1');
  const janela = page.getByRole('dialog', { name: 'Contribuintes encontrados' });
  await expect(janela.getByRole('row')).toHaveCount(11);
  for (const alvo of [janela.getByTestId('busca-total'), janela.getByTestId('busca-proxima')]) {
    const b = (await alvo.boundingBox())!;
    expect(b.y + b.height).toBeLessThanOrEqual(900);
  }
});

test('user dialogs opened as pages keep one banner; the delete confirm is red; the list names languages', async ({ page }) => {
  await entrar(page, 'admin', 'user-management?sort=login,asc');
  await expect(page.getByRole('row').filter({ hasText: 'atendente' })).toContainText('Português (Brasil)');
  await expect(page.getByRole('row').filter({ hasText: 'atendente' })).not.toContainText('pt-br');
  await page.goto('/#/user-management/user/delete');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(1);
  const excluir = page.getByRole('dialog').getByRole('button', { name: 'Excluir' });
  expect(await excluir.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(196, 29, 6)');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
  await page.goto('/#/user-management/user/edit');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.getByRole('textbox', { name: 'ID' })).toHaveAttribute('readonly', '');
});

test('menu entries read as the titles of their pages; the favicon is served', async ({ page, request }) => {
  await entrar(page, 'auditor', 'historico');
  await page.getByTestId('menu-contribuintes').click();
  await page.getByRole('menuitem', { name: 'Alterar Situação Cadastral do CNPJ' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alterar Situação Cadastral do CNPJ');
  await page.getByTestId('menu-contribuintes').click();
  await page.getByRole('menuitem', { name: 'Sincronizar com o Sistema Gestor' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sincronizar com o Sistema Gestor');
  expect((await request.get('/favicon.ico')).status()).toBe(200);
  expect((await request.get('/favicon.svg')).status()).toBe(200);
  await expect(page.locator('link[rel="icon"]')).toHaveCount(2);
});

test('the FIC activities table names every column', async ({ page, request }) => {
  const { headers } = await apiAs(request, 'atendente');
  const c = (await (await request.get(`${api}/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/ltda/0/1`, { headers })).json()).content[0] as { numeroCaceal: number };
  await page.goto(`/#/fic/${c.numeroCaceal}`);
  const atividades = page.getByTestId('fic-certificado').getByRole('table').first();
  await expect(atividades.getByRole('columnheader')).toHaveText(['CNAE', 'Descrição', 'Tipo']);
});

test('390 px: Histórico\'s two kinds of history keep to the form\'s width (the page does not scroll sideways)', async ({ page }) => {
  await entrar(page, 'atendente', 'historico');
  await page.setViewportSize({ width: 390, height: 844 });
  const tipos = page.locator('.mantine-SegmentedControl-root');
  await expect(tipos).toBeVisible();
  expect(await semRolagemLateral(page)).toBe(true);
  const [caixa, forma] = [(await tipos.boundingBox())!, (await page.locator('form').boundingBox())!];
  expect(caixa.x + caixa.width).toBeLessThanOrEqual(forma.x + forma.width + 1);
  await tipos.getByText('RAZÃO SOCIAL', { exact: true }).click();
  await expect(tipos.getByRole('radio', { name: 'RAZÃO SOCIAL' })).toBeChecked();
});
