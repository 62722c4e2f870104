import { sql } from 'drizzle-orm';
import { colunasEdicao } from './colunas.js';
import {
  bigint, boolean, char, check, date, index, integer, jsonb, pgTable, primaryKey, smallint, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';
import { contador, contribuinte, pessoa } from './cadastro.js';
import {
  refClassificacaoIrregularidade, refCriticidadeIrregularidade, refMotivoSituacao, refOrigemIrregularidade, refRegimeEspecial,
  refSituacaoCadastral, refSituacaoEdital, refSituacaoIrregularidade, refStatusProcessamentoCsn, refStatusProcessamentoRds,
  refTipoAtoConcessorio, refTipoDocumentoVinculado, refTipoEdital,
} from './referencia.js';

const contribuinteRef = () => bigint('contribuinte_id', { mode: 'number' }).notNull().references(() => contribuinte.id, { onDelete: 'cascade' });

/** Special regimes granted to a registration (§3 Special regime; situation I/D/R/S, active S/N). */
export const regimeEspecialContribuinte = pgTable(
  'regime_especial_contribuinte',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    contribuinteId: contribuinteRef(),
    regimeId: integer('regime_id').notNull().references(() => refRegimeEspecial.id),
    tipoAtoConcessorioId: integer('tipo_ato_concessorio_id').notNull().references(() => refTipoAtoConcessorio.id),
    processo: varchar('processo', { length: 20 }),
    dtInicio: date('dt_inicio', { mode: 'string' }).notNull(),
    dtFim: date('dt_fim', { mode: 'string' }),
    dtFinalRegular: date('dt_final_regular', { mode: 'string' }),
    dtFinalEfetiva: date('dt_final_efetiva', { mode: 'string' }),
    situacao: char('situacao', { length: 1 }).notNull(),
    indAtivo: char('ind_ativo', { length: 1 }).notNull(),
    texto: varchar('texto', { length: 4000 }),
    ...colunasEdicao(),
  },
  (t) => [
    check('regime_situacao', sql`${t.situacao} in ('I', 'D', 'R', 'S')`),
    check('regime_ativo', sql`${t.indAtivo} in ('S', 'N')`),
    check('regime_datas', sql`${t.dtFim} is null or ${t.dtFim} >= ${t.dtInicio}`),
    index('regime_contribuinte_idx').on(t.contribuinteId),
  ],
);

/** Notices (editais) with their linked taxpayers and reasons (§3 Notice, §4 statuses). */
export const edital = pgTable(
  'edital',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    sequencial: integer('sequencial').notNull(),
    ano: smallint('ano').notNull(),
    numero: varchar('numero', { length: 12 }).notNull().unique(), // "NNNN/AAAA"
    titulo: varchar('titulo', { length: 200 }).notNull(),
    tipoEditalId: integer('tipo_edital_id').notNull().references(() => refTipoEdital.id),
    situacaoEditalId: integer('situacao_edital_id').notNull().references(() => refSituacaoEdital.id),
    dataPublicacao: date('data_publicacao', { mode: 'string' }),
    dataEfeitoLegal: date('data_efeito_legal', { mode: 'string' }),
    prazoConvocacao: smallint('prazo_convocacao'),
    numeroProcesso: varchar('numero_processo', { length: 20 }),
    numeroPessoaResponsavel: bigint('numero_pessoa_responsavel', { mode: 'number' }).references(() => pessoa.numeroPessoa),
    texto: varchar('texto', { length: 4000 }).notNull(),
    meioComunicacao: char('meio_comunicacao', { length: 1 }).notNull().default('E'),
    numeroDiario: varchar('numero_diario', { length: 20 }),
    processado: boolean('processado').notNull().default(false),
    situacaoCadastralFuturaId: integer('situacao_cadastral_futura_id').references(() => refSituacaoCadastral.id),
    observacao: varchar('observacao', { length: 500 }),
    ...colunasEdicao(),
  },
  (t) => [
    check('edital_meio', sql`${t.meioComunicacao} in ('E', 'I')`),
    check('edital_prazo', sql`${t.prazoConvocacao} is null or ${t.prazoConvocacao} > 0`),
    check('edital_publicado_tem_data', sql`${t.situacaoEditalId} in (1, 2) or ${t.dataPublicacao} is not null`),
    uniqueIndex('edital_sequencial_ano').on(t.ano, t.sequencial),
    index('edital_situacao_idx').on(t.situacaoEditalId, t.dataPublicacao),
    index('edital_publicacao_idx').on(t.dataPublicacao),
    // consultar-edital's other filters (type, legal-effect date), newest first.
    index('edital_tipo_idx').on(t.tipoEditalId, t.dataPublicacao),
    index('edital_efeito_legal_idx').on(t.dataEfeitoLegal),
  ],
);

