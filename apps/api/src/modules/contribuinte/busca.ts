import { sql, type SQL } from 'drizzle-orm';
import { onlyCnpjChars, onlyDigits } from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';

/** The four ways of the taxpayer search screen (§2 "Consultar por"). */
export type TipoBusca = 'CACEAL' | 'CNPJ' | 'RAIZ_DO_CNPJ' | 'RAZAO_SOCIAL';

/** Counting every match of a common name costs as much as the search: the pager stops here. */
export const COUNT_CAP = 1000;

const SELECT = sql`select c.id, c.numero_caceal as "numeroCaceal", c.digito_caceal as "digitoCaceal", c.numero_pessoa as "numeroPessoa",
  p.numero_documento as cnpj, p.nome as "razaoSocial", s.descricao as "situacaoCadastral"
  from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa join ref_situacao_cadastral s on s.id = c.situacao_id`;

/**
 * WHERE and ORDER BY of each kind, written so each uses an index: CACEAL and CNPJ are exact
 * lookups; the root uses the stored raiz_cnpj column; the name contains-search filters the
 * accent-free nome_busca (trigram index) and orders by (nome, numero_pessoa), which lets
 * PostgreSQL stop after one page for common terms.
 */
export function criterio(tipo: TipoBusca, termo: string): { where: SQL; order: SQL } {
  switch (tipo) {
    case 'CACEAL':
      return { where: sql`c.numero_caceal = ${Number(onlyDigits(termo).slice(0, 8))}`, order: sql`c.numero_caceal` };
    case 'CNPJ':
      return { where: sql`p.numero_documento = ${onlyCnpjChars(termo)}`, order: sql`c.numero_caceal` };
    case 'RAIZ_DO_CNPJ':
      return { where: sql`p.raiz_cnpj = ${onlyCnpjChars(termo).slice(0, 8)}`, order: sql`p.numero_documento, c.numero_caceal` };
    case 'RAZAO_SOCIAL': {
      const like = '%' + termo.trim().replace(/[\\%_]/g, '\\$&') + '%';
      return { where: sql`p.nome_busca like cadastro_normaliza(${like})`, order: sql`p.nome, p.numero_pessoa, c.numero_caceal` };
    }
  }
}

export function searchQuery(tipo: TipoBusca, termo: string, page: number, size: number): SQL {
  const { where, order } = criterio(tipo, termo);
  return sql`${SELECT} where ${where} order by ${order} limit ${size} offset ${page * size}`;
}

/** How many match, up to COUNT_CAP + 1 ("mais de 1.000"). */
export function countQuery(tipo: TipoBusca, termo: string): SQL {
  const { where } = criterio(tipo, termo);
  return sql`select count(*)::int as n from (select 1 from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa
    where ${where} limit ${COUNT_CAP + 1}) x`;
}

export interface ContribuinteEncontrado {
  id: number;
  numeroCaceal: number;
  digitoCaceal: number;
  numeroPessoa: number;
  cnpj: string;
  razaoSocial: string;
  situacaoCadastral: string;
}

export async function buscarContribuintes(db: DbOrTx, tipo: TipoBusca, termo: string, page: number, size: number) {
  const [rows, count] = await Promise.all([db.execute(searchQuery(tipo, termo, page, size)), db.execute(countQuery(tipo, termo))]);
  const n = (count as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  return {
    content: (rows as unknown as { rows: ContribuinteEncontrado[] }).rows,
    totalElements: Math.min(n, COUNT_CAP),
    totalIsLowerBound: n > COUNT_CAP,
  };
}
