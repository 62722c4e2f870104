import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AlterarPendencia, Authority, ClassificacaoOrigemCadastro, ConsultaPendencias, PaginaPendencias, Pendencia, RegularizarPendencia } from '@cadastro/domain';
import type { AppContext } from '../../platform/context.js';
import { fieldProblem, forbidden } from '../../platform/errors/problem.js';
import { pertenceAoUsuario } from '../contribuinte/meu-cadastro.js';
import { alterarPendencia, regularizarPendencia } from './alteracao.js';
import { classificacoesOrigemCadastro, consultarPendencias } from './consulta.js';

const tags = ['pendencia'];

/** §7 "Pendencias" and contribuinte/obterPendencias (the taxpayer's Pendências tab). */
export function pendenciaRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const db = () => ctx.database.db;
    const consulta = { access: [Authority.CON_PEND_OFICIO] } as const;
    const manutencao = { access: [Authority.MAN_PEND_OFICIO] } as const;

    app.post('/pendencias/consultar', {
      config: consulta,
      schema: { tags, summary: 'Pendências in a competence period, of a CACEAL or CNPJ or of everyone, with filters (page zero-based)', body: ConsultaPendencias, response: { 200: PaginaPendencias } },
      handler: async (req) => consultarPendencias(db(), req.body),
    });

    // The tab is part of the taxpayer's detail (staff) and of my registration (the taxpayer's own, by CACEAL).
    app.post('/contribuinte/obterPendencias', {
      config: { access: [Authority.CON_PEND_OFICIO, Authority.CON_DADOS_CONTRI, Authority.MEU_CADASTRO] },
      schema: { tags, summary: "A taxpayer's pendências (the Pendências tab): by CACEAL or CNPJ", body: ConsultaPendencias, response: { 200: PaginaPendencias } },
      handler: async (req) => {
        const p = req.principal!;
        const staff = p.authorities.includes(Authority.CON_PEND_OFICIO) || p.authorities.includes(Authority.CON_DADOS_CONTRI);
        const q = req.body;
        if (q.caceal === undefined && q.cnpj === undefined) throw fieldProblem('consultaPendencias', 'caceal', 'required', 'Informe o contribuinte: CACEAL ou CNPJ.');
        if (staff) return consultarPendencias(db(), q);
        if (q.caceal === undefined || !(await pertenceAoUsuario(db(), p.id, { caceal: q.caceal }))) throw forbidden('Only your own registration');
        return consultarPendencias(db(), { ...q, cnpj: undefined, tipoConsultaNumeroDocumento: 'CACEAL' });
      },
    });

    app.patch('/pendencias/regularizar', {
      config: manutencao,
      schema: { tags, summary: 'Regularize an open registry-origin pendência (situation 2, reason 2, origin 10)', body: RegularizarPendencia, response: { 200: Pendencia } },
      handler: async (req) => db().transaction((tx) => regularizarPendencia(tx, req.principal!.login, req.body)),
    });

    app.patch('/pendencias/alterar', {
      config: manutencao,
      schema: { tags, summary: 'Alter a registry-origin pendência (version-checked, audited)', body: AlterarPendencia, response: { 200: Pendencia } },
      handler: async (req) => db().transaction((tx) => alterarPendencia(tx, req.principal!.login, req.body)),
    });

    app.get('/pendencias/classificacoes-origem-cadastro', {
      config: { access: [Authority.CON_PEND_OFICIO, Authority.CON_DADOS_CONTRI, Authority.MAN_PEND_OFICIO] },
      schema: { tags, summary: 'Classifications that originate in the registry (the ones a clerk may alter)', response: { 200: z.array(ClassificacaoOrigemCadastro) } },
      handler: async () => classificacoesOrigemCadastro(db()),
    });
  };
}
