import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiAs } from '../support/app';
import { janelasAbertas, previaDoRelatorio, segurar } from '../support/segurar';

/**
 * #40 §4: every export shows its progress in the page from the click on (no blank tab that stays empty
 * for seconds, or opens and closes on a refusal), then delivers its file; a report PDF past its rows
 * (REPORT_PDF_MAX_ROWS, 1,000 in the test server) is refused in the page with the limit formatted and
 * the spreadsheet offered, which downloads.
 * The first answer is held until the progress has been seen: what a slow server looks like, without a race.
 */
const SUSPENSOES = '/#/relatorio-caceal-suspensao-temporaria';

test('a report PDF: its progress in the page, then the file in a new window; past its rows, the spreadsheet offered and downloaded', async ({ page }) => {
  test.setTimeout(180_000);
  const previa = await previaDoRelatorio(page, SUSPENSOES);

  const soltar = await segurar(page, '**/imprimir/tarefa**', 1);
  const janelas = janelasAbertas(page);
  await previa.getByRole('button', { name: 'Imprimir' }).click();
  const progresso = page.getByTestId('exportacao-progresso');
  await expect(progresso).toContainText('Gerando o PDF: lendo os registros…');
  // The seconds and their unit never part at a line's end (a phone wrapped "0" / "s").
  await expect(progresso).toContainText(/registros… \d+\u00a0s$/);
  // Nothing opened while the file is being made.
  expect(janelas).toEqual([]);
  const popup = page.waitForEvent('popup', { timeout: 90_000 });
  // The finished file as the page receives it (passed on untouched).
  let pdf: { tipo?: string; inicio: string } | undefined;
  await page.route(/\/tarefa-pdf\/[\w-]+\/arquivo$/, async (route) => {
    const r = await route.fetch();
    pdf = { tipo: r.headers()['content-type'], inicio: (await r.body()).subarray(0, 5).toString() };
    await route.fulfill({ response: r });
  });
  soltar();
  const janela = await popup;
  expect(janela.url()).toMatch(/^blob:/);
  await expect(progresso).toHaveCount(0);
  // What the window shows is the finished PDF the page fetched.
  expect(pdf).toEqual({ tipo: 'application/pdf', inicio: '%PDF-' });
  await janela.close();

  // Past the PDF's rows: the general report over every year (the seed's 3,000 taxpayers).
  await page.goto('/#/pesquisa-contribuinte-geral/pre-visualizar?dataInicial=1980-01-01&dataFinal=2026-12-31');
  await expect(previa.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByTestId('relatorio-contagem')).toHaveText(/Exibindo \d\.?\d{3} registro\(s\)|Mais de/);
  const antes = janelas.length;
  await previa.getByRole('button', { name: 'Imprimir' }).click();
  const recusa = page.getByTestId('exportacao-recusa');
  await expect(recusa).toContainText('O relatório tem mais de 1.000 linhas, o máximo de um PDF: baixe a planilha.');
  expect(janelas.length).toBe(antes);
  const download = page.waitForEvent('download', { timeout: 90_000 });
  await recusa.getByRole('button', { name: 'Baixar planilha (XLSX)' }).click();
  const arquivo = await download;
  expect(arquivo.suggestedFilename()).toBe('pesquisa-contribuinte-geral.xlsx');
  // A real spreadsheet (a zip), not an error page.
  expect(fs.readFileSync((await arquivo.path())!).subarray(0, 2).toString()).toBe('PK');
  await expect(recusa).toHaveCount(0);
});

test('a spreadsheet and a one-document PDF (the FIC) show their progress too, then deliver the file', async ({ page, request }) => {
  test.setTimeout(180_000);
  const previa = await previaDoRelatorio(page, SUSPENSOES);
  const soltar = await segurar(page, '**/cacealSuspensaoTemporaria/baixar**', 1);
  await previa.getByRole('button', { name: 'Baixar XLS' }).click();
  await expect(page.getByTestId('exportacao-progresso')).toContainText('Baixando a planilha:');
  const download = page.waitForEvent('download', { timeout: 90_000 });
  soltar();
  expect((await download).suggestedFilename()).toBe('relatorio-caceal-suspensao-temporaria.xlsx');
  await expect(page.getByTestId('exportacao-progresso')).toHaveCount(0);

  // The FIC (anyone may print it): the bytes counted in the page, the window opened with the file only.
  const { headers } = await apiAs(request, 'atendente');
  const lista = (await (await request.get('/sfz-cadastro-api/api/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/ltda/0/1', { headers })).json()) as { content: { numeroCaceal: number }[] };
  await page.goto(`/#/fic/${lista.content[0]!.numeroCaceal}`);
  await expect(page.getByTestId('fic-certificado')).toBeVisible();
  const soltarFic = await segurar(page, '**/relatorio/fic/imprimir**', 1);
  const janelas = janelasAbertas(page);
  await page.getByRole('button', { name: 'Imprimir' }).click();
  await expect(page.getByTestId('exportacao-progresso')).toContainText('Preparando o PDF:');
  expect(janelas).toEqual([]);
  const popup = page.waitForEvent('popup', { timeout: 90_000 });
  soltarFic();
  expect((await popup).url()).toMatch(/^blob:/);
  await expect(page.getByTestId('exportacao-progresso')).toHaveCount(0);
});
