import { sql } from 'drizzle-orm';
import { boolean, char, check, index, integer, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';

/**
 * Reference (lookup) tables behind the combos of §7. Every table has the combo shape
 * {id, descricao, ativo}; the data and its official source are in src/seed/referencia/.
 */
const lookup = (name: string) =>
  pgTable(name, {
    id: integer('id').primaryKey(),
    descricao: varchar('descricao', { length: 200 }).notNull(),
    ativo: boolean('ativo').notNull().default(true),
  });
const lookupByCode = (name: string, length: number) =>
  pgTable(name, {
    id: varchar('id', { length }).primaryKey(),
    descricao: varchar('descricao', { length: 200 }).notNull(),
    ativo: boolean('ativo').notNull().default(true),
  });

export const refUf = pgTable('ref_uf', {
  sigla: char('sigla', { length: 2 }).primaryKey(),
  codigoIbge: smallint('codigo_ibge').notNull().unique(),
  nome: varchar('nome', { length: 40 }).notNull(),
});

export const refMunicipio = pgTable(
  'ref_municipio',
  {
    id: integer('id').primaryKey(), // IBGE 7-digit code
    nome: varchar('nome', { length: 80 }).notNull(),
    uf: char('uf', { length: 2 })
      .notNull()
      .references(() => refUf.sigla),
  },
  (t) => [index('ref_municipio_uf_idx').on(t.uf, t.nome)],
);

export const refPais = pgTable('ref_pais', {
  id: integer('id').primaryKey(), // ISO 3166-1 numeric
  sigla: char('sigla', { length: 2 }).notNull().unique(),
  nome: varchar('nome', { length: 80 }).notNull(),
});

export const refCnae = pgTable(
  'ref_cnae',
  {
    id: char('id', { length: 7 }).primaryKey(), // subclass code, digits only
    descricao: varchar('descricao', { length: 250 }).notNull(),
    ativo: boolean('ativo').notNull().default(true),
  },
  (t) => [check('ref_cnae_digits', sql`${t.id} ~ '^[0-9]{7}$'`)],
);

export const refNaturezaJuridica = pgTable(
  'ref_natureza_juridica',
  {
    id: integer('id').primaryKey(),
    codigo: char('codigo', { length: 4 }).notNull().unique(),
    descricao: varchar('descricao', { length: 200 }).notNull(),
    ativo: boolean('ativo').notNull().default(true),
  },
  (t) => [check('ref_natureza_juridica_digits', sql`${t.codigo} ~ '^[0-9]{4}$'`)],
);

export const refQualificacao = lookup('ref_qualificacao');
export const refPorte = lookup('ref_porte');
export const refSituacaoCadastral = lookup('ref_situacao_cadastral');
export const refMotivoSituacao = pgTable('ref_motivo_situacao', {
  id: integer('id').primaryKey(),
  situacaoId: integer('situacao_id')
    .notNull()
    .references(() => refSituacaoCadastral.id),
  descricao: varchar('descricao', { length: 200 }).notNull(),
  ativo: boolean('ativo').notNull().default(true),
});
export const refFormaAtuacao = lookup('ref_forma_atuacao');
export const refTipoUnidade = lookup('ref_tipo_unidade');
export const refTipoTelefone = lookup('ref_tipo_telefone');
export const refTipoEndereco = lookup('ref_tipo_endereco');
export const refTipoLogradouro = lookup('ref_tipo_logradouro');
export const refCrcClassificacao = lookup('ref_crc_classificacao');
export const refCrcTipoInscricao = lookupByCode('ref_crc_tipo_inscricao', 1);
export const refCrcCategoria = lookup('ref_crc_categoria');
export const refStatusProcessamentoRds = lookup('ref_status_processamento_rds');
export const refStatusProcessamentoCsn = lookup('ref_status_processamento_csn');
export const refCriticidadeIrregularidade = lookup('ref_criticidade_irregularidade');
export const refSituacaoIrregularidade = lookup('ref_situacao_irregularidade');
export const refSituacaoEdital = lookup('ref_situacao_edital');

export const refTipoContribuinte = lookup('ref_tipo_contribuinte');
export const refTipoRegimeEspecial = lookup('ref_tipo_regime_especial');
export const refRegimeEspecial = pgTable('ref_regime_especial', {
  id: integer('id').primaryKey(),
  tipoRegimeId: integer('tipo_regime_id')
    .notNull()
    .references(() => refTipoRegimeEspecial.id),
  descricao: varchar('descricao', { length: 200 }).notNull(),
  ativo: boolean('ativo').notNull().default(true),
});
export const refTipoAtoConcessorio = lookup('ref_tipo_ato_concessorio');
export const refTipoEdital = lookup('ref_tipo_edital');
export const refTipoDocumentoVinculado = lookup('ref_tipo_documento_vinculado');
export const refOrigemIrregularidade = lookup('ref_origem_irregularidade');
export const refClassificacaoIrregularidade = pgTable('ref_classificacao_irregularidade', {
  id: integer('id').primaryKey(),
  descricao: varchar('descricao', { length: 200 }).notNull(),
  origemId: integer('origem_id')
    .notNull()
    .references(() => refOrigemIrregularidade.id),
  ativo: boolean('ativo').notNull().default(true),
});
/** Registry events (codes from 11001 are the notice events); implemented S/N feeds a report. */
export const refTipoEvento = pgTable('ref_tipo_evento', {
  id: integer('id').primaryKey(),
  descricao: varchar('descricao', { length: 200 }).notNull(),
  implementado: boolean('implementado').notNull().default(true),
  ativo: boolean('ativo').notNull().default(true),
});

/** Fingerprint of the loaded reference data: a start reloads the tables only when it changed. */
export const refVersao = pgTable('ref_versao', {
  id: smallint('id').primaryKey(),
  hash: varchar('hash', { length: 64 }).notNull(),
});
