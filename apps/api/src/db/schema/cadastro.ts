import { sql } from 'drizzle-orm';
import { colunasEdicao } from './colunas.js';
import {
  bigint, boolean, char, check, date, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';
import {
  refCnae, refCrcCategoria, refCrcClassificacao, refCrcTipoInscricao, refFormaAtuacao, refMotivoSituacao, refMunicipio,
  refNaturezaJuridica, refPais, refPorte, refQualificacao, refSituacaoCadastral, refTipoEndereco, refTipoLogradouro,
  refTipoContribuinte, refTipoTelefone, refTipoUnidade, refUf,
} from './referencia.js';


/**
 * A person of the registry (§3): individual (F, CPF) or legal (J, CNPJ — numeric or alphanumeric).
 * Branches point at the head office's person through numero_pessoa_raiz.
 */
export const pessoa = pgTable(
  'pessoa',
  {
    numeroPessoa: bigint('numero_pessoa', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    tipo: char('tipo', { length: 1 }).notNull(),
    numeroDocumento: varchar('numero_documento', { length: 14 }).notNull().unique(),
    raizCnpj: varchar('raiz_cnpj', { length: 8 }).generatedAlwaysAs(sql`case when tipo = 'J' then left(numero_documento, 8) end`),
    numeroPessoaRaiz: bigint('numero_pessoa_raiz', { mode: 'number' }),
    nome: varchar('nome', { length: 150 }).notNull(),
    /** lower-case, accent-free copy of nome for the contains-search (trigram index). */
    nomeBusca: varchar('nome_busca', { length: 150 }).generatedAlwaysAs(sql`cadastro_normaliza(nome)`),
    nomeFantasia: varchar('nome_fantasia', { length: 150 }),
    email: varchar('email', { length: 100 }),
    naturezaJuridicaId: integer('natureza_juridica_id').references(() => refNaturezaJuridica.id),
    ...colunasEdicao(),
  },
  (t) => [
    check('pessoa_tipo', sql`${t.tipo} in ('F', 'J')`),
    check(
      'pessoa_documento',
      sql`(${t.tipo} = 'F' and ${t.numeroDocumento} ~ '^[0-9]{11}$') or (${t.tipo} = 'J' and ${t.numeroDocumento} ~ '^[0-9A-Z]{12}[0-9]{2}$')`,
    ),
    // A CPF's legal nature is one of CONCLA section 4, Pessoas Físicas (412-0 Produtor Rural), if any (migration 0049).
    check('pessoa_natureza_do_tipo', sql`${t.tipo} = 'J' or ${t.naturezaJuridicaId} is null or ${t.naturezaJuridicaId} between 4000 and 4999`),
    index('pessoa_raiz_cnpj_idx').on(t.raizCnpj),
    index('pessoa_raiz_idx').on(t.numeroPessoaRaiz),
    // No index on the name: the taxpayer search reads contribuinte_nome, nothing else looks a person up by name (migration 0029).
  ],
);

/**
 * Every distinct word of every person's nome_busca (kept by a trigger on pessoa; words are never
 * removed: a stale word only finds nothing). The name search expands a typed fragment into the
 * whole words that contain it, end with it or start with it, then asks pessoa_palavras_idx.
 */
export const nomeVocabulario = pgTable(
  'nome_vocabulario',
  {
    palavra: text('palavra').primaryKey(),
    /**
     * Persons whose name has the word, as of the last full count (migration, generator). A hint for
     * choosing the search strategy, never a result: the trigger adds new words with 1 and leaves
     * the counts of known words alone (no hot row for 'ltda' on every insert).
     */
    pessoas: integer('pessoas').notNull().default(1),
    /**
     * Registrations whose person's name has the word: a LOWER BOUND, exact at the last full count
     * (migration, generator); the triggers only lower it (a registration gone, a name changed), never
     * raise it (no hot row for 'ltda' on every new registration). A search whose text lies in words
     * of which one counts more than 1,000 has more than 1,000 matches: proved without reading an index.
     */
    contribuintes: integer('contribuintes').notNull().default(0),
  },
  (t) => [index('nome_vocabulario_trgm_idx').using('gin', sql`${t.palavra} gin_trgm_ops`)],
);

/**
 * Every distinct pair of adjacent words ("comercio varejista", "santos maria") of every person's
 * nome_busca, kept like nome_vocabulario (same trigger; `pessoas` = names carrying the pair, a hint).
 * The name search expands a typed text of several words into the pairs it can span, then asks
 * pessoa_pares_idx.
 */
export const nomeVocabularioPar = pgTable(
  'nome_vocabulario_par',
  {
    par: text('par').primaryKey(),
    pessoas: integer('pessoas').notNull().default(1),
    /** As nome_vocabulario.contribuintes: a lower bound of the registrations whose name has the pair. */
    contribuintes: integer('contribuintes').notNull().default(0),
  },
  (t) => [index('nome_vocabulario_par_trgm_idx').using('gin', sql`${t.par} gin_trgm_ops`)],
);

/**
 * The taxpayer name search's own table: one row per person with at least one registration and how
 * many (`registros`), kept by triggers on contribuinte and pessoa (migration 0020). Half of `pessoa`
 * are partners, accountants and others without a registration: searching here reads no name the
 * search would throw away, and a count adds `registros` instead of probing contribuinte per name.
 */
export const contribuinteNome = pgTable(
  'contribuinte_nome',
  {
    numeroPessoa: bigint('numero_pessoa', { mode: 'number' }).primaryKey(),
    /** pessoa.nome_busca, the same type so that the index expressions read alike. */
    nomeBusca: varchar('nome_busca', { length: 150 }).notNull(),
    registros: integer('registros').notNull(),
  },
  (t) => [
    // Name order (accent-free, byte order) and the starts-with range.
    index('contribuinte_nome_busca_idx').on(sql`${t.nomeBusca} collate "C"`, t.numeroPessoa),
    // Unusual text (punctuation inside a word): the trigram index.
    index('contribuinte_nome_trgm_idx').using('gin', sql`${t.nomeBusca} gin_trgm_ops`),
    // The words of the name (split on spaces, as written): the search asks it for whole words.
    index('contribuinte_nome_palavras_idx').using('gin', sql`string_to_array(${t.nomeBusca}::text, ' ')`),
    // Its adjacent word pairs ("santos maria"): a text of several words asks for the pairs it can
    // span, whose posting lists hold about the names that match instead of every name with either word.
    index('contribuinte_nome_pares_idx').using('gin', sql`cadastro_pares(${t.nomeBusca}::text)`),
  ],
);

/** A CACEAL registration (§3 Taxpayer): one person may have several over time. */
export const contribuinte = pgTable(
  'contribuinte',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    numeroCaceal: integer('numero_caceal').notNull().unique(),
    digitoCaceal: smallint('digito_caceal').notNull(),
    numeroPessoa: bigint('numero_pessoa', { mode: 'number' })
      .notNull()
      .references(() => pessoa.numeroPessoa),
    indicadorMatriz: char('indicador_matriz', { length: 1 }).notNull(),
    tipoContribuinteId: integer('tipo_contribuinte_id').notNull().default(0).references(() => refTipoContribuinte.id),
    porteId: integer('porte_id').references(() => refPorte.id),
    ehMei: boolean('eh_mei').notNull().default(false),
    ehOptanteSimples: boolean('eh_optante_simples').notNull().default(false),
    sublimiteExcedido: boolean('sublimite_excedido'),
    valorCapitalSocial: numeric('valor_capital_social', { precision: 17, scale: 2 }),
    dataInicioAtividade: date('data_inicio_atividade', { mode: 'string' }).notNull(),
    situacaoId: integer('situacao_id')
      .notNull()
      .references(() => refSituacaoCadastral.id),
    motivoId: integer('motivo_id').references(() => refMotivoSituacao.id),
    dataSituacao: date('data_situacao', { mode: 'string' }).notNull(),
    /** The CNPJ's status at Receita Federal (ATIVA, SUSPENSA, INAPTA, BAIXADA, NULA). */
    situacaoPj: varchar('situacao_pj', { length: 10 }),
    opcaoLivroEletronico: boolean('opcao_livro_eletronico'),
    dataAutorizacaoLivroEletronico: date('data_autorizacao_livro_eletronico', { mode: 'string' }),
    opcaoDocumentoEletronico: boolean('opcao_documento_eletronico'),
    dataAutorizacaoDocumentoEletronico: date('data_autorizacao_documento_eletronico', { mode: 'string' }),
    opcaoLivrosFiscais: boolean('opcao_livros_fiscais'),
    dataAutorizacaoLivrosFiscais: date('data_autorizacao_livros_fiscais', { mode: 'string' }),
    usoObrigatorioSped: boolean('uso_obrigatorio_sped'),
    ...colunasEdicao(),
  },
  (t) => [
    check('contribuinte_caceal', sql`${t.numeroCaceal} between 24000000 and 24999999`),
    check('contribuinte_digito', sql`${t.digitoCaceal} between 0 and 9`),
    check('contribuinte_matriz', sql`${t.indicadorMatriz} in ('M', 'F')`),
    check('contribuinte_mei_porte', sql`not ${t.ehMei} or ${t.porteId} = 3`),
    check('contribuinte_situacao_pj', sql`${t.situacaoPj} in ('ATIVA', 'SUSPENSA', 'INAPTA', 'BAIXADA', 'NULA')`),
    index('contribuinte_pessoa_idx').on(t.numeroPessoa),
    index('contribuinte_situacao_idx').on(t.situacaoId, t.dataSituacao),
    index('contribuinte_inicio_idx').on(t.dataInicioAtividade),
    // Reports (issue #18): the few registrations each no-filter report lists, found without a scan.
    index('contribuinte_ativo_cnpj_inativo_idx').on(t.numeroCaceal).where(sql`${t.situacaoId} = 1 and ${t.situacaoPj} <> 'ATIVA'`),
    // In the report's order, the CACEAL included: a day shared by thousands of suspensions sorted
    // them all for one page (157 ms at 1M), the index hands the first page out as it is.
    index('contribuinte_suspensao_pagina_idx').on(t.dataSituacao.desc().nullsFirst(), t.numeroCaceal).where(sql`${t.situacaoId} = 2 and ${t.motivoId} in (201, 203)`),
    // The closed registrations by id: the report of closed registrations joins its requests to them index-only.
    index('contribuinte_baixado_idx').on(t.id).where(sql`${t.situacaoId} = 4`),
    // The general report of one status (a slice of the home page's picture) in the order it lists.
    index('contribuinte_situacao_inicio_idx').on(t.situacaoId, t.dataInicioAtividade),
    // Issue 40 (migration 0048): the general report's pages skip index-only in its order; "Empresas sem
    // Manifestação" merges the period's registrations by id with the accountants' and statements' keys.
    index('contribuinte_inicio_caceal_idx').on(t.dataInicioAtividade, t.numeroCaceal, t.id),
    index('contribuinte_id_inicio_idx').on(t.id, t.dataInicioAtividade),
  ],
);

/**
 * The home page's picture of the registry (issue #18), counted as it changes: triggers on contribuinte
 * and pendencia add each statement's difference in the same transaction (migration 0015), so the
 * picture reads a few dozen rows instead of grouping a million. Groups: situacao (status id),
 * simples (mei/simples/naoOptante of the active ones), abertas (month of the activity start),
 * baixadas (month of the closing), tipo (taxpayer type of the active ones), pendencia (criticality of the
 * open ones).
 */
export const resumoCadastro = pgTable(
  'resumo_cadastro',
  {
    grupo: varchar('grupo', { length: 12 }).notNull(),
    chave: varchar('chave', { length: 12 }).notNull(),
    quantidade: bigint('quantidade', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.grupo, t.chave] })],
);

