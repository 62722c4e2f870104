import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Authority, formatInteiro, NOMES_RELATORIO, RELATORIOS, type EstadoTarefaPdf, type NomeRelatorio } from '@cadastro/domain';
import { expectProblem, startTestApp, type Client, type TestApp } from '../../test/harness.js';
import { textoDoPdf } from '../../test/pdf.js';
import { API_RELATORIO, FILTRO_DE_TESTE } from '../../test/relatorio-filtros.js';

/**
 * #40 §4: a report PDF rendered in the background (a job of the caller's own, asked for its state, then
 * its file), and a PDF past its rows refused at once with the limit and the spreadsheet offered.
 * The limit is small here (REPORT_PDF_MAX_ROWS) so a test registry has reports on both sides of it.
 */
const MAX = 60;
let t: TestApp;
let auditor: Client;
let outro: Client;
/** A report within the PDF's rows, and one past them (found in the generated registry). */
let pequeno: NomeRelatorio;
let grande: NomeRelatorio;
const url = (n: NomeRelatorio, sufixo: string) => `${API_RELATORIO}/${RELATORIOS[n].caminho}${sufixo}?${FILTRO_DE_TESTE[n]}`;
const estado = (c: Client, id: string) => c.get(`${API_RELATORIO}/tarefa-pdf/${id}`);

async function pronta(id: string): Promise<EstadoTarefaPdf> {
  for (let i = 0; i < 600; i++) {
    const e = (await estado(auditor, id)).json<EstadoTarefaPdf>();
    if (e.fase === 'pronta' || e.fase === 'falhou') return e;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the job never ended');
}

beforeAll(async () => {
  t = await startTestApp({ REPORT_PDF_MAX_ROWS: String(MAX) }, { registry: { taxpayers: 1500, seed: 18 } });
  auditor = await t.as('auditor');
  const admin = await t.as('admin');
  // A second user with the same report roles: only the jobs are not theirs.
  const login = 'relatorios2';
  expect((await admin.post('/api/users', { login, email: `${login}@x.com.br`, authorities: [Authority.USER, ...new Set(NOMES_RELATORIO.flatMap((n) => RELATORIOS[n].acesso))] })).statusCode).toBe(201);
  const key = /#\/reset\/([A-Za-z0-9]{20})/.exec((await t.lastMailTo(`${login}@x.com.br`)).textBody ?? '')![1]!;
  expect((await t.client().post('/api/account/reset-password/finish', { key, newPassword: `${login}-senha` })).statusCode).toBe(200);
  outro = await t.as(login, `${login}-senha`);
  const comPdf = NOMES_RELATORIO.filter((n) => (RELATORIOS[n].exportar as readonly string[]).includes('pdf'));
  const total = async (n: NomeRelatorio) => (await auditor.get(url(n, ''))).json<{ totalElements: number }>().totalElements;
  const totais = await Promise.all(comPdf.map(async (n) => [n, await total(n)] as const));
  pequeno = totais.find(([, n]) => n > 0 && n <= MAX)![0];
  grande = totais.find(([, n]) => n > MAX)![0];
}, 180_000);
afterAll(() => t.close());

describe('a report PDF in the background', () => {
  it('answers 202 with the job at once, tells the rows read, then hands its owner the file', async () => {
    const r = await auditor.post(url(pequeno, '/imprimir/tarefa'), {});
    expect(r.statusCode, r.body).toBe(202);
    const job = r.json<EstadoTarefaPdf>();
    expect(job.fase).toBe('consultando');
    expect(r.headers.location).toBe(`${API_RELATORIO}/tarefa-pdf/${job.id}`);
    const fim = await pronta(job.id);
    const linhas = (await auditor.get(url(pequeno, ''))).json<{ totalElements: number }>().totalElements;
    expect(fim).toMatchObject({ fase: 'pronta', linhas });
    expect(fim.bytes).toBeGreaterThan(1000);
    const pdf = await auditor.get(`${API_RELATORIO}/tarefa-pdf/${job.id}/arquivo`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.length).toBe(fim.bytes);
    const { texto } = await textoDoPdf(pdf.rawPayload);
    expect(texto).toContain(`${formatInteiro(linhas)} registro(s)`);
  }, 120_000);

  it('is another user\'s 404 (state and file), a user without a report role\'s 403, an id not a job\'s 400', async () => {
    const job = (await auditor.post(url(pequeno, '/imprimir/tarefa'), {})).json<EstadoTarefaPdf>();
    await pronta(job.id);
    expectProblem(await estado(outro, job.id), 404);
    expectProblem(await outro.get(`${API_RELATORIO}/tarefa-pdf/${job.id}/arquivo`), 404);
    expectProblem(await estado(await t.as('user'), job.id), 403);
    expectProblem(await estado(auditor, 'nao-e-um-id'), 400);
    // The owner still has it.
    expect((await auditor.get(`${API_RELATORIO}/tarefa-pdf/${job.id}/arquivo`)).statusCode).toBe(200);
  }, 120_000);
});

describe('a report PDF past its rows', () => {
  it('is refused at once (no job), with the limit formatted, the limit and the spreadsheet of the same filter', async () => {
    for (const r of [await auditor.post(url(grande, '/imprimir/tarefa'), {}), await auditor.get(url(grande, '/imprimir'))]) {
      const p = expectProblem(r, 422) as ReturnType<typeof expectProblem> & { limite?: number; alternativa?: { formato: string; href: string }; params?: string };
      expect(p).toMatchObject({ message: 'relatorio.pdfGrandeDemais', params: String(MAX), limite: MAX, alternativa: { formato: 'xlsx' } });
      expect(p.detail).toContain(formatInteiro(MAX));
      // The same filter (every parameter the call had; a default the filter adds may come along).
      const href = new URL(p.alternativa!.href, 'http://x');
      expect(href.pathname).toBe(`${API_RELATORIO}/${RELATORIOS[grande].caminho}/baixar`);
      for (const [k, v] of new URLSearchParams(FILTRO_DE_TESTE[grande])) expect(href.searchParams.get(k)).toBe(v);
    }
  });

  it('offers a spreadsheet the same user can download', async () => {
    const p = (await auditor.get(url(grande, '/imprimir'))).json<{ alternativa: { href: string } }>();
    const xlsx = await auditor.get(p.alternativa.href);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });
});
