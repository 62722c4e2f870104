import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AREA_CONTADOR, AuditMessage, Authority, formatarCrc, hasAnyAuthority, SITUACAO_EDITAL, VincularPessoa, VinculoConta, type VinculoPessoa,
} from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';
import { queryOne } from '../../db/consulta.js';
import { GRUPO_GESTOR_EDITAL } from '../../integrations/sca/port.js';
import { requirePrincipal } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import { auditChange } from '../../platform/audit.js';
import { HttpProblem, notFound } from '../../platform/errors/problem.js';
import { pessoaDoUsuario } from '../conta/pessoa.js';
import * as contaRepo from '../conta/repository.js';

/** How many CACEALs of the person the screen lists (the total is counted apart). */
const CACEAIS_MOSTRADOS = 20;

const pessoaNaoEncontrada = () =>
  new HttpProblem(404, 'Nenhuma pessoa do cadastro tem este documento.', { message: 'userManagement.vinculo.pessoaNaoEncontrada' });
const jaVinculada = (login: string) =>
  new HttpProblem(409, `A pessoa já está vinculada à conta ${login}.`, { message: 'userManagement.vinculo.jaVinculada', params: login });

async function contaPorLogin(db: DbOrTx, login: string) {
  const u = await contaRepo.findByLogin(db, login);
  if (!u) throw notFound(`User ${login} not found`);
  return u;
}

/**
 * What the server grants an account through its person, read with the same rules the routes apply:
 * meu cadastro owns the registrations of the person or of its branches (contribuinte/meu-cadastro.ts
 * eDoUsuario), the accountant area the accountant of that person (contador/identidade.ts), notice
 * signing the notices it is responsible for while GESTOR_EDITAL has it (edital/publicacao.ts).
 */
async function concessoes(ctx: AppContext, db: DbOrTx, numeroPessoa: number, authorities: string[]): Promise<VinculoPessoa | null> {
  const p = await queryOne<{ tipo: 'F' | 'J'; numero_documento: string; nome: string; cacs: string[] | null; total: number }>(db, sql`select p.tipo, p.numero_documento, p.nome,
      (select array_agg(x.numero_caceal) from (select c.numero_caceal from contribuinte c join pessoa q on q.numero_pessoa = c.numero_pessoa
        where ${numeroPessoa} in (q.numero_pessoa, q.numero_pessoa_raiz) order by c.numero_caceal limit ${CACEAIS_MOSTRADOS}) x) as cacs,
      (select count(*)::int from contribuinte c join pessoa q on q.numero_pessoa = c.numero_pessoa where ${numeroPessoa} in (q.numero_pessoa, q.numero_pessoa_raiz)) as total
    from pessoa p where p.numero_pessoa = ${numeroPessoa}`);
  if (!p) return null;
  const k = await queryOne<{ uf: string; numero: string; tipo: string | null; digito: number | null; classificacao: string }>(db, sql`select k.crc_uf as uf,
      k.crc_numero as numero, k.crc_tipo_inscricao as tipo, k.crc_digito as digito, cl.descricao as classificacao
    from contador k join ref_crc_classificacao cl on cl.id = k.classificacao_id where k.numero_pessoa = ${numeroPessoa}`);
  const e = await queryOne<{ n: number }>(db, sql`select count(*)::int as n from edital
    where numero_pessoa_responsavel = ${numeroPessoa} and situacao_edital_id = ${SITUACAO_EDITAL.EM_EDICAO}`);
  // The access-control system is outside: when it does not answer, the screen says so instead of failing.
  const equipe = await ctx.sca.membros(GRUPO_GESTOR_EDITAL).then((m) => m.includes(numeroPessoa), () => null);
  return {
    numeroPessoa,
    tipo: p.tipo,
    numeroDocumento: p.numero_documento,
    nome: p.nome,
    meuCadastro: { papel: authorities.includes(Authority.MEU_CADASTRO), cacealList: (p.cacs ?? []).map(Number), total: p.total },
    contador: k ? { papel: hasAnyAuthority(authorities, AREA_CONTADOR), crc: formatarCrc(k.uf, k.numero, k.tipo, k.digito), classificacao: k.classificacao } : null,
    edital: { papel: authorities.includes(Authority.EDITAR_EDITAL), equipeGestorEdital: equipe, responsavelEmEdicao: e?.n ?? 0 },
  };
}

