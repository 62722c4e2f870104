import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiAs, seriousA11yViolations, signIn } from '../support/app';
import { registroLivre, type Registro } from '../support/sujeitos';

const api = '/sfz-cadastro-api/api';
type Headers = Record<string, string>;

/** A company registration in a given situation that no other test (or earlier attempt) has touched. */
const registro = (request: APIRequestContext, situacao: string) => registroLivre(request, { situacao });

/** Someone else saves the registration through the API: a new nome fantasia, the rest of Dados Cadastrais as it is. */
async function salvarFantasia(request: APIRequestContext, headers: Headers, r: Registro, processo: string, nomeFantasia: string) {
  const d = await (await request.get(`${api}/contribuinte/obterDadosCadastrais/${r.numeroPessoa}?caceal=${r.numeroCaceal}`, { headers })).json();
  const ev = await request.post(`${api}/eventos`, {
    headers,
    // The versions it read, as the SPA sends them (issue 39 §4: shared parts without them may be refused, 428).
    data: { numeroPessoa: r.numeroPessoa, numeroCaceal: r.numeroCaceal, version: d.version, versoes: d.versoes, processo, atoDeclaratorio: null, protocoloRedesim: null, dataEvento: null, dataLegal: null,
      dadosCadastrais: { nomeFantasia, email: d.identificacao.email, porteId: d.identificacao.porte?.id ?? null, valorCapitalSocial: d.identificacao.valorCapitalSocial,
        processamentoDados: d.processamentoDados, formasAtuacao: d.formasAtuacao.map((f: { id: number }) => f.id), tiposUnidade: d.tipoUnidade.map((f: { id: number }) => f.id),
        telefones: d.identificacao.telefones.map((f: { id: number; codigoTipoTelefone: number; ddd: string; numeroTelefone: string }) => ({ id: f.id, codigoTipoTelefone: f.codigoTipoTelefone, ddd: f.ddd, numeroTelefone: f.numeroTelefone })) } },
  });
  expect(ev.status(), await ev.text()).toBe(200);
}

