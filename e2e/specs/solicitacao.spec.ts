import { expect, test } from '@playwright/test';
import { formatCnpj } from '@cadastro/domain';
import { apiAs, seriousA11yViolations, signIn } from '../support/app';

const api = '/sfz-cadastro-api/api';
type Rds = { numProtocoloRedesim: string; numCnpj: string; dthSolicitacao: string };

/** A company with both a REDESIM and a Simples Nacional request, found through the API like a clerk would. */
async function empresaComSolicitacoes(request: Parameters<typeof apiAs>[0]) {
  const { headers } = await apiAs(request, 'atendente');
  const lista = (await (await request.get(`${api}/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/ltda/0/100`, { headers })).json()).content as { numeroPessoa: number; numeroCaceal: number; cnpj: string }[];
  for (const c of lista) {
    const s = (await (await request.get(`${api}/solicitacao/consultar?cnpj=${c.cnpj}`, { headers })).json()) as { rds: Rds[]; csn: unknown[] };
    if (s.rds.length) return { ...c, rds: s.rds[0]! };
  }
  throw new Error('no company with a request in the seed');
}

test('Solicitações tab → the request detail modal (every section), Fechar clears the outlet, a reload of the URL reopens it', async ({ page, request }) => {
  const c = await empresaComSolicitacoes(request);
  await page.goto(`/#/contribuinte/${c.numeroCaceal}/${c.numeroPessoa}`);
  await signIn(page, 'atendente');
  await page.getByRole('tab', { name: 'Solicitações' }).click();
  const aba = page.getByTestId('solicitacoes-aba');
  await expect(aba.getByRole('button', { name: `Abrir o detalhe da solicitação ${c.rds.numProtocoloRedesim}` })).toBeVisible();
  await expect(aba.getByTestId('status-solicitacao').first()).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await aba.getByRole('button', { name: `Abrir o detalhe da solicitação ${c.rds.numProtocoloRedesim}` }).click();
  const modal = page.getByRole('dialog', { name: 'Detalhe da Solicitação RDS' });
  await expect(modal).toBeVisible();
  await expect(page).toHaveURL(/detalhamentoSolicitacao=contribuinte%2Fsolicitacao-rds%2F/);
  await expect(modal.getByTestId('sec-solicitacao')).toContainText(c.rds.numProtocoloRedesim);
  await expect(modal.getByTestId('sec-identificacao')).toContainText(formatCnpj(c.cnpj));
  await expect(modal.getByTestId('sec-atividades')).toContainText(/Exibindo \d+ registros/);
  await expect(modal.getByTestId('sec-mensagens')).toContainText('Solicitação recebida e registrada no Cadastro.');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Detalhe da Solicitação RDS' })).toBeVisible();
  // The footer button (the header's × is named Fechar too).
  await page.getByRole('dialog').getByRole('button', { name: 'Fechar' }).last().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).not.toHaveURL(/detalhamentoSolicitacao/);
  await expect(page.getByRole('heading', { name: 'Dados do Contribuinte' })).toBeVisible();
});

test('the modal by its own path; an unknown protocol leaves every section empty', async ({ page, request }) => {
  const c = await empresaComSolicitacoes(request);
  await page.goto(`/#/contribuinte/solicitacao-rds/${c.rds.numProtocoloRedesim}/detalhe-solicitacao-modal`);
  await signIn(page, 'atendente');
  const modal = page.getByRole('dialog', { name: 'Detalhe da Solicitação RDS' });
  await expect(modal.getByTestId('sec-solicitacao')).toContainText(c.rds.numProtocoloRedesim);
  await page.goto('/#/?detalhamentoSolicitacao=contribuinte%2Fsolicitacao-rds%2FALP9999999999%2Fdetalhe-solicitacao-modal');
  await expect(modal.getByTestId('sec-solicitacao')).toContainText('Não houve resultado para a consulta');
  await expect(modal.getByTestId('sec-mensagens')).toContainText('Não houve resultado para a consulta');
});

test('public request consultation, signed out: protocol and day → status and messages; a wrong day finds nothing', async ({ page, request }) => {
  const c = await empresaComSolicitacoes(request);
  // The day in Alagoas (UTC−3).
  const dia = new Date(new Date(c.rds.dthSolicitacao).getTime() - 3 * 3600_000).toISOString().slice(0, 10);
  const [a, m, d] = dia.split('-');
  await page.goto('/#/consulta-publica-solicitacao');
  await expect(page.getByRole('heading', { name: 'Consultar Solicitação' })).toBeVisible();
  const consultar = page.getByRole('button', { name: 'Consultar' });
  await expect(consultar).toBeDisabled();
  await page.getByRole('textbox', { name: 'Protocolo' }).fill(c.rds.numProtocoloRedesim);
  await page.getByRole('textbox', { name: 'Data da solicitação' }).fill(`${d}/${m}/${a}`);
  // The shared date field's calendar covers the heading: Escape closes it, then the click leaves the field.
  await page.getByRole('textbox', { name: 'Data da solicitação' }).press('Escape');
  await page.getByRole('heading', { name: 'Consultar Solicitação' }).click();
  await consultar.click();
  const res = page.getByTestId('solicitacoes-publicas');
  await expect(res).toContainText(c.rds.numProtocoloRedesim);
  await expect(res).toContainText('Solicitação recebida e registrada no Cadastro.');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.goto(`/#/consulta-publica-solicitacao?tipo=protocolo&numero=${c.rds.numProtocoloRedesim}&data=1990-01-01`);
  await expect(page.getByText('Não houve resultado para a consulta.')).toBeVisible();
});
