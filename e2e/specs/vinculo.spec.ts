import { expect, test, type Page } from '@playwright/test';
import { apiAs, createUser, seriousA11yViolations, signIn } from '../support/app';
import { loginNovo, registroLivre } from '../support/sujeitos';

const api = '/sfz-cadastro-api/api';

async function signOut(page: Page) {
  await page.goto('/');
  await page.getByTestId('menu-account').click();
  await page.getByTestId('logout').click();
  await expect(page.getByTestId('home-login')).toBeVisible();
}

/**
 * Issue #31 §4: in production only an administrator can tie an account to a person. The admin links a new
 * taxpayer account to a company by its CNPJ on the user's edit screen; that account then opens its own Meu Cadastro.
 */
test('user management links an account to a company by CNPJ; the account then reads its own Meu Cadastro', async ({ page, request }) => {
  test.setTimeout(180_000);
  const login = loginNovo('empresa');
  await createUser(request, login, ['ROLE_USER', 'ROLE_CAD_MEU_CADASTRO']);
  const contribuinte = await apiAs(request, 'contribuinte');
  const ocupada = (await (await request.get(`${api}/pessoa/obterUsuarioLogado`, { headers: contribuinte.headers })).json()) as { numeroPessoa: number; numeroDocumento: string };
  // A company of its own that no account stands for (the demo taxpayer's is taken).
  const empresa = await registroLivre(request, { termo: 'comercio', situacao: null, serve: async (c) => c.numeroPessoa !== ocupada.numeroPessoa && /^\d{14}$/.test(c.cnpj) });
  const digitoErrado = empresa.cnpj.slice(0, 13) + String((Number(empresa.cnpj[13]) + 1) % 10);

  await page.goto('/');
  await page.getByTestId('home-login').click();
  await signIn(page, 'admin');
  await page.goto(`/#/user-management/${login}/edit`);
  const painel = page.getByRole('dialog').getByTestId('vinculo-pessoa');
  await expect(painel.getByTestId('vinculo-nenhum')).toHaveText('Esta conta não está vinculada a nenhuma pessoa do cadastro.');
  expect(await seriousA11yViolations(page)).toEqual([]);
  const documento = painel.getByRole('textbox', { name: 'CPF ou CNPJ da pessoa' });
  const vincular = painel.getByRole('button', { name: 'Vincular' });

  // A wrong check digit is said before anything is sent.
  await documento.fill(digitoErrado);
  await expect(painel.getByText('Dígito verificador inválido.')).toBeVisible();
  await expect(vincular).toBeDisabled();
  // The demo taxpayer's company belongs to its account already.
  await documento.fill(ocupada.numeroDocumento);
  await vincular.click();
  await expect(painel.getByTestId('vinculo-erro')).toHaveText('Esta pessoa já está vinculada à conta contribuinte.');

  await documento.fill(empresa.cnpj);
  await expect(documento).toHaveValue(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/);
  await vincular.click();
  await expect(painel.getByTestId('vinculo-nome')).not.toBeEmpty();
  const concede = painel.getByTestId('vinculo-concede');
  await expect(concede).toContainText('Meu Cadastro: as inscrições desta pessoa e de suas filiais');
  await expect(concede).toContainText('Área do contador: nada (a pessoa não é contador).');
  // The account holds ROLE_CAD_MEU_CADASTRO: no missing-role warning for it.
  await expect(concede).not.toContainText('ROLE_CAD_MEU_CADASTRO');
  const caceais = ((await concede.locator('li').first().textContent()) ?? '').match(/24\d{6}/g) ?? [];
  expect(caceais.length).toBeGreaterThan(0);

  await signOut(page);
  await page.getByTestId('home-login').click();
  await signIn(page, login);
  await page.getByRole('link', { name: 'Meu Cadastro' }).click();
  const header = page.getByTestId('cabecalho-contribuinte');
  await expect(header).toContainText(/24\d{6}-\d/);
  expect(caceais).toContain(/(24\d{6})-\d/.exec((await header.textContent()) ?? '')![1]);

  // Unlinked from the user's page: Meu Cadastro says the account stands for nobody.
  await signOut(page);
  await page.getByTestId('home-login').click();
  await signIn(page, 'admin');
  await page.goto(`/#/user-management/${login}`);
  await page.getByTestId('vinculo-desvincular').click();
  await expect(page.getByTestId('vinculo-nenhum')).toBeVisible();
  await signOut(page);
  await page.getByTestId('home-login').click();
  await signIn(page, login);
  await page.getByRole('link', { name: 'Meu Cadastro' }).click();
  await expect(page.getByTestId('meu-cadastro-erro')).toHaveText('Esta conta não está vinculada a um contribuinte.');
});
