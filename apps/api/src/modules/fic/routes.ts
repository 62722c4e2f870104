import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CacealFic, CodigoVerificacaoFic, Fic, VerificacaoFic, Inteiro } from '@cadastro/domain';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors/problem.js';
import { sendPdf } from '../../platform/pdf/documento.js';
import { emitirFic, obterDadosFic, verificarFic } from './dados.js';
import { ficPdf } from './pdf.js';
import { ficParaQuemPede, leDoCadastro } from './leitor.js';

const NAO_ENCONTRADO = 'Nenhum registro encontrado.';
/** Public calls that write (an issued FIC) or could be scraped are throttled per client address. */
const limite = { max: 30, timeWindow: '1 minute' };

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
        return ficParaQuemPede(ctx.database, req.principal, fic);
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
        // Only the registry's staff print as the registry: their login is kept (an act that blocks undoing
        // the registration) and they render on their own lane; anyone else is the public, on its lane.
        const equipe = leDoCadastro(req.principal);
        const v = await emitirFic(ctx.database, req.query.caceal, equipe ? req.principal!.login : null, req.query.numeroPessoaRaiz);
        if (!v) throw notFound(NAO_ENCONTRADO);
        const url = `${ctx.config.baseUrl}/#/fic/verificar/${v.codigo}`;
        // The screen tells the user which code the printed copy carries.
        reply.header('X-Codigo-Verificacao', v.codigo);
        const fic = await ficParaQuemPede(ctx.database, req.principal, v.fic);
        return sendPdf(reply, ctx.pdf, ficPdf({ ...v, fic }, url), `fic-${v.fic.numeroCaceal}.pdf`, { publico: !equipe });
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
        return { ...v, fic: await ficParaQuemPede(ctx.database, req.principal, v.fic) };
      },
    });
  };
}
