import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Atividade, Authority, BuscaContribuinteParams, BuscaNomeQuery, PaginaBuscaNome, CacealParam, Contador, DadosCadastrais, EditalDoContribuinte, PaginaContribuintes, Procurador, RegimeEspecial,
  Responsavel, Socio, Inteiro,
} from '@cadastro/domain';
import { obterAtividades, obterContador, obterEditais, obterProcuradores, obterRegimesEspeciais, obterResponsavel, obterSocios } from './abas.js';
import { notFound } from '../../platform/errors/problem.js';
import { registroDoChamador } from './meu-cadastro.js';
import { obterDadosCadastrais } from './dados.js';
import type { AppContext } from '../../platform/context.js';
import { buscarContribuintes } from './busca.js';
import { buscarPorNome } from './busca-nome.js';
import { fichaCadastralPdf } from './ficha.js';
import { sendPdf } from '../../platform/pdf/documento.js';
import { eventoRoutes } from './evento-routes.js';
import { compiledSerializerCompiler } from '../../platform/serializer.js';

/** §7 "Taxpayer" calls under /sfz-cadastro-api/api/contribuinte. */
export function contribuinteRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Staff read any registration; a taxpayer (ROLE_CAD_MEU_CADASTRO) only their own (registroDoChamador).
    const dados = { access: [Authority.CON_DADOS_CONTRI, Authority.MEU_CADASTRO] } as const;
    // The CACEAL of a porCaceal call is its path: a second one in the query is refused, never merged.
    const soCaminho = z.object({ caceal: z.never({ error: 'caceal' }).optional() });
    const db = () => ctx.database.db;
    // The maintenance ("supertela") calls: registry events and the activity search.
    await app.register(eventoRoutes(ctx));
    app.get('/contribuinte/obterDadosCadastrais/:numeroPessoa', {
      config: dados,
      schema: {
        tags: ['contribuinte'],
        summary: "Registration data of a person's registration (latest, or the one given by ?caceal=)",
        params: z.object({ numeroPessoa: Inteiro(z.number().int().positive()) }),
        querystring: z.object({ caceal: CacealParam.optional() }),
        response: { 200: DadosCadastrais },
      },
      handler: async (req) => {
        const by = await registroDoChamador(db(), req.principal!, { numeroPessoa: req.params.numeroPessoa, caceal: req.query.caceal });
        const d = await obterDadosCadastrais(db(), by);
        if (!d || d.numeroPessoa !== req.params.numeroPessoa) throw notFound('Nenhum registro encontrado.');
        return d;
      },
    });
    app.get('/contribuinte/obterDadosCadastrais/porCaceal/:caceal', {
      config: dados,
      schema: {
        tags: ['contribuinte'],
        summary: 'Registration data by CACEAL (8 digits)',
        params: z.object({ caceal: CacealParam }),
        querystring: soCaminho,
        response: { 200: DadosCadastrais },
      },
      handler: async (req) => {
        const d = await obterDadosCadastrais(db(), await registroDoChamador(db(), req.principal!, { caceal: req.params.caceal }));
        if (!d) throw notFound('Nenhum registro encontrado.');
        return d;
      },
    });
    // One call per tab (§7), by person (?caceal= picks the registration) or porCaceal.
    const abas = [
      ['obterAtividades', z.array(Atividade), obterAtividades],
      ['obterSocios', z.array(Socio), obterSocios],
      ['obterResponsavel', Responsavel.nullable(), obterResponsavel],
      ['obterContador', Contador.nullable(), obterContador],
      ['obterProcuradores', z.array(Procurador), obterProcuradores],
      ['obterEditais', z.array(EditalDoContribuinte), obterEditais],
      ['obterRegimesEspeciais', z.array(RegimeEspecial), obterRegimesEspeciais],
    ] as const;
    type Aba = (typeof abas)[number];
    const porPessoa = (url: string, [nome, resposta, carregar]: Aba) =>
      app.get(url, {
        config: dados,
        schema: {
          tags: ['contribuinte'],
          summary: `${nome} of a person's registration (latest, or ?caceal=)`,
          params: z.object({ numeroPessoa: Inteiro(z.number().int().positive()) }),
          querystring: z.object({ caceal: CacealParam.optional() }),
          response: { 200: resposta },
        },
        // ?caceal= picks the registration (abas.ts `registro`), else the person's latest.
        handler: async (req) => carregar(db(), await registroDoChamador(db(), req.principal!, { numeroPessoa: req.params.numeroPessoa, caceal: req.query.caceal })),
      });
    const porCaceal = (url: string, [nome, resposta, carregar]: Aba) =>
      app.get(url, {
        config: dados,
        schema: {
          tags: ['contribuinte'],
          summary: `${nome} by CACEAL`,
          params: z.object({ caceal: CacealParam }),
          querystring: soCaminho,
          response: { 200: resposta },
        },
        handler: async (req) => carregar(db(), await registroDoChamador(db(), req.principal!, { caceal: req.params.caceal })),
      });
    for (const aba of abas) {
      porPessoa(`/contribuinte/${aba[0]}/:numeroPessoa`, aba);
      porCaceal(`/contribuinte/${aba[0]}/porCaceal/:caceal`, aba);
    }
    // More §7 names of the same reads: the notices of a person (GET contribuinte/editais/{n})
    // and the special regimes of a CACEAL (GET regimeEspecial/{caceal}, listed among the person calls).
    porPessoa('/contribuinte/editais/:numeroPessoa', abas.find(([n]) => n === 'obterEditais')!);
    porCaceal('/regimeEspecial/:caceal', abas.find(([n]) => n === 'obterRegimesEspeciais')!);
    // "also GET obterProcuradores/{n}", listed after procurador/obterPorNumeroDocumento: the attorneys of a person's registration.
    porPessoa('/procurador/obterProcuradores/:numeroPessoa', abas.find(([n]) => n === 'obterProcuradores')!);

    app.get('/relatorio/imprimir', {
      config: dados,
      schema: {
        tags: ['contribuinte'],
        summary: 'The printable registration sheet (PDF) of a CACEAL',
        querystring: z.object({
          numeroCaceal: CacealParam,
          numeroPessoa: Inteiro(z.number().int().positive()).optional(),
          numeroPessoaRaiz: Inteiro(z.number().int().positive()).optional(),
        }),
        produces: ['application/pdf'],
      },
      handler: async (req, reply) => {
        const { numeroCaceal, numeroPessoa, numeroPessoaRaiz } = req.query;
        await registroDoChamador(db(), req.principal!, { caceal: numeroCaceal });
        const r = await fichaCadastralPdf(db(), numeroCaceal);
        if (!r || (numeroPessoa !== undefined && r.numeroPessoa !== numeroPessoa) || (numeroPessoaRaiz !== undefined && r.numeroPessoaRaiz !== numeroPessoaRaiz)) {
          throw notFound('Nenhum registro encontrado.');
        }
        return sendPdf(reply, ctx.pdf, r.documento, `ficha-cadastral-${numeroCaceal}.pdf`);
      },
    });

    // The search screen's own name search (#43): contains first, then words in any order, variants,
    // typos; keyset pages reach every row. The §7 call below keeps its contract for other systems.
    app.get('/contribuinte/buscarPorNome', {
      config: { access: [Authority.CON_DADOS_CONTRI] },
      schema: {
        tags: ['contribuinte'],
        summary: 'Taxpayer name search of the search screen: contains, words in any order, variants, typos (keyset pages)',
        querystring: BuscaNomeQuery,
        response: { 200: PaginaBuscaNome },
      },
      handler: async (req) => buscarPorNome(ctx.database.db, req.query.termo, req.query.size, req.query.apos),
    });

    app.get('/contribuinte/obterListaContribuintes/:docType/:query/:page0/:size', {
      config: { access: [Authority.CON_DADOS_CONTRI] },
      schema: {
        tags: ['contribuinte'],
        summary: 'Taxpayer search by CACEAL, CNPJ (numeric or alphanumeric), CNPJ root or razão social (contains)',
        params: BuscaContribuinteParams,
        response: { 200: PaginaContribuintes },
      },
      // The busiest call: its answer is built below field by field, so a compiled serializer writes it.
      serializerCompiler: compiledSerializerCompiler,
      handler: async (req) => {
        const { docType, query, page0, size } = req.params;
        const r = await buscarContribuintes(ctx.database.db, docType, query, page0, size);
        return {
          content: r.content.map((c) => ({
            numeroPessoa: c.numeroPessoa,
            numeroCaceal: c.numeroCaceal,
            digitoCaceal: c.digitoCaceal,
            cnpj: c.cnpj,
            razaoSocial: c.razaoSocial,
            situacaoCadastral: c.situacaoCadastral,
          })),
          totalElements: r.totalElements,
          totalPages: Math.ceil(r.totalElements / size),
          totalIsLowerBound: r.totalIsLowerBound,
        };
      },
    });
  };
}
