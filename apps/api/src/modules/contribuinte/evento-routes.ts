import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { Authority, ConsultaEventos, EventoSalvo, PaginaEventos, SalvarEvento, Inteiro } from '@cadastro/domain';
import { query } from '../../db/consulta.js';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors/problem.js';
import { listarEventos, salvarEvento } from './evento.js';
import { excluirContribuinte } from './exclusao.js';

const tags = ['contribuinte'];

const PaginaCnae = z.object({
  content: z.array(z.object({ codigoCnae: z.string(), descricao: z.string() })),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});

/** §7 "Event save" (GET eventos/listar, POST eventos) and the activity dialog's CNAE search. */
export function eventoRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const db = () => ctx.database.db;

    app.post('/eventos', {
      // §6: the "supertela" role gates every edit of the registration.
      config: { access: [Authority.MAN_DADOS_CONTRI] },
      schema: {
        tags,
        summary: 'Save one registry event: process data + the changed tabs, in one transaction (stale version → 409)',
        body: SalvarEvento,
        response: { 200: EventoSalvo },
      },
      handler: async (req) => db().transaction((tx) => salvarEvento(tx, req.principal!.login, req.body)),
    });

    app.get('/eventos/listar', {
      config: { access: [Authority.CON_DADOS_CONTRI] },
      schema: {
        tags,
        summary: "A registration's change timeline: saved events with their field-by-field changes, newest first, paged",
        querystring: ConsultaEventos,
        response: { 200: PaginaEventos },
      },
      handler: async (req) => {
        const r = await listarEventos(db(), req.query.numeroCaceal, req.query.page, req.query.size);
        if (!r) throw notFound('Nenhum registro encontrado.');
        return r;
      },
    });

    app.delete('/contribuinte/:numeroCaceal', {
      config: { access: [Authority.MAN_DADOS_CONTRI] },
      schema: {
        tags,
        summary: 'Delete a registration created by mistake (no event, notice, pendência, request, statement, FIC printed by staff or status change) — else 409',
        params: z.object({ numeroCaceal: Inteiro(z.number().int().min(0).max(99_999_999)) }),
        response: { 200: z.object({ numeroCaceal: z.number().int(), mensagem: z.literal('cadastroExcluido') }) },
      },
      handler: async (req) => db().transaction((tx) => excluirContribuinte(tx, req.principal!.login, req.params.numeroCaceal)),
    });

    app.get('/atividade/consultar', {
      config: { access: [Authority.CON_DADOS_CONTRI] },
      schema: {
        tags,
        summary: 'CNAE subclasses by code or description (1–100 characters, accent- and case-insensitive), paged',
        querystring: z.object({
          termo: z.string().trim().min(1).max(100),
          page: Inteiro(z.number().int().min(0).max(1000)).default(0),
          size: Inteiro(z.number().int().min(1).max(50)).default(10),
        }),
        response: { 200: PaginaCnae },
      },
      handler: async (req) => {
        const { termo, page, size } = req.query;
        const digitos = termo.replace(/[.\-/\s]/g, '');
        const texto = termo.replace(/[%_\\]/g, '\\$&');
        // 1,332 rows: a scan is cheaper than an index here.
        const porCodigo = /^\d+$/.test(digitos) ? sql`id like ${`${digitos}%`}` : sql`false`;
        const linhas = await query<{ id: string; descricao: string; total: number }>(
          db(),
          sql`select id, descricao, count(*) over () as total from ref_cnae
            where ativo and (${porCodigo} or cadastro_normaliza(descricao) like '%' || cadastro_normaliza(${texto}) || '%')
            order by id limit ${size} offset ${page * size}`,
        );
        const total = linhas.length ? Number(linhas[0]!.total) : 0;
        return { content: linhas.map((l) => ({ codigoCnae: l.id, descricao: l.descricao })), totalElements: total, totalPages: Math.ceil(total / size) };
      },
    });
  };
}
