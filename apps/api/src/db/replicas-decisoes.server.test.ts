import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { formatCpf } from '@cadastro/domain';
import { PgCluster } from '../test/pg-cluster.js';
import { linkDemoTaxpayerAccount } from '../seed/demo-accounts.js';
import { seedRegistry } from '../seed/registro.js';
import { expectProblem, startTestApp, type Client, type TestApp } from '../test/harness.js';
import { ate, ComStandby } from '../test/standby.js';
import { WAL_COOKIE, WAL_HEADER } from './replicas.js';

/**
 * A primary and a streaming standby of the test's own, replay paused at will (as replicas.server.test.ts).
 * Who may do what is decided on the primary: a sign-out, a deactivation, a role or a link taken away
 * count from the next call although the replica in rotation has not replayed them. The WAL position is
 * handed out by the answers of requests that wrote — GETs too — and only by those; a forged one is
 * clamped to what the primary has reached.
 */
// Generous: the replica must stay in rotation while replay is paused (a loaded machine is slow).
const MAX_LAG_MS = 60_000;
const api = '/sfz-cadastro-api/api';
const BUSCA = `${api}/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/comercio/0/10`;
let primario: PgCluster | undefined;
let replica: PgCluster | undefined;
let bancos: ComStandby;
let t: TestApp;
let admin: Client;

beforeAll(async () => {
  primario = await PgCluster.create();
  replica = await PgCluster.replicaOf(primario);
  bancos = new ComStandby(primario, replica);
  t = await startTestApp({ DATABASE_URL: primario.url, DATABASE_REPLICA_URLS: replica.url, DATABASE_REPLICA_MAX_LAG_MS: String(MAX_LAG_MS) });
  await seedRegistry(t.built.ctx.database, { taxpayers: 200, seed: 39 });
  await linkDemoTaxpayerAccount(t.db); // the demo taxpayer account stands for a registered company
  admin = await t.as('admin');
}, 180_000);
afterAll(async () => {
  await Promise.allSettled([t?.close(), bancos?.end()]);
  replica?.destroy();
  primario?.destroy();
});

const contagem = () => ({ ...t.built.ctx.database.replicas!.contagem });
const um = <T>(text: string) => bancos.um<T>(text);
const walDe = (r: LightMyRequestResponse) => r.headers[WAL_HEADER];
const cookiesDe = (r: LightMyRequestResponse) => [r.headers['set-cookie']].flat().join('\n');
const emDia = () => bancos.emDia(t);
/** `fn` with the replica's replay paused after the API has seen it up to date: it answers from before what `fn` writes. */
async function comReplayParado(fn: () => Promise<void>) {
  await emDia();
  await bancos.replayParado(fn);
}

/** A fresh account with a known password, created through the administrator's screen. */
async function criar(login: string, authorities: string[]): Promise<Client> {
  const email = `${login}@x.com.br`;
  expect((await admin.post('/api/users', { login, email, authorities })).statusCode).toBe(201);
  const key = /#\/reset\/([A-Za-z0-9]{20})/.exec((await t.lastMailTo(email)).textBody ?? '')![1]!;
  expect((await t.client().post('/api/account/reset-password/finish', { key, newPassword: `${login}-senha` })).statusCode).toBe(200);
  return t.as(login, `${login}-senha`);
}
const usuario = async (login: string) => (await admin.get(`/api/users/${login}`)).json() as Record<string, unknown>;

describe('who may do what is decided on the primary, never on a replica that has not replayed it', { timeout: 90_000 }, () => {
  it('a sign-out: the old token is refused at once (with or without the sign-out\'s write position)', async () => {
    const c = await criar('saiu', ['ROLE_USER', 'ROLE_CAD_CON_DADOS_CONTRI']);
    const outro = await t.as('auditor');
    expect((await c.get(BUSCA)).statusCode).toBe(200);
    await comReplayParado(async () => {
      const saida = await c.post('/api/logout');
      expect(saida.statusCode).toBe(204);
      const r = contagem().replica;
      expectProblem(await c.get(BUSCA), 401);
      expectProblem(await c.request('GET', '/api/account', undefined, { [WAL_HEADER]: String(walDe(saida)) }), 401);
      // A read that is not about who may do what still goes to the replica.
      expect((await outro.get(BUSCA)).statusCode).toBe(200);
      expect(contagem().replica).toBeGreaterThan(r);
    });
  });

  it('a deactivation: 401', async () => {
    const c = await criar('desativada', ['ROLE_USER', 'ROLE_CAD_CON_DADOS_CONTRI']);
    expect((await c.get(BUSCA)).statusCode).toBe(200);
    await comReplayParado(async () => {
      expect((await admin.put('/api/users', { ...(await usuario('desativada')), activated: false })).statusCode).toBe(200);
      expectProblem(await c.get(BUSCA), 401);
      expectProblem(await c.get('/api/account'), 401);
    });
  });

  it('a role taken away: 403', async () => {
    const c = await criar('sempapel', ['ROLE_USER', 'ROLE_CAD_CON_DADOS_CONTRI']);
    expect((await c.get(BUSCA)).statusCode).toBe(200);
    await comReplayParado(async () => {
      expect((await admin.put('/api/users', { ...(await usuario('sempapel')), authorities: ['ROLE_USER'] })).statusCode).toBe(200);
      expectProblem(await c.get(BUSCA), 403);
    });
  });

  it('an account unlinked from its person: its "meu cadastro" reads are refused (403)', async () => {
    const c = await t.as('contribuinte');
    const { caceal } = await um<{ caceal: string }>(`select c.numero_caceal as caceal from contribuinte c join usuario u on u.numero_pessoa = c.numero_pessoa
      where u.login = 'contribuinte' order by c.id limit 1`);
    const url = `${api}/contribuinte/obterDadosCadastrais/porCaceal/${caceal}`;
    expect((await c.get(url)).statusCode).toBe(200);
    const { doc } = await um<{ doc: string }>(`select p.numero_documento as doc from pessoa p join usuario u on u.numero_pessoa = p.numero_pessoa where u.login = 'contribuinte'`);
    try {
      await comReplayParado(async () => {
        expect((await admin.delete('/api/users/contribuinte/pessoa')).statusCode).toBe(204);
        expectProblem(await c.get(url), 403);
      });
    } finally {
      expect((await admin.put('/api/users/contribuinte/pessoa', { numeroDocumento: doc })).statusCode).toBe(200);
    }
  });
});

