import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Authority, Endereco } from '@cadastro/domain';
import type { AppContext } from '../../platform/context.js';
import { forbidden } from '../../platform/errors/problem.js';
import { pertenceAoUsuario } from '../contribuinte/meu-cadastro.js';
import { obterEnderecos } from './enderecos.js';

/** §7 "Person" calls under /sfz-cadastro-api/api/pessoa (the read side so far). */
export function pessoaRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/pessoa/obterEnderecos/:numeroPessoa', {
      config: { access: [Authority.CON_DADOS_CONTRI, Authority.MEU_CADASTRO] },
      schema: {
        tags: ['pessoa'],
        summary: "Every address of a person (staff; a taxpayer only their own)",
        params: z.object({ numeroPessoa: z.coerce.number().int().positive() }),
        response: { 200: z.array(Endereco) },
      },
      handler: async (req) => {
        const p = req.principal!;
        if (!p.authorities.includes(Authority.CON_DADOS_CONTRI) && !(await pertenceAoUsuario(ctx.database.db, p.id, { numeroPessoa: req.params.numeroPessoa }))) {
          throw forbidden('Only your own registration');
        }
        return obterEnderecos(ctx.database.db, req.params.numeroPessoa);
      },
    });
  };
}
