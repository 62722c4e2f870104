import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { CacealFic, CodigoVerificacaoFic, Fic, mascararCpf, VerificacaoFic, Inteiro } from '@cadastro/domain';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors/problem.js';
import { sendPdf } from '../../platform/pdf/documento.js';
import { emitirFic, obterDadosFic, verificarFic } from './dados.js';
import { ficPdf } from './pdf.js';

const NAO_ENCONTRADO = 'Nenhum registro encontrado.';
/** Public calls that write (an issued FIC) or could be scraped are throttled per client address. */
const limite = { max: 30, timeWindow: '1 minute' };

/** LGPD: an individual's CPF reaches anonymous users masked (***.456.789-**); staff signed in see it whole. */
const paraQuemPede = <T extends { cnpj: string }>(req: FastifyRequest, fic: T): T =>
  req.principal || fic.cnpj.length !== 11 ? fic : { ...fic, cnpj: mascararCpf(fic.cnpj) };

/** §2 FIC — public: the certificate, its PDF with a verification code, and the check of a code. */
export function ficRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/contribuinte/obterDadosFic/:caceal', {
      config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['fic'],
        summary: 'The FIC (registration certificate) of a CACEAL — public',
        params: z.object({ caceal: CacealFic }),
        response: { 200: Fic },
      },
      handler: async (req) => {
        const fic = await obterDadosFic(ctx.database.db, req.params.caceal);
        if (!fic) throw notFound(NAO_ENCONTRADO);
        return paraQuemPede(req, fic);
      },
    });
    app.get('/relatorio/fic/imprimir', {
      config: { access: 'public', rateLimit: limite },
      schema: {
        tags: ['fic'],
        summary: 'The printed FIC (PDF) with a new verification code — public',
        querystring: z.object({ caceal: CacealFic, numeroPessoaRaiz: Inteiro(z.number().int().positive()).optional() }),
        produces: ['application/pdf'],
      },
      handler: async (req, reply) => {
        const v = await emitirFic(ctx.database, req.query.caceal, req.principal?.login ?? null, req.query.numeroPessoaRaiz);
        if (!v) throw notFound(NAO_ENCONTRADO);
        const url = `${ctx.config.baseUrl}/#/fic/verificar/${v.codigo}`;
        // The screen tells the user which code the printed copy carries.
        reply.header('X-Codigo-Verificacao', v.codigo);
        return sendPdf(reply, ctx.pdf, ficPdf({ ...v, fic: paraQuemPede(req, v.fic) }, url), `fic-${v.fic.numeroCaceal}.pdf`);
      },
    });
    app.get('/public/fic/verificar/:codigo', {
      config: { access: 'public', rateLimit: limite },
      schema: {
        tags: ['fic'],
        summary: 'Checks a FIC verification code: when it was issued and what it certified — public',
        params: z.object({ codigo: CodigoVerificacaoFic }),
        response: { 200: VerificacaoFic },
      },
      handler: async (req) => {
        const v = await verificarFic(ctx.database.db, req.params.codigo);
        if (!v) throw notFound('Código de verificação não encontrado.');
        return { ...v, fic: paraQuemPede(req, v.fic) };
      },
    });
  };
}
