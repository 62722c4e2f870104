import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiAs, createUser, signIn } from '../support/app';
import { loginNovo, registroLivre } from '../support/sujeitos';

const api = '/sfz-cadastro-api/api';

// §6: ROLE_CAD_CON_EDITAL_PUBLI publishes; ROLE_CAD_EDITAR_EDITAL creates and edits (and does not publish).
async function prontoParaPublicar(request: APIRequestContext) {
  const { headers } = await apiAs(request, 'editais');
  const caceal = (await registroLivre(request, { termo: 'servicos' })).numeroCaceal;
  const equipe = (await (await request.get(`${api}/responsaveis-edital`, { headers })).json()) as { numeroPessoa: number }[];
  const r = await request.post(`${api}/edital/cadastro`, {
    headers,
    data: { tituloEdital: 'EDITAL E2E PUBLICAÇÃO', idTipoEdital: 3, texto: 'Texto.', numeroPessoaResponsavel: Math.min(...equipe.map((p) => p.numeroPessoa)), idSituacaoCadastralFutura: 2, motivos: [201], vinculados: [{ numeroCaceal: caceal }] },
  });
  expect(r.status()).toBe(200);
  const edital = (await r.json()).edital as { id: number; numero: string };
  expect((await request.post(`${api}/edital/assinatura`, { headers, data: { id: edital.id } })).status()).toBe(200);
  return { ...edital, url: `/#/consultar-edital?tipoConsulta=consultaInicial&numero=${edital.numero.replace('/', '')}` };
}

test('edital: an editor without ROLE_CAD_CON_EDITAL_PUBLI is not offered the confirmation of publication', async ({ page, request }) => {
  const edital = await prontoParaPublicar(request);
  const editor = loginNovo('editor');
  await createUser(request, editor, ['ROLE_USER', 'ROLE_CAD_CON_EDITAL', 'ROLE_CAD_EDITAR_EDITAL']);
  await page.goto(edital.url);
  await signIn(page, editor);
  await expect(page.getByRole('cell', { name: edital.numero, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Excluir o edital ${edital.numero}` })).toBeVisible();
  await expect(page.getByTestId('edital-confirmar')).toHaveCount(0);
  // The confirmation's own URL shows the notice read-only: nothing to confirm.
  await page.goto(`/#/edital/edicao/${edital.id}?ehConfirmacao=true`);
  await expect(page.getByTestId('edital-situacao')).toBeVisible();
  await expect(page.getByTestId('edital-confirmar-publicacao')).toHaveCount(0);
});

test('edital: the publisher (ROLE_CAD_CON_EDITAL_PUBLI alone) finds the notice and confirms its publication', async ({ page, request }) => {
  const edital = await prontoParaPublicar(request);
  const publicador = loginNovo('publicador');
  await createUser(request, publicador, ['ROLE_USER', 'ROLE_CAD_CON_EDITAL_PUBLI']);
  await page.goto(edital.url);
  await signIn(page, publicador);
  await expect(page.getByRole('cell', { name: edital.numero, exact: true })).toBeVisible();
  await expect(page.getByTestId('edital-novo')).toHaveCount(0);
  await page.getByTestId('edital-confirmar').click();
  await expect(page.getByTestId('edital-data-publicacao')).toBeVisible();
  await expect(page.getByTestId('edital-confirmar-publicacao')).toBeVisible();
});
