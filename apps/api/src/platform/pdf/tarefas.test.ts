import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
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
const ate = async (f: () => boolean) => {
  for (let i = 0; i < 200 && !f(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(f()).toBe(true);
};
const status = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as HttpProblem).status;
  }
  return 200;
};

let tarefas: TarefasPdf;
afterEach(() => tarefas.close());

describe('background PDFs', () => {
  it('run in phases: rows read, then the file, offered to its owner only once done', async () => {
    tarefas = new TarefasPdf({ porUsuario: 2, ttlMs: 60_000 });
    const w = trabalho();
    const { id, fase } = tarefas.iniciar(1, 'r.pdf', w.gerar);
    expect(fase).toBe('consultando');
    await ate(() => tarefas.ler(id, 1).linhas === 7);
    expect(tarefas.ler(id, 1).fase).toBe('montando');
    expect(status(() => tarefas.arquivo(id, 1))).toBe(409);
    w.terminar('%PDF-1.7 …');
    await ate(() => tarefas.ler(id, 1).fase === 'pronta');
    expect(tarefas.arquivo(id, 1).corpo.toString()).toBe('%PDF-1.7 …');
    expect(tarefas.ler(id, 1).bytes).toBe(Buffer.byteLength('%PDF-1.7 …'));
    // Another user: as if there were no such job.
    expect(status(() => tarefas.ler(id, 2))).toBe(404);
    expect(status(() => tarefas.arquivo(id, 2))).toBe(404);
  });

  it('refuse a user one more running job than allowed (429), while another user starts theirs', async () => {
    tarefas = new TarefasPdf({ porUsuario: 1, ttlMs: 60_000 });
    const w = trabalho();
    const a = tarefas.iniciar(1, 'a.pdf', w.gerar);
    expect(status(() => tarefas.iniciar(1, 'b.pdf', trabalho().gerar))).toBe(429);
    expect(tarefas.iniciar(2, 'c.pdf', trabalho().gerar).fase).toBe('consultando');
    w.terminar('x');
    await ate(() => tarefas.ler(a.id, 1).fase === 'pronta');
    // A finished job no longer counts against the user.
    expect(tarefas.iniciar(1, 'b.pdf', trabalho().gerar).fase).toBe('consultando');
  });

  it('keep a failure\'s own problem for its owner (a refusal for size names the limit)', async () => {
    tarefas = new TarefasPdf({ porUsuario: 1, ttlMs: 60_000 });
    const w = trabalho();
    const { id } = tarefas.iniciar(1, 'a.pdf', w.gerar);
    w.falhar(new HttpProblem(422, 'grande', { message: 'relatorio.pdfGrandeDemais', limite: 5, alternativa: { formato: 'xlsx', href: '/x/baixar' } }));
    await ate(() => tarefas.ler(id, 1).fase === 'falhou');
    expect(tarefas.ler(id, 1).erro).toMatchObject({ status: 422, message: 'relatorio.pdfGrandeDemais', limite: 5, alternativa: { href: '/x/baixar' } });
    expect(status(() => tarefas.arquivo(id, 1))).toBe(422);
  });

  it('drop a finished job once its time is up', async () => {
    tarefas = new TarefasPdf({ porUsuario: 1, ttlMs: 50 });
    const w = trabalho();
    const { id } = tarefas.iniciar(1, 'a.pdf', w.gerar);
    w.terminar('x');
    await ate(() => tarefas.ler(id, 1).fase === 'pronta');
    await new Promise((r) => setTimeout(r, 80));
    expect(status(() => tarefas.ler(id, 1))).toBe(404);
  });
});
