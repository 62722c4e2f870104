import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiAs, seriousA11yViolations } from '../support/app';

const api = '/sfz-cadastro-api/api';

/** A CACEAL whose FIC has regularization instructions (open irregularities), found through the API. */
async function cacealComRegularizacao(request: APIRequestContext) {
  const { headers } = await apiAs(request, 'atendente');
  const lista = (await (await request.get(`${api}/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/ltda/0/50`, { headers })).json()) as {
    content: { numeroCaceal: number; razaoSocial: string }[];
  };
  for (const c of lista.content) {
    const fic = await (await request.get(`${api}/contribuinte/obterDadosFic/${c.numeroCaceal}`)).json();
    if (fic.textoRegularizacao) return { ...c, texto: fic.textoRegularizacao as string };
  }
  throw new Error('no taxpayer with open irregularities among the first 50');
}

test('public FIC: lookup by CACEAL, certificate, how to regularize, print with a verification code, check the code', async ({ page, request }) => {
  const c = await cacealComRegularizacao(request);
  await page.goto('/');
  await page.getByTestId('menu-fic').click();
  await page.getByRole('menuitem', { name: 'FIC', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Ficha de Inscrição Cadastral - FIC' })).toBeVisible();
  const campo = page.getByRole('textbox', { name: 'CACEAL' });
  await campo.fill('24ab');
  await expect(campo).toHaveValue('24'); // digits only
  await expect(page.getByRole('button', { name: 'Consultar' })).toBeDisabled();
  await campo.fill(String(c.numeroCaceal));
  await campo.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/fic/${c.numeroCaceal}$`));
  const cert = page.getByTestId('fic-certificado');
  await expect(cert).toContainText(c.razaoSocial);
  await expect(cert.getByText('PRINCIPAL', { exact: true })).toBeVisible();
  await expect(cert.getByText('Alteração mais recente da situação')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Como regularizar?' }).click();
  const modal = page.getByRole('dialog', { name: 'Como regularizar?' });
  await expect(modal).toContainText(c.texto.split('\n')[0]!);
  expect(await seriousA11yViolations(page)).toEqual([]); // the dialog open (#32)
  await modal.getByRole('button', { name: 'Fechar' }).last().click();
  await expect(modal).toBeHidden();

  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Imprimir' }).click();
  await expect((await popup).url()).toMatch(/^blob:|^about:blank/);
  const emitida = page.getByTestId('fic-emitida');
  await expect(emitida).toContainText(/código de verificação [0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/);
  await emitida.getByRole('link', { name: 'Verificar autenticidade da FIC' }).click();
  await expect(page.getByText('FIC autêntica')).toBeVisible();
  await expect(page.getByTestId('fic-certificado')).toContainText(c.razaoSocial);
  expect(await seriousA11yViolations(page)).toEqual([]);

  // A code nobody issued.
  await page.getByRole('textbox', { name: 'Código de verificação' }).fill('ABCD-EFGH-JKMN');
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByTestId('not-found')).toContainText('Código de verificação não encontrado.');
});

test('FIC of an unknown CACEAL: a clear message and no blank certificate', async ({ page }) => {
  await page.goto('/#/fic/24099998');
  await expect(page.getByTestId('not-found')).toContainText('Nenhum registro encontrado para o CACEAL 24099998.');
  await expect(page.getByTestId('fic-certificado')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Imprimir' })).toHaveCount(0);
});
