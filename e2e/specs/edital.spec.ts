import { expect, test } from '@playwright/test';
import { apiAs, seriousA11yViolations, signIn } from '../support/app';

const api = '/sfz-cadastro-api/api';

test('edital: create → link taxpayers by paste → sign → confirm publication → the taxpayers are SUSPENSO with the notice in their history', async ({ page, request }) => {
  const { headers } = await apiAs(request, 'editais');
  const empresas = (await (await request.get(`${api}/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/ltda/0/50`, { headers })).json()).content as { numeroCaceal: number; situacaoCadastral: string }[];
  const [a, b] = empresas.filter((e) => e.situacaoCadastral === 'ATIVO').map((e) => e.numeroCaceal);
  if (!a || !b) throw new Error('no two active registrations in the seed');
  // The signed-in manager stands for the first member of GESTOR_EDITAL (demo-accounts).
  const equipe = (await (await request.get(`${api}/responsaveis-edital`, { headers })).json()) as { numeroPessoa: number; razaoSocial: string }[];
  const eu = equipe.reduce((m, p) => (p.numeroPessoa < m.numeroPessoa ? p : m));

  await page.goto('/#/consultar-edital');
  await signIn(page, 'editais');
  await expect(page.getByRole('heading', { name: 'Consultar Edital' })).toBeVisible();
  await expect(page.getByTestId('edital-consultar')).toBeDisabled();
  await page.getByRole('combobox', { name: 'Consultar por' }).click();
  await page.getByRole('option', { name: 'Em Edição' }).click();
  await page.getByTestId('edital-consultar').click();
  await expect(page).toHaveURL(/tipoConsulta=situacao/);
  await expect(page.getByRole('table')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByTestId('edital-novo').click();
  await expect(page.getByRole('heading', { name: 'Cadastro de Edital' })).toBeVisible();
  await page.getByTestId('edital-salvar').click();
  await expect(page.getByText('Campo obrigatório').first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Tipo de edital' }).click();
  await page.getByRole('option', { name: 'SUSPENSÃO' }).click();
  await page.getByTestId('edital-titulo').fill('EDITAL DE SUSPENSÃO E2E');
  await page.getByTestId('edital-texto').fill('Torna pública a suspensão das inscrições relacionadas.');
  await page.getByRole('combobox', { name: 'Responsável' }).click();
  await page.getByRole('option', { name: eu.razaoSocial, exact: true }).first().click();
  await page.getByRole('combobox', { name: 'Situação cadastral futura' }).click();
  await page.getByRole('option', { name: 'SUSPENSO', exact: true }).click();
  // The pills field wraps the input (and takes the click).
  await page.getByRole('combobox', { name: /Motivos/ }).click({ force: true });
  await page.getByRole('option', { name: /^201 - / }).click();
  await page.keyboard.press('Escape');

  await page.getByTestId('edital-incluir-lista').click();
  const dialogo = page.getByRole('dialog', { name: 'Lista de CACEAL' });
  await dialogo.getByTestId('lista-caceal-texto').fill(`${a}\t\t\tNão localizado\n${b}\n${a}\t\t\tNão localizado\n13000000`);
  await dialogo.getByTestId('lista-caceal-adicionar').click();
  await expect(dialogo.locator('tr[data-invalida="true"]')).toHaveCount(1);
  await expect(dialogo.getByText('CACEAL inválido')).toBeVisible();
  await expect(dialogo.getByTestId('lista-caceal-ok')).toBeDisabled();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await dialogo.getByRole('button', { name: 'Remover a linha 3' }).click();
  await expect(dialogo.getByTestId('lista-caceal-ok')).toBeEnabled();
  await dialogo.getByTestId('lista-caceal-ok').click();
  await expect(page.getByRole('heading', { name: 'Contribuintes vinculados (2)' })).toBeVisible();

  await page.getByTestId('edital-salvar').click();
  await expect(page).toHaveURL(/#\/edital\/edicao\/\d+/);
  await expect(page.getByRole('heading', { name: 'Edição de Edital' })).toBeVisible();
  await page.getByTestId('edital-assinar').click();
  await expect(page.getByTestId('edital-situacao')).toHaveText('Situação do edital: PRONTO PARA PUBLICAR');
  await expect(page.getByTestId('edital-salvar')).toHaveCount(0);
  const numero = (await page.getByRole('textbox', { name: 'Número', exact: true }).inputValue());

  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/#\/consultar-edital\?.*tipoConsulta=situacao/);
  await page.getByRole('combobox', { name: 'Consultar por' }).click();
  await page.getByRole('option', { name: 'Pronto para Publicar' }).click();
  await page.getByTestId('edital-consultar').click();
  await page.getByRole('button', { name: `Confirmar a publicação do edital ${numero}` }).click();
  await expect(page.getByRole('heading', { name: 'Confirmação da Publicação' })).toBeVisible();
  await expect(page).toHaveURL(/ehConfirmacao=true/);
  await page.getByTestId('edital-confirmar-publicacao').click();
  await expect(page.getByText('Publicação confirmada: 2 contribuinte(s) com a situação cadastral alterada.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Consultar Edital' })).toBeVisible();

  const auditor = await apiAs(request, 'auditor');
  for (const c of [a, b]) {
    const h = await (await request.post(`${api}/historico/consultar/situacao-cadastral/por-caceal`, { headers: auditor.headers, data: { caceal: c } })).json();
    expect(h.content[0]).toMatchObject({ descricaoSituacaoCadastralHistorico: 'SUSPENSO', numeroEdital: numero });
  }
});

test('consulta pública de edital: no sign-in, at least one filter, published notices only', async ({ page }) => {
  await page.goto('/#/consulta-publica-edital');
  await expect(page.getByRole('heading', { name: 'Consulta Pública de Edital' })).toBeVisible();
  await page.getByTestId('publica-consultar').click();
  await expect(page.getByText('Informe ao menos um filtro.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Publicação de' }).fill('01/01/2020');
  await page.getByRole('textbox', { name: 'Publicação até' }).fill('31/12/2026');
  await page.getByTestId('publica-consultar').click();
  await expect(page).toHaveURL(/dataInicial=2020-01-01/);
  await expect(page.getByRole('button', { name: /^Abrir o PDF do edital/ }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'EM EDIÇÃO' })).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
});
