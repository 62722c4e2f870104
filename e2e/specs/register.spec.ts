import { expect, test } from '@playwright/test';
import { apiAs, linkFromMail, signIn } from '../support/app';
import { loginNovo } from '../support/sujeitos';

test('register → activation mail → activate → sign in', async ({ page, request }) => {
  const login = loginNovo('maria');
  const email = `${login}@exemplo.com.br`;
  await page.goto('/#/register');
  await expect(page.getByLabel('Usuário')).toBeFocused();
  await page.getByLabel('Usuário').fill(login);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('Segredo-2026');
  await expect(page.getByTestId('password-strength')).toBeVisible();
  await page.getByRole('textbox', { name: 'Confirmação da nova senha' }).fill('Segredo-2026');
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page.getByTestId('register-success')).toHaveText('Cadastro salvo! Verifique seu e-mail para confirmá-lo.');

  const link = await linkFromMail(request, email, 'activate');
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByTestId('activate-success')).toBeVisible();
  await page.getByTestId('activate-success').getByRole('button', { name: 'entrar' }).click();
  await signIn(page, login, 'Segredo-2026');
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByTestId('home-logged')).toContainText(login);
});

test('a mismatched confirmation shows why; a used login gets the answer a new one gets and the mail says why', async ({ page, request }) => {
  const email = `${loginNovo('outro-admin')}@exemplo.com.br`;
  await page.goto('/#/register');
  await page.getByLabel('Usuário').fill('admin');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('qualquer1');
  await page.getByRole('textbox', { name: 'Confirmação da nova senha' }).fill('diferente');
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page.getByText('A senha e sua confirmação não conferem!')).toBeVisible();
  await page.getByRole('textbox', { name: 'Confirmação da nova senha' }).fill('qualquer1');
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  // The page tells nobody which logins exist: the mailbox hears to choose another, with no activation link.
  await expect(page.getByTestId('register-success')).toHaveText('Cadastro salvo! Verifique seu e-mail para confirmá-lo.');
  const { headers } = await apiAs(request, 'admin');
  await expect.poll(async () => ((await (await request.get(`/management/mail-sink?to=${encodeURIComponent(email)}`, { headers })).json()) as { subject: string }[]).map((m) => m.subject))
    .toEqual(['Cadastro SEFAZ-AL: usuário indisponível']);
});

test('an invalid activation key says so', async ({ page }) => {
  await page.goto('/#/activate/AAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByTestId('activate-error')).toBeVisible();
});
