import { expect, test } from '@playwright/test';
import { apiAs, seriousA11yViolations, signIn } from '../support/app';
import { registroLivre } from '../support/sujeitos';

const api = '/sfz-cadastro-api/api';

test('edital: create → link taxpayers by paste → sign → confirm publication → the taxpayers are SUSPENSO with the notice in their history', async ({ page, request }) => {
  const { headers } = await apiAs(request, 'editais');
  // Two active registrations of its own: the notice suspends them.
  const [a, b] = [(await registroLivre(request)).numeroCaceal, (await registroLivre(request)).numeroCaceal];
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
  // §4: the future-status combo leaves out the linked registrations' current status (both ATIVO).
  await page.getByRole('combobox', { name: 'Situação cadastral futura' }).click();
  await expect(page.getByRole('option', { name: 'SUSPENSO', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'ATIVO', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');

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
  await page.getByRole('button', { name: `Publicar o edital ${numero} (confirmar a publicação)` }).click();
  await expect(page.getByRole('heading', { name: 'Confirmação da Publicação' })).toBeVisible();
  await expect(page).toHaveURL(/ehConfirmacao=true/);
  // A publication dated tomorrow: the server's rule, shown before anything is sent.
  const dataPublicacao = page.getByTestId('edital-data-publicacao');
  const hoje = await dataPublicacao.inputValue();
  const amanha = new Date(Date.UTC(Number(hoje.slice(6)), Number(hoje.slice(3, 5)) - 1, Number(hoje.slice(0, 2)) + 1)).toISOString().slice(0, 10).split('-').reverse().join('/');
  const confirmacoes: string[] = [];
  page.on('request', (r) => { if (r.method() === 'POST' && /\/api\/edital$/.test(r.url())) confirmacoes.push(r.url()); });
  await dataPublicacao.fill(amanha);
  await dataPublicacao.press('Tab');
  await page.getByTestId('edital-confirmar-publicacao').click();
  await expect(page.getByText(`A data não pode ser posterior a hoje (${hoje}).`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Confirmação da Publicação' })).toBeVisible();
  expect(confirmacoes).toEqual([]); // refused on the screen, nothing sent
  await dataPublicacao.fill(hoje);
  await dataPublicacao.press('Tab');
  await page.getByTestId('edital-confirmar-publicacao').click();
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

test('edital: delete EM EDIÇÃO and PRONTO PARA PUBLICAR only after the confirm dialog; republish a published notice', async ({ page, request }) => {
  const { headers } = await apiAs(request, 'editais');
  // Three active registrations of its own (the third one's notice is published).
  const [c1, c2, c3] = [(await registroLivre(request, { termo: 'comercio' })).numeroCaceal, (await registroLivre(request, { termo: 'comercio' })).numeroCaceal,
    (await registroLivre(request, { termo: 'comercio' })).numeroCaceal];
  const equipe = (await (await request.get(`${api}/responsaveis-edital`, { headers })).json()) as { numeroPessoa: number }[];
  const eu = Math.min(...equipe.map((p) => p.numeroPessoa));
  const novo = async (...caceais: number[]) => {
    const r = await request.post(`${api}/edital/cadastro`, {
      headers,
      data: { tituloEdital: 'EDITAL E2E', idTipoEdital: 3, texto: 'Texto.', numeroPessoaResponsavel: eu, idSituacaoCadastralFutura: 2, motivos: [201], vinculados: caceais.map((numeroCaceal) => ({ numeroCaceal })) },
    });
    expect(r.status()).toBe(200);
    return (await r.json()).edital as { id: number; numero: string };
  };
  const assinar = async (id: number) => expect((await request.post(`${api}/edital/assinatura`, { headers, data: { id } })).status()).toBe(200);
  // The draft names many registrations: its list is paged, 50 a page.
  const outros = (await (await request.get(`${api}/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/ltda/0/100`, { headers })).json()).content as { numeroCaceal: number; situacaoCadastral: string }[];
  const muitos = [...new Set([c1, ...outros.filter((e) => e.situacaoCadastral === 'ATIVO').map((e) => e.numeroCaceal)])].filter((c) => c !== c2 && c !== c3);
  const rascunho = await novo(...muitos);
  const pronto = await novo(c2);
  await assinar(pronto.id);
  const publicado = await novo(c3);
  await assinar(publicado.id);
  expect((await request.post(`${api}/edital`, { headers, data: { id: publicado.id, dataPublicacao: '2026-11-20' } })).status()).toBe(200);

  await page.goto('/#/consultar-edital');
  await signIn(page, 'editais');
  const porNumero = async (numero: string) => {
    await page.getByRole('combobox', { name: 'Consultar por' }).click();
    await page.getByRole('option', { name: 'Número do Edital' }).click();
    await page.getByTestId('edital-numero').fill(numero.replace('/', ''));
    await page.getByTestId('edital-numero').press('Enter');
    await expect(page).toHaveURL(new RegExp(`numero=${numero.replace('/', '')}`));
  };

  await porNumero(rascunho.numero);
  await page.getByRole('button', { name: `Editar o edital ${rascunho.numero}` }).click();
  await expect(page.getByRole('heading', { name: `Contribuintes vinculados (${muitos.length})` })).toBeVisible();
  expect(muitos.length).toBeGreaterThan(50);
  await expect(page.getByTestId('item-count')).toHaveText(`Exibindo 1 - 50 de ${muitos.length} registros`);
  await page.getByRole('button', { name: 'Página 2' }).click();
  await expect(page.getByTestId('item-count')).toHaveText(`Exibindo 51 - ${Math.min(100, muitos.length)} de ${muitos.length} registros`);
  await page.getByRole('button', { name: 'Voltar' }).click();

  for (const e of [rascunho, pronto]) {
    await porNumero(e.numero);
    await expect(page.getByRole('cell', { name: e.numero, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `Editar o edital ${e.numero}` })).toHaveCount(e === pronto ? 0 : 1);
    // Cancelar keeps the notice…
    await page.getByRole('button', { name: `Excluir o edital ${e.numero}` }).click();
    const dialogo = page.getByRole('dialog', { name: 'Excluir edital' });
    await expect(dialogo).toContainText(`Excluir o edital ${e.numero}? Esta ação não pode ser desfeita.`);
    if (e === rascunho) expect(await seriousA11yViolations(page)).toEqual([]); // the dialog open (#32)
    await dialogo.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialogo).toHaveCount(0);
    await expect(page.getByRole('cell', { name: e.numero, exact: true })).toBeVisible();
    // …OK deletes it.
    await page.getByRole('button', { name: `Excluir o edital ${e.numero}` }).click();
    await dialogo.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Nenhum registro encontrado.')).toBeVisible();
    expect((await request.get(`${api}/edital/por-id/${e.id}`, { headers })).status()).toBe(404);
  }

  // A published notice: no X; the pencil opens it read-only with the republication.
  await porNumero(publicado.numero);
  await expect(page.getByRole('button', { name: `Excluir o edital ${publicado.numero}` })).toHaveCount(0);
  await page.getByRole('button', { name: `Editar o edital ${publicado.numero}` }).click();
  await expect(page.getByRole('heading', { name: 'Edição de Edital' })).toBeVisible();
  await expect(page.getByTestId('edital-situacao')).toHaveText('Situação do edital: PUBLICADO');
  await expect(page.getByTestId('edital-salvar')).toHaveCount(0);
  const republicar = page.getByRole('button', { name: 'Republicar' });
  await expect(republicar).toBeDisabled();
  await page.getByRole('textbox', { name: 'Nova data de publicação' }).fill('25/11/2026');
  await page.getByRole('textbox', { name: 'Nova data de publicação' }).press('Tab');
  await republicar.click();
  await expect(page.getByTestId('edital-situacao')).toHaveText('Situação do edital: REPUBLICADO');
  expect(await (await request.get(`${api}/edital/por-id/${publicado.id}`, { headers })).json()).toMatchObject({ codigoSituacao: 4, dataPublicacao: '2026-11-25' });
  // Back returns to the search by number, where REPUBLICADO has neither pencil nor X, only the PDF.
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page.getByRole('cell', { name: 'REPUBLICADO', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Editar o edital ${publicado.numero}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Abrir o PDF do edital ${publicado.numero}` })).toBeVisible();
});