/**
 * The people (CNPJs) with more than one live registration (neither closed nor void), kept by the same
 * trigger: the "múltiplos CACEAL vivos" report starts from these few instead of pairing a million rows.
 */
export const pessoaMultiplosVivos = pgTable(
  'pessoa_multiplos_vivos',
  {
    numeroPessoa: bigint('numero_pessoa', { mode: 'number' }).primaryKey(),
    /** The CNPJ (it never changes), so the report's pages are read in its order. */
    numeroDocumento: varchar('numero_documento', { length: 14 }).notNull(),
  },
  (t) => [index('pessoa_multiplos_vivos_documento_idx').on(t.numeroDocumento)],
);

/**
 * The head offices whose legal responsible at the Receita (receita_cnpj) is not the registry's, kept by
 * triggers on responsavel, receita_cnpj and pessoa (migration 0015): the divergence report pages and
 * counts these few (~2 %) instead of pairing every company with the Receita's record (10 s at 1M).
 */
export const empresaDivergenciaResponsavel = pgTable('empresa_divergencia_responsavel', {
  numeroPessoa: bigint('numero_pessoa', { mode: 'number' }).primaryKey(),
  cnpj: varchar('cnpj', { length: 14 }).notNull().unique(),
});

/**
 * The active registrations whose person's main address is outside Alagoas, kept by triggers on
 * contribuinte and endereco (migration 0019): the "CACEAL ativo em outra UF" report pages these
 * (~6 % at 1M) in CACEAL order instead of probing ~26,000 registrations for the 20 of a page (342 ms).
 */
