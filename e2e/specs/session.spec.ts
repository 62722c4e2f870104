import { expect, test, type Page } from '@playwright/test';
import { createUser, signIn } from '../support/app';
import { loginNovo } from '../support/sujeitos';

/** Signs in as the demo taxpayer, opens Meu Cadastro and returns what identifies their company. */
async function firstTaxpayerCompany(page: Page, remember = false) {
  await page.goto('/');
  await page.getByTestId('home-login').click();
  if (remember) await page.getByRole('dialog').getByLabel('Lembrar de mim').check();
  await signIn(page, 'contribuinte');
  await expect(page.getByTestId('home-logged')).toBeVisible();
  await page.getByRole('link', { name: 'Meu Cadastro' }).click();
  const header = page.getByTestId('cabecalho-contribuinte');
  await expect(header).toContainText(/24\d{6}-\d/);
  const caceal = /24\d{6}-\d/.exec((await header.textContent()) ?? '')![0];
  const razaoSocial = ((await header.getByText('Razão social', { exact: true }).locator('xpath=following-sibling::*[1]').textContent()) ?? '').trim();
  expect(razaoSocial.length).toBeGreaterThan(3);
  // a tab's own call is cached too
  await page.getByRole('tab', { name: 'Atividade Econômica' }).click();
  await expect(page.getByRole('tabpanel').getByText('PRINCIPAL', { exact: true })).toBeVisible();
  return [caceal, razaoSocial];
}

async function signOut(page: Page) {
  // Meu Cadastro hides the account menu: sign out from home, as a taxpayer would.
  await page.getByRole('navigation').getByRole('link', { name: /Cadastro de Contribuintes/ }).click();
  await page.getByTestId('menu-account').click();
  await page.getByTestId('logout').click();
  await expect(page.getByTestId('home-login')).toBeVisible();
}

/** Checked once, when the page has settled: waiting for the text to go away would hide a flash of it. */
async function expectNoneOf(page: Page, secrets: string[]) {
  const text = await page.locator('body').innerText();
  for (const s of secrets) expect(text, `"${s}" of the previous taxpayer is on ${page.url()}`).not.toContain(s);
}

test('after sign-out, Back shows the sign-in state and none of the taxpayer\'s data', async ({ page }) => {
  const secrets = await firstTaxpayerCompany(page);
  // sign-out tells the server (so it can revoke the token), with the bearer and the CSRF header
  const revoke = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/logout', { timeout: 30_000 });
  await signOut(page);
  const answer = await revoke;
  const headers = answer.request().headers();
  expect(headers['authorization']).toMatch(/^Bearer \S+/);
  expect(headers['x-xsrf-token']).toBeTruthy();
  // whatever the server answers (404 before it has the call), the user sees no error: checked
  // once the answer is read and the page has had time to render an alert (they last 5 s)
  await answer.finished();
  await page.waitForTimeout(300);
  expect(await page.getByTestId('alerts').getByRole('alert').count()).toBe(0); // once: an alert goes away by itself
  for (let i = 0; i < 3; i++) {
    await page.goBack();
    await expect(page.getByTestId('home-login')).toBeVisible();
    await expectNoneOf(page, secrets);
  }
});

test('the next taxpayer of the browser, with no company, sees none of the previous one\'s, also after Back', async ({ page, request }) => {
  const second = loginNovo('semempresa');
  await createUser(request, second, ['ROLE_USER', 'ROLE_CAD_MEU_CADASTRO']);
  const secrets = await firstTaxpayerCompany(page);
  await signOut(page);

  await page.getByTestId('home-login').click();
  await signIn(page, second);
  await expect(page.getByTestId('home-logged')).toContainText(second);
  await page.getByRole('link', { name: 'Meu Cadastro' }).click();
  const header = page.getByTestId('cabecalho-contribuinte');
  const semVinculo = page.getByTestId('meu-cadastro-erro');
  await expect(semVinculo.or(header).first()).toBeVisible();
  await expectNoneOf(page, secrets);
  await expect(semVinculo).toHaveText('Esta conta não está vinculada a um contribuinte.');

  // Back through the history the first taxpayer left, down to their own Meu Cadastro entry
  let visitedTheirs = false;
  for (let i = 0; i < 6 && !visitedTheirs; i++) {
    await page.goBack();
    await expect(page.getByTestId('home-logged').or(semVinculo).or(header).first()).toBeVisible();
    await expectNoneOf(page, secrets);
    visitedTheirs = /#\/meu-cadastro/.test(page.url());
  }
  expect(visitedTheirs).toBe(true);
  await expect(semVinculo).toBeVisible();
});

test('signing out in another tab (remembered sign-in) takes the taxpayer\'s data off this one', async ({ page, context }) => {
  const secrets = await firstTaxpayerCompany(page, true);

  const other = await context.newPage();
  await other.goto('/');
  await expect(other.getByTestId('home-logged')).toContainText('contribuinte');
  await other.getByTestId('menu-account').click();
  await other.getByTestId('logout').click();
  await expect(other.getByTestId('home-login')).toBeVisible();

  await expect(page.getByTestId('home-login')).toBeVisible();
  await expectNoneOf(page, secrets);
});
