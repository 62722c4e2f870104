import { expect, test } from '@playwright/test';
import { signIn } from '../support/app';

test('switch to English and back; signed in, the choice is kept as the langKey', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('menu-language').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'ICMS Taxpayer Registry' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByTestId('home-login').click();
  await signIn(page, 'atendente', 'wrong');
  await expect(page.getByTestId('login-error')).toContainText('Failed to sign in');
  // signed in, the account's own language (pt-br) wins
  await signIn(page, 'atendente');
  await expect(page.getByTestId('home-logged')).toHaveText('Você está conectado como "atendente".');

  // switching while signed in is saved as the account's langKey
  await page.getByTestId('menu-language').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByTestId('home-logged')).toHaveText('You are logged in as user "atendente".');

  // a new browser session (nothing stored) starts in pt-BR and gets English back on sign-in
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Cadastro de Contribuintes do ICMS' })).toBeVisible();
  await page.getByTestId('home-login').click();
  await signIn(page, 'atendente');
  await expect(page.getByRole('heading', { name: 'ICMS Taxpayer Registry' })).toBeVisible();

  await page.getByTestId('menu-language').click();
  await page.getByRole('menuitem', { name: 'Português (Brasil)' }).click();
  await expect(page.getByRole('heading', { name: 'Cadastro de Contribuintes do ICMS' })).toBeVisible();
});
