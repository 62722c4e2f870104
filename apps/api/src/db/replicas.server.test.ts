import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { PgCluster } from '../test/pg-cluster.js';
import { linkDemoTaxpayerAccount } from '../seed/demo-accounts.js';
import { seedRegistry } from '../seed/registro.js';
import { startTestApp, type Client, type TestApp } from '../test/harness.js';
import { ate, ComStandby, esperar } from '../test/standby.js';
import { WAL_COOKIE, WAL_HEADER } from './replicas.js';

/**
 * A primary and one streaming replica of the test's own (initdb + pg_basebackup -R on loopback).
 * Reads of GET requests go to the replica unless it has not replayed the client's last write, lags
 * beyond DATABASE_REPLICA_MAX_LAG_MS, or is gone; replay is paused to make the replica stale at will.
 */
const MAX_LAG_MS = 3_000;
const api = '/sfz-cadastro-api/api';
let primario: PgCluster | undefined;
let replica: PgCluster | undefined;
let bancos: ComStandby;
let t: TestApp;

beforeAll(async () => {
  primario = await PgCluster.create();
  replica = await PgCluster.replicaOf(primario);
  bancos = new ComStandby(primario, replica);
  t = await startTestApp({ DATABASE_URL: primario.url, DATABASE_REPLICA_URLS: replica.url, DATABASE_REPLICA_MAX_LAG_MS: String(MAX_LAG_MS) });
  await seedRegistry(t.built.ctx.database, { taxpayers: 200, seed: 33 });
  await linkDemoTaxpayerAccount(t.db); // the notice clerk becomes a person (a notice's responsible)
}, 180_000);
afterAll(async () => {
  await Promise.allSettled([t?.close(), bancos?.end()]);
  replica?.destroy();
  primario?.destroy();
});

const estado = () => t.built.ctx.database.replicas!.estado()[0]!;
const contagem = () => ({ ...t.built.ctx.database.replicas!.contagem });
const um = <T>(text: string) => bancos.um<T>(text);
const emDia = () => bancos.emDia(t);
const comReplayParado = (fn: () => Promise<void>) => bancos.replayParado(fn);
const comWal = (c: Client, url: string, wal: string) => c.request('GET', url, undefined, { [WAL_HEADER]: wal });

/**
 * The writer reads what it wrote at once (its WAL position sends the read to the primary), while a
 * client without it is served by the paused replica and sees the lag; both agree once replay resumes.
 */
