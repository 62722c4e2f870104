import { expect, test, type APIRequestContext } from '@playwright/test';
import { formatCaceal, formatCnpj, formatCpf, formatInteiro } from '@cadastro/domain';
import { apiAs, seriousA11yViolations, signIn } from '../support/app';
import { reservar } from '../support/sujeitos';

const api = '/sfz-cadastro-api/api';
type Linha = { sequencial: number; cnpj: string; competencia: string; situacao: { sequencial: number } };

/** An open registry-origin pendência (classification 7) of a CNPJ whose pendências no other test (or earlier attempt) has changed. */
async function pendenciaLivre(request: APIRequestContext): Promise<Linha> {
  const { headers } = await apiAs(request, 'auditor');
  const abertas = (await (await request.post(`${api}/pendencias/consultar`, { headers, data: { classificacao: 7, situacao: [1], tamanho: 100 } })).json()).content as Linha[];
  const p = abertas.find((x) => reservar(`pendencias-${x.cnpj}`));
  if (!p) throw new Error('no open pendência of an unclaimed CNPJ in the seed');
  return p;
}

test('consultar-pendencias: by CNPJ and competence period → regularize an open registry-origin pendência', async ({ page, request }) => {
  const p = await pendenciaLivre(request);
  const [ano, mes] = p.competencia.split('-') as [string, string];

  await page.goto('/#/consultar-pendencias');
  await signIn(page, 'auditor');
  await expect(page.getByRole('heading', { name: 'Consultar Pendências' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Consultar por' }).click();
  await page.getByRole('option', { name: 'CNPJ', exact: true }).click();
  await page.getByRole('textbox', { name: 'Número' }).fill(p.cnpj);
  // Focus jumps month → year → final month → final year (§5).
  await page.getByRole('textbox', { name: 'Mês da Competência inicial' }).pressSequentially(mes);
  await expect(page.getByRole('textbox', { name: 'Ano da Competência inicial' })).toBeFocused();
  await page.keyboard.type(ano);
  await expect(page.getByRole('textbox', { name: 'Mês da Competência final' })).toBeFocused();
  await page.keyboard.type(mes);
  await page.keyboard.type(ano);
  await page.getByRole('button', { name: 'Consultar' }).click();

  const lista = page.getByTestId('pendencias-consultar');
  const linha = lista.getByRole('row').filter({ hasText: formatCnpj(p.cnpj) }).first();
  await expect(linha).toBeVisible();
  await expect(page).toHaveURL(/doc=CNPJ/);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await linha.getByRole('button', { name: /Regularizar a pendência/ }).click();
  const dialogo = page.getByRole('dialog', { name: 'Regularizar Pendência' });
  await expect(dialogo).toBeVisible();
  await dialogo.getByRole('button', { name: 'Sim' }).click();
  await expect(linha.getByTestId('situacao-pendencia')).toHaveText('REGULARIZADA');
  await expect(linha.getByRole('button', { name: /Regularizar a pendência/ })).toHaveCount(0);
  // Saved: the same search read again after a reload (the success alert lasts 5 s).
  await page.reload();
  await expect(linha.getByTestId('situacao-pendencia')).toHaveText('REGULARIZADA');
});

test('consultar-pendencias: a bad month disables Consultar; a period with nothing says so', async ({ page }) => {
  await page.goto('/#/consultar-pendencias');
  await signIn(page, 'atendente');
  const consultar = page.getByRole('button', { name: 'Consultar' });
  await page.getByRole('textbox', { name: 'Mês da Competência inicial' }).fill('13');
  await page.getByRole('textbox', { name: 'Ano da Competência inicial' }).fill('2020');
  await expect(page.getByText('Mês de 1 a 12.')).toBeVisible();
  await expect(consultar).toBeDisabled();
  await page.getByRole('textbox', { name: 'Mês da Competência inicial' }).fill('01');
  await page.getByRole('textbox', { name: 'Ano da Competência inicial' }).fill('1990');
  await page.getByRole('textbox', { name: 'Mês da Competência final' }).fill('12');
  await page.getByRole('textbox', { name: 'Ano da Competência final' }).fill('1990');
  await expect(consultar).toBeEnabled();
  await page.getByRole('textbox', { name: 'Ano da Competência final' }).press('Enter');
  await expect(page.getByText('Não houve resultado para a consulta.')).toBeVisible();
  // A consult-only clerk sees no change actions.
  await page.getByRole('textbox', { name: 'Mês da Competência inicial' }).fill('');
  await page.getByRole('textbox', { name: 'Ano da Competência inicial' }).fill('');
  await page.getByRole('textbox', { name: 'Mês da Competência final' }).fill('');
  await page.getByRole('textbox', { name: 'Ano da Competência final' }).fill('');
  await consultar.click();
  await expect(page.getByTestId('pendencias-consultar').getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: /Regularizar a pendência/ })).toHaveCount(0);
});

test('the taxpayer detail: the Pendências tab lists the registration’s pendências', async ({ page, request }) => {
  const { headers } = await apiAs(request, 'atendente');
  const p = ((await (await request.post(`${api}/pendencias/consultar`, { headers, data: { tamanho: 1 } })).json()).content as Linha[])[0]!;
  const c = (await (await request.get(`${api}/contribuinte/obterListaContribuintes/CNPJ/${p.cnpj}/0/1`, { headers })).json()).content[0] as { numeroPessoa: number; numeroCaceal: number };
  await page.goto(`/#/contribuinte/${c.numeroCaceal}/${c.numeroPessoa}`);
  await signIn(page, 'atendente');
  await page.getByRole('tab', { name: 'Pendências' }).click();
  await expect(page.getByTestId('pendencias-aba').getByRole('row').filter({ hasText: formatCnpj(p.cnpj) }).first()).toBeVisible();
});

test('Alterar Pendência: a regularized situation needs its date; the saved row replaces the old one', async ({ page, request }) => {
  const p = await pendenciaLivre(request);
  await page.goto(`/#/consultar-pendencias?doc=CNPJ&numero=${p.cnpj}&cl=7&sit=1&page=1`);
  await signIn(page, 'auditor');
  const lista = page.getByTestId('pendencias-consultar');
  await lista.getByRole('button', { name: /Alterar a pendência/ }).first().click();
  const modal = page.getByRole('dialog', { name: 'Alterar Pendência' });
  await expect(modal).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await modal.getByRole('combobox', { name: 'Situação' }).click();
  await page.getByRole('option', { name: 'REGULARIZADA' }).click();
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(modal.getByText('Informe a data de regularização de uma pendência regularizada.')).toBeVisible();
  await modal.getByRole('combobox', { name: 'Situação' }).click();
  await page.getByRole('option', { name: 'PENDENTE' }).click();
  await modal.getByRole('textbox', { name: 'Descrição' }).fill('Endereço do estabelecimento desatualizado (E2E)');
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(modal).toHaveCount(0);
  await expect(lista.getByRole('row').filter({ hasText: 'Endereço do estabelecimento desatualizado (E2E)' })).toHaveCount(1);
  // Saved: read again after a reload (the success alert lasts 5 s).
  await page.reload();
  await expect(lista.getByRole('row').filter({ hasText: 'Endereço do estabelecimento desatualizado (E2E)' })).toHaveCount(1);
});

// Issue 40 §3 and §2: open and overdue first, each row naming its taxpayer; the total the true one, every page reachable.
test('consultar-pendencias: the overdue open ones first, marked Vencida, with CACEAL and name; the true total and » reaches the last page', async ({ page, request }) => {
  const { headers } = await apiAs(request, 'atendente');
  const pedir = async (pagina: number) => (await (await request.post(`${api}/pendencias/consultar`, { headers, data: { pagina, tamanho: 10 } })).json()) as {
    totalElements: number; content: (Linha & { caceal: number; digitoCaceal: number; razaoSocial: string; pendencia: string })[];
  };
  const { totalElements: total, content: [primeira] } = await pedir(0);
  const ultima = Math.ceil(total / 10);
  const fim = (await pedir(ultima - 1)).content;
  expect(fim).toHaveLength(total - (ultima - 1) * 10);
  await page.goto('/#/consultar-pendencias');
  await signIn(page, 'atendente');
  await page.getByRole('button', { name: 'Consultar' }).click();
  const lista = page.getByTestId('pendencias-consultar');
  const linha = lista.getByRole('row').nth(1);
  await expect(linha.getByTestId('situacao-pendencia')).toHaveText('PENDENTE');
  await expect(linha.getByTestId('pendencia-vencida')).toHaveText('Vencida');
  await expect(linha.getByTestId('contribuinte-pendencia')).toContainText(formatCaceal(primeira!.caceal, primeira!.digitoCaceal));
  await expect(linha.getByTestId('contribuinte-pendencia')).toContainText(primeira!.razaoSocial);
  await expect(page.getByTestId('item-count')).toHaveText(`Exibindo 1 - 10 de ${formatInteiro(total)} registros`);
  expect(await seriousA11yViolations(page)).toEqual([]);
  // The last page: the rows the server lists last, and the count says so.
  await page.getByRole('button', { name: 'Última página' }).click();
  await expect(page.getByTestId('item-count')).toHaveText(`Exibindo ${formatInteiro((ultima - 1) * 10 + 1)} - ${formatInteiro(total)} de ${formatInteiro(total)} registros`);
  await expect(lista.getByRole('row')).toHaveCount(fim.length + 1);
  await expect(lista.getByRole('row').last()).toContainText(fim.at(-1)!.pendencia);
});

test('a produtor rural’s pendências: the column says CPF and shows his CPF masked as one (§3: the `cnpj` holds it)', async ({ page, request }) => {
  const { headers } = await apiAs(request, 'atendente');
  let p: (Linha & { caceal: number }) | undefined;
  for (let pagina = 0; !p && pagina < 30; pagina++) {
    const lote = (await (await request.post(`${api}/pendencias/consultar`, { headers, data: { pagina, tamanho: 100 } })).json()).content as (Linha & { caceal: number })[];
    if (!lote.length) break;
    p = lote.find((x) => x.cnpj.length === 11);
  }
  if (!p) throw new Error('no pendência of a CPF-held registration in the seed');
  await page.goto(`/#/consultar-pendencias?doc=CACEAL&numero=${p.caceal}&page=1`);
  await signIn(page, 'atendente');
  const lista = page.getByTestId('pendencias-consultar');
  await expect(lista.getByRole('row').nth(1)).toContainText(formatCpf(p.cnpj));
  await expect(lista.getByRole('columnheader').first()).toHaveText('CPF');
});
