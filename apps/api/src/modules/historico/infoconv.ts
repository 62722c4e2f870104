import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { Authority, ComprovanteCnpj, ConsultaInfoconv, onlyCnpjChars, PaginaInfoconv } from '@cadastro/domain';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors/problem.js';
import { consultarReceita } from '../../integrations/receita/port.js';

/**
 * consultas-infoconv (ROLE_CAD_CON_HIS_INFOCONV): the log of consultations the system made to the
 * federal registry port, by system and period (Maceió days), newest first; and the certificate.
 */
export function infoconvRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const access = { access: [Authority.CON_HIS_INFOCONV] } as const;
    app.get('/historico/infoconv', {
      config: access,
      schema: { tags: ['historico'], summary: 'Consultations made to the federal registry (Infoconv) by system and period', querystring: ConsultaInfoconv, response: { 200: PaginaInfoconv } },
      handler: async (req) => {
        const { sistema, dataInicial, dataFinal, page, size } = req.query;
        // Days are Alagoas days (UTC−3): the period is [dataInicial 00:00, dataFinal+1 00:00) in -03.
        const where = sql`sistema = ${sistema} and data_consulta >= (${dataInicial}::date)::timestamp at time zone 'America/Maceio'
          and data_consulta < ((${dataFinal}::date + 1))::timestamp at time zone 'America/Maceio'`;
        const [r, t] = await Promise.all([
          ctx.database.db.execute(sql`select cnpj, razao_social, situacao_cadastral, motivo, data_consulta, sistema from infoconv_consulta where ${where}
            order by data_consulta desc, id desc limit ${size} offset ${page * size}`),
          ctx.database.db.execute(sql`select count(*)::int as n from infoconv_consulta where ${where}`),
        ]);
        const linhas = (r as unknown as { rows: Record<string, unknown>[] }).rows;
        return {
          content: linhas.map((x) => ({
            cnpj: String(x.cnpj),
            razaosocial: String(x.razao_social),
            situacaoCadastral: String(x.situacao_cadastral),
            motivo: (x.motivo as string | null) ?? null,
            dataConsulta: (x.data_consulta instanceof Date ? x.data_consulta : new Date(String(x.data_consulta).replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'))).toISOString(),
            sistema: String(x.sistema) as 'cad' | 'rds',
          })),
          totalElements: Number((t as unknown as { rows: { n: number }[] }).rows[0]!.n),
        };
      },
    });
    app.get('/historico/infoconv/comprovante/:cnpj', {
      config: access,
      schema: {
        tags: ['historico'],
        summary: "The federal registry's current answer for a CNPJ (a new, logged consultation)",
        params: z.object({ cnpj: z.string().transform(onlyCnpjChars).pipe(z.string().regex(/^[0-9A-Z]{12}\d{2}$/, 'pattern')) }),
        response: { 200: ComprovanteCnpj },
      },
      handler: async (req) => {
        const r = await consultarReceita(ctx.receita, ctx.database.db, req.params.cnpj, 'cad');
        if (!r) throw notFound('Nenhum registro encontrado.');
        return { ...r, consultadoEm: new Date().toISOString() };
      },
    });
  };
}
