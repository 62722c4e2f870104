import { sql } from 'drizzle-orm';
import { TIPOS_SIMPLES_MEI, type PanoramaCadastro } from '@cadastro/domain';
import type { Db } from '../../db/client.js';
import { query, queryOne } from '../../db/consulta.js';

const MESES = 24;

/**
 * The home page's picture of the registry (issue #18). Each figure is the count of the report its bar
 * or slice opens, grouped. The counts come from resumo_cadastro, which triggers keep in the writing
 * transactions (migration 0015): grouping a million registrations took 200–350 ms per figure on the
 * shared machine, reading the summary takes a millisecond. The period of the registry is two index ends.
 */
export async function panorama(db: Db): Promise<PanoramaCadastro> {
  const [resumo, periodo] = await Promise.all([
    // A few hundred rows: the statuses, the Simples kinds, the criticalities and a row per month of the registry's history.
    query<{ grupo: string; chave: string; quantidade: number }>(db, sql`select grupo, chave, quantidade::int as quantidade from resumo_cadastro where quantidade <> 0`),
    queryOne<PanoramaCadastro['periodo']>(db, sql`select to_char(min(data_inicio_atividade), 'YYYY-MM-DD') as "dataInicial",
      to_char(max(data_inicio_atividade), 'YYYY-MM-DD') as "dataFinal" from contribuinte`),
  ]);
  const [situacoes, criticidades] = await Promise.all([
    query<{ id: number; descricao: string }>(db, sql`select id, descricao from ref_situacao_cadastral order by id`),
    query<{ id: number; descricao: string }>(db, sql`select id, descricao from ref_criticidade_irregularidade order by id`),
  ]);
  const de = (grupo: string) => new Map(resumo.filter((r) => r.grupo === grupo).map((r) => [r.chave, r.quantidade]));
  const [porSituacao, abertas, baixadas, simples, pendencias] = ['situacao', 'abertas', 'baixadas', 'simples', 'pendencia'].map(de) as Map<string, number>[];
  return {
    situacoes: situacoes.filter((s) => porSituacao!.get(String(s.id))).map((s) => ({ situacaoId: s.id, descricao: s.descricao, quantidade: porSituacao!.get(String(s.id))! })),
    periodo: periodo ?? { dataInicial: null, dataFinal: null },
    meses: ultimosMeses().map((mes) => ({ mes, abertas: abertas!.get(mes) ?? 0, baixadas: baixadas!.get(mes) ?? 0 })),
    simplesMei: TIPOS_SIMPLES_MEI.filter((t) => simples!.get(t)).map((tipo) => ({ tipo, quantidade: simples!.get(tipo)! })),
    pendencias: criticidades.map((c) => ({ criticidadeId: c.id, descricao: c.descricao, quantidade: pendencias!.get(String(c.id)) ?? 0 })),
  };
}

/** The 24 months up to the current one in Alagoas (UTC−3), 'YYYY-MM', oldest first. */
function ultimosMeses(): string[] {
  const agora = new Date(Date.now() - 3 * 3_600_000);
  return Array.from({ length: MESES }, (_, i) => {
    const d = new Date(Date.UTC(agora.getUTCFullYear(), agora.getUTCMonth() - (MESES - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}
