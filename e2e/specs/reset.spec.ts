import { expect, test } from '@playwright/test';
import { linkFromMail, signIn } from '../support/app';

test('password reset through the mailed link', async ({ page, request }) => {
  // An unknown address gets the very answer a registered one gets: the page tells nobody who has an account.
  await page.goto('/#/reset/request');
  await page.getByLabel('E-mail').fill('ninguem@exemplo.com.br');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByTestId('reset-request-success')).toHaveText('Verifique seus e-mails para saber como redefinir sua senha.');

  await page.reload();
  await page.getByLabel('E-mail').fill('apoio-contador@cadastro.local');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByTestId('reset-request-success')).toHaveText('Verifique seus e-mails para saber como redefinir sua senha.');

  const link = await linkFromMail(request, 'apoio-contador@cadastro.local', 'reset');
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('textbox', { name: 'Nova senha', exact: true })).toBeFocused();
  await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('Nova-Senha-1');
  await page.getByRole('textbox', { name: 'Confirmação da nova senha' }).fill('Nova-Senha-1');
  await page.getByRole('button', { name: 'Confirmar nova senha' }).click();
  await expect(page.getByTestId('reset-success')).toBeVisible();
  await page.getByTestId('reset-success').getByRole('button', { name: 'entrar' }).click();
  await signIn(page, 'apoio-contador', 'Nova-Senha-1');
  await expect(page.getByTestId('home-logged')).toContainText('apoio-contador');
});

test('reset without a key shows the key-missing state', async ({ page }) => {
  await page.goto('/#/reset');
  await expect(page.getByTestId('reset-key-missing')).toHaveText('A chave de redefinição está ausente.');
});
