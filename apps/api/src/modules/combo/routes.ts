import { z } from 'zod';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PgTable } from 'drizzle-orm/pg-core';
import { Authority, onlyDigits, sublimiteAplicavel, Inteiro } from '@cadastro/domain';
import type { AppContext } from '../../platform/context.js';
import * as s from '../../db/schema/index.js';
import { notFound } from '../../platform/errors/problem.js';
import { sendCached } from '../../platform/etag.js';
import { GRUPO_GESTOR_EDITAL } from '../../integrations/sca/port.js';

const tags = ['combo'];
/** ref_porte ids (PORTES in seed/referencia/tabelas.ts). */
type Lookup = PgTable & { id: never; descricao: never; ativo: never };

/** Plain {id, descricao, ativo} combos of §7 and the table behind each. */
const SIMPLE: Record<string, { table: Lookup; summary: string; onlyActive?: boolean }> = {
  porteEmpresa: { table: s.refPorte as unknown as Lookup, summary: 'Company sizes (3 = MEI)' },
  qualificacao: { table: s.refQualificacao as unknown as Lookup, summary: "Receita Federal's partner/responsible qualifications" },
  tipoInscricao: { table: s.refCrcTipoInscricao as unknown as Lookup, summary: 'CRC registration types (O, T, S, P, F)' },
  categoria: { table: s.refCrcCategoria as unknown as Lookup, summary: 'CRC categories' },
  classificacao: { table: s.refCrcClassificacao as unknown as Lookup, summary: 'CRC classifications' },
  'classificacao-contador': { table: s.refCrcClassificacao as unknown as Lookup, summary: 'CRC classifications (accountant area)' },
  tipoTelefone: { table: s.refTipoTelefone as unknown as Lookup, summary: 'Phone types' },
  tipoEndereco: { table: s.refTipoEndereco as unknown as Lookup, summary: 'Address types' },
  tipoLogradouro: { table: s.refTipoLogradouro as unknown as Lookup, summary: 'Street types (Correios DNE)' },
  formasAtuacao: { table: s.refFormaAtuacao as unknown as Lookup, summary: 'Forms of operation (Receita Federal)' },
  tipoUnidade: { table: s.refTipoUnidade as unknown as Lookup, summary: 'Unit types (Receita Federal)' },
  situacaoEdital: { table: s.refSituacaoEdital as unknown as Lookup, summary: 'Notice statuses' },
  situacaoCadastral: { table: s.refSituacaoCadastral as unknown as Lookup, summary: 'Registration statuses' },
  situacoesPessoa: { table: s.refSituacaoCadastral as unknown as Lookup, summary: 'Registration statuses (status change screen)' },
  tipoContribuinte: { table: s.refTipoContribuinte as unknown as Lookup, summary: 'Taxpayer types (type digit of the AL registration)' },
  tipoEdital: { table: s.refTipoEdital as unknown as Lookup, summary: 'Notice types' },
  tiposDocumentosVinculados: { table: s.refTipoDocumentoVinculado as unknown as Lookup, summary: 'Document types a notice row may cite' },
  tipoAtoConcessorio: { table: s.refTipoAtoConcessorio as unknown as Lookup, summary: 'Granting act types of special regimes' },
  'tipoAtoConcessorio/obterAtivos': { table: s.refTipoAtoConcessorio as unknown as Lookup, summary: 'Active granting act types', onlyActive: true },
  'tipoRegimeEspecial/obterAtivos': { table: s.refTipoRegimeEspecial as unknown as Lookup, summary: 'Active special regime types', onlyActive: true },
  criticidadeIrregularidade: { table: s.refCriticidadeIrregularidade as unknown as Lookup, summary: 'Pendência criticalities' },
  situacaoIrregularidade: { table: s.refSituacaoIrregularidade as unknown as Lookup, summary: 'Pendência situations' },
};