test('supertela: edit Dados Cadastrais, Atividade Econômica and Sócios, Resetar dados, save through the process dialog, see it in the timeline', async ({ page, request }) => {
  const r = await registro(request, 'ATIVO');
  await page.goto(`/#/contribuinte/${r.numeroCaceal}/${r.numeroPessoa}`);
  await signIn(page, 'auditor');
  await expect(page.getByRole('heading', { name: 'Dados do Contribuinte' })).toBeVisible();
  const salvar = page.getByTestId('salvar-evento');
  await expect(salvar).toBeDisabled();

  // Dados Cadastrais: locked until Editar; Resetar dados only when changed.
  await page.getByTestId('editar').check({ force: true });
  const fantasia = page.getByRole('textbox', { name: 'Nome fantasia' });
  const original = await fantasia.inputValue();
  await fantasia.fill('FANTASIA E2E');
  const resetar = page.getByRole('button', { name: 'Resetar dados' });
  await expect(resetar).toBeVisible();
  await expect(salvar).toBeEnabled();
  await resetar.click();
  await expect(fantasia).toHaveValue(original);
  await expect(resetar).toBeHidden();
  await expect(salvar).toBeDisabled();
  await fantasia.fill('FANTASIA E2E');
  // A new address through the address form.
  await page.getByRole('button', { name: 'Novo Endereço' }).click();
  const endereco = page.getByRole('dialog', { name: 'Novo Endereço' });
  await endereco.getByRole('combobox', { name: 'Tipo de endereço' }).click();
  await page.getByRole('option').first().click();
  await endereco.getByRole('textbox', { name: 'Logradouro' }).fill('RUA E2E');
  await endereco.getByRole('textbox', { name: 'CEP' }).fill('57000000');
  await expect(endereco.getByRole('textbox', { name: 'CEP' })).toHaveValue('57000-000');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await endereco.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(/RUA E2E/)).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Atividade Econômica: add one through the activity dialog and make it the principal.
  await page.getByRole('tab', { name: 'Atividade Econômica' }).click();
  await page.getByTestId('editar').check({ force: true });
  await page.getByRole('button', { name: 'Adicionar Atividade' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Atividade econômica' });
  await dialogo.getByRole('textbox', { name: 'Código CNAE ou descrição' }).fill('padaria');
  await dialogo.getByRole('textbox', { name: 'Código CNAE ou descrição' }).press('Enter');
  const escolher = dialogo.getByRole('button', { name: /^Escolher a atividade/ }).first();
  const rotulo = (await escolher.getAttribute('aria-label'))!;
  const cnae = rotulo.replace('Escolher a atividade ', '');
  await escolher.click();
  await expect(dialogo).toBeHidden();
  await page.getByRole('radio', { name: `Tornar ${cnae} a atividade principal` }).check();

  // Quadro de Sócios: a partner's share lowered (the sum stays ≤ 100).
  await page.getByRole('tab', { name: 'Quadro de Sócios e Administradores' }).click();
  await page.getByTestId('editar').check({ force: true });
  await page.getByRole('button', { name: /^Editar o sócio/ }).first().click();
  const socio = page.getByRole('dialog', { name: 'Sócio' });
  await socio.getByRole('textbox', { name: 'Participação (%)' }).fill('0,5');
  await socio.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByTestId('socios')).toContainText('0,50%');

  // Back to Dados Cadastrais: the draft survived the tab switch.
  await page.getByRole('tab', { name: 'Dados Cadastrais' }).click();
  await expect(page.getByRole('textbox', { name: 'Nome fantasia' })).toHaveValue('FANTASIA E2E');

  await salvar.click();
  const processo = page.getByRole('dialog', { name: 'Confirmar processo' });
  await expect(processo.getByText('Dados Cadastrais, Atividade Econômica, Quadro de Sócios e Administradores')).toBeVisible();
  const confirmar = processo.getByRole('button', { name: 'Salvar' });
  await expect(confirmar).toBeDisabled();
  await processo.getByRole('textbox', { name: 'Processo' }).fill('E2E-0001/2026');
  await processo.getByRole('textbox', { name: 'Ato declaratório' }).fill('Correção cadastral de teste');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await confirmar.click();
  const aviso = page.getByRole('dialog', { name: 'Aviso' });
  await expect(aviso).toContainText('Alteração realizada com sucesso!');
  await aviso.getByRole('button', { name: 'Continuar' }).click();
  await expect(aviso).toBeHidden();
  await expect(salvar).toBeDisabled();
  await expect(page.getByText('FANTASIA E2E')).toBeVisible();

  await page.getByRole('tab', { name: 'Histórico de alterações' }).click();
  const evento = page.getByTestId('evento').first();
  await expect(evento).toContainText('Processo E2E-0001/2026');
  await expect(evento).toContainText('auditor');
  await expect(evento.getByRole('row', { name: /Nome fantasia/ })).toContainText('FANTASIA E2E');
  await expect(evento.getByRole('row').filter({ hasText: `Atividade (${cnae})` }).first()).toBeVisible();
  await expect(evento.getByRole('row').filter({ hasText: 'Sócio · Participação' })).toContainText('0,50%');
  await expect(evento.getByRole('row').filter({ hasText: 'RUA · E2E' }).first()).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('supertela: a stale version is refused with the exact text; an inactive registration asks before Editar', async ({ page, request }) => {
  const r = await registro(request, 'ATIVO');
  await page.goto(`/#/contribuinte/${r.numeroCaceal}/${r.numeroPessoa}`);
  await signIn(page, 'auditor');
  // A change of this screen's own (removing an activity could leave none principal: a 400 before the version check).
  await expect(page.getByRole('heading', { name: 'Dados do Contribuinte' })).toBeVisible();
  await page.getByTestId('editar').check({ force: true });
  await page.getByRole('textbox', { name: 'Nome fantasia' }).fill('FANTASIA DESATUALIZADA');
  // Someone else saves the same registration meanwhile.
  const { headers } = await apiAs(request, 'auditor');
  await salvarFantasia(request, headers, r, 'OUTRO', 'OUTRA PESSOA');
  await page.getByTestId('salvar-evento').click();
  const processo = page.getByRole('dialog', { name: 'Confirmar processo' });
  await processo.getByRole('textbox', { name: 'Processo' }).fill('E2E-0002');
  await processo.getByRole('button', { name: 'Salvar' }).click();
  await expect(processo.getByRole('alert')).toHaveText('O cadastro foi alterado por outra pessoa; consulte novamente.');

  // An inactive situation (BAIXADO): 'Não' keeps the tab locked.
  const b = await registro(request, 'BAIXADO');
  await page.goto(`/#/contribuinte/${b.numeroCaceal}/${b.numeroPessoa}`);
  // An address typed while the draft is there asks too (issue 40 §6); leaving drops the draft.
  await page.getByRole('dialog', { name: 'Alterações não salvas' }).getByRole('button', { name: 'Sair sem salvar' }).click();
  await expect(page).toHaveURL(new RegExp(`#/contribuinte/${b.numeroCaceal}/${b.numeroPessoa}$`));
  // The switch asks first: it does not turn on by itself.
  await page.getByTestId('editar').click({ force: true });
  const pergunta = page.getByRole('dialog', { name: 'Confirmação' });
  await expect(pergunta).toContainText('Contribuinte na situação (Baixado). Deseja realmente continuar?');
  await pergunta.getByRole('button', { name: 'Não' }).click();
  await expect(pergunta).toBeHidden();
  await expect(page.getByTestId('editar')).not.toBeChecked();
  await page.getByTestId('editar').click({ force: true });
  await pergunta.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByTestId('editar')).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Nome fantasia' })).toBeEnabled();
});

test('a consult-only clerk sees the tabs read-only: no Editar, no Salvar; the timeline is there', async ({ page, request }) => {
  // A registration of its own with an event of its own in the timeline.
  const r = await registro(request, 'ATIVO');
  const { headers } = await apiAs(request, 'auditor');
  await salvarFantasia(request, headers, r, 'E2E-LEITURA', 'FANTASIA LIDA E2E');
  await page.goto(`/#/contribuinte/${r.numeroCaceal}/${r.numeroPessoa}`);
  await signIn(page, 'atendente');
  await expect(page.getByRole('heading', { name: 'Dados do Contribuinte' })).toBeVisible();
  await expect(page.getByTestId('editar')).toHaveCount(0);
  await expect(page.getByTestId('salvar-evento')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Histórico de alterações' }).click();
  await expect(page.getByTestId('evento').first()).toContainText('E2E-LEITURA');
});

test('supertela: Regime Especial deleted after the confirm, Responsável from an existing partner, the accountant replace question', async ({ page, request }) => {
  const alvo = await registroLivre(request, {
    serve: async (l, headers) => {
      const q = `${l.numeroPessoa}?caceal=${l.numeroCaceal}`;
      const [regimes, contador, socios] = await Promise.all(['obterRegimesEspeciais', 'obterContador', 'obterSocios'].map(async (n) => (await request.get(`${api}/contribuinte/${n}/${q}`, { headers })).json()));
      return !!(regimes.length && contador && socios.length);
    },
  });
  await page.goto(`/#/contribuinte/${alvo.numeroCaceal}/${alvo.numeroPessoa}`);
  await signIn(page, 'auditor');

  await page.getByRole('tab', { name: 'Regime Especial' }).click();
  const linhas = page.getByTestId('regimes').getByRole('row');
  const antes = await linhas.count();
  await page.getByTestId('editar').check({ force: true });
  await page.getByRole('button', { name: 'Excluir', exact: true }).first().click();
  const confirma = page.getByRole('dialog', { name: 'Excluir', exact: true });
  await expect(confirma).toContainText('Deseja realmente excluir o regime especial?');
  await confirma.getByRole('button', { name: 'Sim' }).click();
  await expect(confirma).toBeHidden();
  if (antes > 2) await expect(linhas).toHaveCount(antes - 1);

  await page.getByRole('tab', { name: 'Responsável' }).click();
  await page.getByTestId('editar').check({ force: true });
  await page.getByRole('button', { name: 'Alterar Responsável' }).click();
  const resp = page.getByRole('dialog', { name: 'Alterar Responsável' });
  await resp.getByRole('combobox', { name: 'Sócio Existente' }).click();
  const opcao = page.getByRole('option').first();
  const escolhido = (await opcao.textContent())!.split(' — ')[1]!;
  await opcao.click();
  await resp.getByRole('combobox', { name: 'Qualificação' }).click();
  await page.getByRole('option').first().click();
  await resp.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByTestId('responsavel')).toContainText(escolhido);

  await page.getByRole('tab', { name: 'Contador' }).click();
  await page.getByTestId('editar').check({ force: true });
  await page.getByRole('button', { name: 'Alterar Contador' }).click();
  const substituir = page.getByRole('dialog', { name: 'Confirmação' });
  await expect(substituir).toContainText('Empresa já possui contador! Deseja substituir?');
  await substituir.getByRole('button', { name: 'Não' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByTestId('salvar-evento').click();
  const processo = page.getByRole('dialog', { name: 'Confirmar processo' });
  await processo.getByRole('textbox', { name: 'Processo' }).fill('E2E-0003');
  await processo.getByRole('button', { name: 'Salvar' }).click();
  await page.getByRole('dialog', { name: 'Aviso' }).getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('tab', { name: 'Histórico de alterações' }).click();
  const evento = page.getByTestId('evento').first();
  await expect(evento).toContainText('Processo E2E-0003');
  await expect(evento.getByRole('row').filter({ hasText: 'Regime especial' }).first()).toBeVisible();
  await expect(evento.getByRole('row').filter({ hasText: 'Responsável' }).first()).toBeVisible();
});

test("supertela: a legal-entity partner's Alterar Razão Social and a new partner address; the porte warning when Editar turns on", async ({ page, request }) => {
  const r = await registro(request, 'ATIVO');
  // The partner-to-be is renamed below: claimed too.
  const outra = await registro(request, 'ATIVO');
  const { headers } = await apiAs(request, 'auditor');
  const q = `${r.numeroPessoa}?caceal=${r.numeroCaceal}`;
  // A legal-entity partner (another company, 14 digits) joins the QSA through an event, with a 0 % share.
  const socios = (await (await request.get(`${api}/contribuinte/obterSocios/${q}`, { headers })).json()) as { numeroPessoaSocio: number; qualificacao: { id: number }; percentualParticipacao: string | null; dataInclusao: string }[];
  const d = await (await request.get(`${api}/contribuinte/obterDadosCadastrais/${q}`, { headers })).json();
  const qualificacoes = (await (await request.get(`${api}/qualificacao`, { headers })).json()) as { id: number }[];
  const bloco = socios.map((s) => ({ numeroPessoaSocio: s.numeroPessoaSocio, qualificacaoId: s.qualificacao.id, percentualParticipacao: Number(s.percentualParticipacao ?? 0), dataInclusao: s.dataInclusao }));
  const entra = await request.post(`${api}/eventos`, {
    headers,
    data: { numeroPessoa: r.numeroPessoa, numeroCaceal: r.numeroCaceal, version: d.version, versoes: d.versoes, processo: 'E2E-PJ', atoDeclaratorio: null, protocoloRedesim: null, dataEvento: null, dataLegal: null,
      socios: [...bloco, { numeroPessoaSocio: outra.numeroPessoa, qualificacaoId: bloco[0]?.qualificacaoId ?? qualificacoes[0]!.id, percentualParticipacao: 0, dataInclusao: '2026-01-02' }] },
  });
  expect(entra.status(), await entra.text()).toBe(200);

  await page.goto(`/#/contribuinte/${r.numeroCaceal}/${r.numeroPessoa}`);
  await signIn(page, 'auditor');
  await page.getByRole('tab', { name: 'Quadro de Sócios e Administradores' }).click();
  // Locked: Alterar Razão Social shows (14 digits) but is disabled until Editar.
  const alterar = page.getByRole('button', { name: /^Alterar Razão Social de/ });
  await expect(alterar).toHaveCount(1);
  await expect(alterar).toBeDisabled();
  await page.getByTestId('editar').check({ force: true });
  await alterar.click();
  const razao = page.getByRole('dialog', { name: 'Alterar Razão Social' });
  const campo = razao.getByRole('textbox', { name: 'Razão social' });
  await campo.fill('  ');
  await expect(razao.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  await campo.fill('SOCIA RENOMEADA E2E LTDA');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await campo.press('Enter');
  await expect(razao).toBeHidden();
  await expect(page.getByTestId('socios')).toContainText('SOCIA RENOMEADA E2E LTDA');

  // The partner's addresses: the same address form as Dados Cadastrais.
  await page.getByRole('button', { name: 'Endereço do sócio SOCIA RENOMEADA E2E LTDA' }).click();
  const enderecos = page.getByRole('dialog', { name: 'Endereços de SOCIA RENOMEADA E2E LTDA' });
  await enderecos.getByRole('button', { name: 'Adicionar Endereço' }).click();
  const form = page.getByRole('dialog', { name: 'Novo Endereço' });
  await form.getByRole('combobox', { name: 'Tipo de endereço' }).click();
  await page.getByRole('option').first().click();
  await form.getByRole('textbox', { name: 'Logradouro' }).fill('AVENIDA DO SOCIO E2E');
  await form.getByRole('textbox', { name: 'CEP' }).fill('57035000');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(enderecos.getByText(/AVENIDA DO SOCIO E2E/)).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await enderecos.getByRole('button', { name: 'Aplicar' }).click();
  await expect(enderecos).toBeHidden();

  // Dados Cadastrais: a new porte, Editar off and on again → the warning about the whole CNPJ root.
  await page.getByRole('tab', { name: 'Dados Cadastrais' }).click();
  await page.getByTestId('editar').check({ force: true });
  await page.getByRole('combobox', { name: 'Porte' }).click();
  const atual = await page.getByRole('combobox', { name: 'Porte' }).inputValue();
  await page.getByRole('option').filter({ hasNotText: atual || '§' }).first().click();
  await expect(page.getByTestId('aviso-porte')).toBeVisible();
  await page.getByTestId('editar').uncheck({ force: true });
  await page.getByTestId('editar').check({ force: true });
  const aviso = page.getByRole('dialog', { name: 'Aviso' });
  await expect(aviso).toContainText('Todos os contribuintes da mesma raiz do CNPJ também receberão o novo porte.');
  await aviso.getByRole('button', { name: 'Continuar' }).click();
  await expect(aviso).toBeHidden();
  await page.getByRole('button', { name: 'Resetar dados' }).click();

  // The activity dialog pages with up to 10 page links (§2); an empty term cannot search.
  await page.getByRole('tab', { name: 'Atividade Econômica' }).click();
  await page.getByTestId('editar').check({ force: true });
  await page.getByRole('button', { name: 'Adicionar Atividade' }).click();
  const atividade = page.getByRole('dialog', { name: 'Atividade econômica' });
  await expect(atividade.getByRole('button', { name: 'Pesquisar' })).toBeDisabled();
  await atividade.getByRole('textbox', { name: 'Código CNAE ou descrição' }).fill('comércio');
  await atividade.getByRole('textbox', { name: 'Código CNAE ou descrição' }).press('Enter');
  await expect(atividade.getByRole('button', { name: /^Página \d+$/ })).toHaveCount(10);
  await page.keyboard.press('Escape');
  await expect(atividade).toBeHidden();

  await page.getByTestId('salvar-evento').click();
  const processo = page.getByRole('dialog', { name: 'Confirmar processo' });
  await processo.getByRole('textbox', { name: 'Processo' }).fill('E2E-0004');
  await processo.getByRole('button', { name: 'Salvar' }).click();
  await page.getByRole('dialog', { name: 'Aviso' }).getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('tab', { name: 'Histórico de alterações' }).click();
  const evento = page.getByTestId('evento').first();
  await expect(evento).toContainText('Processo E2E-0004');
  await expect(evento.getByRole('row').filter({ hasText: 'Sócio · Nome' })).toContainText('SOCIA RENOMEADA E2E LTDA');
  await expect(evento.getByRole('row').filter({ hasText: 'Sócio · Endereço' }).first()).toContainText('AVENIDA · DO SOCIO E2E');
});