export const editalMotivo = pgTable(
  'edital_motivo',
  {
    editalId: bigint('edital_id', { mode: 'number' }).notNull().references(() => edital.id, { onDelete: 'cascade' }),
    motivoId: integer('motivo_id').notNull().references(() => refMotivoSituacao.id),
    principal: boolean('principal').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.editalId, t.motivoId] }), uniqueIndex('edital_um_motivo_principal').on(t.editalId).where(sql`${t.principal}`)],
);

export const editalContribuinte = pgTable(
  'edital_contribuinte',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    editalId: bigint('edital_id', { mode: 'number' }).notNull().references(() => edital.id, { onDelete: 'cascade' }),
    contribuinteId: contribuinteRef(),
    numeroDocumentoVinculado: varchar('numero_documento_vinculado', { length: 14 }),
    tipoDocumentoVinculadoId: integer('tipo_documento_vinculado_id').references(() => refTipoDocumentoVinculado.id),
    observacao: varchar('observacao', { length: 500 }),
  },
  (t) => [
    check('edital_documento_par', sql`(${t.numeroDocumentoVinculado} is null) = (${t.tipoDocumentoVinculadoId} is null)`),
    uniqueIndex('edital_contribuinte_unico').on(t.editalId, t.contribuinteId, t.numeroDocumentoVinculado),
    index('edital_contribuinte_contribuinte_idx').on(t.contribuinteId),
  ],
);

/** Irregularities (pendências) by CNPJ root and competence (§3 Pendencia). */
export const pendencia = pgTable(
  'pendencia',
  {
    sequencial: bigint('sequencial', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    contribuinteId: contribuinteRef(),
    cnpj: varchar('cnpj', { length: 14 }).notNull(),
    classificacaoId: integer('classificacao_id').notNull().references(() => refClassificacaoIrregularidade.id),
    descricao: varchar('descricao', { length: 1000 }).notNull(),
    acoesRegularizadoras: varchar('acoes_regularizadoras', { length: 1000 }),
    competencia: date('competencia', { mode: 'string' }).notNull(), // first day of the month
    prazo: date('prazo', { mode: 'string' }),
    dataRegularizacao: date('data_regularizacao', { mode: 'string' }),
    dataCancelamento: date('data_cancelamento', { mode: 'string' }),
    criticidadeId: integer('criticidade_id').notNull().references(() => refCriticidadeIrregularidade.id),
    situacaoId: integer('situacao_id').notNull().references(() => refSituacaoIrregularidade.id),
    origemId: integer('origem_id').notNull().references(() => refOrigemIrregularidade.id),
    ...colunasEdicao(),
  },
  (t) => [
    check('pendencia_competencia', sql`extract(day from ${t.competencia}) = 1`),
    check('pendencia_regularizada', sql`${t.situacaoId} <> 2 or ${t.dataRegularizacao} is not null`),
    index('pendencia_contribuinte_idx').on(t.contribuinteId, t.competencia),
    index('pendencia_cnpj_idx').on(t.cnpj, t.competencia),
    // Everyone's pendências in a period, newest first (competencia desc, sequencial desc): a page is read in index order, no sort.
    index('pendencia_competencia_seq_idx').on(t.competencia, t.sequencial),
    // Open first, earliest deadline first, then newest competence (issue 40 §3, pendencia/consulta.ts ORDEM).
    index('pendencia_ordem_idx').on(sql`(${t.situacaoId} <> 1)`, sql`(case when ${t.situacaoId} = 1 then ${t.prazo} end)`, t.competencia.desc(), t.sequencial.desc()),
  ],
);

/** Requests from REDESIM (RDS) and Simples Nacional (CSN); the detail blocks as REDESIM sent them. */
export const solicitacao = pgTable(
  'solicitacao',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    sistema: char('sistema', { length: 3 }).notNull(),
    protocolo: varchar('protocolo', { length: 20 }).notNull(),
    cnpj: varchar('cnpj', { length: 14 }).notNull(),
    nomeEmpresarial: varchar('nome_empresarial', { length: 150 }).notNull(),
    dataSolicitacao: timestamp('data_solicitacao', { withTimezone: true, mode: 'string' }).notNull(),
    statusRdsId: integer('status_rds_id').references(() => refStatusProcessamentoRds.id),
    statusCsnId: integer('status_csn_id').references(() => refStatusProcessamentoCsn.id),
    codigosEventos: varchar('codigos_eventos', { length: 200 }),
    contribuinteId: bigint('contribuinte_id', { mode: 'number' }).references(() => contribuinte.id),
    detalhe: jsonb('detalhe').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    check('solicitacao_sistema', sql`(${t.sistema} = 'RDS' and ${t.statusRdsId} is not null) or (${t.sistema} = 'CSN' and ${t.statusCsnId} is not null)`),
    uniqueIndex('solicitacao_protocolo').on(t.sistema, t.protocolo),
    index('solicitacao_cnpj_idx').on(t.cnpj, t.dataSolicitacao),
    index('solicitacao_data_idx').on(t.dataSolicitacao),
    // The closed-registrations report counts its REDESIM requests of a period from the index alone.
    index('solicitacao_rds_data_idx').on(t.dataSolicitacao, t.contribuinteId).where(sql`${t.sistema} = 'RDS'`),
  ],
);