export const contribuinteAtivoOutraUf = pgTable(
  'contribuinte_ativo_outra_uf',
  {
    contribuinteId: bigint('contribuinte_id', { mode: 'number' }).primaryKey(),
    /** The report's order. */
    numeroCaceal: integer('numero_caceal').notNull(),
    /** What a change of a person's address or registrations recounts by. */
    numeroPessoa: bigint('numero_pessoa', { mode: 'number' }).notNull(),
  },
  (t) => [index('contribuinte_ativo_outra_uf_caceal_idx').on(t.numeroCaceal), index('contribuinte_ativo_outra_uf_pessoa_idx').on(t.numeroPessoa)],
);

export const contribuinteFormaAtuacao = pgTable(
  'contribuinte_forma_atuacao',
  {
    contribuinteId: bigint('contribuinte_id', { mode: 'number' }).notNull().references(() => contribuinte.id, { onDelete: 'cascade' }),
    formaAtuacaoId: integer('forma_atuacao_id').notNull().references(() => refFormaAtuacao.id),
  },
  (t) => [primaryKey({ columns: [t.contribuinteId, t.formaAtuacaoId] })],
);

export const contribuinteTipoUnidade = pgTable(
  'contribuinte_tipo_unidade',
  {
    contribuinteId: bigint('contribuinte_id', { mode: 'number' }).notNull().references(() => contribuinte.id, { onDelete: 'cascade' }),
    tipoUnidadeId: integer('tipo_unidade_id').notNull().references(() => refTipoUnidade.id),
  },
  (t) => [primaryKey({ columns: [t.contribuinteId, t.tipoUnidadeId] })],
);

