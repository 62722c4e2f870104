import { expect, test } from '@playwright/test';
import { animacoesTerminadas, apiAs, createUser, signIn } from '../support/app';
import { loginNovo, registroLivre } from '../support/sujeitos';

const api = '/sfz-cadastro-api/api';

test('a typed date: dd-mm-aaaa and one-digit day or month read in Brazilian order, as with /', async ({ page }) => {
  await page.goto('/#/consulta-publica-edital');
  const de = page.getByRole('textbox', { name: 'Publicação de' });
  for (const [typed, shown] of [['01-02-2026', '01/02/2026'], ['1-2-2026', '01/02/2026'], ['15-1-2026', '15/01/2026'], ['3/4/2026', '03/04/2026'], ['31.12.2025', '31/12/2025']]) {
    await de.fill('');
    await de.pressSequentially(typed!);
    await de.blur();
    await expect(de).toHaveValue(shown!);
  }
  // The day reaches the query as yyyy-MM-dd.
  await de.fill('');
  await de.pressSequentially('15-1-2026');
  await de.press('Enter');
  await expect(page).toHaveURL(/dataInicial=2026-01-15/);
  // Not yet a whole date (two-digit year): nothing guessed, the last real day stays.
  await de.fill('');
  await de.pressSequentially('01-02-26');
  await de.blur();
  await expect(de).not.toHaveValue('02/01/2026');
});

test("an empty email says 'Your email is required.' (pt-BR: 'Seu e-mail é obrigatório.'), not a length rule", async ({ page }) => {
  await page.goto('/#/reset/request');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByText('Seu e-mail é obrigatório.')).toBeVisible();
  await expect(page.getByText(/pelo menos 5 caracteres/)).toHaveCount(0);
  await page.getByRole('textbox', { name: 'E-mail' }).fill('a@b');
  await expect(page.getByText(/pelo menos 5 caracteres/)).toBeVisible();
});

test("accountant area: the signed-in accountant's own statements, 'Erro ao obter dados do contador logado.' when they cannot be read", async ({ page }) => {
  // The signed-in accountant's own statements, without a CRC in the URL.
  // Signed in first: the statements (hundreds of rows) render while no dialog is closing.
  await page.goto('/');
  await page.getByTestId('home-login').click();
  await signIn(page, 'contador');
  await page.goto('/#/manifestacao-contador/manifestacao');
  await expect(page.getByTestId('total-manifestacoes')).toBeVisible({ timeout: 30_000 });
  // The server fails to answer who the signed-in accountant is.
  await page.route('**/manifestacao/consultarPorUsuario', (r) => r.fulfill({ status: 500, contentType: 'application/problem+json', body: JSON.stringify({ status: 500, title: 'Internal Server Error' }) }));
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText('Erro ao obter dados do contador logado.');
});

test("tax staff: the report of companies without statements says its own §8 error when it fails to generate", async ({ page, request }) => {
  // An account of its own.
  const login = loginNovo('fazendario');
  await createUser(request, login, ['ROLE_USER', 'ROLE_CON_MANIFESTACAO']);
  await page.goto('/#/manifestacao-contador/empresas');
  await signIn(page, login);
  await page.route('**/contribuinte/relatorioEmpresasSemManifestacoes*', (r) => r.fulfill({ status: 500, contentType: 'application/problem+json', body: '{"status":500,"title":"Internal Server Error"}' }));
  await page.getByLabel('Data inicial').fill('2020-01-01');
  await page.getByLabel('Data final').fill('2026-12-31');
  await page.getByRole('button', { name: 'Imprimir' }).click();
  await expect(page.getByRole('alert')).toHaveText('Erro ao gerar relatório de empresas sem manifestação.');
});

test('the status change success, worded from the server code: English in an English session', async ({ page, request }) => {
  // An active company of its own with a single registration (its status is changed below).
  const alvo = (await registroLivre(request, {
    termo: 'comercio',
    serve: async (c, h) => (await (await request.get(`${api}/contribuinte/situacaoPessoa/${c.numeroPessoa}`, { headers: h })).json()).contribuintes.length === 1,
  })).numeroPessoa;
  const login = loginNovo('situacao');
  await createUser(request, login, ['ROLE_USER', 'ROLE_CAD_ALT_SITU_CNPJ'], 'en');
  await page.goto(`/#/alterarSituacaoCnpj/${alvo}`);
  await signIn(page, login);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'SUSPENSO' }).click();
  await page.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option').first().click();
  await page.getByTestId('situacao-salvar').click();
  // Confirmed once the dialog has settled (a click early in its fade-in can be lost on a busy machine).
  const confirmar = page.getByRole('dialog', { name: 'Confirm the registration status change' });
  await expect(confirmar.getByTestId('confirmar-caceais')).toBeVisible();
  await animacoesTerminadas(page);
  await confirmar.getByRole('button', { name: 'Save' }).click();
  // The success alert is what this test is about: read at once (it lasts 5 s), then the change itself.
  await expect(page.getByText('Change made successfully')).toBeVisible();
  await expect(page.getByText('Alteração realizada com sucesso')).toHaveCount(0);
  const { headers } = await apiAs(request, 'auditor');
  const s = (await (await request.get(`${api}/contribuinte/situacaoPessoa/${alvo}`, { headers })).json()) as { contribuintes: { situacaoCadastral: string }[] };
  expect(s.contribuintes.map((c) => c.situacaoCadastral)).toEqual(['SUSPENSO']);
});

test('the menu FIC offers the FIC or the temporary FIC: the temporary one, provisional, printed by the browser', async ({ page, request }) => {
  const { headers } = await apiAs(request, 'atendente');
  const c = ((await (await request.get(`${api}/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/ltda/0/1`, { headers })).json()).content as { numeroCaceal: number; razaoSocial: string }[])[0]!;
  await page.goto('/');
  await page.getByTestId('menu-fic').click();
  await expect(page.getByRole('menuitem', { name: 'FIC', exact: true })).toBeVisible();
  await page.getByRole('menuitem', { name: 'FIC temporária' }).click();
  await expect(page.getByRole('heading', { name: 'FIC Temporária' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Verificar a autenticidade/ })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'CACEAL' }).fill(String(c.numeroCaceal));
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page).toHaveURL(new RegExp(`#/fic-temporaria/${c.numeroCaceal}$`));
  await expect(page.getByTestId('fic-temporaria-aviso')).toContainText(/FIC temporária: documento provisório consultado em \d{2}\/\d{2}\/\d{4}, sem código de verificação/);
  await expect(page.getByTestId('fic-certificado')).toContainText(c.razaoSocial);
  // The FIC proper, with a verification code, one click away.
  await page.getByRole('link', { name: 'Emitir a FIC com código de verificação' }).click();
  await expect(page).toHaveURL(new RegExp(`#/fic/${c.numeroCaceal}$`));
  await expect(page.getByRole('heading', { name: 'Ficha de Inscrição Cadastral - FIC' })).toBeVisible();
  // Unknown CACEAL: the not-found state of the FIC.
  await page.goto('/#/fic-temporaria/24099998');
  await expect(page.getByText('Nenhum registro encontrado para o CACEAL 24099998.')).toBeVisible();
});
