import { expect, test, type Page } from '@playwright/test';
import { hojeEmMaceio } from '@cadastro/domain';
import { apiAs, signIn } from '../support/app';
import { registroLivre } from '../support/sujeitos';

// Issue 30 §2: the server's domain rules, shown by the screen before anything is sent (no request leaves).
const api = '/sfz-cadastro-api/api';
const naTela = (d: string) => d.split('-').reverse().join('/');
const somarDias = (d: string, n: number) => {
  const [a, m, dia] = d.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(a, m - 1, dia + n)).toISOString().slice(0, 10);
};
/** The writes of a kind the page sends (none is expected). */
function enviados(page: Page, metodo: string, caminho: RegExp) {
  const lista: string[] = [];
  page.on('request', (r) => { if (r.method() === metodo && caminho.test(r.url())) lista.push(r.url()); });
  return lista;
}

test('supertela: a porte the legal nature forbids and event dates out of the company\'s life are refused on the screen, nothing sent', async ({ page, request }) => {
  const { headers } = await apiAs(request, 'auditor');
  // A registration no other test has changed (its porte and activity start are what the rules below read).
  const r = await registroLivre(request);
  const d = await (await request.get(`${api}/contribuinte/obterDadosCadastrais/${r.numeroPessoa}?caceal=${r.numeroCaceal}`, { headers })).json();
  expect(d.identificacao.naturezaJuridica.id).not.toBe(2135); // a limitada: never MEI
  const eventos = enviados(page, 'POST', /\/eventos$/);

  await page.goto(`/#/contribuinte/${r.numeroCaceal}/${r.numeroPessoa}`);
  await signIn(page, 'auditor');
  await page.getByTestId('editar').check({ force: true });
  // MEI is only a 213-5 sole proprietor in the Simples (LC 123/2006, art. 18-A): said on the field and in the dialog.
  const mei = 'MEI é somente o empresário individual (natureza 213-5) optante do Simples Nacional (LC 123/2006, art. 18-A).';
  await page.getByRole('combobox', { name: 'Porte' }).click();
  await page.getByRole('option', { name: 'MICROEMPREENDEDOR INDIVIDUAL - MEI' }).click();
  await expect(page.getByText(mei)).toBeVisible();
  await page.getByTestId('salvar-evento').click();
  const processo = page.getByRole('dialog', { name: 'Confirmar processo' });
  await processo.getByRole('textbox', { name: 'Processo' }).fill('E2E-REGRA');
  const confirmar = processo.getByRole('button', { name: 'Salvar' });
  await expect(processo.getByTestId('processo-regra-porte')).toHaveText(mei);
  await expect(confirmar).toBeDisabled();
  await processo.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('button', { name: 'Resetar dados' }).click();

  // The event's dates: not after Maceió's today, not before the company's first activity start.
  await page.getByRole('textbox', { name: 'Nome fantasia' }).fill('FANTASIA REGRA E2E');
  await page.getByTestId('salvar-evento').click();
  await processo.getByRole('textbox', { name: 'Processo' }).fill('E2E-REGRA');
  const hoje = hojeEmMaceio();
  const dataEvento = processo.getByRole('textbox', { name: 'Data do evento' });
  await dataEvento.fill(naTela(somarDias(hoje, 1)));
  await dataEvento.press('Tab');
  await expect(processo.getByText(`A data não pode ser posterior a hoje (${naTela(hoje)}).`)).toBeVisible();
  await expect(confirmar).toBeDisabled();
  await dataEvento.fill(naTela(hoje));
  await dataEvento.press('Tab');
  await expect(confirmar).toBeEnabled();
  const dataLegal = processo.getByRole('textbox', { name: 'Data de efeito legal' });
  await dataLegal.fill(naTela(somarDias(d.identificacao.inicioEmpresa, -1)));
  await dataLegal.press('Tab');
  await expect(processo.getByText(`A data não pode ser anterior ao início das atividades da empresa (${naTela(d.identificacao.inicioEmpresa)}).`)).toBeVisible();
  await expect(confirmar).toBeDisabled();
  await dataLegal.press('Enter');
  await expect(processo).toBeVisible();
  expect(eventos).toEqual([]); // refused on the screen, nothing sent
});