/** §7 "Combos" under /sfz-cadastro-api/api: public reference data, cached with ETag. */
export function comboRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = () => ctx.database.db;
  return async (app) => {
    for (const [path, { table, summary, onlyActive }] of Object.entries(SIMPLE)) {
      app.get(`/${path}`, {
        config: { access: 'public' },
        schema: { tags, summary },
        handler: async (req, reply) => {
          const t = table as unknown as { id: never; descricao: never; ativo: never };
          const rows = await db()
            .select({ id: t.id, descricao: t.descricao, ativo: t.ativo })
            .from(table)
            .where(onlyActive ? eq(t.ativo, true as never) : undefined)
            .orderBy(asc(t.id));
          return sendCached(req, reply, rows);
        },
      });
    }

    app.get('/tipo-status-processamento', {
      config: { access: 'public' },
      schema: { tags, summary: 'Processing statuses of requests: sistema=rds (REDESIM, default) or csn (Simples Nacional)', querystring: z.object({ sistema: z.enum(['rds', 'csn']).default('rds') }) },
      handler: async (req, reply) => {
        const t = req.query.sistema === 'csn' ? s.refStatusProcessamentoCsn : s.refStatusProcessamentoRds;
        return sendCached(req, reply, await db().select().from(t).orderBy(asc(t.id)));
      },
    });

    app.get('/uf', {
      config: { access: 'public' },
      schema: { tags, summary: 'The 27 UFs (IBGE)' },
      handler: async (req, reply) => {
        const rows = await db().select().from(s.refUf).orderBy(asc(s.refUf.sigla));
        return sendCached(req, reply, rows.map((u) => ({ id: u.sigla, codigoIbge: u.codigoIbge, descricao: u.nome })));
      },
    });

    app.get('/municipio/:uf', {
      config: { access: 'public' },
      schema: { tags, summary: 'Municipalities of a UF (IBGE)', params: z.object({ uf: z.string().length(2) }) },
      handler: async (req, reply) => {
        const uf = req.params.uf.toUpperCase();
        const rows = await db().select().from(s.refMunicipio).where(eq(s.refMunicipio.uf, uf)).orderBy(asc(s.refMunicipio.nome));
        if (rows.length === 0) throw notFound(`UF ${uf} not found`);
        return sendCached(req, reply, rows.map((m) => ({ id: m.id, descricao: m.nome, codigoUf: m.uf })));
      },
    });

    app.get('/pais', {
      config: { access: 'public' },
      schema: { tags, summary: 'Countries (ISO 3166-1)' },
      handler: async (req, reply) => {
        const rows = await db().select().from(s.refPais).orderBy(asc(s.refPais.nome));
        return sendCached(req, reply, rows.map((p) => ({ id: p.id, sigla: p.sigla, descricao: p.nome })));
      },
    });

    app.get('/naturezaJuridica', {
      config: { access: 'public' },
      schema: { tags, summary: 'Legal natures (CONCLA)' },
      handler: async (req, reply) => {
        const rows = await db().select().from(s.refNaturezaJuridica).orderBy(asc(s.refNaturezaJuridica.codigo));
        return sendCached(req, reply, rows.map((n) => ({ id: n.id, codigoNaturezaJuridica: n.codigo, descricao: n.descricao, ativo: n.ativo })));
      },
    });

    // Simples Nacional: the state sublimit (LC 123/2006, arts. 19-20) lies above the ME's ceiling, so only an
    // EPP can exceed it (issue 39 §7); for ME, MEI and DEMAIS it does not apply: no options ('Não se aplica.').
    app.get('/:id/sublimite', {
      config: { access: 'public' },
      schema: { tags, summary: 'Sublimit options (exceeded yes/no) for a company size; empty when it does not apply', params: z.object({ id: Inteiro(z.number().int().positive()) }) },
      handler: async (req, reply) => {
        const [porte] = await db().select().from(s.refPorte).where(eq(s.refPorte.id, req.params.id));
        if (!porte) throw notFound(`Company size ${req.params.id} not found`);
        const aplica = sublimiteAplicavel(porte.id);
        return sendCached(req, reply, aplica ? [{ id: 1, descricao: 'SIM', ativo: true }, { id: 0, descricao: 'NÃO', ativo: true }] : []);
      },
    });

    // Who may be a notice's responsible: the members of the notice team in the access-control system.
    app.get('/responsaveis-edital', {
      config: { access: [Authority.CON_EDITAL, Authority.EDITAR_EDITAL] },
      schema: {
        tags,
        summary: 'Persons who may be responsible for a notice (members of GESTOR_EDITAL in the access-control system)',
        response: { 200: z.array(z.object({ numeroPessoa: z.number().int(), razaoSocial: z.string() })) },
      },
      handler: async () => {
        const membros = await ctx.sca.membros(GRUPO_GESTOR_EDITAL);
        if (!membros.length) return [];
        const r = await db().select({ numeroPessoa: s.pessoa.numeroPessoa, razaoSocial: s.pessoa.nome }).from(s.pessoa)
          .where(inArray(s.pessoa.numeroPessoa, membros)).orderBy(asc(s.pessoa.nome));
        return r;
      },
    });

    app.get('/motivosPessoa/:id', {
      config: { access: 'public' },
      schema: { tags, summary: 'Reasons allowed for a registration status', params: z.object({ id: Inteiro(z.number().int().positive()) }) },
      handler: async (req, reply) => {
        const [sit] = await db().select().from(s.refSituacaoCadastral).where(eq(s.refSituacaoCadastral.id, req.params.id));
        if (!sit) throw notFound(`Registration status ${req.params.id} not found`);
        const rows = await db().select().from(s.refMotivoSituacao).where(eq(s.refMotivoSituacao.situacaoId, sit.id)).orderBy(asc(s.refMotivoSituacao.id));
        return sendCached(req, reply, rows.map((m) => ({ id: m.id, idSituacao: m.situacaoId, descricao: m.descricao, ativo: m.ativo })));
      },
    });

    app.get('/regimeEspecial/obterPorIdTipoRegime/:id', {
      config: { access: 'public' },
      schema: { tags, summary: 'Special regimes of a regime type', params: z.object({ id: Inteiro(z.number().int().positive()) }) },
      handler: async (req, reply) => {
        const [tipo] = await db().select().from(s.refTipoRegimeEspecial).where(eq(s.refTipoRegimeEspecial.id, req.params.id));
        if (!tipo) throw notFound(`Special regime type ${req.params.id} not found`);
        const rows = await db().select().from(s.refRegimeEspecial).where(eq(s.refRegimeEspecial.tipoRegimeId, tipo.id)).orderBy(asc(s.refRegimeEspecial.id));
        return sendCached(req, reply, rows.map((r) => ({ id: r.id, idTipoRegime: r.tipoRegimeId, descricao: r.descricao, ativo: r.ativo })));
      },
    });

    app.get('/classificacaoIrregularidade', {
      config: { access: 'public' },
      schema: { tags, summary: 'Pendência classifications with their origin (10 = registry)' },
      handler: async (req, reply) => {
        const rows = await db().select().from(s.refClassificacaoIrregularidade).orderBy(asc(s.refClassificacaoIrregularidade.id));
        return sendCached(req, reply, rows.map((r) => ({ id: r.id, descricao: r.descricao, idOrigem: r.origemId, ativo: r.ativo })));
      },
    });

    app.get('/tipoEventoEntreCodigos', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Registry events with codes in a range (notice events start at 11001)',
        querystring: z.object({ codigoInicial: Inteiro(z.number().int().min(0)), codigoFinal: Inteiro(z.number().int().min(0)).optional() }),
      },
      handler: async (req, reply) => {
        const { codigoInicial, codigoFinal } = req.query;
        const rows = await db()
          .select()
          .from(s.refTipoEvento)
          .where(and(gte(s.refTipoEvento.id, codigoInicial), codigoFinal === undefined ? undefined : lte(s.refTipoEvento.id, codigoFinal)))
          .orderBy(asc(s.refTipoEvento.id));
        return sendCached(req, reply, rows.map((r) => ({ id: r.id, descricao: r.descricao, implementado: r.implementado ? 'S' : 'N', ativo: r.ativo })));
      },
    });

    app.get('/motivosAlteracaoSituacaoCadastral', {
      config: { access: 'public' },
      schema: { tags, summary: 'Every status-change reason with its status' },
      handler: async (req, reply) => {
        const rows = await db().select().from(s.refMotivoSituacao).orderBy(asc(s.refMotivoSituacao.id));
        return sendCached(req, reply, rows.map((m) => ({ id: m.id, idSituacao: m.situacaoId, descricao: m.descricao, ativo: m.ativo })));
      },
    });

    app.get('/atividade/:cnae', {
      config: { access: 'public' },
      schema: { tags, summary: 'One CNAE 2.3 subclass (9999-9/99 or digits)', params: z.object({ cnae: z.string().max(12) }) },
      handler: async (req, reply) => {
        const code = onlyDigits(req.params.cnae).padStart(7, '0');
        const [c] = await db().select().from(s.refCnae).where(eq(s.refCnae.id, code));
        if (!c) throw notFound(`CNAE ${req.params.cnae} not found`);
        return sendCached(req, reply, { id: c.id, codigoCnae: c.id, descricao: c.descricao, ativo: c.ativo });
      },
    });
  };
}