/** Economic activities of a registration (CNAE; exactly one principal). */
export const atividadeContribuinte = pgTable(
  'atividade_contribuinte',
  {
    contribuinteId: bigint('contribuinte_id', { mode: 'number' }).notNull().references(() => contribuinte.id, { onDelete: 'cascade' }),
    cnae: char('cnae', { length: 7 }).notNull().references(() => refCnae.id),
    ehPrincipal: boolean('eh_principal').notNull().default(false),
    ehInteresse: boolean('eh_interesse').notNull().default(true),
    ehVistoriaPrevia: boolean('eh_vistoria_previa').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.contribuinteId, t.cnae] }),
    uniqueIndex('atividade_um_principal').on(t.contribuinteId).where(sql`${t.ehPrincipal}`),
    index('atividade_cnae_idx').on(t.cnae),
    index('atividade_fora_interesse_idx').on(t.contribuinteId).where(sql`not ${t.ehInteresse}`),
  ],
);

export const endereco = pgTable(
  'endereco',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    numeroPessoa: bigint('numero_pessoa', { mode: 'number' }).notNull().references(() => pessoa.numeroPessoa, { onDelete: 'cascade' }),
    tipoEnderecoId: integer('tipo_endereco_id').notNull().references(() => refTipoEndereco.id),
    ehPrincipal: boolean('eh_principal').notNull().default(false),
    paisId: integer('pais_id').notNull().references(() => refPais.id),
    uf: char('uf', { length: 2 }).references(() => refUf.sigla),
    municipioId: integer('municipio_id').references(() => refMunicipio.id),
    tipoLogradouroId: integer('tipo_logradouro_id').references(() => refTipoLogradouro.id),
    logradouro: varchar('logradouro', { length: 150 }).notNull(),
    numero: varchar('numero', { length: 10 }),
    complemento: varchar('complemento', { length: 100 }),
    bairro: varchar('bairro', { length: 80 }),
    cep: char('cep', { length: 8 }),
    referencia: varchar('referencia', { length: 150 }),
    enderecoEletronico: varchar('endereco_eletronico', { length: 100 }),
    latitude: numeric('latitude', { precision: 9, scale: 6 }),
    longitude: numeric('longitude', { precision: 9, scale: 6 }),
    ...colunasEdicao(),
  },
  (t) => [
    check('endereco_cep', sql`${t.cep} ~ '^[0-9]{8}$'`),
    index('endereco_pessoa_idx').on(t.numeroPessoa),
    uniqueIndex('endereco_um_principal').on(t.numeroPessoa).where(sql`${t.ehPrincipal}`),
    index('endereco_outra_uf_idx').on(t.numeroPessoa).where(sql`${t.ehPrincipal} and ${t.uf} <> 'AL'`),
  ],
);

