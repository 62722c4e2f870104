import { sql } from 'drizzle-orm';
import type { PanoramaCadastro } from '@cadastro/domain';
import type { Db } from '../../db/client.js';
import { query, queryOne } from '../../db/consulta.js';
import { SITUACAO } from '../../seed/referencia/tabelas.js';

/** The current month's first day in Alagoas (UTC−3, no daylight saving). */
const MES_ATUAL = sql`date_trunc('month', (now() at time zone interval '-03:00')::date)::date`;
const MESES = 24;

/**
 * The home page's picture of the registry (issue #18). Each figure is the count of the report its
 * bar or slice opens, grouped; each is an index-only walk (no summary table, see README): the
 * statuses over contribuinte_situacao_idx, the months over contribuinte_inicio_idx and
 * contribuinte_situacao_idx, the Simples/MEI share over contribuinte_situacao_simples_idx and the
 * open pendências over pendencia_situacao_criticidade_idx.
 */
export async function panorama(db: Db): Promise<PanoramaCadastro> {
  const [situacoes, periodo, meses, simplesMei, pendencias] = await Promise.all([
    query<PanoramaCadastro['situacoes'][number]>(db, sql`select s.id as "situacaoId", s.descricao, n.q::int as quantidade
      from (select situacao_id, count(*) q from contribuinte group by situacao_id) n join ref_situacao_cadastral s on s.id = n.situacao_id order by s.id`),
    queryOne<PanoramaCadastro['periodo']>(db, sql`select to_char(min(data_inicio_atividade), 'YYYY-MM-DD') as "dataInicial",
      to_char(max(data_inicio_atividade), 'YYYY-MM-DD') as "dataFinal" from contribuinte`),
    query<PanoramaCadastro['meses'][number]>(db, sql`with m as (
        select (${MES_ATUAL} - make_interval(months => k))::date as inicio from generate_series(0, ${MESES - 1}) k),
      a as (select date_trunc('month', data_inicio_atividade)::date as inicio, count(*) q from contribuinte
        where data_inicio_atividade >= (select min(inicio) from m) group by 1),
      b as (select date_trunc('month', data_situacao)::date as inicio, count(*) q from contribuinte
        where situacao_id = ${SITUACAO.BAIXADO} and data_situacao >= (select min(inicio) from m) group by 1)
      select to_char(m.inicio, 'YYYY-MM') as mes, coalesce(a.q, 0)::int as abertas, coalesce(b.q, 0)::int as baixadas
      from m left join a using (inicio) left join b using (inicio) order by m.inicio`),
    query<PanoramaCadastro['simplesMei'][number]>(db, sql`select case when eh_mei then 'mei' when eh_optante_simples then 'simples' else 'naoOptante' end as tipo,
      count(*)::int as quantidade from contribuinte where situacao_id = ${SITUACAO.ATIVO}
      group by 1 order by min(case when eh_mei then 1 when eh_optante_simples then 2 else 3 end)`),
    query<PanoramaCadastro['pendencias'][number]>(db, sql`select k.id as "criticidadeId", k.descricao, count(p.criticidade_id)::int as quantidade
      from ref_criticidade_irregularidade k left join pendencia p on p.criticidade_id = k.id and p.situacao_id = 1
      group by k.id, k.descricao order by k.id`),
  ]);
  return { situacoes, periodo: periodo ?? { dataInicial: null, dataFinal: null }, meses, simplesMei, pendencias };
}
