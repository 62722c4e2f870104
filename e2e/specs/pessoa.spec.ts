import { expect, test } from '@playwright/test';
import { formatCpf } from '@cadastro/domain';
import { documentosSoNaReceita } from '../../apps/api/src/seed/gerador/receita-documentos';
import { apiAs, seriousA11yViolations, signIn } from '../support/app';
import { registroLivre, reservar } from '../support/sujeitos';

const api = '/sfz-cadastro-api/api';

test('pessoa: search a CPF → the individual page → edit the name → saved, Salvar disabled again', async ({ page, request }) => {
  const { headers } = await apiAs(request, 'auditor');
  // An individual partner of some company (the taxpayer search gives companies, obterSocios their QSA), renamed
  // below: one no other test (or earlier attempt) has renamed.
  const achado: { cpf?: string } = {};
  await registroLivre(request, {
    situacao: null,
    serve: async (e) => {
      const socios = (await (await request.get(`${api}/contribuinte/obterSocios/${e.numeroPessoa}`, { headers })).json()) as { numeroDocumentoSocio: string }[];
      achado.cpf = socios.map((x) => x.numeroDocumentoSocio).find((d) => d.length === 11 && reservar(`cpf-${d}`));
      return !!achado.cpf;
    },
  });
  const cpf = achado.cpf!;

  await page.goto('/#/pessoa');
  await signIn(page, 'auditor');
  await expect(page.getByRole('heading', { name: 'Consultar Pessoa' })).toBeVisible();
  const campo = page.getByRole('textbox', { name: 'CPF ou CNPJ' });
  const consultar = page.getByRole('button', { name: 'Consultar' });
  await campo.fill(cpf.slice(0, 10) + String((Number(cpf[10]) + 1) % 10));
  await expect(page.getByText('Dígito verificador inválido.')).toBeVisible();
  await expect(consultar).toBeDisabled();
  await campo.fill(cpf);
  await expect(campo).toHaveValue(formatCpf(cpf));
  await campo.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/pessoa/${cpf}$`));
  await expect(page.getByRole('heading', { name: 'Pessoa Física' })).toBeVisible();
  await expect(page.getByTestId('empresas-socio').getByRole('row')).not.toHaveCount(1);
  expect(await seriousA11yViolations(page)).toEqual([]);

  const salvar = page.getByRole('button', { name: 'Salvar' });
  await expect(salvar).toBeDisabled();
  const nome = page.getByRole('textbox', { name: 'Nome' });
  const original = await nome.inputValue();
  await nome.fill(`${original} E2E`);
  await expect(salvar).toBeEnabled();
  await nome.fill(original);
  await expect(salvar).toBeDisabled();
  await nome.fill(`${original} E2E`);
  await salvar.click();
  await expect(page.getByTestId('pessoa-salva')).toHaveText('Alteração realizada com sucesso!');
  await expect(salvar).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Nome' })).toHaveValue(`${original} E2E`);

  // A row of the partner table opens that taxpayer.
  await page.getByTestId('empresas-socio').getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/#\/contribuinte\//);
});

test('pessoa: a consult-only clerk sees the page read-only (no Salvar, fields disabled)', async ({ page, request }) => {
  const { headers } = await apiAs(request, 'atendente');
  const empresas = (await (await request.get(`${api}/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/ltda/0/5`, { headers })).json()).content as { cnpj: string }[];
  await page.goto(`/#/pessoa-juridica/${empresas[0]!.cnpj}`);
  await signIn(page, 'atendente');
  await expect(page.getByRole('heading', { name: 'Pessoa Jurídica' })).toBeVisible();
  // An accountant company's CRC form disabled; a company that is none says so, with nothing to register (#40 §7).
  const bloco = page.getByTestId('bloco-contador');
  await expect(bloco).toBeVisible();
  if (await bloco.getByTestId('contador-vazio').count()) await expect(bloco.getByRole('button', { name: 'Cadastrar dados de contador' })).toHaveCount(0);
  else await expect(page.getByRole('textbox', { name: 'Número do CRC' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
});

test('pessoa: an unknown document says so and offers Cadastrar to whoever may register', async ({ page }) => {
  const { cpfs } = documentosSoNaReceita(1);
  await page.goto('/#/pessoa');
  await signIn(page, 'auditor');
  await page.getByRole('textbox', { name: 'CPF ou CNPJ' }).fill(cpfs[0]!.doc);
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByTestId('pessoa-nao-encontrada')).toContainText('Registro não encontrado.');
  await page.getByRole('link', { name: 'Cadastrar' }).click();
  await expect(page).toHaveURL(/#\/cadastra-pessoa\?documento=\d{11}/);
  await expect(page.getByRole('textbox', { name: 'CPF ou CNPJ' })).toHaveValue(formatCpf(cpfs[0]!.doc));
});

test('cadastra-pessoa: a CNPJ from the federal registry → the success modal → Ver dados completos', async ({ page, request }) => {
  const { headers } = await apiAs(request, 'auditor');
  // A company the Receita knows and the registry does not (yet): the seed's federal-only records.
  let alvo: { doc: string; nome: string } | undefined;
  for (const c of documentosSoNaReceita(1).cnpjs) {
    if ((await request.get(`${api}/pessoa/${c.doc}`, { headers })).status() === 404) { alvo = c; break; }
  }
  expect(alvo).toBeDefined();
  await page.goto('/#/cadastra-pessoa');
  await signIn(page, 'auditor');
  await expect(page.getByRole('heading', { name: 'Cadastrar Pessoa' })).toBeVisible();
  await page.getByRole('textbox', { name: 'CPF ou CNPJ' }).fill(alvo!.doc);
  await page.getByRole('button', { name: 'Consultar' }).click();
  const modal = page.getByRole('dialog', { name: 'Pessoa cadastrada/atualizada com sucesso' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(alvo!.nome);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await modal.getByRole('button', { name: 'Ver dados completos' }).click();
  await expect(page).toHaveURL(new RegExp(`#/pessoa-juridica/${alvo!.doc}$`));
  await expect(page.getByTestId('bloco-basico')).toContainText(alvo!.nome);
  await expect(page.getByTestId('bloco-endereco')).toContainText('CENTRO');

  // Not at the Receita: a clear message, nothing registered.
  await page.goto('/#/cadastra-pessoa');
  await page.getByRole('textbox', { name: 'CPF ou CNPJ' }).fill('11.222.333/0001-81');
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByTestId('cadastro-erro')).toHaveText('Documento não encontrado na Receita Federal.');
});
