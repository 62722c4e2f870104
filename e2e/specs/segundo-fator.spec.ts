import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { apiAs, createUser, signIn } from '../support/app';
import { loginNovo } from '../support/sujeitos';

/**
 * Issue #41 §3: an administrator (a new one: the demo accounts skip the second factor in dev) is sent to
 * the enrolment screen by the password, enrols with the code computed from the key shown, and from then
 * on cannot sign in without a code.
 */
test('an administrator enrols TOTP and cannot sign in without the code', async ({ page, request }) => {
  test.setTimeout(240_000);
  const login = loginNovo('adm2f');
  await createUser(request, login, ['ROLE_USER', 'ROLE_ADMIN'], 'pt-br', { inscrever: false });

  await page.goto('/');
  await page.getByTestId('home-login').click();
  await signIn(page, login);
  await expect(page).toHaveURL(/#\/segundo-fator\/inscricao$/);
  await expect(page.getByRole('heading', { name: 'Cadastrar o segundo fator' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR Code para o aplicativo autenticador' })).toBeVisible();
  const segredo = (await page.getByTestId('segredo-totp').textContent())!.trim();
  expect(segredo).toMatch(/^[A-Z2-7]{16,}$/);
  // Still signed out: the password alone gave no session.
  await expect(page.getByTestId('menu-admin')).toHaveCount(0);
  await page.getByLabel(/^Código de verificação/).fill(await generate({ secret: segredo }));
  await page.getByRole('button', { name: 'Confirmar e entrar' }).click();
  await expect(page.getByTestId('codigos-recuperacao').getByRole('listitem')).toHaveCount(10);
  // On a phone the button's words wrap inside it rather than being cut off ("— continu").
  await page.setViewportSize({ width: 390, height: 844 });
  const rotulo = page.getByRole('button', { name: /Já guardei os códigos/ }).locator('.mantine-Button-label');
  expect(await rotulo.evaluate((l) => l.scrollWidth <= l.clientWidth)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('button', { name: /Já guardei os códigos/ }).click();
  await expect(page.getByTestId('home-logged')).toHaveText(`Você está conectado como "${login}".`);
  await expect(page.getByTestId('menu-admin')).toBeVisible();

  // Signed out, the password now asks for the code; a wrong one is refused and the page, reloaded, is still signed out.
  await page.getByTestId('menu-account').click();
  await page.getByTestId('logout').click();
  await page.getByTestId('home-login').click();
  await signIn(page, login, login, { expectFailure: true });
  const etapa = page.getByRole('dialog', { name: 'Verificação em duas etapas' });
  await expect(etapa).toBeVisible();
  await etapa.getByLabel(/^Código de verificação/).fill('000000');
  await etapa.getByRole('button', { name: 'Verificar' }).click();
  await expect(etapa.getByTestId('login-error')).toHaveText(/Código incorreto ou já usado/);
  await page.reload();
  await expect(page.getByTestId('home-login')).toBeVisible();
  await expect(page.getByTestId('menu-admin')).toHaveCount(0);
  // Nor does the API hand out a token for the password alone.
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const r = await request.post('/api/authenticate', { data: { username: login, password: login }, headers: { 'X-XSRF-TOKEN': xsrf } });
  expect(r.status()).toBe(401);
  expect(r.headers().authorization).toBeUndefined();
  expect(((await r.json()) as { type: string }).type).toBe('/problem/segundo-fator-necessario');

  // With the code (the next step's: the enrolment took this one) the administrator is in.
  await page.getByTestId('home-login').click();
  await signIn(page, login, login, { expectFailure: true });
  await etapa.getByLabel(/^Código de verificação/).fill(await generate({ secret: segredo, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await etapa.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByTestId('home-logged')).toHaveText(`Você está conectado como "${login}".`);

  // The demo administrator resets it (audited on the server); the next password sign-in enrols again.
  const { headers } = await apiAs(request, 'admin');
  expect((await request.delete(`/api/users/${login}/segundo-fator`, { headers })).status()).toBe(204);
  const again = await request.post('/api/authenticate', { data: { username: login, password: login }, headers: { 'X-XSRF-TOKEN': xsrf } });
  expect(((await again.json()) as { type: string }).type).toBe('/problem/segundo-fator-inscricao');
});
