import { expect, test, type Page } from '@playwright/test';
import { apiAs, signIn } from '../support/app';
import { loginNovo } from '../support/sujeitos';

async function entrar(page: Page, login: string, rota: string) {
  await page.goto(`/#/${rota}`);
  await signIn(page, login);
  await expect(page.getByRole('dialog')).toBeHidden();
}

test('a deleted user: its page, edit and delete links show not found, never the old record', async ({ page, request }) => {
  const login = loginNovo('apagar');
  const { headers } = await apiAs(request, 'admin');
  expect((await request.post('/api/users', { data: { login, email: `${login}@exemplo.com.br`, firstName: 'Apagar', authorities: ['ROLE_USER'] }, headers })).status()).toBe(201);
  await entrar(page, 'admin', `user-management/${login}`);
  await expect(page.getByRole('heading', { name: `Usuário ${login}` })).toBeVisible();
  await expect(page.getByText(`${login}@exemplo.com.br`)).toBeVisible();
  // deleted from the list's dialog: the page seen a moment ago is not served from the cache
  await page.goto(`/#/user-management/${login}/delete`);
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText(`Usuário excluído com identificador ${login}`)).toBeVisible();
  await page.goBack();
  await page.goto(`/#/user-management/${login}`);
  await expect(page.getByTestId('not-found')).toContainText('Registro não encontrado');
  await expect(page.getByText(`${login}@exemplo.com.br`)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Editar' })).toHaveCount(0);
  for (const rota of [`user-management/${login}/edit`, `user-management/${login}/delete`]) {
    await page.goto(`/#/${rota}`);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
});

test('a user deleted elsewhere while its page is open: the next look shows not found', async ({ page, request }) => {
  const login = loginNovo('sumir');
  const { headers } = await apiAs(request, 'admin');
  expect((await request.post('/api/users', { data: { login, email: `${login}@exemplo.com.br`, authorities: ['ROLE_USER'] }, headers })).status()).toBe(201);
  await entrar(page, 'admin', `user-management/${login}`);
  await expect(page.getByText(`${login}@exemplo.com.br`)).toBeVisible();
  expect((await request.delete(`/api/users/${login}`, { headers })).status()).toBe(204);
  // coming back to the window (TanStack Query listens to visibilitychange) asks again
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Editar' })).toHaveCount(0);
});

test('an alert stays with its screen: carried from a dialog to its list, gone on the next screen', async ({ page }) => {
  await entrar(page, 'admin', 'user-management');
  await page.goto('/#/user-management/user/edit');
  await page.getByRole('dialog').getByTestId('user-save').click();
  const alerta = page.getByText('Usuário atualizado com identificador user');
  await expect(alerta).toBeVisible();
  await expect(page).toHaveURL(/#\/user-management$/);
  await page.getByTestId('menu-admin').click();
  await page.getByRole('menuitem', { name: 'Auditorias' }).click();
  await expect(page.getByRole('heading', { name: 'Auditorias' })).toBeVisible();
  await expect(alerta).toHaveCount(0);
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Gestão de usuários' })).toBeVisible();
  await expect(alerta).toHaveCount(0);
});

test('Caixa de correio: Pesquisar with the same filter fetches again', async ({ page, request }) => {
  const para = 'user@cadastro.local';
  const { headers } = await apiAs(request, 'admin');
  const total = async () => Number((await request.get(`/management/mail-sink?to=${encodeURIComponent(para)}`, { headers })).headers()['x-total-count'] ?? 0);
  await entrar(page, 'admin', `admin/caixa-correio?to=${encodeURIComponent(para)}`);
  await expect(page.getByTestId('caixa-filter')).toHaveValue(para);
  const antes = await total();
  if (antes > 0) await expect(page.getByTestId('item-count')).toContainText(`de ${antes} registros`);
  // a new mail to the same address (a password reset request), delivered in the background
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const r = await request.post('/api/account/reset-password/init', { data: { email: para }, headers: { 'X-XSRF-TOKEN': xsrf } });
  expect(r.status()).toBe(200);
  await expect.poll(total).toBe(antes + 1);
  // one click, the same filter: the list is asked again (it used to stay cached for 30 s)
  await page.getByTestId('caixa-search').click();
  await expect(page.getByTestId('item-count')).toContainText(`de ${antes + 1} registros`);
});