export const telefone = pgTable(
  'telefone',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    numeroPessoa: bigint('numero_pessoa', { mode: 'number' }).notNull().references(() => pessoa.numeroPessoa, { onDelete: 'cascade' }),
    tipoTelefoneId: integer('tipo_telefone_id').notNull().references(() => refTipoTelefone.id),
    ddd: varchar('ddd', { length: 4 }).notNull(),
    numero: varchar('numero', { length: 14 }).notNull(),
  },
  (t) => [
    check('telefone_digitos', sql`${t.ddd} ~ '^[0-9]{1,4}$' and ${t.numero} ~ '^[0-9]{1,14}$'`),
    index('telefone_pessoa_idx').on(t.numeroPessoa),
  ],
);

/**
 * Versions of what a person's registrations share (issue 29): the person's phones and addresses, and the
 * company's QSA and responsible (on the head office's person). A save of one registration carries the
 * versions its screen read, so it cannot overwrite what another registration changed meanwhile.
 * No row = version 0; `numero_caceal` = the registration whose event made the last change (null: another screen).
 */
export const versaoCompartilhada = pgTable(
  'versao_compartilhada',
  {
    numeroPessoa: bigint('numero_pessoa', { mode: 'number' }).notNull().references(() => pessoa.numeroPessoa, { onDelete: 'cascade' }),
    parte: varchar('parte', { length: 20 }).notNull(),
    version: integer('version').notNull().default(0),
    numeroCaceal: integer('numero_caceal'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.numeroPessoa, t.parte] }),
    check('versao_compartilhada_parte', sql`${t.parte} in ('telefones', 'enderecos', 'socios', 'responsavel')`),
  ],
);

/** QSA: partners and administrators of a legal person (the head office's person). */
export const socio = pgTable(
  'socio',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    numeroPessoaEmpresa: bigint('numero_pessoa_empresa', { mode: 'number' }).notNull().references(() => pessoa.numeroPessoa, { onDelete: 'cascade' }),
    numeroPessoaSocio: bigint('numero_pessoa_socio', { mode: 'number' }).notNull().references(() => pessoa.numeroPessoa),
    qualificacaoId: integer('qualificacao_id').notNull().references(() => refQualificacao.id),
    percentualParticipacao: numeric('percentual_participacao', { precision: 5, scale: 2 }),
    dataInclusao: date('data_inclusao', { mode: 'string' }).notNull(),
    ehImpedido: boolean('eh_impedido').notNull().default(false),
    numeroPessoaRepresentante: bigint('numero_pessoa_representante', { mode: 'number' }).references(() => pessoa.numeroPessoa),
    qualificacaoRepresentanteId: integer('qualificacao_representante_id').references(() => refQualificacao.id),
    ...colunasEdicao(),
  },
  (t) => [
    check('socio_percentual', sql`${t.percentualParticipacao} between 0 and 100`),
    uniqueIndex('socio_empresa_socio').on(t.numeroPessoaEmpresa, t.numeroPessoaSocio),
    index('socio_socio_idx').on(t.numeroPessoaSocio),
  ],
);

/** The legal responsible of a company (one per company). */
export const responsavel = pgTable(
  'responsavel',
  {
    numeroPessoaEmpresa: bigint('numero_pessoa_empresa', { mode: 'number' }).primaryKey().references(() => pessoa.numeroPessoa, { onDelete: 'cascade' }),
    numeroPessoaResponsavel: bigint('numero_pessoa_responsavel', { mode: 'number' }).notNull().references(() => pessoa.numeroPessoa),
    qualificacaoId: integer('qualificacao_id').notNull().references(() => refQualificacao.id),
    possuiImpedimento: boolean('possui_impedimento').notNull().default(false),
    ...colunasEdicao(),
  },
  (t) => [index('responsavel_responsavel_idx').on(t.numeroPessoaResponsavel)],
);

