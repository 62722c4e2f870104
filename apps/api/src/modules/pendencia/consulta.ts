import { sql, type SQL } from 'drizzle-orm';
import {
  competenciaDe, hojeEmMaceio, ORIGEM_CADASTRO, pendenciaVencida, SITUACAO_PENDENCIA, type ClassificacaoOrigemCadastro, type ConsultaPendencias, type PaginaPendencias, type Pendencia,
} from '@cadastro/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { query } from '../../db/consulta.js';
import { desc, lerPagina, ordem } from '../../db/pagina.js';

/** The query as validated (defaults applied). */
export type Consulta = z.output<typeof ConsultaPendencias>;

export interface LinhaPendencia {
  sequencial: string | number;
  cnpj: string;
  classificacao_id: number;
  classificacao: string;
  descricao: string;
  acoes_regularizadoras: string | null;
  competencia: string;
  prazo: string | null;
  data_regularizacao: string | null;
  data_cancelamento: string | null;
  criticidade_id: number;
  criticidade: string;
  situacao_id: number;
  situacao: string;
  origem_id: number;
  origem: string;
  version: number;
  inicio_atividade: string | null;
  caceal: number | null;
  digito: number | null;
  razao: string | null;
}

const dia = (v: unknown) => (v === null || v === undefined ? null : String(v).slice(0, 10));

/** The columns of §3 Pendencia with their names (one join per lookup table). */
export const SELECT_PENDENCIA = sql`select p.sequencial, p.cnpj, p.classificacao_id, k.descricao as classificacao, p.descricao, p.acoes_regularizadoras,
    p.competencia, p.prazo, p.data_regularizacao, p.data_cancelamento, p.criticidade_id, cr.descricao as criticidade,
    p.situacao_id, si.descricao as situacao, k.origem_id, o.descricao as origem, p.version,
    c.data_inicio_atividade as inicio_atividade, c.numero_caceal as caceal, c.digito_caceal as digito, pe.nome as razao
  from pendencia p join contribuinte c on c.id = p.contribuinte_id left join pessoa pe on pe.numero_pessoa = c.numero_pessoa
  join ref_classificacao_irregularidade k on k.id = p.classificacao_id
  join ref_criticidade_irregularidade cr on cr.id = p.criticidade_id join ref_situacao_irregularidade si on si.id = p.situacao_id
  join ref_origem_irregularidade o on o.id = k.origem_id`;

export function paraPendencia(r: LinhaPendencia, hoje = hojeEmMaceio()): Pendencia {
  const p: Pendencia = {
    sequencial: Number(r.sequencial),
    cnpj: r.cnpj,
    classificacao: { sequencial: Number(r.classificacao_id), nome: r.classificacao },
    pendencia: r.descricao,
    acoesRegularizadoras: r.acoes_regularizadoras,
    competencia: dia(r.competencia)!,
    prazo: dia(r.prazo),
    dataRegularizacao: dia(r.data_regularizacao),
    dataCancelamento: dia(r.data_cancelamento),
    criticidade: { sequencial: Number(r.criticidade_id), nome: r.criticidade },
    situacao: { sequencial: Number(r.situacao_id), nome: r.situacao },
    origem: { sequencial: Number(r.origem_id), nome: r.origem },
    version: Number(r.version),
    inicioAtividade: dia(r.inicio_atividade),
    caceal: r.caceal === null ? null : Number(r.caceal),
    digitoCaceal: r.digito === null ? null : Number(r.digito),
    razaoSocial: r.razao,
  };
  return { ...p, vencida: pendenciaVencida(p, hoje) };
}

/**
 * Open first, earliest deadline first (so the overdue ones lead: pendenciaVencida), then the rest;
 * newest competence first within each. pendencia_ordem_idx (migration 0044) holds this order, and read
 * backwards its inverse (a last page is read from the end).
 */
const ORDEM = ordem(sql`(p.situacao_id <> ${SITUACAO_PENDENCIA.PENDENTE})`, sql`(case when p.situacao_id = ${SITUACAO_PENDENCIA.PENDENTE} then p.prazo end)`,
  desc(sql`p.competencia`), desc(sql`p.sequencial`));