export const solicitacaoMensagem = pgTable(
  'solicitacao_mensagem',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    solicitacaoId: bigint('solicitacao_id', { mode: 'number' }).notNull().references(() => solicitacao.id, { onDelete: 'cascade' }),
    dthProcessamento: timestamp('dth_processamento', { withTimezone: true, mode: 'string' }).notNull(),
    mensagem: varchar('mensagem', { length: 1000 }).notNull(),
  },
  (t) => [index('solicitacao_mensagem_idx').on(t.solicitacaoId)],
);

/** Accountants' statements about each client: 1 confirmation, 2 denial; active S/N. */
export const manifestacao = pgTable(
  'manifestacao',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    contribuinteId: contribuinteRef(),
    numeroPessoaContador: bigint('numero_pessoa_contador', { mode: 'number' }).notNull().references(() => contador.numeroPessoa),
    tipo: smallint('tipo').notNull(),
    dataManifestacao: timestamp('data_manifestacao', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    indAtivo: char('ind_ativo', { length: 1 }).notNull().default('S'),
  },
  (t) => [
    check('manifestacao_tipo', sql`${t.tipo} in (1, 2)`),
    check('manifestacao_ativo', sql`${t.indAtivo} in ('S', 'N')`),
    uniqueIndex('manifestacao_uma_ativa').on(t.contribuinteId, t.numeroPessoaContador).where(sql`${t.indAtivo} = 'S'`),
    index('manifestacao_contador_idx').on(t.numeroPessoaContador, t.dataManifestacao),
    index('manifestacao_data_idx').on(t.dataManifestacao),
    // "Empresas com Negação" (issue 40, migration 0048): the active denials by day, counted and paged alone.
    index('manifestacao_negacao_ativa_idx').on(t.dataManifestacao, t.contribuinteId).where(sql`${t.tipo} = 2 and ${t.indAtivo} = 'S'`),
  ],
);

/** Accountant re-registration (recadastro) kept by the accountant area. */
export const contadorRecadastro = pgTable('contador_recadastro', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  numeroPessoaContador: bigint('numero_pessoa_contador', { mode: 'number' }).notNull().unique().references(() => contador.numeroPessoa),
  enderecoEletronico: varchar('endereco_eletronico', { length: 100 }).notNull(),
  ddd: varchar('ddd', { length: 2 }).notNull(),
  numeroTelefone: varchar('numero_telefone', { length: 14 }).notNull(),
  endereco: jsonb('endereco').$type<Record<string, string | null>>().notNull(),
  ...colunasEdicao(),
});

/** A saved change of the detail screen (the process dialog) with every changed block. */
export const eventoAlteracao = pgTable(
  'evento_alteracao',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    contribuinteId: bigint('contribuinte_id', { mode: 'number' }).references(() => contribuinte.id),
    numeroPessoa: bigint('numero_pessoa', { mode: 'number' }).notNull().references(() => pessoa.numeroPessoa),
    processo: varchar('processo', { length: 15 }).notNull(),
    atoDeclaratorio: varchar('ato_declaratorio', { length: 800 }),
    protocoloRedesim: varchar('protocolo_redesim', { length: 20 }),
    dataEvento: date('data_evento', { mode: 'string' }),
    dataLegal: date('data_legal', { mode: 'string' }),
    usuario: varchar('usuario', { length: 50 }).notNull(),
    registradoEm: timestamp('registrado_em', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    alteracoes: jsonb('alteracoes').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    index('evento_alteracao_pessoa_idx').on(t.numeroPessoa, t.registradoEm),
    // The change timeline of a registration, newest first (GET eventos/listar).
    index('evento_alteracao_contribuinte_idx').on(t.contribuinteId, t.registradoEm.desc(), t.id.desc()),
  ],
);

