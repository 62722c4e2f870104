import { sql } from 'drizzle-orm';
import type { ListaSituacaoCadastral } from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';

/**
 * The current status of each CACEAL of a pasted list, in the order typed; the unknown ones are
 * returned by number. One query for the whole list (up to 1,000), through the CACEAL key.
 */
export async function obterSituacaoCadastral(db: DbOrTx, caceais: number[]): Promise<ListaSituacaoCadastral> {
  const r = (await db.execute(sql`select c.numero_caceal, c.digito_caceal, c.numero_pessoa, p.nome, s.descricao as situacao, m.descricao as motivo
      from unnest(${`{${caceais.join(',')}}`}::int[]) with ordinality as l(caceal, ordem)
      join contribuinte c on c.numero_caceal = l.caceal join pessoa p on p.numero_pessoa = c.numero_pessoa
      join ref_situacao_cadastral s on s.id = c.situacao_id left join ref_motivo_situacao m on m.id = c.motivo_id
      order by l.ordem`)) as unknown as { rows: Record<string, unknown>[] };
  const content = r.rows.map((x) => ({
    numeroCaceal: Number(x.numero_caceal),
    digitoCaceal: Number(x.digito_caceal),
    numeroPessoa: Number(x.numero_pessoa),
    razaoSocial: String(x.nome),
    situacaoCadastral: String(x.situacao),
    motivoSituacaoCadastral: (x.motivo as string | null) ?? null,
  }));
  const achados = new Set(content.map((c) => c.numeroCaceal));
  return { content, naoEncontrados: caceais.filter((c) => !achados.has(c)) };
}
