import { expect, test, type Page } from '@playwright/test';
import { createUser, seriousA11yViolations, signIn } from '../support/app';
import { loginNovo } from '../support/sujeitos';

async function asAdmin(page: Page) {
  await page.goto('/');
  await page.getByTestId('home-login').click();
  await signIn(page, 'admin');
  await expect(page.getByTestId('home-logged')).toBeVisible();
}

test('create a user, edit its roles, deactivate it from the list', async ({ page }) => {
  const login = loginNovo('fiscal');
  await asAdmin(page);
  await page.getByTestId('menu-admin').click();
  await page.getByRole('menuitem', { name: 'Gestão de usuários' }).click();
  await expect(page.getByRole('heading', { name: 'Gestão de usuários' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByTestId('user-new').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Login' }).fill(login);
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(`${login}@sefaz.al.gov.br`);
  await expect(dialog.getByRole('checkbox', { name: 'Ativado' })).toBeDisabled();
  await dialog.getByTestId('user-save').click();
  // (the success alert lasts 5 s: what is saved is checked below, on the user's own page)
  // the dialog closes itself (back to the list) after the list is refreshed: wait for it, or that
  // navigation lands after ours
  await expect(dialog).toBeHidden();

  // sort by login descending (state kept in the URL), open the new user's edit dialog
  await page.goto(`/#/user-management/${login}/edit`);
  const edit = page.getByRole('dialog');
  await edit.getByRole('combobox', { name: 'Perfis' }).click();
  await page.getByRole('option', { name: 'ROLE_CAD_CON_DADOS_CONTRI' }).click();
  await page.keyboard.press('Escape');
  await edit.getByTestId('user-save').click();
  await expect(edit).toBeHidden();

  await page.goto(`/#/user-management/${login}`);
  await expect(page.getByTestId('user-authorities')).toHaveText(/ROLE_CAD_CON_DADOS_CONTRI\s*ROLE_USER/);

  // the user sets a password, then the admin deactivates them from the list
  await page.goto('/#/user-management?page=1&sort=id,desc');
  await page.getByTestId(`toggle-${login}`).click();
  await expect(page.getByTestId(`toggle-${login}`)).toHaveText('Desativado');
  // Saved: the list read again says so.
  await page.reload();
  await expect(page.getByTestId(`toggle-${login}`)).toHaveText('Desativado');
  // One's own account cannot be switched off (sorted by login: the newest-first page may not reach it).
  await page.goto('/#/user-management?page=1&sort=login,asc');
  await expect(page.getByTestId('toggle-admin')).toBeDisabled();
});

test('a deactivated account cannot sign in', async ({ page, request }) => {
  // An account of its own: deactivating a demo account would lock out every later test that signs in with it.
  const login = loginNovo('desativar');
  await createUser(request, login, ['ROLE_USER']);
  await asAdmin(page);
  // Newest first: the new account is on the first page.
  await page.goto('/#/user-management?page=1&sort=id,desc');
  await page.getByTestId(`toggle-${login}`).click();
  await expect(page.getByTestId(`toggle-${login}`)).toHaveText('Desativado');
  await page.getByTestId('menu-account').click();
  await page.getByTestId('logout').click();
  await page.getByTestId('home-login').click();
  await signIn(page, login, login, { expectFailure: true });
  await expect(page.getByTestId('login-error')).toBeVisible();
  await expect(page.getByTestId('home-login')).toBeVisible();
});

test('audits show the failed sign-in; a log level changes', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('home-login').click();
  await signIn(page, 'auditor', 'senha-errada', { expectFailure: true });
  await expect(page.getByTestId('login-error')).toBeVisible();
  await signIn(page, 'admin');
  // filter the audits to today (typed dd/mm/aaaa) and sort by state
  await page.goto('/#/audits');
  const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Maceio' }).format(new Date());
  await page.getByTestId('audits-from').fill(today);
  await page.getByTestId('audits-to').fill(today);
  await page.getByTestId('audits-search').click();
  await expect(page).toHaveURL(/fromDate=\d{4}-\d{2}-\d{2}&toDate=/);
  await page.getByTestId('sort-type').click();
  // Codes worded in the user's language (the server stores AUTHENTICATION_FAILURE, BAD_CREDENTIALS).
  await expect(page.getByRole('cell', { name: 'Falha ao entrar' }).first()).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Falha ao entrar' }).filter({ hasText: 'auditor' });
  await expect(row).toContainText(/Usuário ou senha inválidos · Endereço: /);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.goto('/#/logs');
  const logger = page.getByTestId('logger-cadastro.conta');
  await expect(logger.getByRole('button', { name: 'DEBUG' })).toHaveAttribute('aria-pressed', 'false');
  await logger.getByRole('button', { name: 'DEBUG' }).click();
  await expect(logger.getByRole('button', { name: 'DEBUG' })).toHaveAttribute('aria-pressed', 'true');
  await logger.getByRole('button', { name: 'INFO' }).click();
  await expect(logger.getByRole('button', { name: 'INFO' })).toHaveAttribute('aria-pressed', 'true');
});

test('health, metrics, configuration, gateway and docs open for the admin', async ({ page }) => {
  await asAdmin(page);
  await page.goto('/#/jhi-health');
  await expect(page.getByTestId('health-overall')).toHaveText('UP');
  await expect(page.getByRole('cell', { name: 'Banco de dados' })).toBeVisible();
  await page.goto('/#/jhi-metrics');
  await expect(page.getByText('Memória')).toBeVisible();
  await page.getByRole('button', { name: /Handles da libuv/ }).click();
  await expect(page.getByRole('dialog')).toContainText('tcp');
  await page.keyboard.press('Escape');
  await page.goto('/#/jhi-configuration');
  await page.getByTestId('config-filter').fill('jwt');
  await expect(page.getByRole('cell', { name: 'jwtSecret' })).toBeVisible();
  await expect(page.getByText('(generated, kept in DATA_DIR)')).toBeVisible();
  await page.goto('/#/gateway');
  await expect(page.getByRole('cell', { name: 'cadastro-api', exact: true })).toBeVisible();
  await page.goto('/#/docs');
  // Swagger UI's bundle is large: on a loaded machine it takes a while to render.
  await expect(page.frameLocator('iframe').getByText('Cadastro SEFAZ-AL API')).toBeVisible({ timeout: 30_000 });
});