async function lerOQueEscreveu(escritor: Client, outro: Client, url: string, escrever: () => Promise<LightMyRequestResponse>) {
  await emDia();
  const antes = (await outro.get(url)).body;
  let meu = '';
  await comReplayParado(async () => {
    const w = await escrever();
    expect(w.statusCode, w.body).toBe(200);
    const wal = String(w.headers[WAL_HEADER]);
    expect(wal).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    expect([w.headers['set-cookie']].flat().join('\n')).toContain(`${WAL_COOKIE}=${wal}; Path=/`);
    const r = contagem();
    meu = (await comWal(escritor, url, wal)).body;
    expect(meu).not.toBe(antes);
    // The same position as a cookie, as a browser sends it.
    const porCookie = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${escritor.token}`, cookie: `${WAL_COOKIE}=${wal}` } });
    expect(porCookie.body).toBe(meu);
    expect(contagem().replica).toBe(r.replica);
    expect((await outro.get(url)).body).toBe(antes);
    expect(contagem().replica).toBeGreaterThan(r.replica);
  });
  await emDia();
  expect((await outro.get(url)).body).toBe(meu);
}

describe('read replicas: a clerk never reads older than their own last write', { timeout: 60_000 }, () => {
  it('after a status change', async () => {
    const [auditor, outro] = await Promise.all([t.as('auditor'), t.as('auditor')]);
    const a = await um<{ numero_pessoa: string; numero_caceal: number; version: number }>(`select c.numero_pessoa, c.numero_caceal, c.version from contribuinte c
      where c.situacao_id = 1 and (select count(*) from contribuinte x where x.numero_pessoa = c.numero_pessoa) = 1 order by c.id limit 1`);
    await lerOQueEscreveu(auditor, outro, `${api}/contribuinte/situacaoPessoa/${a.numero_pessoa}`, () =>
      auditor.post(`${api}/contribuinte/alterarSituacaoPessoa`, {
        numeroPessoa: Number(a.numero_pessoa), sequencialSituacaoPessoa: 2, sequencialMotivoPessoa: 202, versoes: [{ numeroCaceal: a.numero_caceal, version: a.version }],
      }),
    );
  });

  it('after a supertela event', async () => {
    const [auditor, outro] = await Promise.all([t.as('auditor'), t.as('auditor')]);
    const r = await um<{ numero_pessoa: string; numero_caceal: number; version: number; cnae: string }>(`select c.numero_pessoa, c.numero_caceal, c.version,
      (select id from ref_cnae where id not in (select cnae from atividade_contribuinte where contribuinte_id = c.id) order by id limit 1) as cnae
      from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa
      where p.tipo = 'J' and exists (select 1 from atividade_contribuinte a where a.contribuinte_id = c.id and a.eh_principal)
        -- not a MEI: the activity is the first CNAE of the table, which Anexo XI need not allow
        and not c.eh_mei and c.porte_id is distinct from 3 order by c.id limit 1`);
    await lerOQueEscreveu(auditor, outro, `${api}/contribuinte/obterAtividades/${r.numero_pessoa}?caceal=${r.numero_caceal}`, () =>
      auditor.post(`${api}/eventos`, {
        processo: '2026.000333', atoDeclaratorio: 'Ato de teste', protocoloRedesim: null, dataEvento: '2026-11-20', dataLegal: '2026-11-21',
        numeroPessoa: Number(r.numero_pessoa), numeroCaceal: r.numero_caceal, version: r.version, atividades: [{ codigoCnae: r.cnae, ehAtividadePrincipal: true }],
      }),
    );
  });

  it('after a notice publication', async () => {
    const [editais, outro] = await Promise.all([t.as('editais'), t.as('editais')]);
    const responsavel = Number((await um<{ n: string }>(`select numero_pessoa as n from usuario where login = 'editais'`)).n);
    const ativos = (await bancos.primario.query(`select numero_caceal as c from contribuinte where situacao_id = 1 order by id desc limit 2`)).rows.map((x) => Number(x.c));
    const cad = await editais.post(`${api}/edital/cadastro`, {
      tituloEdital: 'EDITAL DE BAIXA DE OFÍCIO', idTipoEdital: 3, texto: 'Torna pública a baixa de ofício dos contribuintes relacionados.',
      numeroPessoaResponsavel: responsavel, idSituacaoCadastralFutura: 4, motivos: [402], vinculados: ativos.map((numeroCaceal) => ({ numeroCaceal })),
    });
    expect(cad.statusCode, cad.body).toBe(200);
    const id = cad.json<{ edital: { id: number } }>().edital.id;
    expect((await editais.post(`${api}/edital/assinatura`, { id })).statusCode).toBe(200);
    await lerOQueEscreveu(editais, outro, `${api}/edital/por-id/${id}`, () => editais.post(`${api}/edital`, { id, dataPublicacao: '2026-11-20' }));
  });
});

describe('a replica that lags or goes away', { timeout: 60_000 }, () => {
  const BUSCA = `${api}/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/comercio/0/10`;

  it(`lagging beyond ${MAX_LAG_MS} ms: out of rotation (reads fall back to the primary, health says so); back once it catches up`, async () => {
    const [leitor, admin] = await Promise.all([t.as('auditor'), t.as('admin')]);
    const a = await um<{ numero_pessoa: string; id: number }>(`select numero_pessoa, id from contribuinte where situacao_id = 1 order by id desc limit 1`);
    const url = `${api}/contribuinte/situacaoPessoa/${a.numero_pessoa}`;
    await emDia();
    const antes = (await leitor.get(url)).body;
    await comReplayParado(async () => {
      // Written behind the API's back: nobody carries its WAL position.
      await bancos.primario.query(`update contribuinte set situacao_id = 2, motivo_id = 202, version = version + 1 where id = $1`, [a.id]);
      const t0 = Date.now();
      expect((await leitor.get(url)).body).toBe(antes); // the replica, a moment behind
      await ate(() => !estado().inRotation);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(MAX_LAG_MS - 250);
      expect(Date.now() - t0).toBeLessThan(MAX_LAG_MS + 1_000);
      expect((await leitor.get(url)).body).not.toBe(antes); // the primary
      const h = await admin.get('/management/health');
      const r = h.json().components.dbReplicas;
      expect(r.status).toBe('OUT_OF_SERVICE');
      expect(r.details.replicas[0]).toMatchObject({ status: 'OUT_OF_SERVICE', inRotation: false });
      expect(r.details.replicas[0].lagMs).toBeGreaterThan(MAX_LAG_MS);
    });
    expect(await ate(() => estado().inRotation)).toBeLessThan(1_000);
    const h = (await admin.get('/management/health')).json().components.dbReplicas;
    expect(h.status).toBe('UP');
    expect(h.details.replicas[0].lagMs).toBeLessThan(1_000);
    const metricas = (await admin.get('/management/prometheus')).body;
    expect(metricas).toMatch(/cadastro_db_replica_lag_seconds\{replica="127\.0\.0\.1:\d+\/postgres"\} \d/);
    expect(metricas).toMatch(/cadastro_db_replica_in_rotation\{replica="127\.0\.0\.1:\d+\/postgres"\} 1/);
    expect(metricas).toMatch(/cadastro_db_read_statements_total\{target="replica"\} [1-9]/);
  });

  it('stopped under load: no request fails, out of rotation at once; started again: back in rotation', async () => {
    const clientes = await Promise.all(['atendente', 'auditor', 'atendente', 'auditor'].map((l) => t.as(l)));
    await emDia();
    const codigos: number[] = [];
    let parar = false;
    const carga = clientes.map(async (c) => {
      while (!parar) codigos.push((await c.get(BUSCA)).statusCode);
    });
    await esperar(300);
    const antes = contagem();
    expect(antes.replica).toBeGreaterThan(0);
    const fora = ate(() => !estado().inRotation, 5_000).then(() => Date.now());
    await replica!.stopAsync();
    const parou = Date.now();
    // Out of rotation by the time the server is down (a statement met the lost connection), or within a second.
    expect((await fora) - parou).toBeLessThan(1_000);
    await esperar(700);
    parar = true;
    await Promise.all(carga);
    expect(codigos.filter((c) => c !== 200)).toEqual([]);
    expect(codigos.length).toBeGreaterThan(20);
    expect(estado()).toMatchObject({ status: 'DOWN', inRotation: false, lagMs: null });

    await replica!.startAsync();
    expect(await ate(() => estado().inRotation)).toBeLessThan(3_000);
    const r = contagem().replica;
    expect((await clientes[0]!.get(BUSCA)).statusCode).toBe(200);
    expect(contagem().replica).toBeGreaterThan(r);
  });
});
