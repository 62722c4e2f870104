import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Authority, ConsultaHistorico, HistoricoRazaoSocial, HistoricoSituacao, PaginaContribuintes, TIPOS_DOCUMENTO_HISTORICO, validarTermoBusca, Inteiro } from '@cadastro/domain';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors/problem.js';
import { buscarContribuintes } from '../contribuinte/busca.js';
import { historicoRazaoSocial, historicoSituacao } from './consulta.js';

/** §2 historico (ROLE_CAD_CON_HISTORICO): pick the registration, then its status or name history. */
export function historicoRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const access = { access: [Authority.CON_HISTORICO] } as const;
    app.get('/historico/obterListaHistorico/:docType/:number/:page0/:size', {
      config: access,
      schema: {
        tags: ['historico'],
        summary: 'Registrations of a CACEAL, CNPJ or CNPJ root (the picker of the history screen)',
        params: z
          .object({
            docType: z.enum(TIPOS_DOCUMENTO_HISTORICO),
            number: z.string().min(1).max(20),
            page0: Inteiro(z.number().int().min(0).max(10_000)),
            size: Inteiro(z.number().int().min(1).max(100)),
          })
          .superRefine((p, c) => {
            const err = validarTermoBusca(p.docType, p.number);
            if (err) c.addIssue({ code: 'custom', path: ['number'], message: err });
          }),
        response: { 200: PaginaContribuintes },
      },
      handler: async (req) => {
        const { docType, number, page0, size } = req.params;
        const r = await buscarContribuintes(ctx.database.db, docType, number, page0, size);
        return {
          content: r.content.map(({ id: _id, ...c }) => c),
          totalElements: r.totalElements,
          totalPages: Math.ceil(r.totalElements / size),
          totalIsLowerBound: r.totalIsLowerBound,
        };
      },
    });
    app.post('/historico/consultar/situacao-cadastral/por-caceal', {
      config: access,
      schema: { tags: ['historico'], summary: 'Status history of a CACEAL in a change-date period', body: ConsultaHistorico, response: { 200: HistoricoSituacao } },
      handler: async (req) => {
        const r = await historicoSituacao(ctx.database.db, req.body);
        if (!r) throw notFound('Nenhum registro encontrado.');
        return r;
      },
    });
    app.post('/historico/consultar/razao-social/por-caceal', {
      config: access,
      schema: { tags: ['historico'], summary: 'Company-name history of the person of a CACEAL in a change-date period', body: ConsultaHistorico, response: { 200: HistoricoRazaoSocial } },
      handler: async (req) => {
        const r = await historicoRazaoSocial(ctx.database.db, req.body);
        if (!r) throw notFound('Nenhum registro encontrado.');
        return r;
      },
    });
  };
}
