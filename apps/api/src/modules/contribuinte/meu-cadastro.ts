import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Authority } from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { requirePrincipal } from '../../platform/auth/guard.js';
import { notFound } from '../../platform/errors/problem.js';

const rows = async <T>(db: DbOrTx, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

/** The person an account is linked to (null when none); by the user's id, which no other account ever gets. */
export async function pessoaDoUsuario(db: DbOrTx, userId: number): Promise<number | null> {
  const [u] = await rows<{ numero_pessoa: number | null }>(db, sql`select numero_pessoa from usuario where id = ${userId}`);
  return u?.numero_pessoa ?? null;
}

/** A registration belongs to the user when it is of their person or of a branch of it. */
export async function pertenceAoUsuario(db: DbOrTx, userId: number, by: { numeroPessoa?: number; caceal?: number }): Promise<boolean> {
  const dono = await pessoaDoUsuario(db, userId);
  if (!dono) return false;
  const [r] = await rows<{ ok: boolean }>(
    db,
    by.caceal !== undefined
      ? sql`select exists (select 1 from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa
          where c.numero_caceal = ${by.caceal} and ${dono} in (p.numero_pessoa, p.numero_pessoa_raiz)) as ok`
      : sql`select exists (select 1 from pessoa p where p.numero_pessoa = ${by.numeroPessoa ?? 0} and ${dono} in (p.numero_pessoa, p.numero_pessoa_raiz)) as ok`,
  );
  return r?.ok ?? false;
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
        const [p] = await rows<{ nome: string; numero_documento: string; cacs: number[] | null }>(
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
