import { expect, test } from '@playwright/test';
import { formatDocumento } from '@cadastro/domain';
import { apiAs, signIn } from '../support/app';
import { abrirRegistroAtivo } from '../support/sujeitos';

/** Issue 40 §6 (b, c): the street typed as read, and the partners' table as the auditor edits it. */
const api = '/sfz-cadastro-api/api';
type Linha = { numeroPessoa: number; numeroCaceal: number | null; situacaoCadastral: string | null; cnpj: string };
type SocioLido = { numeroDocumentoSocio: string; ehResponsavel: boolean; ehImpedido: boolean; nomeRepresentanteLegal: string | null };

test('address form: "Rua do Sol" typed whole with the type left as AVENIDA becomes type RUA, street "do Sol" — on screen and as saved', async ({ page, request }) => {
  const r = await abrirRegistroAtivo(page, request);
  await page.getByTestId('editar').check({ force: true });
  await page.getByRole('button', { name: 'Novo Endereço' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Novo Endereço' });
  await dialogo.getByRole('combobox', { name: 'Tipo de endereço' }).click();
  await page.getByRole('option').first().click();
  const tipo = dialogo.getByRole('combobox', { name: 'Tipo de logradouro' });
  await tipo.click();
  await page.getByRole('option', { name: 'AVENIDA', exact: true }).click();
  await expect(tipo).toHaveValue('AVENIDA');
  const logradouro = dialogo.getByRole('textbox', { name: 'Logradouro' });
  await logradouro.fill('Rua do Sol');
  await logradouro.press('Tab');
  await expect(tipo).toHaveValue('RUA');
  await expect(logradouro).toHaveValue('do Sol');
  await dialogo.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(/RUA do Sol/)).toBeVisible();
  await expect(page.getByText(/AVENIDA RUA DO SOL|AVENIDA Rua do Sol/i)).toHaveCount(0);

  await page.getByTestId('salvar-evento').click();
  const confirmar = page.getByRole('dialog', { name: 'Confirmar processo' });
  await confirmar.getByRole('textbox', { name: 'Processo' }).fill('E2E-RUA-40');
  await confirmar.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('dialog', { name: 'Aviso' })).toContainText('Alteração realizada com sucesso!');
  const { headers } = await apiAs(request, 'auditor');
  const d = await (await request.get(`${api}/contribuinte/obterDadosCadastrais/${r.numeroPessoa}?caceal=${r.numeroCaceal}`, { headers })).json() as
    { identificacao: { enderecos: { tipoLogradouro: string | null; logradouro: string }[] } };
  expect(d.identificacao.enderecos).toContainEqual(expect.objectContaining({ tipoLogradouro: 'RUA', logradouro: 'do Sol' }));
});

test('the auditor edits partners seeing Responsável, Impedido and Representante legal, as the read-only tab shows them', async ({ page, request }) => {
  const { headers } = await apiAs(request, 'auditor');
  let achado: { r: Linha; s: SocioLido } | undefined;
  // Read only: any limitada will do; the registry's mix (mostly MEIs) decides how many pages of "ltda" there are.
  for (let pagina = 0; !achado && pagina < 10; pagina++) {
    const lista = (await (await request.get(`${api}/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/ltda/${pagina}/100`, { headers })).json()).content as Linha[];
    if (lista.length === 0) break;
    for (const r of lista.filter((x) => x.numeroCaceal && x.situacaoCadastral === 'ATIVO' && x.cnpj.length === 14)) {
      const socios = await (await request.get(`${api}/contribuinte/obterSocios/${r.numeroPessoa}?caceal=${r.numeroCaceal}`, { headers })).json() as SocioLido[];
      // A partner who is the responsible or has a legal representative: the columns then have something to show.
      const s = socios.find((x) => x.ehResponsavel || x.nomeRepresentanteLegal);
      if (s) { achado = { r, s }; break; }
    }
  }
  if (!achado) throw new Error('no "ltda" registration with a responsible partner or a legal representative');
  const { r, s } = achado;
  await page.goto(`/#/contribuinte/${r.numeroCaceal}/${r.numeroPessoa}`);
  await signIn(page, 'auditor');
  await page.getByRole('tab', { name: 'Quadro de Sócios e Administradores' }).click();
  await page.getByTestId('editar').check({ force: true });
  const tabela = page.getByTestId('socios');
  for (const coluna of ['Responsável', 'Impedido', 'Representante legal']) await expect(tabela.getByRole('columnheader', { name: coluna, exact: true })).toBeVisible();
  const cabecalhos = await tabela.getByRole('columnheader').allInnerTexts();
  const linha = tabela.getByRole('row').filter({ hasText: formatDocumento(s.numeroDocumentoSocio) }).first();
  const celula = (coluna: string) => linha.getByRole('cell').nth(cabecalhos.indexOf(coluna));
  await expect(celula('Responsável')).toHaveText(s.ehResponsavel ? 'Sim' : 'Não');
  await expect(celula('Impedido')).toHaveText(s.ehImpedido ? 'Sim' : 'Não');
  if (s.nomeRepresentanteLegal) await expect(celula('Representante legal')).toContainText(s.nomeRepresentanteLegal);
});

test('Excluir inscrição is not beside Salvar: Salvar in the header, Excluir at the foot of the page, below the tabs', async ({ page, request }) => {
  await abrirRegistroAtivo(page, request);
  const cabecalho = page.getByTestId('cabecalho-contribuinte');
  await expect(cabecalho.getByTestId('salvar-evento')).toBeVisible();
  await expect(cabecalho.getByRole('button', { name: 'Excluir inscrição' })).toHaveCount(0);
  const excluir = page.getByRole('button', { name: 'Excluir inscrição' });
  await expect(excluir).toBeVisible();
  const abas = await page.getByRole('tablist').boundingBox();
  const botao = await excluir.boundingBox();
  expect(botao!.y).toBeGreaterThan(abas!.y + abas!.height);
});

test('a CACEAL stays on one line in a squeezed table (the companies of a person, 375 px wide)', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const { headers } = await apiAs(request, 'contador');
  const empresas = (await (await request.post(`${api}/contribuinte/porUsuario`, { headers, data: {} })).json()) as { numeroCaceal: number; numeroPessoa: number }[];
  const auditor = await apiAs(request, 'auditor');
  const k = (await (await request.get(`${api}/contribuinte/obterContador/porCaceal/${empresas[0]!.numeroCaceal}`, { headers: auditor.headers })).json()) as { numeroDocumento: string };
  const doc = k.numeroDocumento.replace(/\D/g, '');
  await page.goto(doc.length === 11 ? `/#/pessoa/${doc}` : `/#/pessoa-juridica/${doc}`);
  await signIn(page, 'auditor');
  const bloco = page.getByTestId('empresas-contabil');
  await expect(bloco.getByRole('row')).toHaveCount(21);
  // The lines a text occupies, counted from its own boxes (one per line fragment).
  const linhas = (t: string) => bloco.getByText(t, { exact: true }).first().evaluate((el) => {
    const r = document.createRange();
    r.selectNodeContents(el);
    return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size;
  });
  const cacealDe = /^\d{8}-\d$/;
  const textos = (await bloco.getByRole('cell').allInnerTexts()).map((x) => x.replace(/\s+/g, '')).filter((x) => cacealDe.test(x));
  expect(textos.length).toBeGreaterThan(0);
  for (const t of textos.slice(0, 5)) expect(await linhas(t), t).toBe(1);
});
