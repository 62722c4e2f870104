import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import * as s from '../../db/schema/index.js';
import * as of from './oficiais.js';
import * as tb from './tabelas.js';

/** Every reference table with its rows, in foreign-key order. */
function datasets(): [PgTable, Record<string, unknown>[]][] {
  return [
    [s.refUf, of.ufs()],
    [s.refMunicipio, of.municipios()],
    [s.refPais, of.paises()],
    [s.refCnae, of.cnaes()],
    [s.refNaturezaJuridica, of.naturezasJuridicas()],
    [s.refQualificacao, tb.QUALIFICACOES],
    [s.refPorte, tb.PORTES],
    [s.refSituacaoCadastral, tb.SITUACOES_CADASTRAIS],
    [s.refMotivoSituacao, tb.MOTIVOS_SITUACAO],
    [s.refFormaAtuacao, tb.FORMAS_ATUACAO],
    [s.refTipoUnidade, tb.TIPOS_UNIDADE],
    [s.refTipoTelefone, tb.TIPOS_TELEFONE],
    [s.refTipoEndereco, tb.TIPOS_ENDERECO],
    [s.refTipoLogradouro, tb.TIPOS_LOGRADOURO],
    [s.refCrcClassificacao, tb.CRC_CLASSIFICACOES],
    [s.refCrcTipoInscricao, tb.CRC_TIPOS_INSCRICAO],
    [s.refCrcCategoria, tb.CRC_CATEGORIAS],
    [s.refStatusProcessamentoRds, tb.STATUS_RDS],
    [s.refStatusProcessamentoCsn, tb.STATUS_CSN],
    [s.refCriticidadeIrregularidade, tb.CRITICIDADES],
    [s.refSituacaoIrregularidade, tb.SITUACOES_IRREGULARIDADE],
    [s.refSituacaoEdital, tb.SITUACOES_EDITAL],
    [s.refTipoContribuinte, tb.TIPOS_CONTRIBUINTE],
    [s.refTipoRegimeEspecial, tb.TIPOS_REGIME_ESPECIAL],
    [s.refRegimeEspecial, tb.REGIMES_ESPECIAIS],
    [s.refTipoAtoConcessorio, tb.TIPOS_ATO_CONCESSORIO],
    [s.refTipoEdital, tb.TIPOS_EDITAL],
    [s.refTipoDocumentoVinculado, tb.TIPOS_DOCUMENTO_VINCULADO],
    [s.refOrigemIrregularidade, tb.ORIGENS_IRREGULARIDADE],
    [s.refClassificacaoIrregularidade, tb.CLASSIFICACOES_IRREGULARIDADE],
    [s.refTipoEvento, tb.TIPOS_EVENTO],
  ];
}

async function upsertAll(tx: Tx, table: PgTable, rows: Record<string, unknown>[]) {
  const cols = Object.keys(rows[0] ?? {});
  const pk = cols.includes('sigla') && !cols.includes('id') ? 'sigla' : 'id';
  const set = Object.fromEntries(cols.filter((c) => c !== pk).map((c) => [c, sql.raw(`excluded.${snake(c)}`)]));
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const q = tx.insert(table).values(chunk as never);
    await (Object.keys(set).length
      ? q.onConflictDoUpdate({ target: (table as unknown as Record<string, never>)[pk]!, set: set as never })
      : q.onConflictDoNothing());
  }
}

const snake = (c: string) => c.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`);

/**
 * Loads (or refreshes) every reference table in one transaction. Skipped when the data is
 * unchanged since the last load, so a normal start costs one small query.
 */
export async function ensureReferenceData(db: Db): Promise<'loaded' | 'unchanged'> {
  const data = datasets();
  const hash = crypto.createHash('sha256').update(JSON.stringify(data.map(([, rows]) => rows))).digest('hex');
  const [current] = await db.select().from(s.refVersao).where(eq(s.refVersao.id, 1));
  if (current?.hash === hash) return 'unchanged';
  const carregou = await db.transaction(async (tx) => {
    // Replicas start together: one loads, the other waits here and then finds the same hash.
    await tx.execute(sql`select pg_advisory_xact_lock(727211)`);
    const [agora] = await tx.select().from(s.refVersao).where(eq(s.refVersao.id, 1));
    if (agora?.hash === hash) return false;
    for (const [table, rows] of data) if (rows.length) await upsertAll(tx, table, rows);
    await tx.insert(s.refVersao).values({ id: 1, hash }).onConflictDoUpdate({ target: s.refVersao.id, set: { hash } });
    return true;
  });
  return carregou ? 'loaded' : 'unchanged';
}
