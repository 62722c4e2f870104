import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { cpfCheckDigits } from '@cadastro/domain';
import { apiAs, signIn } from '../support/app';
import { contribuinteNovo, registroLivre, type Registro } from '../support/sujeitos';

/** Issue 31 §2: the supertela's last edges (Responsável's own data, accountant registration, phones in place, meu-cadastro reload). */
const api = '/sfz-cadastro-api/api';

/** An ATIVO company registration with a responsible, that no other test (or earlier attempt) has touched. */
async function registro(request: APIRequestContext): Promise<Registro> {
  return registroLivre(request, {
    serve: async (l, headers) => {
      const resp = await request.get(`${api}/contribuinte/obterResponsavel/${l.numeroPessoa}?caceal=${l.numeroCaceal}`, { headers });
      return resp.ok() && !!(await resp.json());
    },
  });
}

async function salvarEvento(page: Page, processo: string) {
  await page.getByTestId('salvar-evento').click();
  const dialogo = page.getByRole('dialog', { name: 'Confirmar processo' });
  await dialogo.getByRole('textbox', { name: 'Processo' }).fill(processo);
  await dialogo.getByRole('button', { name: 'Salvar' }).click();
  const aviso = page.getByRole('dialog', { name: 'Aviso' });
  await expect(aviso).toContainText('Alteração realizada com sucesso!');
  await aviso.getByRole('button', { name: 'Continuar' }).click();
  await expect(aviso).toBeHidden();
}