describe('the WAL position: from the answers of requests that wrote, and only from those', { timeout: 90_000 }, () => {
  it('answers that wrote nothing (anonymous 404/401, a CSRF refusal, a missing role, bad input, a plain read) hand out none', async () => {
    const anonimo = t.client();
    const semCsrf = t.client({ csrf: false });
    const atendente = await t.as('atendente');
    const auditor = await t.as('auditor');
    const respostas = [
      [404, await anonimo.post(`${api}/nao-existe`, {})],
      [404, await anonimo.post('/nao-existe', {})],
      [401, await anonimo.post(`${api}/eventos`, {})],
      [403, await semCsrf.post('/api/logout', {})],
      [403, await atendente.post('/api/users', { login: 'nunca', email: 'nunca@x.com.br', authorities: [] })],
      [400, await auditor.post(`${api}/contribuinte/alterarSituacaoPessoa`, { numeroPessoa: 'x' })],
      [200, await auditor.get(BUSCA)],
    ] as const;
    // A mutating call that only reads (tax staff look an accountant up by CRC).
    const k = await um<{ crc: string; cl: number }>(`select crc_uf || crc_numero as crc, classificacao_id as cl from contador order by numero_pessoa limit 1`);
    const consulta = await auditor.post(`${api}/contador/consultar`, { crc: k.crc, classificacao: k.cl });
    // A write still does.
    const saida = await (await t.as('atendente')).post('/api/logout');
    expect(saida.statusCode).toBe(204);
    expect(walDe(saida)).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    // A read the primary serves (the client's last write not replayed yet) wrote nothing either.
    let doPrimario: LightMyRequestResponse | undefined;
    await comReplayParado(async () => {
      const escrita = await (await t.as('atendente')).post('/api/logout');
      const r = contagem().primario;
      doPrimario = await auditor.request('GET', BUSCA, undefined, { [WAL_HEADER]: String(walDe(escrita)) });
      expect(contagem().primario).toBeGreaterThan(r);
    });
    for (const [status, r] of [...respostas, [200, consulta], [200, doPrimario!]] as const) {
      expect(r.statusCode, r.body).toBe(status);
      expect(walDe(r), `${status} ${r.body}`).toBeUndefined();
      expect(cookiesDe(r)).not.toContain(`${WAL_COOKIE}=`);
    }
  });

  it('a GET that writes (§7 pessoa/cpf registers a person) hands out its position: the next read finds the person', async () => {
    const auditor = await t.as('auditor');
    const { cpf } = await um<{ cpf: string }>(`select cpf from receita_cpf rc where not exists (select 1 from pessoa p where p.numero_documento = rc.cpf) order by cpf limit 1`);
    await comReplayParado(async () => {
      const w = await auditor.get(`${api}/pessoa/cpf/${formatCpf(cpf)}`);
      expect(w.statusCode, w.body).toBe(200);
      expect(w.json()).toMatchObject({ numeroDocumento: cpf, criada: true });
      const wal = walDe(w);
      expect(wal).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
      expect(cookiesDe(w)).toContain(`${WAL_COOKIE}=${String(wal)}; Path=/`);
      const achada = await auditor.request('GET', `${api}/pessoa/${cpf}`, undefined, { [WAL_HEADER]: String(wal) });
      expect(achada.statusCode, achada.body).toBe(200);
      expect(achada.json()[0]).toMatchObject({ numeroDocumento: cpf });
      // Without it, the paused replica answers: the person is not there yet.
      expectProblem(await auditor.get(`${api}/pessoa/${cpf}`), 404);
    });
  });

  it('a forged far-future position is clamped to what the primary has reached: the reads still go to the replica', async () => {
    const auditor = await t.as('auditor');
    await emDia();
    // Clamped to the primary's latest sampled position, a read may go to the primary for the moment the
    // replica takes to replay that sample (on a loaded host, a poll or two); never for good, as before.
    const naReplica = async (pedir: () => Promise<LightMyRequestResponse>) => {
      const antes = contagem().replica;
      const r = await pedir();
      expect(r.statusCode).toBe(200);
      return contagem().replica > antes;
    };
    for (const forjada of ['FFFFFFFF/FFFFFFFF', '7FFF/0']) {
      await ate(() => naReplica(() => auditor.request('GET', BUSCA, undefined, { [WAL_HEADER]: forjada })), 5_000);
      await ate(() => naReplica(() => t.app.inject({ method: 'GET', url: BUSCA, headers: { authorization: `Bearer ${auditor.token}`, cookie: `${WAL_COOKIE}=${forjada}` } })), 5_000);
    }
  });
});
