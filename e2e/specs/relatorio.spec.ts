import { expect, test } from '@playwright/test';
import { formatInteiro, NOMES_RELATORIO, RELATORIOS, type NomeRelatorio } from '@cadastro/domain';
import { apiAs, seriousA11yViolations, signIn } from '../support/app';

const api = '/sfz-cadastro-api/api';

test('relatórios: filter → preview → Imprimir opens the PDF, Baixar XLS downloads the spreadsheet; an empty period shows the spec\'s text', async ({ page }) => {
  await page.goto('/#/pesquisa-contribuinte-geral');
  await signIn(page, 'auditor');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Pesquisa Geral de Contribuintes' })).toBeVisible();
  const consultar = page.getByRole('button', { name: 'Consultar' });
  await expect(consultar).toBeDisabled();
  await expect(page.getByText('Informe o período para gerar o relatório.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Data inicial' }).fill('01/01/2021');
  await page.getByRole('textbox', { name: 'Data final' }).fill('31/12/2020');
  await expect(page.getByText('A data final não pode ser anterior à data inicial.')).toBeVisible();
  await expect(consultar).toBeDisabled();
  await page.getByRole('textbox', { name: 'Data final' }).fill('31/12/2021');
  await page.getByRole('textbox', { name: 'Data final' }).press('Enter');
  await expect(page).toHaveURL(/#\/pesquisa-contribuinte-geral\/pre-visualizar\?dataInicial=2021-01-01&dataFinal=2021-12-31/);
  const previa = page.getByTestId('pre-visualizacao');
  await expect(previa.getByRole('row').nth(1)).toBeVisible();
  await expect(previa.getByRole('columnheader', { name: 'Início da atividade' })).toBeVisible();
  await expect(page.getByTestId('relatorio-contagem')).toHaveText(/Exibindo \d+ registro\(s\)/);
  await expect(previa.getByRole('row').nth(1)).toContainText('/2021');
  expect(await seriousA11yViolations(page)).toEqual([]);

  const pdf = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Imprimir' }).click();
  await expect((await pdf).url()).toMatch(/^blob:/);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar XLS' }).click();
  expect((await download).suggestedFilename()).toBe('pesquisa-contribuinte-geral.xlsx');

  // Back on the filter with an empty period: the spec's empty text, Print and XLS disabled.
  await page.goto('/#/pesquisa-contribuinte-geral/pre-visualizar?dataInicial=1901-01-01&dataFinal=1901-01-31');
  await expect(page.getByTestId('empty')).toHaveText('NENHUM REGISTRO PARA EXIBIR');
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Baixar XLS' })).toBeDisabled();
});

test('relatórios: the menu lists the reports; one without filters previews at once; active taxpayers with the total', async ({ page }) => {
  await page.goto('/#/');
  await signIn(page, 'auditor', 'auditor', { openMenu: true });
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByTestId('menu-relatorios').click();
  await expect(page.getByRole('menuitem')).toHaveCount(11);
  await page.getByRole('menuitem', { name: 'CACEAL em Suspensão Temporária' }).click();
  await expect(page.getByRole('heading', { name: 'CACEAL em Suspensão Temporária' })).toBeVisible();
  await expect(page.getByTestId('pre-visualizacao').getByRole('row').nth(1)).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.goto('/#/relatorio-contribuintes-ativos');
  await expect(page.getByRole('button', { name: 'Consultar' })).toBeDisabled();
  await page.getByRole('radio', { name: 'Simples Nacional / MEI' }).check();
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByTestId('pre-visualizacao').getByRole('row', { name: /MEI/ }).first()).toBeVisible();
  await expect(page.getByTestId('relatorio-totais')).toHaveText(/Total: [\d.]+/);
  // Counts right-aligned, header and cells, so their digits line up as on paper.
  const previa = page.getByTestId('pre-visualizacao');
  for (const celula of [previa.getByRole('columnheader', { name: 'Quantidade' }), previa.getByRole('row').nth(1).getByRole('cell').nth(1)]) {
    expect(await celula.evaluate((c) => getComputedStyle(c).textAlign)).toBe('right');
  }
});

test('relatórios: a user without a report role has no Relatórios menu and is refused the page', async ({ page }) => {
  await page.goto('/#/');
  await signIn(page, 'user', 'user', { openMenu: true });
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByTestId('menu-account')).toBeVisible();
  await expect(page.getByTestId('menu-relatorios')).toHaveCount(0);
  await page.goto('/#/relatorio-caceal-nulo');
  await expect(page).toHaveURL(/accessdenied/);
});

