import { expect, test } from '@playwright/test';
import { signIn } from '../support/app';

test('sign in and out as admin', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Cadastro de Contribuintes do ICMS' })).toBeVisible();
  await page.getByTestId('home-login').click();
  await signIn(page, 'admin');
  await expect(page.getByTestId('home-logged')).toHaveText('Você está conectado como "admin".');
  await expect(page.getByTestId('menu-admin')).toBeVisible();
  await page.getByTestId('menu-account').click();
  await page.getByTestId('logout').click();
  await expect(page.getByTestId('home-login')).toBeVisible();
});

test('wrong password shows the failure and keeps the user signed out', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('home-login').click();
  await signIn(page, 'admin', 'senha-errada', { expectFailure: true });
  await expect(page.getByTestId('login-error')).toHaveText('Falha ao entrar! Verifique o usuário e a senha e tente novamente.');
  await expect(page.getByTestId('menu-account')).toHaveText(/Conta/);
});

test('accessdenied → login → the stored target opens', async ({ page }) => {
  await page.goto('/#/settings');
  await expect(page).toHaveURL(/#\/accessdenied$/);
  await signIn(page, 'user');
  await expect(page).toHaveURL(/#\/settings$/);
  await expect(page.getByRole('heading', { name: 'Configurações de user' })).toBeVisible();
});

test('a signed-in user without the role is refused, and sees no admin menu', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('home-login').click();
  await signIn(page, 'user');
  await expect(page.getByTestId('home-logged')).toBeVisible();
  await expect(page.getByTestId('menu-admin')).toHaveCount(0);
  await page.goto('/#/admin/caixa-correio');
  await expect(page.getByTestId('access-denied')).toHaveText('Você não tem autorização para acessar esta página.');
});

test('an unknown route shows the error page', async ({ page }) => {
  await page.goto('/#/nao-existe');
  await expect(page.getByTestId('error-message')).toHaveText('Não encontrado');
});
