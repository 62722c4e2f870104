import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiAs, createUser, signIn } from '../support/app';
import { loginNovo, registroLivre } from '../support/sujeitos';

const api = '/sfz-cadastro-api/api';

/** Registry CACEALs by how the manager system answers: one of its own with differences (synchronised below), one it lacks. */
async function alvos(request: APIRequestContext) {
  const { headers } = await apiAs(request, 'auditor');
  const gestor = (caceal: number) => request.get(`${api}/gestor/dadosContribuinte?tipoDocumento=CACEAL&numeroDocumento=${caceal}`, { headers });
  const diferente = (await registroLivre(request, {
    situacao: null,
    serve: async (c) => {
      const r = await gestor(c.numeroCaceal);
      return r.status() === 200 && (await r.json()).diferencas.length > 0;
    },
  })).numeroCaceal;
  let ausente: number | undefined;
  for (let p = 0; !ausente && p < 10; p++) {
    const lista = (await (await request.get(`${api}/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/ltda/${p}/100`, { headers })).json()).content as { numeroCaceal: number }[];
    for (const c of lista) {
      if ((await gestor(c.numeroCaceal)).status() === 404) { ausente = c.numeroCaceal; break; }
    }
  }
  expect(ausente).toBeDefined();
  return { diferente, ausente: ausente! };
}

test('an English session reads the server codes in English: sync differences, not-found system, audit trail', async ({ page, request }) => {
  const { diferente, ausente } = await alvos(request);
  const login = loginNovo('english');
  await createUser(request, login, ['ROLE_USER', 'ROLE_ADMIN', 'ROLE_CAD_SINC_GESTOR'], 'en');

  await page.goto('/');
  await page.getByTestId('home-login').click();
  await signIn(page, login, 'wrong-password', { expectFailure: true });
  await expect(page.getByTestId('login-error')).toBeVisible();
  await signIn(page, login);
  await expect(page.getByTestId('home-logged')).toHaveText(`You are logged in as user "${login}".`);

  // The manager system's differences and the sync result, worded from codes.
  await page.goto(`/#/gestor/sinc?tipoDocumento=CACEAL&numeroDocumento=${diferente}`);
  await expect(page.getByTestId('diferencas')).toContainText(/Company name: "|Registration status of CACEAL \d{8}-\d/);
  await expect(page.getByTestId('diferencas')).not.toContainText(/Razão social|Situação cadastral/);
  await page.getByRole('button', { name: 'Synchronise' }).click();
  await page.getByRole('dialog', { name: 'Confirm the synchronization' }).getByRole('button', { name: 'Synchronise' }).click();
  await expect(page.getByTestId('sincronizado')).toContainText(/CNPJ .+ was synchronised!/);
  await expect(page.getByText('The registry already matches the manager system.')).toBeVisible();

  // In the registry, not in the manager system: the message names the system that did not find it.
  await page.goto(`/#/gestor/sinc?tipoDocumento=CACEAL&numeroDocumento=${ausente}`);
  await expect(page.getByRole('alert')).toHaveText(`CACEAL ${ausente} is in the registry but was not found in the manager system.`);

  // The audit trail of this session, newest first.
  await page.goto('/#/audits');
  const mine = page.getByRole('row').filter({ hasText: login });
  await expect(mine.filter({ hasText: 'Failed sign-in' })).toContainText(/Wrong login or password · Address: /);
  await expect(mine.filter({ hasText: 'Sync with the manager system' }).first()).toContainText(/Person|Taxpayer/);
  await expect(page.getByRole('table')).not.toContainText(/Usuário ou senha|Sincronização com o Gestor|Bad credentials/);

  // A reload starts in English at once (the English catalogue is fetched before the first render).
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Audits' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
