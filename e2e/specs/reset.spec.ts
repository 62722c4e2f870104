import { expect, test } from '@playwright/test';
import { createUser, linkFromMail, signIn } from '../support/app';
import { loginNovo } from '../support/sujeitos';

test('password reset through the mailed link', async ({ page, request }) => {
  // An unknown address gets the very answer a registered one gets: the page tells nobody who has an account.
  await page.goto('/#/reset/request');
  await page.getByLabel('E-mail').fill('ninguem@exemplo.com.br');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByTestId('reset-request-success')).toHaveText('Verifique seus e-mails para saber como redefinir sua senha.');

  // An account of its own: a demo account's new password would lock out every later test that signs in with it.
  const login = loginNovo('redefinir');
  const email = `${login}@exemplo.com.br`;
  await createUser(request, login, ['ROLE_USER']);
  await page.reload();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByTestId('reset-request-success')).toHaveText('Verifique seus e-mails para saber como redefinir sua senha.');

  // The new mail, not the one that came with the account.
  const link = await linkFromMail(request, email, 'reset', 1);
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('textbox', { name: 'Nova senha', exact: true })).toBeFocused();
  await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('Nova-Senha-1');
  await page.getByRole('textbox', { name: 'Confirmação da nova senha' }).fill('Nova-Senha-1');
  await page.getByRole('button', { name: 'Confirmar nova senha' }).click();
  await expect(page.getByTestId('reset-success')).toBeVisible();
  await page.getByTestId('reset-success').getByRole('button', { name: 'entrar' }).click();
  await signIn(page, login, 'Nova-Senha-1');
  await expect(page.getByTestId('home-logged')).toContainText(login);
});

test('reset without a key shows the key-missing state', async ({ page }) => {
  await page.goto('/#/reset');
  await expect(page.getByTestId('reset-key-missing')).toHaveText('A chave de redefinição está ausente.');
});
