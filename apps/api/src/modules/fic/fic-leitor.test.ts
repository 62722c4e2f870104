import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { cacealCheckDigit, formatCpf, mascararCpf } from '@cadastro/domain';
import { query } from '../../db/consulta.js';
import { expectProblem, startTestApp, type Client, type TestApp } from '../../test/harness.js';
import { textoDoPdf } from '../../test/pdf.js';

/**
 * Who reads a FIC (issue 39 §1, §5): an individual's whole CPF only for the registry's readers and the
 * registration's own account, the same on the three routes; the public's prints on the public PDF lane,
 * and never an obstacle to undoing a registration.
 */
let t: TestApp;
const api = '/sfz-cadastro-api/api';
const all = <T>(text: string) => query<T>(t.db, sql.raw(text));
const one = async <T>(text: string) => (await all<T>(text))[0]!;

type Individuo = { caceal: number; cpf: string; id: number };
let seq = 0;
/** A new registration of an individual nobody's account stands for yet (each test takes its own). */
async function registroDeIndividuo(): Promise<Individuo> {
  const p = await one<{ numero_pessoa: number; cpf: string }>(`select numero_pessoa, numero_documento as cpf from pessoa where tipo = 'F'
    and numero_pessoa not in (select numero_pessoa from contribuinte) and numero_pessoa not in (select numero_pessoa from usuario where numero_pessoa is not null)
    order by numero_pessoa desc offset ${seq++} limit 1`);
  const caceal = 24099990 - seq;
  const c = await one<{ id: number }>(`insert into contribuinte (numero_caceal, digito_caceal, numero_pessoa, indicador_matriz, data_inicio_atividade, situacao_id, data_situacao)
    values (${caceal}, ${cacealCheckDigit(String(caceal))}, ${p.numero_pessoa}, 'M', '2026-11-01', 1, '2026-11-01') returning id`);
  return { caceal, cpf: p.cpf, id: Number(c.id) };
}

/** A ROLE_USER account made through the public sign-up (register, the mail's key, activate). */
async function autorregistrado(login: string): Promise<Client> {
  const c = t.client();
  expect((await c.post('/api/register', { login, email: `${login}@exemplo.com.br`, password: 'segredo1', langKey: 'pt-br' })).statusCode).toBe(201);
  const key = /#\/activate\/([A-Za-z0-9]{20})/.exec((await t.lastMailTo(`${login}@exemplo.com.br`)).textBody ?? '')![1];
  expect((await c.get(`/api/activate?key=${key}`)).statusCode).toBe(200);
  const signed = await t.as(login, 'segredo1');
  expect((await signed.get('/api/account')).json().authorities).toEqual(['ROLE_USER']);
  return signed;
}

let leitores: Record<'anonimo' | 'autorregistrado' | 'contador' | 'atendente' | 'dono', Client>;
let individuo: Individuo;

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 150, seed: 23 } });
  individuo = await registroDeIndividuo();
  const admin = await t.as('admin');
  // The registration's own account: the demo taxpayer, linked to that person by an administrator.
  expect((await admin.put('/api/users/contribuinte/pessoa', { numeroDocumento: individuo.cpf })).statusCode).toBe(200);
  // The demo accountant, linked to an accountant in charge of some other company.
  await t.db.execute(sql`update usuario set numero_pessoa = (select min(numero_pessoa_contador) from contribuinte_contador) where login = 'contador'`);
  leitores = {
    anonimo: t.client(),
    autorregistrado: await autorregistrado('curioso'),
    contador: await t.as('contador'),
    atendente: await t.as('atendente'),
    dono: await t.as('contribuinte'),
  };
}, 120_000);
afterAll(() => t.close());