/** Accountant data of a person (CRC). */
export const contador = pgTable(
  'contador',
  {
    numeroPessoa: bigint('numero_pessoa', { mode: 'number' }).primaryKey().references(() => pessoa.numeroPessoa, { onDelete: 'cascade' }),
    crcUf: char('crc_uf', { length: 2 }).notNull().references(() => refUf.sigla),
    crcNumero: varchar('crc_numero', { length: 6 }).notNull(),
    crcTipoInscricao: varchar('crc_tipo_inscricao', { length: 1 }).notNull().references(() => refCrcTipoInscricao.id),
    crcDigito: smallint('crc_digito'),
    categoriaId: integer('categoria_id').notNull().references(() => refCrcCategoria.id),
    classificacaoId: integer('classificacao_id').notNull().references(() => refCrcClassificacao.id),
    apto: boolean('apto'),
    ...colunasEdicao(),
  },
  (t) => [
    check('contador_crc', sql`${t.crcNumero} ~ '^[0-9]{1,6}$' and (${t.crcDigito} is null or ${t.crcDigito} between 0 and 9)`),
    uniqueIndex('contador_crc_idx').on(t.crcUf, t.crcNumero, t.classificacaoId),
  ],
);

/** The accountant in charge of a registration. */
export const contribuinteContador = pgTable(
  'contribuinte_contador',
  {
    contribuinteId: bigint('contribuinte_id', { mode: 'number' }).primaryKey().references(() => contribuinte.id, { onDelete: 'cascade' }),
    numeroPessoaContador: bigint('numero_pessoa_contador', { mode: 'number' }).notNull().references(() => contador.numeroPessoa),
    dataInicio: date('data_inicio', { mode: 'string' }).notNull(),
  },
  (t) => [index('contribuinte_contador_contador_idx').on(t.numeroPessoaContador)],
);

/** Attorneys in the State (procuradores). */
export const procurador = pgTable(
  'procurador',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    contribuinteId: bigint('contribuinte_id', { mode: 'number' }).notNull().references(() => contribuinte.id, { onDelete: 'cascade' }),
    numeroPessoaProcurador: bigint('numero_pessoa_procurador', { mode: 'number' }).notNull().references(() => pessoa.numeroPessoa),
    dataInicioValidade: date('data_inicio_validade', { mode: 'string' }).notNull(),
  },
  (t) => [index('procurador_contribuinte_idx').on(t.contribuinteId), index('procurador_pessoa_idx').on(t.numeroPessoaProcurador)],
);

export const historicoSituacao = pgTable(
  'historico_situacao',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    contribuinteId: bigint('contribuinte_id', { mode: 'number' }).notNull().references(() => contribuinte.id, { onDelete: 'cascade' }),
    situacaoId: integer('situacao_id').notNull().references(() => refSituacaoCadastral.id),
    motivoId: integer('motivo_id').references(() => refMotivoSituacao.id),
    dataAlteracao: date('data_alteracao', { mode: 'string' }).notNull(),
    /** The notice whose publication made this change (edital.id; no FK: a published notice is never deleted). */
    editalId: bigint('edital_id', { mode: 'number' }),
  },
  (t) => [
    index('historico_situacao_contribuinte_idx').on(t.contribuinteId, t.dataAlteracao),
    index('historico_situacao_data_idx').on(t.dataAlteracao),
    index('historico_situacao_edital_idx').on(t.editalId).where(sql`${t.editalId} is not null`),
  ],
);

export const historicoRazaoSocial = pgTable(
  'historico_razao_social',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    numeroPessoa: bigint('numero_pessoa', { mode: 'number' }).notNull().references(() => pessoa.numeroPessoa, { onDelete: 'cascade' }),
    nome: varchar('nome', { length: 150 }).notNull(),
    dataAlteracao: date('data_alteracao', { mode: 'string' }).notNull(),
  },
  (t) => [index('historico_razao_social_pessoa_idx').on(t.numeroPessoa, t.dataAlteracao)],
);