/** The account's link as the screen shows it. */
async function vinculoDaConta(ctx: AppContext, db: DbOrTx, login: string): Promise<VinculoConta> {
  const u = await contaPorLogin(db, login);
  return { login: u.login, vinculo: u.numeroPessoa == null ? null : await concessoes(ctx, db, Number(u.numeroPessoa), u.authorities) };
}

/**
 * Links an account to the person of a CPF or CNPJ, in one transaction with its audit row. The account row
 * and then the person row are locked, so two administrators cannot give one person to two accounts.
 */
async function vincular(ctx: AppContext, actor: string, login: string, numeroDocumento: string): Promise<VinculoConta> {
  await ctx.database.db.transaction(async (tx) => {
    const u = await contaPorLogin(tx, login);
    await tx.execute(sql`select id from usuario where id = ${u.id} for update`);
    const p = await queryOne<{ n: string }>(tx, sql`select numero_pessoa as n from pessoa where numero_documento = ${numeroDocumento} for no key update`);
    if (!p) throw pessoaNaoEncontrada();
    const numeroPessoa = Number(p.n);
    const outra = await queryOne<{ login: string }>(tx, sql`select login from usuario where numero_pessoa = ${numeroPessoa} and id <> ${u.id} limit 1`);
    if (outra) throw jaVinculada(outra.login);
    const antes = await pessoaDoUsuario(tx, u.id);
    if (antes !== numeroPessoa) {
      await tx.execute(sql`update usuario set numero_pessoa = ${numeroPessoa}, last_modified_by = ${actor}, last_modified_date = now() where id = ${u.id}`);
      await auditChange(tx, actor, 'usuario', u.id, { login: u.login, numeroPessoa: antes }, { login: u.login, numeroPessoa }, AuditMessage.PERSON_LINKED);
    }
  });
  // Read after the commit: the access-control system is asked outside any transaction (it may be slow, or
  // the embedded database's one connection).
  return vinculoDaConta(ctx, ctx.database.db, login);
}

/** Removes the link (nothing is written when there is none). */
async function desvincular(ctx: AppContext, actor: string, login: string): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const u = await contaPorLogin(tx, login);
    const antes = (await queryOne<{ n: string | null }>(tx, sql`select numero_pessoa as n from usuario where id = ${u.id} for update`))?.n;
    if (antes == null) return;
    await tx.execute(sql`update usuario set numero_pessoa = null, last_modified_by = ${actor}, last_modified_date = now() where id = ${u.id}`);
    await auditChange(tx, actor, 'usuario', u.id, { login: u.login, numeroPessoa: Number(antes) }, { login: u.login, numeroPessoa: null }, AuditMessage.PERSON_UNLINKED);
  });
}

const tags = ['usuario'];
const admin = { access: [Authority.ADMIN] } as const;
const params = z.object({ login: z.string().min(1).max(50) });

/** users/{login}/pessoa (ROLE_ADMIN): the account's registry person — what it grants, link, unlink. */
export function vinculoRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/users/:login/pessoa', {
      config: admin,
      schema: { tags, summary: "The account's registry person and what it grants", params, response: { 200: VinculoConta } },
      handler: async (req) => vinculoDaConta(ctx, ctx.database.db, req.params.login),
    });
    app.put('/users/:login/pessoa', {
      config: admin,
      schema: { tags, summary: 'Link the account to the person of a CPF or CNPJ (audited)', params, body: VincularPessoa, response: { 200: VinculoConta } },
      handler: async (req, reply) => {
        const v = await vincular(ctx, requirePrincipal(req).login, req.params.login, req.body.numeroDocumento);
        return reply.header('X-App-Alert', 'userManagement.vinculo.vinculado').header('X-App-Params', v.login).send(v);
      },
    });
    app.delete('/users/:login/pessoa', {
      config: admin,
      schema: { tags, summary: 'Unlink the account from its person (audited)', params },
      handler: async (req, reply) => {
        await desvincular(ctx, requirePrincipal(req).login, req.params.login);
        return reply.code(204).header('X-App-Alert', 'userManagement.vinculo.desvinculado').header('X-App-Params', req.params.login).send();
      },
    });
  };
}
