import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Authority } from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { requirePrincipal } from '../../platform/auth/guard.js';
import { forbidden, notFound } from '../../platform/errors/problem.js';
import type { Principal } from '../../platform/auth/tokens.js';
import { queryOne } from '../../db/consulta.js';
import { noPrimario } from '../../db/replicas.js';
import { pessoaDoUsuario } from '../conta/pessoa.js';
import { registro } from './abas.js';

/** A registration (or a person) as a call reads it: its person and the head office's person. */
export interface Lido { numeroPessoa: number; raiz: number }

/** The ownership rule, once: what is read belongs to the user when it is of their person or of a branch of it. */
export async function eDoUsuario(db: DbOrTx, userId: number, lido: Lido | undefined): Promise<boolean> {
  if (!lido) return false;
  const dono = await pessoaDoUsuario(db, userId);
  return dono !== null && (dono === lido.numeroPessoa || dono === lido.raiz);
}

/** The registration a call reads (by CACEAL, or the person's latest: abas.ts `registro`), resolved once. */
export async function registroLido(db: DbOrTx, by: { numeroPessoa?: number; caceal?: number }): Promise<(Lido & { caceal: number }) | undefined> {
  const r = await queryOne<{ caceal: string; np: string; raiz: string }>(db, sql`select r.numero_caceal as caceal, r.numero_pessoa as np, r.raiz from ${registro(by)} r`);
  return r && { caceal: Number(r.caceal), numeroPessoa: Number(r.np), raiz: Number(r.raiz) };
}

/** A person as a call reads it. */
async function pessoaLida(db: DbOrTx, numeroPessoa: number): Promise<Lido | undefined> {
  const p = await queryOne<{ np: string; raiz: string }>(db, sql`select numero_pessoa as np, coalesce(numero_pessoa_raiz, numero_pessoa) as raiz from pessoa where numero_pessoa = ${numeroPessoa}`);
  return p && { numeroPessoa: Number(p.np), raiz: Number(p.raiz) };
}

/** Whether the registration of a CACEAL, or a person, belongs to the user (decided on the primary, as every ownership). */
export async function pertenceAoUsuario(db: DbOrTx, userId: number, by: { numeroPessoa: number } | { caceal: number }): Promise<boolean> {
  return noPrimario(async () => eDoUsuario(db, userId, 'caceal' in by ? await registroLido(db, by) : await pessoaLida(db, by.numeroPessoa)));
}

/**
 * What a registration call reads for its caller: staff, what they asked; a taxpayer, the registration
 * resolved once from the path (and ?caceal=), checked for ownership, then read by its CACEAL, so the
 * registration checked is the one read. The check reads the primary (who may read what is never a
 * replica's say); the handler's reads of the data may then go to a replica.
 */
export async function registroDoChamador(
  db: DbOrTx,
  principal: Principal,
  by: { numeroPessoa?: number; caceal?: number },
): Promise<{ numeroPessoa?: number; caceal?: number }> {
  if (principal.authorities.includes(Authority.CON_DADOS_CONTRI)) return by;
  const { r, dono } = await noPrimario(async () => {
    const r = await registroLido(db, by);
    return { r, dono: await eDoUsuario(db, principal.id, r) };
  });
  if (!dono) throw forbidden('Only your own registration');
  // By person with ?caceal=: the registration must be of that person (as obterDadosCadastrais answers staff).
  if (by.numeroPessoa !== undefined && r!.numeroPessoa !== by.numeroPessoa) throw notFound('Nenhum registro encontrado.');
  return { caceal: r!.caceal };
}

/** §7 obterUsuarioLogado: the signed-in user's person (meu-cadastro). */
export function meuCadastroRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/pessoa/obterUsuarioLogado', {
      config: { access: [Authority.MEU_CADASTRO] },
      schema: {
        tags: ['contribuinte'],
        summary: "The signed-in user's person and registrations",
        response: { 200: z.object({ numeroPessoa: z.number().int(), nome: z.string(), numeroDocumento: z.string(), cacealList: z.array(z.number().int()) }) },
      },
      handler: async (req) => {
        const np = await pessoaDoUsuario(ctx.database.db, requirePrincipal(req).id);
        if (!np) throw notFound('Esta conta não está vinculada a um contribuinte.');
        const p = await queryOne<{ nome: string; numero_documento: string; cacs: number[] | null }>(
          ctx.database.db,
          sql`select p.nome, p.numero_documento, (select array_agg(c.numero_caceal order by c.id desc) from contribuinte c where c.numero_pessoa = p.numero_pessoa) as cacs
            from pessoa p where p.numero_pessoa = ${np}`,
        );
        if (!p) throw notFound('Esta conta não está vinculada a um contribuinte.');
        return { numeroPessoa: np, nome: p.nome, numeroDocumento: p.numero_documento, cacealList: (p.cacs ?? []).map(Number) };
      },
    });
  };
}