test('relatórios: every report previews (rows or its empty text) with the buttons the spec gives it', async ({ page }) => {
  test.setTimeout(300_000);
  const periodo = 'dataInicial=1980-01-01&dataFinal=2026-12-31';
  const filtro: Record<NomeRelatorio, string> = {
    solicitacoesBaixadas: periodo, contribuintesAtivos: 'tipoConsulta=tipo', eventos: '', cacealForaInteresse: '', cacealNulo: periodo, cacealAtivoCnpjInativo: '',
    cacealAtivoEmOutraUf: '', cacealSuspensaoTemporaria: '', multiplosVivos: periodo, divergenciaResponsavel: '', contribuinteGeral: periodo,
  };
  await page.goto('/#/');
  await signIn(page, 'auditor', 'auditor', { openMenu: true });
  await expect(page.getByRole('dialog')).toBeHidden();
  for (const nome of NOMES_RELATORIO) {
    const r = RELATORIOS[nome];
    const exportar: readonly string[] = r.exportar;
    await page.goto(`/#/${r.rota}/pre-visualizar?${filtro[nome]}`);
    const previa = page.getByTestId('pre-visualizacao');
    await expect(previa.getByRole('row').nth(1).or(previa.getByTestId('empty'))).toBeVisible();
    await expect(previa.getByRole('button', { name: 'Imprimir' })).toHaveCount(exportar.includes('pdf') ? 1 : 0);
    await expect(previa.getByRole('button', { name: 'Baixar XLS' })).toHaveCount(exportar.includes('xlsx') ? 1 : 0);
    if (await previa.getByTestId('empty').isVisible()) continue;
    // Each report's own files: Imprimir opens its PDF, Baixar XLS downloads its spreadsheet.
    // Past the PDF's rows (REPORT_PDF_MAX_ROWS, 1,000 in the test server) it is refused with the spreadsheet offered (#40 §4).
    const contagem = (await page.getByTestId('relatorio-contagem').textContent()) ?? '';
    const linhas = contagem.startsWith('Mais de') ? Infinity : Number(contagem.replace(/\D/g, ''));
    if (exportar.includes('pdf') && linhas > 1000) {
      await previa.getByRole('button', { name: 'Imprimir' }).click();
      const recusa = page.getByTestId('exportacao-recusa');
      await expect(recusa).toContainText('mais de 1.000 linhas');
      await expect(recusa.getByRole('button', { name: 'Baixar planilha (XLSX)' })).toBeVisible();
      await recusa.getByRole('button', { name: 'Fechar' }).click();
    } else if (exportar.includes('pdf')) {
      const pdf = page.waitForEvent('popup');
      await previa.getByRole('button', { name: 'Imprimir' }).click();
      const janela = await pdf;
      expect({ nome, url: janela.url() }).toEqual({ nome, url: expect.stringMatching(/^blob:/) });
      await janela.close();
    }
    if (exportar.includes('xlsx')) {
      const download = page.waitForEvent('download');
      await previa.getByRole('button', { name: 'Baixar XLS' }).click();
      expect((await download).suggestedFilename()).toBe(`${r.rota}.xlsx`);
    }
  }
});

// Issue 40 §2: the preview counted up to 10,000 ("Mais de 10.000 registros") and paged no further; the total
// showed ungrouped ("Exibindo 3000 registro(s)"). Now the count is the true one and the last page is reached.
test('relatórios: the whole registry\'s preview shows its true total, grouped, and » reaches its last page with the last rows', async ({ page, request }) => {
  const { headers } = await apiAs(request, 'auditor');
  const consulta = 'dataInicial=1900-01-01&dataFinal=2026-12-31';
  const previa = async (p: number) => (await (await request.get(`${api}/relatorio/contribuintes-geral?${consulta}&page=${p}&size=20`, { headers })).json()) as { totalElements: number; content: { caceal: string }[] };
  // The registry's size from the engine's count, checked against one more source: the status counters of the home picture.
  const { totalElements: total } = await previa(0);
  const panorama = (await (await request.get(`${api}/relatorio/panorama`, { headers })).json()) as { situacoes: { quantidade: number }[] };
  expect(total).toBe(panorama.situacoes.reduce((s, x) => s + x.quantidade, 0));
  expect(total).toBeGreaterThan(1000);
  const ultima = Math.ceil(total / 20);
  const fim = (await previa(ultima - 1)).content;
  expect(fim).toHaveLength(total - (ultima - 1) * 20);

  await page.goto(`/#/pesquisa-contribuinte-geral/pre-visualizar?${consulta}`);
  await signIn(page, 'auditor');
  await expect(page.getByTestId('relatorio-contagem')).toHaveText(`Exibindo ${formatInteiro(total)} registro(s)`);
  await page.getByRole('button', { name: 'Última página' }).click();
  await expect(page).toHaveURL(new RegExp(`page=${ultima}(&|$)`));
  const linhas = page.getByTestId('pre-visualizacao').getByRole('row');
  await expect(linhas.last()).toContainText(fim.at(-1)!.caceal);
  await expect(linhas).toHaveCount(fim.length + 1);
  await expect(page.getByRole('button', { name: `Página ${ultima}` })).toHaveAttribute('aria-current', 'page');
  // After a reload the same last page (the page is in the URL).
  await page.reload();
  await expect(linhas.last()).toContainText(fim.at(-1)!.caceal);
  await expect(page.getByTestId('relatorio-contagem')).toHaveText(`Exibindo ${formatInteiro(total)} registro(s)`);
});