/**
 * POST pendencias/consultar and contribuinte/obterPendencias: the pendências of a CACEAL (its
 * registration) or a CNPJ, or of everyone, in a competence period, with the filters of §2; open and
 * overdue first (ORDEM). One taxpayer's rows come by (contribuinte_id, competencia) or (cnpj, competencia)
 * and are few to sort; everyone's walk pendencia_ordem_idx. The count is exact and every page reachable
 * (#40 §2: it stopped at 1,000 of 117,663 at 500,000 taxpayers): counting them all is one index scan
 * (see bench/listas-paginadas.ts), and a page past the middle is read from the end.
 */
export async function consultarPendencias(db: DbOrTx, q: Consulta): Promise<PaginaPendencias> {
  const filtros: SQL[] = [];
  const porCaceal = q.tipoConsultaNumeroDocumento === 'CACEAL' || (q.tipoConsultaNumeroDocumento === undefined && q.caceal !== undefined);
  if (porCaceal && q.caceal !== undefined) {
    filtros.push(sql`p.contribuinte_id = (select id from contribuinte where numero_caceal = ${q.caceal})`);
  } else if (q.cnpj !== undefined) {
    filtros.push(sql`p.cnpj = ${q.cnpj}`);
  }
  if (q.mesCompetenciaInicial !== undefined && q.anoCompetenciaInicial !== undefined) {
    filtros.push(sql`p.competencia >= ${competenciaDe(q.mesCompetenciaInicial, q.anoCompetenciaInicial)}::date`);
  }
  if (q.mesCompetenciaFinal !== undefined && q.anoCompetenciaFinal !== undefined) {
    filtros.push(sql`p.competencia <= ${competenciaDe(q.mesCompetenciaFinal, q.anoCompetenciaFinal)}::date`);
  }
  if (q.classificacao !== undefined) filtros.push(sql`p.classificacao_id = ${q.classificacao}`);
  if (q.criticidade !== undefined) filtros.push(sql`p.criticidade_id = ${q.criticidade}`);
  if (q.situacao?.length) {
    filtros.push(sql`p.situacao_id in (${sql.join(q.situacao.map((s) => sql`${s}`), sql`, `)})`);
    // Said on the index's leading column too, so a list of only closed (or only open) ones starts there, not past the open ones.
    const abertas = q.situacao.includes(SITUACAO_PENDENCIA.PENDENTE);
    if (!abertas || q.situacao.every((s) => s === SITUACAO_PENDENCIA.PENDENTE)) filtros.push(abertas ? sql`not (p.situacao_id <> 1)` : sql`(p.situacao_id <> 1)`);
  }
  const where = filtros.length ? sql`where ${sql.join(filtros, sql` and `)}` : sql``;
  // The page is chosen on pendencia alone, then joined: the rows skipped by the offset are not joined to their names.
  const ler = (o: SQL, limite: number, pular: number) => query<LinhaPendencia>(db, sql`${SELECT_PENDENCIA} where p.sequencial in (select p.sequencial from pendencia p ${where}
      order by ${o} limit ${limite} offset ${pular}) order by ${o}`);
  const contar = async () => Number((await query<{ total: string | number }>(db, sql`select count(*) as total from pendencia p ${where}`))[0]?.total ?? 0);
  // The first page and the count at once; a later page needs the count to know its nearer end.
  const [linhas, total] = q.pagina === 0
    ? await Promise.all([ler(ORDEM.crescente, q.tamanho, 0), contar()])
    : await contar().then(async (n) => [await lerPagina(ORDEM, n, q.pagina, q.tamanho, ler), n] as const);
  const hoje = hojeEmMaceio();
  return { content: linhas.map((l) => paraPendencia(l, hoje)), totalElements: total };
}

/** GET classificacoes-origem-cadastro: classifications that originate in the registry (origin 10). */
export async function classificacoesOrigemCadastro(db: DbOrTx): Promise<ClassificacaoOrigemCadastro[]> {
  const r = await query<{ id: number; descricao: string }>(db, sql`select id, descricao from ref_classificacao_irregularidade
    where origem_id = ${ORIGEM_CADASTRO} order by id`);
  return r.map((x) => ({ id: Number(x.id), descricao: x.descricao }));
}