/** Manager system ("gestor") records the simulator answers from. */
export const gestorContribuinte = pgTable('gestor_contribuinte', {
  cnpj: varchar('cnpj', { length: 14 }).primaryKey(),
  numeroCaceal: integer('numero_caceal'),
  razaoSocial: varchar('razao_social', { length: 150 }).notNull(),
  situacaoPessoa: varchar('situacao_pessoa', { length: 40 }).notNull(),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/** Federal registry ("Infoconv") records the simulator answers from, and its query history. */
/** Main address, a phone and an e-mail as the federal registry answers them (all optional). */
const enderecoReceita = () => ({
  uf: char('uf', { length: 2 }),
  municipioId: integer('municipio_id'),
  tipoLogradouroId: integer('tipo_logradouro_id'),
  logradouro: varchar('logradouro', { length: 150 }),
  numero: varchar('numero', { length: 10 }),
  complemento: varchar('complemento', { length: 100 }),
  bairro: varchar('bairro', { length: 80 }),
  cep: char('cep', { length: 8 }),
  ddd: varchar('ddd', { length: 4 }),
  telefone: varchar('telefone', { length: 14 }),
  email: varchar('email', { length: 100 }),
});
export const receitaCnpj = pgTable('receita_cnpj', {
  cnpj: varchar('cnpj', { length: 14 }).primaryKey(),
  razaoSocial: varchar('razao_social', { length: 150 }).notNull(),
  situacao: varchar('situacao', { length: 10 }).notNull(),
  motivo: varchar('motivo', { length: 100 }),
  dataSituacao: date('data_situacao', { mode: 'string' }),
  cpfResponsavel: varchar('cpf_responsavel', { length: 11 }),
  nomeResponsavel: varchar('nome_responsavel', { length: 150 }),
  /** Where the federal registry has the person (the registration copies it: §2 cadastra-pessoa). */
  ...enderecoReceita(),
});
export const receitaCpf = pgTable('receita_cpf', {
  cpf: varchar('cpf', { length: 11 }).primaryKey(),
  nome: varchar('nome', { length: 150 }).notNull(),
  situacao: varchar('situacao', { length: 40 }).notNull(),
  /** Where the federal registry has the person (the registration copies it: §2 cadastra-pessoa). */
  ...enderecoReceita(),
});
/**
 * Switches of the built-in simulators (one row per system, e.g. 'infoconv'): an operator or a test
 * makes a simulated system unavailable to see how the registry behaves, through the real adapter.
 */
export const simuladorEstado = pgTable('simulador_estado', {
  sistema: varchar('sistema', { length: 20 }).primaryKey(),
  disponivel: boolean('disponivel').notNull().default(true),
});
export const infoconvConsulta = pgTable(
  'infoconv_consulta',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    cnpj: varchar('cnpj', { length: 14 }).notNull(),
    razaoSocial: varchar('razao_social', { length: 150 }).notNull(),
    situacaoCadastral: varchar('situacao_cadastral', { length: 20 }).notNull(),
    motivo: varchar('motivo', { length: 100 }),
    dataConsulta: timestamp('data_consulta', { withTimezone: true, mode: 'string' }).notNull(),
    sistema: varchar('sistema', { length: 3 }).notNull(),
  },
  (t) => [check('infoconv_sistema', sql`${t.sistema} in ('cad', 'rds')`), index('infoconv_data_idx').on(t.dataConsulta, t.sistema)],
);


/** Access-control system ("SCA") group memberships the simulator answers from (e.g. GESTOR_EDITAL). */
export const scaMembro = pgTable(
  'sca_membro',
  {
    grupo: varchar('grupo', { length: 40 }).notNull(),
    numeroPessoa: bigint('numero_pessoa', { mode: 'number' })
      .notNull()
      .references(() => pessoa.numeroPessoa, { onDelete: 'cascade' }),
    login: varchar('login', { length: 50 }),
  },
  (t) => [primaryKey({ columns: [t.grupo, t.numeroPessoa] }), index('sca_membro_login_idx').on(t.login)],
);
