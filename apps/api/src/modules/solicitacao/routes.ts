import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import {
  AtividadeSolicitacao, Authority, CnpjSolicitacao, ConsultaPublicaSolicitacao, ConsultaSolicitacoes, ContabilistaSolicitacao, ContribuintePublico, DetalheSolicitacao,
  IdentificacaoSolicitacao, MensagemSolicitacao, ProtocoloParam, SocioSolicitacao, SolicitacaoPublica, SolicitacoesEncontradas,
} from '@cadastro/domain';
import type { Principal } from '../../platform/auth/tokens.js';
import { queryOne } from '../../db/consulta.js';
import { RedesimIndisponivel } from '../../integrations/redesim/port.js';
import type { AppContext } from '../../platform/context.js';
import { forbidden, HttpProblem, notFound } from '../../platform/errors/problem.js';
import { pertenceAoUsuario } from '../contribuinte/meu-cadastro.js';

const tags = ['solicitacao'];
const NAO_ENCONTRADO = 'Nenhum registro encontrado.';

/** The port down or timed out: 503 (the block says so; the others stay on screen). */
async function daRedesim<T>(chamada: Promise<T>): Promise<T> {
  try {
    return await chamada;
  } catch (e) {
    if (e instanceof RedesimIndisponivel) {
      throw new HttpProblem(503, 'REDESIM did not answer; try again later.', { message: 'error.solicitacao.indisponivel', retryAfterSeconds: 30 });
    }
    throw e;
  }
}

/** §7 "Requests": the taxpayer's REDESIM and Simples Nacional requests, each detail block by its own call, and the public consultation. */
export function solicitacaoRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const db = () => ctx.database.db;
    const redesim = ctx.redesim;
    // Staff read any taxpayer's requests; a taxpayer (my registration) only their own company's.
    const leitura = { access: [Authority.CON_DADOS_CONTRI, Authority.MEU_CADASTRO] } as const;
    const staff = (p: Principal) => p.authorities.includes(Authority.CON_DADOS_CONTRI);
    const exigirProprio = async (p: Principal, cnpj: string | null | undefined) => {
      if (staff(p)) return;
      const pessoa = cnpj ? await queryOne<{ n: string }>(db(), sql`select numero_pessoa as n from pessoa where numero_documento = ${cnpj}`) : undefined;
      if (!pessoa || !(await pertenceAoUsuario(db(), p.id, { numeroPessoa: Number(pessoa.n) }))) throw forbidden('Only your own registration');
    };

    app.get('/solicitacao/consultar', {
      config: leitura,
      schema: { tags, summary: "Requests by CNPJ and/or day (Alagoas time) and status: REDESIM (rds) and Simples Nacional (csn) lists", querystring: ConsultaSolicitacoes, response: { 200: SolicitacoesEncontradas } },
      handler: async (req) => {
        const p = req.principal!;
        if (!staff(p)) await exigirProprio(p, req.query.cnpj);
        return daRedesim(redesim.consultar(req.query));
      },
    });

    // One call per block of the detail modal (§2): a failing block stays empty and the others load.
    const bloco = (path: string, resposta: z.ZodType, summary: string, carregar: (protocolo: string) => Promise<unknown>) =>
      app.get(path, {
        config: leitura,
        schema: { tags, summary, params: z.object({ id: ProtocoloParam }), response: { 200: resposta } },
        handler: async (req) => {
          const p = req.principal!;
          if (!staff(p)) {
            // An unknown protocol is not found for anyone; a known one only for its company's account.
            const cnpj = await daRedesim(redesim.cnpjDe(req.params.id));
            if (cnpj === null) throw notFound(NAO_ENCONTRADO);
            await exigirProprio(p, cnpj);
          }
          const r = await daRedesim(carregar(req.params.id));
          if (r === null) throw notFound(NAO_ENCONTRADO);
          return r;
        },
      });
    bloco('/solicitacao/:id', DetalheSolicitacao, 'A REDESIM request: protocol and date, status, events, the product and its situation', (id) => redesim.solicitacao(id));
    bloco('/solicitacao/identificacao/:id', IdentificacaoSolicitacao, "The request's company identification, address, forms of acting, unit types, legal responsible", (id) => redesim.identificacao(id));
    bloco('/solicitacao/atividade-economica/:id', z.array(AtividadeSolicitacao), "The request's economic activities", (id) => redesim.atividades(id));
    bloco('/solicitacao/contabilista/:id', ContabilistaSolicitacao.nullable(), "The request's accountant (null: none)", (id) => redesim.contabilista(id));
    bloco('/solicitacao/qsa/:id', z.array(SocioSolicitacao), "The request's partners and administrators (QSA)", (id) => redesim.qsa(id));
    bloco('/solicitacao/mensagem/:id', z.array(MensagemSolicitacao), "The request's processing messages", (id) => redesim.mensagens(id));

    // Public (no sign-in), throttled per address: what an applicant may know of their own request.
    const limite = { max: 30, timeWindow: '1 minute' };
    app.get('/public/solicitacao/consultar', {
      config: { access: 'public', rateLimit: limite },
      schema: {
        tags, summary: 'Public: a request by protocol or CNPJ and its day — status and messages only, no personal data',
        querystring: ConsultaPublicaSolicitacao, response: { 200: z.array(SolicitacaoPublica) },
      },
      handler: async (req) => daRedesim(redesim.publica(req.query)),
    });
    app.get('/contribuinte/obterContribuinte/:id', {
      config: { access: 'public', rateLimit: limite },
      schema: { tags, summary: "Public: the company of a CNPJ (name, trade name, the registry's status)", params: z.object({ id: CnpjSolicitacao }), response: { 200: ContribuintePublico } },
      handler: async (req) => {
        const r = await queryOne<{ cnpj: string; nome: string; fantasia: string | null; situacao: string | null }>(db(), sql`select p.numero_documento as cnpj, p.nome,
            p.nome_fantasia as fantasia, (select s.descricao from contribuinte c join ref_situacao_cadastral s on s.id = c.situacao_id
              where c.numero_pessoa = p.numero_pessoa order by c.id desc limit 1) as situacao
          from pessoa p where p.numero_documento = ${req.params.id} and p.tipo = 'J'`);
        if (!r) throw notFound(NAO_ENCONTRADO);
        return { cnpj: r.cnpj, razaoSocial: r.nome, nomeFantasia: r.fantasia, situacaoCadastral: r.situacao };
      },
    });
  };
}