describe('FIC: who reads an individual\'s whole CPF', () => {
  const inteiro = { anonimo: false, autorregistrado: false, contador: false, atendente: true, dono: true } as const;

  it('whole only to a registry reader and the registration\'s own account, masked to anyone else, on the three routes', async () => {
    const mascarado = mascararCpf(individuo.cpf);
    // A code issued by the public, checked by each reader below.
    const codigo = String((await t.client({ remoteAddress: '10.39.1.1' }).get(`${api}/relatorio/fic/imprimir?caceal=${individuo.caceal}`)).headers['x-codigo-verificacao']);
    expect(codigo).toMatch(/^[0-9A-Z]{12}$/);
    for (const [quem, c] of Object.entries(leitores) as [keyof typeof inteiro, Client][]) {
      const esperado = inteiro[quem] ? individuo.cpf : mascarado;
      const dados = await c.get(`${api}/contribuinte/obterDadosFic/${individuo.caceal}`);
      expect(dados.statusCode, quem).toBe(200);
      expect(dados.json().cnpj, quem).toBe(esperado);
      const pdf = await c.get(`${api}/relatorio/fic/imprimir?caceal=${individuo.caceal}`);
      expect(pdf.statusCode, `${quem}: ${pdf.body.slice(0, 200)}`).toBe(200);
      // pdf.js splits text runs after a hyphen: compared without spaces.
      const texto = (await textoDoPdf(pdf.rawPayload)).texto.replace(/\s/g, '');
      expect(texto.includes(formatCpf(individuo.cpf)), `${quem}: ${texto.slice(0, 300)}`).toBe(inteiro[quem]);
      expect(texto, quem).toContain(inteiro[quem] ? formatCpf(individuo.cpf) : mascarado);
      const v = await c.get(`${api}/public/fic/verificar/${codigo}`);
      expect(v.statusCode, quem).toBe(200);
      expect(v.json().fic.cnpj, quem).toBe(esperado);
    }
    // The issued snapshot keeps the whole number: the mask is applied per reader, not stored.
    expect((await one<{ cnpj: string }>(`select conteudo->>'cnpj' as cnpj from fic_emissao where codigo = '${codigo}'`)).cnpj).toBe(individuo.cpf);
  });

  it('a company\'s CNPJ is shown whole to anyone', async () => {
    const c = await one<{ numero_caceal: number; doc: string }>(`select c.numero_caceal, p.numero_documento as doc from contribuinte c
      join pessoa p using (numero_pessoa) where p.tipo = 'J' order by c.id limit 1`);
    expect((await leitores.anonimo.get(`${api}/contribuinte/obterDadosFic/${c.numero_caceal}`)).json().cnpj).toBe(c.doc);
  });
});

describe('FIC prints by the public', () => {
  it('render on the public PDF lane; the registry\'s staff print on theirs', async () => {
    const render = vi.spyOn(t.built.ctx.pdf, 'render');
    try {
      for (const quem of ['anonimo', 'autorregistrado', 'dono', 'atendente'] as const) {
        render.mockClear();
        expect((await leitores[quem].get(`${api}/relatorio/fic/imprimir?caceal=${individuo.caceal}`)).statusCode, quem).toBe(200);
        expect(render, quem).toHaveBeenCalledTimes(1);
        expect(render.mock.calls[0]![1], quem).toEqual(quem === 'atendente' ? undefined : { publico: true });
      }
    } finally {
      render.mockRestore();
    }
  });

  it('do not make a registration undeletable; a FIC the registry\'s staff printed does', async () => {
    const auditor = await t.as('auditor');
    const r = await registroDeIndividuo();
    for (const quem of ['anonimo', 'autorregistrado'] as const) {
      expect((await leitores[quem].get(`${api}/relatorio/fic/imprimir?caceal=${r.caceal}`)).statusCode).toBe(200);
    }
    expect(await all(`select emitida_por from fic_emissao where contribuinte_id = ${r.id}`)).toEqual([{ emitida_por: null }, { emitida_por: null }]);
    const excluida = await auditor.delete(`${api}/contribuinte/${r.caceal}`);
    expect(excluida.statusCode, excluida.body).toBe(200);
    // Its issues went with it: a code of a registration that never was checks out as unknown.
    expect(await all(`select 1 from fic_emissao where contribuinte_id = ${r.id}`)).toEqual([]);

    const s = await registroDeIndividuo();
    expect((await leitores.anonimo.get(`${api}/relatorio/fic/imprimir?caceal=${s.caceal}`)).statusCode).toBe(200);
    expect((await leitores.atendente.get(`${api}/relatorio/fic/imprimir?caceal=${s.caceal}`)).statusCode).toBe(200);
    const p = expectProblem(await auditor.delete(`${api}/contribuinte/${s.caceal}`), 409);
    expect(p).toMatchObject({ message: 'error.contribuinte.comHistorico', params: 'fic' });
    expect(await all(`select 1 from contribuinte where id = ${s.id}`)).toHaveLength(1);
  });
});