test('supertela: a MEI taking an activity off Anexo XI (CGSN 140/2018) is refused on the screen, nothing sent', async ({ page, request }) => {
  const { headers } = await apiAs(request, 'auditor');
  const linhas = (await (await request.get(`${api}/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/silva/0/100`, { headers })).json()).content as
    { numeroPessoa: number; numeroCaceal: number | null; situacaoCadastral: string | null }[];
  let r: (typeof linhas)[number] | undefined;
  for (const x of linhas.filter((l) => l.numeroCaceal && l.situacaoCadastral === 'ATIVO')) {
    const d = await (await request.get(`${api}/contribuinte/obterDadosCadastrais/${x.numeroPessoa}?caceal=${x.numeroCaceal}`, { headers })).json();
    if (d.identificacao.ehMei) { r = x; break; }
  }
  expect(r, 'an active MEI in the generated registry').toBeDefined();
  const eventos = enviados(page, 'POST', /\/eventos$/);

  await page.goto(`/#/contribuinte/${r!.numeroCaceal}/${r!.numeroPessoa}`);
  await signIn(page, 'auditor');
  await page.getByRole('tab', { name: 'Atividade Econômica' }).click();
  await page.getByTestId('editar').check({ force: true });
  await page.getByRole('button', { name: 'Adicionar Atividade' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Atividade econômica' });
  await dialogo.getByRole('textbox', { name: 'Código CNAE ou descrição' }).fill('4711302');
  await dialogo.getByRole('textbox', { name: 'Código CNAE ou descrição' }).press('Enter');
  await dialogo.getByRole('button', { name: 'Escolher a atividade 4711-3/02' }).click();
  await expect(dialogo).toBeHidden();
  await page.getByTestId('salvar-evento').click();
  const processo = page.getByRole('dialog', { name: 'Confirmar processo' });
  await processo.getByRole('textbox', { name: 'Processo' }).fill('E2E-MEI');
  // Supermarkets are no MEI occupation: the server's words, before anything is sent.
  await expect(processo.getByTestId('processo-regra-mei')).toHaveText(
    'A atividade 4711-3/02 não é permitida ao MEI: o MEI exerce somente as ocupações do Anexo XI da Resolução CGSN nº 140/2018.');
  const confirmar = processo.getByRole('button', { name: 'Salvar' });
  await expect(confirmar).toBeDisabled();
  await processo.getByRole('textbox', { name: 'Processo' }).press('Enter');
  await expect(processo).toBeVisible();
  expect(eventos).toEqual([]); // refused on the screen, nothing sent
});

test('Alterar Pendência: a regularization before its competência or in the future is refused on the screen, nothing sent', async ({ page }) => {
  const alteracoes = enviados(page, 'PATCH', /\/pendencias\/alterar$/);
  await page.goto('/#/consultar-pendencias?cl=7&sit=1&page=1');
  await signIn(page, 'auditor');
  await page.getByTestId('pendencias-consultar').getByRole('button', { name: /Alterar a pendência/ }).first().click();
  const modal = page.getByRole('dialog', { name: 'Alterar Pendência' });
  await modal.getByRole('textbox', { name: 'Mês da Competência' }).fill('06');
  await modal.getByRole('textbox', { name: 'Ano da Competência' }).fill('2024');
  await modal.getByRole('combobox', { name: 'Situação' }).click();
  await page.getByRole('option', { name: 'REGULARIZADA' }).click();
  const data = modal.getByRole('textbox', { name: 'Data de regularização' });
  await data.fill('31/05/2024');
  await data.press('Tab');
  await expect(modal.getByText('A regularização não pode ser anterior à competência da pendência (06/2024).')).toBeVisible();
  await modal.getByRole('button', { name: 'Salvar' }).click();
  const hoje = hojeEmMaceio();
  await data.fill(naTela(somarDias(hoje, 1)));
  await data.press('Tab');
  await expect(modal.getByText(`A data não pode ser posterior a hoje (${naTela(hoje)}).`)).toBeVisible();
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(modal).toBeVisible();
  expect(alteracoes).toEqual([]); // refused on the screen, nothing sent
});

test('Alterar Pendência: a competência after the current month is refused on the screen, nothing sent (issue 39 §7)', async ({ page }) => {
  const alteracoes = enviados(page, 'PATCH', /\/pendencias\/alterar$/);
  await page.goto('/#/consultar-pendencias?cl=7&sit=1&page=1');
  await signIn(page, 'auditor');
  await page.getByTestId('pendencias-consultar').getByRole('button', { name: /Alterar a pendência/ }).first().click();
  const modal = page.getByRole('dialog', { name: 'Alterar Pendência' });
  await modal.getByRole('textbox', { name: 'Mês da Competência' }).fill('12');
  await modal.getByRole('textbox', { name: 'Ano da Competência' }).fill('2099');
  const hoje = hojeEmMaceio();
  await expect(modal.getByText(`A competência não pode ser posterior ao mês corrente (${hoje.slice(5, 7)}/${hoje.slice(0, 4)}).`)).toBeVisible();
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(modal).toBeVisible();
  expect(alteracoes).toEqual([]); // refused on the screen, nothing sent
});
