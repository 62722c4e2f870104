import { expect, test } from '@playwright/test';
import { createUser, signIn } from '../support/app';
import { loginNovo } from '../support/sujeitos';

test('switch to English and back; signed in, the choice is kept as the langKey', async ({ page, browser, request }) => {
  // An account of its own (pt-br): the langKey saved below is never a demo account's that later tests read in Portuguese.
  const login = loginNovo('idioma');
  await createUser(request, login, ['ROLE_USER']);
  await page.goto('/');
  await page.getByTestId('menu-language').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'ICMS Taxpayer Registry' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByTestId('home-login').click();
  await signIn(page, login, 'wrong', { expectFailure: true });
  await expect(page.getByTestId('login-error')).toContainText('Failed to sign in');
  // signed in, the account's own language (pt-br) wins
  await signIn(page, login);
  await expect(page.getByTestId('home-logged')).toHaveText(`Você está conectado como "${login}".`);

  // switching while signed in is saved as the account's langKey
  const conta = (metodo: string) => page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/api/account') && r.request().method() === metodo);
  const salvo = conta('POST');
  await page.getByTestId('menu-language').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByTestId('home-logged')).toHaveText(`You are logged in as user "${login}".`);
  expect((await salvo).ok()).toBe(true);

  // a new browser session (nothing stored) starts in pt-BR and gets English back on sign-in. A context of
  // its own: clearing this page's storage raced the account reload, which stores the language again.
  const sessao = await browser.newContext();
  try {
    const nova = await sessao.newPage();
    await nova.goto(new URL('/', page.url()).href);
    await expect(nova.getByRole('heading', { name: 'Cadastro de Contribuintes do ICMS' })).toBeVisible();
    await nova.getByTestId('home-login').click();
    await signIn(nova, login);
    await expect(nova.getByRole('heading', { name: 'ICMS Taxpayer Registry' })).toBeVisible();

    // back to Portuguese, saved
    const devolvido = nova.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/api/account') && r.request().method() === 'POST');
    await nova.getByTestId('menu-language').click();
    await nova.getByRole('menuitem', { name: 'Português (Brasil)' }).click();
    await expect(nova.getByRole('heading', { name: 'Cadastro de Contribuintes do ICMS' })).toBeVisible();
    expect((await devolvido).ok()).toBe(true);
  } finally {
    await sessao.close();
  }
});
