import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../db/consulta.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { HttpProblem } from '../errors/problem.js';
import { TarefasPdf } from './tarefas.js';

/** A job's work held open until the test lets it finish: what a long PDF looks like to the store. */
function trabalho() {
  let terminar!: (bytes: string) => void;
  let falhar!: (e: Error) => void;
  const feito = new Promise<string>((res, rej) => {
    terminar = res;
    falhar = rej;
  });
  // Failed before the job awaits it: not an unhandled rejection.
  feito.catch(() => undefined);
  return {
    gerar: async (avanco: { linhas(n: number): void }) => {
      avanco.linhas(7);
      return Readable.from([Buffer.from(await feito)]);
    },
    terminar,
    falhar,
  };
}
const ate = async (f: () => Promise<boolean>) => {
  for (let i = 0; i < 400 && !(await f()); i++) await new Promise((r) => setTimeout(r, 10));
  expect(await f()).toBe(true);
};
const status = async (f: () => Promise<unknown>) => f().then(() => 200, (e: unknown) => (e as HttpProblem).status);

/** The store on the app's own database (tarefa_pdf); two users of the seed. */
let t: TestApp;
let um: number;
let dois: number;
const nova = (porUsuario: number, ttlMs = 60_000) => new TarefasPdf(() => t.db, t.built.ctx.tarefas, { porUsuario, ttlMs });
beforeAll(async () => {
  t = await startTestApp();
  const ids = await query<{ id: number }>(t.db, sql`select id::int id from usuario where login in ('auditor', 'admin') order by login`);
  [um, dois] = ids.map((u) => u.id) as [number, number];
});
afterAll(() => t.close());

describe('background PDFs', () => {
  it('run in phases: rows read, then the file, offered to its owner only once done', async () => {
    const tarefas = nova(2);
    const w = trabalho();
    const { id, fase } = await tarefas.iniciar(um, 'r.pdf', w.gerar);
    // The job starts at once: by the time the answer is read it may already be laying the file out.
    expect(fase).toMatch(/^(consultando|montando)$/);
    await ate(async () => (await tarefas.ler(id, um)).linhas === 7);
    expect((await tarefas.ler(id, um)).fase).toBe('montando');
    expect(await status(() => tarefas.arquivo(id, um))).toBe(409);
    w.terminar('%PDF-1.7 …');
    await ate(async () => (await tarefas.ler(id, um)).fase === 'pronta');
    expect((await tarefas.arquivo(id, um)).corpo.toString()).toBe('%PDF-1.7 …');
    expect((await tarefas.ler(id, um)).bytes).toBe(Buffer.byteLength('%PDF-1.7 …'));
    // Another user: as if there were no such job.
    expect(await status(() => tarefas.ler(id, dois))).toBe(404);
    expect(await status(() => tarefas.arquivo(id, dois))).toBe(404);
  });

  it('are answered by another process on the same database (a replica behind nginx gets the next call)', async () => {
    const w = trabalho();
    const { id } = await nova(1).iniciar(um, 'r.pdf', w.gerar);
    const outra = nova(1);
    expect((await outra.ler(id, um)).fase).toMatch(/consultando|montando/);
    w.terminar('%PDF-1.7 outro');
    await ate(async () => (await outra.ler(id, um)).fase === 'pronta');
    expect((await outra.arquivo(id, um)).corpo.toString()).toBe('%PDF-1.7 outro');
  });

  it('refuse a user one more running job than allowed (429), while another user starts theirs', async () => {
    const tarefas = nova(1);
    const w = trabalho();
    const a = await tarefas.iniciar(um, 'a.pdf', w.gerar);
    expect(await status(() => tarefas.iniciar(um, 'b.pdf', trabalho().gerar))).toBe(429);
    const c = trabalho();
    expect((await tarefas.iniciar(dois, 'c.pdf', c.gerar)).fase).toMatch(/^(consultando|montando)$/);
    w.terminar('x');
    await ate(async () => (await tarefas.ler(a.id, um)).fase === 'pronta');
    // A finished job no longer counts against the user.
    const b = trabalho();
    expect((await tarefas.iniciar(um, 'b.pdf', b.gerar)).fase).toMatch(/^(consultando|montando)$/);
    b.terminar('x');
    c.terminar('x');
    await t.built.ctx.tarefas.drain();
  });

  it('keep a failure\'s own problem for its owner (a refusal for size names the limit)', async () => {
    const tarefas = nova(1);
    const w = trabalho();
    const { id } = await tarefas.iniciar(um, 'a.pdf', w.gerar);
    w.falhar(new HttpProblem(422, 'grande', { message: 'relatorio.pdfGrandeDemais', limite: 5, alternativa: { formato: 'xlsx', href: '/x/baixar' } }));
    await ate(async () => (await tarefas.ler(id, um)).fase === 'falhou');
    expect((await tarefas.ler(id, um)).erro).toMatchObject({ status: 422, message: 'relatorio.pdfGrandeDemais', limite: 5, alternativa: { href: '/x/baixar' } });
    expect(await status(() => tarefas.arquivo(id, um))).toBe(422);
  });

  it('drop a finished job once its time is up', async () => {
    const tarefas = nova(1, 1_000);
    const w = trabalho();
    const { id } = await tarefas.iniciar(um, 'a.pdf', w.gerar);
    w.terminar('x');
    await ate(async () => (await tarefas.ler(id, um)).fase === 'pronta');
    await new Promise((r) => setTimeout(r, 1_200));
    expect(await status(() => tarefas.ler(id, um))).toBe(404);
  });
});
