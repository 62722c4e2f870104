import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AlteracaoSituacaoRealizada, AlterarSituacaoPessoa, Authority, formatCaceal, ListaSituacaoCadastral, ObterSituacaoCadastral, onlyCnpjChars, SITUACAO, SituacaoPessoa, Inteiro,
} from '@cadastro/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors/problem.js';
import { tabela } from '../../platform/pdf/blocos.js';
import { sendPdf } from '../../platform/pdf/documento.js';
import { alterarSituacaoPessoa, situacaoPessoa } from './alteracao.js';
import { obterSituacaoCadastral } from './consulta.js';

/** §2 situacaoCadastral (the status of a pasted list) and alterarSituacaoCnpj (a company's status change). */
export function situacaoRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const db = () => ctx.database.db;
    app.post('/contribuinte/obterSituacaoCadastral', {
      config: { access: [Authority.CON_SITU_CONTRI] },
      schema: {
        tags: ['situacao'],
        summary: 'Current status of up to 1,000 CACEALs (the unknown ones are listed apart)',
        body: ObterSituacaoCadastral,
        response: { 200: ListaSituacaoCadastral },
      },
      handler: async (req) => obterSituacaoCadastral(db(), req.body),
    });
    app.post('/relatorio/situacaoCadastral/imprimir', {
      config: { access: [Authority.CON_SITU_CONTRI] },
      schema: {
        tags: ['situacao'],
        summary: 'The same list as a PDF',
        body: z.object({ cacealLista: ObterSituacaoCadastral }),
        produces: ['application/pdf'],
      },
      handler: async (req, reply) => {
        const r = await obterSituacaoCadastral(db(), req.body.cacealLista);
        return sendPdf(reply, ctx.pdf, {
          titulo: 'Situação Cadastral de Contribuintes',
          subtitulo: `${r.content.length} inscrição(ões)`,
          conteudo: [
            tabela(['CACEAL', 'Razão social', 'Situação', 'Motivo'],
              r.content.map((c) => [formatCaceal(c.numeroCaceal, c.digitoCaceal), c.razaoSocial, c.situacaoCadastral, c.motivoSituacaoCadastral]),
              'Nenhum registro encontrado.', [62, '*', 100, 120]), // Situação fits DESENQUADRAMENTO on one line
            ...(r.naoEncontrados.length ? [{ text: `CACEAL não encontrado: ${r.naoEncontrados.join(', ')}`, margin: [0, 8, 0, 0] as [number, number, number, number] }] : []),
          ],
        }, 'situacao-cadastral.pdf');
      },
    });

    const alterar = { access: [Authority.ALT_SITU_CNPJ] } as const;
    app.get('/pessoa/obter-numero-pessoa/:cnpj', {
      config: { access: [Authority.ALT_SITU_CNPJ, Authority.CON_DADOS_CONTRI] },
      schema: {
        tags: ['situacao'],
        summary: 'The person number of a CNPJ (numeric or alphanumeric, masked or not)',
        params: z.object({ cnpj: z.string().transform(onlyCnpjChars).pipe(z.string().regex(/^[0-9A-Z]{12}\d{2}$/, 'pattern')) }),
        response: { 200: z.object({ numeroPessoa: z.number().int() }) },
      },
      handler: async (req) => {
        const r = (await db().execute(sql`select numero_pessoa from pessoa where numero_documento = ${req.params.cnpj}`)) as unknown as { rows: { numero_pessoa: number }[] };
        if (!r.rows[0]) throw notFound('Nenhum registro encontrado.');
        return { numeroPessoa: Number(r.rows[0].numero_pessoa) };
      },
    });
    app.get('/contribuinte/situacaoPessoa/:numeroPessoa', {
      config: alterar,
      schema: {
        tags: ['situacao'],
        summary: 'A company (CNPJ) with the status and version of each of its registrations',
        params: z.object({ numeroPessoa: Inteiro(z.number().int().positive()) }),
        response: { 200: SituacaoPessoa },
      },
      handler: async (req) => {
        const s = await situacaoPessoa(db(), req.params.numeroPessoa);
        if (!s) throw notFound('Nenhum registro encontrado.');
        return s;
      },
    });
    // §7 listarSituacoesPessoa / listarMotivosPessoaBySituacao: what the change screen may choose —
    // the statuses that have an active reason (not NÃO CADASTRADO: no registration is given it), and
    // the active reasons of one status.
    const Opcao = z.object({ id: z.number().int(), descricao: z.string() });
    app.get('/contribuinte/listarSituacoesPessoa', {
      config: alterar,
      schema: { tags: ['situacao'], summary: 'Statuses a company may be given (those with an active reason)', response: { 200: z.array(Opcao) } },
      handler: async () => {
        const r = await db().execute(sql`select s.id, s.descricao from ref_situacao_cadastral s
          where s.ativo and s.id <> ${SITUACAO.NAO_CADASTRADO} and exists (select 1 from ref_motivo_situacao m where m.situacao_id = s.id and m.ativo) order by s.id`);
        return (r as unknown as { rows: { id: number; descricao: string }[] }).rows;
      },
    });
    app.get('/contribuinte/listarMotivosPessoaBySituacao/:id', {
      config: alterar,
      schema: {
        tags: ['situacao'],
        summary: 'Active reasons of a status',
        params: z.object({ id: Inteiro(z.number().int().positive()) }),
        response: { 200: z.array(Opcao.extend({ idSituacao: z.number().int() })) },
      },
      handler: async (req) => {
        const r = (await db().execute(sql`select m.id, m.situacao_id as "idSituacao", m.descricao, s.ativo as situacao_ativa
          from ref_situacao_cadastral s left join ref_motivo_situacao m on m.situacao_id = s.id and m.ativo
          where s.id = ${req.params.id} order by m.id`)) as unknown as { rows: { id: number | null; idSituacao: number; descricao: string; situacao_ativa: boolean }[] };
        if (!r.rows.length || !r.rows[0]!.situacao_ativa) throw notFound('Nenhum registro encontrado.');
        return r.rows.filter((m) => m.id !== null).map((m) => ({ id: m.id!, idSituacao: m.idSituacao, descricao: m.descricao }));
      },
    });
    app.post('/contribuinte/alterarSituacaoPessoa', {
      config: alterar,
      schema: {
        tags: ['situacao'],
        summary: 'Changes the status of the live registrations of a company (history and audit in the same transaction)',
        body: AlterarSituacaoPessoa,
        response: { 200: AlteracaoSituacaoRealizada },
      },
      handler: async (req) => {
        await db().transaction((tx) => alterarSituacaoPessoa(tx, req.principal!.login, req.body));
        return { codigo: 'ALTERACAO_REALIZADA' as const, mensagem: 'Alteração realizada com sucesso' };
      },
    });
  };
}