test("supertela Responsável: impedido corrected in place (not replaced), the Endereço button; saved, in the timeline", async ({ page, request }) => {
  const r = await registro(request);
  await page.goto(`/#/contribuinte/${r.numeroCaceal}/${r.numeroPessoa}`);
  await signIn(page, 'auditor');
  const { headers } = await apiAs(request, 'auditor');
  const url = `${api}/contribuinte/obterResponsavel/${r.numeroPessoa}?caceal=${r.numeroCaceal}`;
  const antes = await (await request.get(url, { headers })).json() as { numeroPessoa: number; razaoSocial: string; possuiImpedimento: boolean };
  await page.getByRole('tab', { name: 'Responsável' }).click();
  const painel = page.getByTestId('responsavel');
  await expect(painel).toContainText(antes.razaoSocial);
  await expect(painel.getByRole('button', { name: 'Endereço' })).toBeVisible();
  await page.getByTestId('editar').check({ force: true });
  const impedido = painel.getByRole('checkbox', { name: 'Impedido' });
  await expect(impedido).toBeChecked({ checked: antes.possuiImpedimento });
  await impedido.setChecked(!antes.possuiImpedimento);
  await expect(page.getByRole('button', { name: 'Resetar dados' })).toBeVisible();
  await salvarEvento(page, 'E2E-RESP-31');
  await expect(impedido).toHaveCount(0);
  // The same person, its impedido changed.
  expect(await (await request.get(url, { headers })).json()).toMatchObject({ numeroPessoa: antes.numeroPessoa, possuiImpedimento: !antes.possuiImpedimento });
  await expect(painel).toContainText(antes.razaoSocial);
  await painel.getByRole('button', { name: 'Endereço' }).click();
  await expect(page.getByRole('dialog', { name: /^Endereços/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Histórico de alterações' }).click();
  await expect(page.getByTestId('evento').first().getByRole('row').filter({ hasText: 'Responsável · Impedido' })).toContainText(antes.possuiImpedimento ? 'N' : 'S');
});

test('supertela Contador: an unknown accountant registered with the CRC form, linked, every field shown (CRC-AL 179190/O-9)', async ({ page, request }) => {
  const r = await registro(request);
  const nove = `42${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  const cpf = nove + cpfCheckDigits(nove);
  const crc = String(100000 + (Date.now() % 800000));
  await page.goto(`/#/contribuinte/${r.numeroCaceal}/${r.numeroPessoa}`);
  await signIn(page, 'auditor');
  await page.getByRole('tab', { name: 'Contador' }).click();
  await page.getByTestId('editar').check({ force: true });
  const botao = page.getByRole('button', { name: /^(Alterar|Registrar) Contador$/ });
  const tinha = (await botao.innerText()) === 'Alterar Contador';
  await botao.click();
  if (tinha) await page.getByRole('dialog', { name: 'Confirmação' }).getByRole('button', { name: 'Sim' }).click();
  const dialogo = page.getByRole('dialog', { name: /Contador$/ });
  await dialogo.getByRole('textbox', { name: 'CPF/CNPJ do contador' }).fill(cpf);
  await dialogo.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(dialogo.getByRole('alert')).toContainText('Registro não encontrado.');
  await dialogo.getByRole('button', { name: 'Cadastrar', exact: true }).click();
  const form = dialogo.getByTestId('cadastro-contador');
  // Nothing sent while a required field is missing.
  await form.getByRole('button', { name: 'Cadastrar contador' }).click();
  await expect(form.getByText('Este campo é obrigatório.').first()).toBeVisible();
  await form.getByRole('textbox', { name: 'Nome' }).fill('Contadora Registrada E2E');
  await form.getByRole('textbox', { name: 'Número do CRC' }).fill(crc);
  await form.getByRole('textbox', { name: 'Dígito verificador' }).fill('9');
  const escolher = async (rotulo: string, opcao: RegExp | string) => {
    await form.getByRole('combobox', { name: rotulo }).click();
    await page.getByRole('option', { name: opcao }).first().click();
  };
  await escolher('Tipo de inscrição', /^O - /);
  await escolher('UF do CRC', 'AL');
  await escolher('Categoria', /./);
  await escolher('Classificação', /^1 - /);
  await escolher('Apto', 'Sim');
  await form.getByRole('button', { name: 'Cadastrar contador' }).click();
  await expect(dialogo.getByTestId('contador-escolhido')).toContainText('CONTADORA REGISTRADA E2E');
  const hoje = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Maceio' }).format(new Date());
  await dialogo.getByRole('textbox', { name: 'Início' }).fill(hoje);
  await dialogo.getByRole('textbox', { name: 'Início' }).press('Tab');
  await dialogo.getByRole('button', { name: 'Salvar' }).click();
  await salvarEvento(page, 'E2E-CONT-31');
  const k = page.getByTestId('contador');
  await expect(k).toContainText('CONTADORA REGISTRADA E2E');
  await expect(k).toContainText(`CRC-AL ${crc}/O-9`);
  for (const rotulo of ['Categoria', 'Classificação', 'Apto', 'E-mail', 'Endereço', 'Telefones', 'Tipo de inscrição']) await expect(k).toContainText(rotulo);
});

test('supertela phones: DDD and number corrected in place, the same phone saved', async ({ page, request }) => {
  const { headers } = await apiAs(request, 'auditor');
  let antes: { ddd: string; numeroTelefone: string } | undefined;
  const alvo = await registroLivre(request, {
    serve: async (l) => {
      const d = await (await request.get(`${api}/contribuinte/obterDadosCadastrais/${l.numeroPessoa}?caceal=${l.numeroCaceal}`, { headers })).json();
      antes = d.identificacao.telefones[0];
      return !!antes;
    },
  });
  await page.goto(`/#/contribuinte/${alvo.numeroCaceal}/${alvo.numeroPessoa}`);
  await signIn(page, 'auditor');
  await page.getByTestId('editar').check({ force: true });
  const ddd = page.getByRole('textbox', { name: 'DDD do telefone 1' });
  const numero = page.getByRole('textbox', { name: 'Número do telefone 1' });
  await ddd.fill('');
  await expect(page.getByText('O campo DDD é obrigatório')).toBeVisible();
  // Both differ from what is stored.
  const novoDdd = antes!.ddd === '81' ? '83' : '81';
  const novoNumero = `9${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  await ddd.fill(novoDdd);
  await numero.fill(novoNumero);
  await salvarEvento(page, 'E2E-FONE-31');
  const d = await (await request.get(`${api}/contribuinte/obterDadosCadastrais/${alvo.numeroPessoa}?caceal=${alvo.numeroCaceal}`, { headers })).json();
  expect(d.identificacao.telefones).toContainEqual(expect.objectContaining({ ddd: novoDdd, numeroTelefone: novoNumero }));
  await page.getByRole('tab', { name: 'Histórico de alterações' }).click();
  await expect(page.getByTestId('evento').first().getByRole('row').filter({ hasText: 'Telefone · DDD' })).toContainText(novoDdd);
});

test('meu-cadastro: a tab reloads its own data (§2)', async ({ page, request }) => {
  // A taxpayer account of its own, its company with an individual partner or responsible (the attorney-to-be).
  const pessoasFisicas = async (q: string, headers: Record<string, string>) => {
    const socios = await (await request.get(`${api}/contribuinte/obterSocios/${q}`, { headers })).json() as { numeroPessoaSocio: number; numeroDocumentoSocio: string; nomeSocio: string }[];
    const resp = await (await request.get(`${api}/contribuinte/obterResponsavel/${q}`, { headers })).json() as { numeroPessoa: number; numeroDocumento: string; razaoSocial: string } | null;
    return [...socios.map((s) => ({ numeroPessoa: s.numeroPessoaSocio, documento: s.numeroDocumentoSocio, nome: s.nomeSocio })),
      ...(resp ? [{ numeroPessoa: resp.numeroPessoa, documento: resp.numeroDocumento, nome: resp.razaoSocial }] : [])].filter((x) => x.documento.length === 11);
  };
  const conta = await contribuinteNovo(request, async (l, headers) => (await pessoasFisicas(`${l.numeroPessoa}?caceal=${l.numeroCaceal}`, headers)).length > 0);
  const me = conta.registro;
  const caceal = me.numeroCaceal;
  await page.goto('/#/meu-cadastro');
  await signIn(page, conta.login);
  await expect(page.getByTestId('cabecalho-contribuinte')).toBeVisible();
  await page.getByRole('tab', { name: 'Procurador no Estado' }).click();
  const painel = page.getByRole('tabpanel');
  await expect(painel.getByRole('button', { name: 'Recarregar' })).toBeVisible();
  // Read once loaded (on a busy machine the tab may still be fetching: its loading text is no state to compare).
  await expect(painel.getByText('Carregando dados, por favor aguarde...')).toHaveCount(0);
  await expect(painel.getByRole('table').or(painel.getByText('Nenhum registro encontrado.'))).toBeVisible();
  const antes = await painel.innerText();
  // A clerk adds an attorney meanwhile (the responsible, an individual, or a partner with a CPF).
  const { headers } = await apiAs(request, 'auditor');
  const q = `${me.numeroPessoa}?caceal=${caceal}`;
  const pf = (await pessoasFisicas(q, headers))[0]!;
  const procs = await (await request.get(`${api}/contribuinte/obterProcuradores/${q}`, { headers })).json() as { numeroPessoa: number; dataInicioValidade: string }[];
  const d = await (await request.get(`${api}/contribuinte/obterDadosCadastrais/${q}`, { headers })).json();
  const ev = await request.post(`${api}/eventos`, { headers, data: { numeroPessoa: me.numeroPessoa, numeroCaceal: caceal, version: d.version, processo: 'E2E-MEU-31',
    atoDeclaratorio: null, protocoloRedesim: null, dataEvento: null, dataLegal: null,
    procuradores: [...procs.map((p) => ({ numeroPessoa: p.numeroPessoa, dataInicioValidade: p.dataInicioValidade })), { numeroPessoa: pf.numeroPessoa, dataInicioValidade: '2026-01-05' }] } });
  expect(ev.status(), await ev.text()).toBe(200);
  expect(await painel.innerText()).toBe(antes);
  await painel.getByRole('button', { name: 'Recarregar' }).click();
  await expect(painel).toContainText(pf.nome);
  await expect(painel).toContainText('05/01/2026');
});

test("supertela Procurador: nobody found, the name typed and an address whose state list leaves AL out; linked and saved", async ({ page, request }) => {
  const r = await registro(request);
  const nove = `53${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  const cpf = nove + cpfCheckDigits(nove);
  await page.goto(`/#/contribuinte/${r.numeroCaceal}/${r.numeroPessoa}`);
  await signIn(page, 'auditor');
  await page.getByRole('tab', { name: 'Procurador no Estado' }).click();
  await page.getByTestId('editar').check({ force: true });
  await page.getByRole('button', { name: 'Adicionar Procurador' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Adicionar Procurador' });
  await dialogo.getByRole('textbox', { name: 'CPF do procurador' }).fill(cpf);
  await dialogo.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(dialogo.getByRole('alert')).toContainText('Registro não encontrado.');
  await dialogo.getByRole('button', { name: 'Cadastrar', exact: true }).click();
  const form = dialogo.getByTestId('cadastro-procurador');
  await form.getByRole('button', { name: 'Cadastrar procurador' }).click();
  await expect(form.getByText('Este campo é obrigatório.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Nome' }).fill('Procurador Digitado E2E');
  await form.getByRole('button', { name: 'Adicionar Endereço' }).click();
  const endereco = page.getByRole('dialog', { name: 'Novo Endereço' });
  await endereco.getByRole('combobox', { name: 'Tipo de endereço' }).click();
  await page.getByRole('option').first().click();
  await endereco.getByRole('combobox', { name: 'UF' }).click();
  // §5: the attorney's state list excludes AL.
  await expect(page.getByRole('option', { name: 'Pernambuco' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Alagoas' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Pernambuco' }).click();
  await endereco.getByRole('textbox', { name: 'Logradouro' }).fill('RUA DA AURORA');
  await endereco.getByRole('button', { name: 'Salvar' }).click();
  await expect(form.getByTestId('procurador-endereco')).toContainText('RUA DA AURORA');
  await form.getByRole('button', { name: 'Cadastrar procurador' }).click();
  await expect(dialogo.getByTestId('procurador-escolhido')).toContainText('PROCURADOR DIGITADO E2E');
  const hoje = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Maceio' }).format(new Date());
  await dialogo.getByRole('textbox', { name: 'Data de início' }).fill(hoje);
  await dialogo.getByRole('textbox', { name: 'Data de início' }).press('Tab');
  await dialogo.getByRole('button', { name: 'Salvar' }).click();
  await salvarEvento(page, 'E2E-PROC-31');
  await expect(page.getByTestId('procuradores')).toContainText('PROCURADOR DIGITADO E2E');
  const { headers } = await apiAs(request, 'auditor');
  const enderecos = await (await request.get(`${api}/procurador/obterPorNumeroDocumento/${cpf}`, { headers })).json();
  expect(enderecos.endereco).toMatchObject({ uf: 'PE', tipoLogradouro: 'RUA', logradouro: 'DA AURORA' });
});
