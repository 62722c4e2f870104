import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryOne } from '../../db/consulta.js';
import { CARTEIRA, PRODUTOR_PF, PUBLICADO, TOLERANCIA_PP } from './mix.js';

/** A share of the generated registry against the published figure it follows (mix.ts), in percent. */
export interface Proporcao { medida: string; gerado: number; publicado: number; tolerancia: number; fora: boolean; unidade: '%' | '' }

const PORTES: [string, number][] = [['porte MEI', 3], ['porte ME', 1], ['porte EPP', 2], ['porte demais', 4]];
const NATUREZAS: [string, number, number][] = [
  ['empresário individual (213-5)', 2135, TOLERANCIA_PP.natureza], ['limitada (206-2)', 2062, TOLERANCIA_PP.natureza],
  ['S.A. fechada (205-4)', 2054, TOLERANCIA_PP.naturezaRara], ['cooperativa (214-3)', 2143, TOLERANCIA_PP.naturezaRara],
];
/** Below this many accountants the registry keeps its small-size count (mix.quantosContadores): the median is not the real one's. */
const CONTADORES_PARA_MEDIANA = 21;

/**
 * The registry's shape against the published figures: porte and legal nature among the companies (head
 * offices, as the Junta counts them), the individuals' share of the registrations, the accountants' median
 * portfolio. One statement; `fora` when the difference passes the tolerance.
 */
export async function contarProporcoes(db: Database): Promise<Proporcao[]> {
  const x = (await queryOne<Record<string, number>>(db.db, sql.raw(`with matriz as (
      select distinct on (c.numero_pessoa) c.porte_id, p.natureza_juridica_id nat from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa
      where p.tipo = 'J' and p.numero_pessoa_raiz is null order by c.numero_pessoa, c.id),
    carteira as (select count(*) q from contribuinte_contador group by numero_pessoa_contador)
    select (select count(*) from matriz)::float8 empresas,
      ${PORTES.map(([, id]) => `(select count(*) from matriz where porte_id = ${id})::float8 p${id}`).join(', ')},
      ${NATUREZAS.map(([, id]) => `(select count(*) from matriz where nat = ${id})::float8 n${id}`).join(', ')},
      (select count(*) from contribuinte)::float8 registros,
      (select count(*) from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa where p.tipo = 'F')::float8 pf,
      (select count(*) from carteira)::float8 contadores, (select percentile_cont(0.5) within group (order by q) from carteira)::float8 mediana`)))!;
  const pct = (a: number, b: number) => (b ? (100 * a) / b : 0);
  const linha = (medida: string, gerado: number, publicado: number, tolerancia: number): Proporcao =>
    ({ medida, gerado: Number(gerado.toFixed(2)), publicado, tolerancia, fora: Math.abs(gerado - publicado) > tolerancia, unidade: '%' });
  const out = [
    ...PORTES.map(([m, id]) => linha(m, pct(x[`p${id}`]!, x.empresas!), 100 * PUBLICADO.porte[id]!, TOLERANCIA_PP.porte)),
    ...NATUREZAS.map(([m, id, tol]) => linha(m, pct(x[`n${id}`]!, x.empresas!), 100 * PUBLICADO.natureza[id]!, tol)),
    linha('produtor rural pessoa física (registrations)', pct(x.pf!, x.registros!), 100 * PRODUTOR_PF, TOLERANCIA_PP.produtorPf),
  ];
  // The median holds where the accountants are counted by portfolio (a large registry); ±30 companies.
  if (Number(x.contadores) >= CONTADORES_PARA_MEDIANA) out.push({ ...linha('accountants\' median portfolio (companies)', Number(x.mediana), CARTEIRA.mediana, 30), unidade: '' });
  return out;
}
