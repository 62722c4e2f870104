import { sql, type SQL } from 'drizzle-orm';
import type { SalvarEvento } from '@cadastro/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { queryOne } from '../../db/consulta.js';
import { arr } from './evento-diff.js';
import { inicioEmpresaSql } from './inicio-empresa.js';
import { versoesLidas, type VersaoLida } from './evento-versoes.js';
import { irmasSql, type Irma } from './evento-porte.js';

type Evento = z.output<typeof SalvarEvento>;
export type Ref = { id: number; descricao: string };

/** An address as the timeline compares it (names, not ids), with the ids the block refers to. */
export type EnderecoLido = { id: number; numero_pessoa: number; tipo: string; eh_principal: boolean; pais: string; uf: string | null; municipio: string | null;
  tipo_logradouro: string | null; logradouro: string; numero: string | null; complemento: string | null; bairro: string | null; cep: string | null;
  referencia: string | null; endereco_eletronico: string | null; latitude: string | null; longitude: string | null };

/** The reference rows the addresses of an event name (only the ids the event sends). */
export type RefsEndereco = { tipos: Ref[]; paises: { id: number; nome: string }[]; ufs: string[]; municipios: { id: number; nome: string; uf: string }[]; logradouros: Ref[] };

export interface DadosAtuais {
  nome_fantasia: string | null; email: string | null; porte_id: number | null; porte: string | null; valor_capital_social: string | null;
  opcao_livro_eletronico: boolean | null; data_autorizacao_livro_eletronico: string | null; opcao_documento_eletronico: boolean | null;
  data_autorizacao_documento_eletronico: string | null; opcao_livros_fiscais: boolean | null; data_autorizacao_livros_fiscais: string | null;
  uso_obrigatorio_sped: boolean | null;
  formas: Ref[]; unidades: Ref[]; telefones: { id: number; tipo_telefone_id: number; tipo: string; ddd: string; numero: string }[];
  /** The references the block names. */
  ref_porte: string | null; ref_formas: Ref[]; ref_unidades: Ref[]; ref_tipos_fone: Ref[];
}

export interface SociosAtuais {
  atuais: { numero_pessoa_socio: number; numero_documento: string; nome: string; qualificacao: string; percentual: string | null; data_inclusao: string }[];
  pessoas: { numero_pessoa: number; tipo: string; numero_documento: string; nome: string }[];
  qualificacoes: Ref[];
}

export interface AtividadesAtuais {
  atuais: { cnae: string; descricao: string; eh_principal: boolean }[];
  cnaes: { id: string; descricao: string }[];
}

/** Everything an event needs to know before it writes, read in ONE statement with the registration locked. */
export interface Estado {
  id: number; numero_caceal: number; numero_pessoa: number; raiz: number; raiz_cnpj: string | null; version: number;
  /** What the domain rules judge (issue 30): the company's legal nature (the head office's), its start, its framing. */
  natureza: number | null; inicio_empresa: string; porte_id: number | null; eh_mei: boolean; eh_optante_simples: boolean;
  /** The registration's CNAEs as stored, read when the porte may change (a new MEI's activities are judged). */
  cnaes_atuais: string[] | null;
  /** The person's version (nome fantasia, e-mail) and the stored versions of the shared parts the event may write. */
  versao_contato: number; versoes: VersaoLida[];
  /** The person has other registrations (read for a client without `versoes`: its contact is then shared). */
  contato_compartilhado: boolean;
  /** The root's other registrations the event's new porte would reach (evento-porte). */
  irmas: Irma[];
  dados: DadosAtuais | null;
  atividades: AtividadesAtuais | null;
  socios: SociosAtuais | null;
  /** The stored addresses of the persons whose addresses the event replaces (the registration's, partners'). */
  enderecos: EnderecoLido[] | null;
  refs_endereco: RefsEndereco | null;
  /** Contador, Responsável, Procuradores, Regime Especial: their current state and references (only the tabs sent). */
  outros: Outros;
}

type PessoaLida = { numero_pessoa: number; tipo: string; numero_documento: string; nome: string };
export interface Outros {
  contador_novo?: { numero_documento: string; nome: string } | null;
  contador_atual?: { numero_documento: string; nome: string; data_inicio: string } | null;
  resp_pessoa?: PessoaLida | null;
  resp_qualificacao?: string | null;
  resp_atual?: { numero_pessoa: number; numero_documento: string; nome: string; qualificacao: string; impedido: boolean } | null;
  proc_pessoas?: PessoaLida[];
  proc_atuais?: { numero_documento: string; nome: string; data: string }[];
  reg_regimes?: Ref[];
  reg_atos?: Ref[];
  reg_atuais?: { seq: number; regime: string; ato: string; processo: string | null; dt_inicio: string; dt_fim: string | null; situacao: string; ind_ativo: string }[];
}

const lista = (q: SQL) => sql`(select coalesce(json_agg(x), '[]') from (${q}) x)`;
const refs = (tabela: string, ids: readonly number[]) =>
  lista(sql`select id, descricao from ${sql.raw(tabela)} where id = any(${arr(ids)}::int[])`);

/**
 * The lock, the version, the current state of every tab the event sends and the reference rows it
 * names: one round trip instead of one per table (the diff for the timeline and the 400s need them).
 * The registration is locked by key (no join in the locking scan) and its version comes from the
 * locked row: a concurrent event waits, then sees the version moved on (409), so a state read before
 * that wait is never used to write. Shared data was locked before this statement (travarPessoas).
 */
export async function lerEstado(tx: DbOrTx, e: Evento): Promise<Estado | undefined> {
  const d = e.dadosCadastrais;
  const dados = d
    ? sql`(select json_build_object(
        'nome_fantasia', p.nome_fantasia, 'email', p.email, 'porte_id', c.porte_id, 'porte', (select descricao from ref_porte where id = c.porte_id),
        'valor_capital_social', c.valor_capital_social::text, 'opcao_livro_eletronico', c.opcao_livro_eletronico,
        'data_autorizacao_livro_eletronico', c.data_autorizacao_livro_eletronico::text, 'opcao_documento_eletronico', c.opcao_documento_eletronico,
        'data_autorizacao_documento_eletronico', c.data_autorizacao_documento_eletronico::text, 'opcao_livros_fiscais', c.opcao_livros_fiscais,
        'data_autorizacao_livros_fiscais', c.data_autorizacao_livros_fiscais::text, 'uso_obrigatorio_sped', c.uso_obrigatorio_sped,
        'formas', ${lista(sql`select f.id, f.descricao from contribuinte_forma_atuacao x join ref_forma_atuacao f on f.id = x.forma_atuacao_id where x.contribuinte_id = c.id`)},
        'unidades', ${lista(sql`select u.id, u.descricao from contribuinte_tipo_unidade x join ref_tipo_unidade u on u.id = x.tipo_unidade_id where x.contribuinte_id = c.id`)},
        'telefones', ${lista(sql`select t.id, t.tipo_telefone_id, tt.descricao as tipo, t.ddd, t.numero from telefone t join ref_tipo_telefone tt on tt.id = t.tipo_telefone_id
          where t.numero_pessoa = c.numero_pessoa order by t.id`)},
        'ref_porte', (select descricao from ref_porte where id = ${d.porteId ?? 0}),
        'ref_formas', ${refs('ref_forma_atuacao', d.formasAtuacao)}, 'ref_unidades', ${refs('ref_tipo_unidade', d.tiposUnidade)},
        'ref_tipos_fone', ${refs('ref_tipo_telefone', d.telefones.map((t) => t.codigoTipoTelefone))}))`
    : sql`null`;
  const atividades = e.atividades
    ? sql`json_build_object(
        'atuais', ${lista(sql`select a.cnae, k.descricao, a.eh_principal from atividade_contribuinte a join ref_cnae k on k.id = a.cnae where a.contribuinte_id = c.id`)},
        'cnaes', ${lista(sql`select id, descricao from ref_cnae where id = any(${arr(e.atividades.map((a) => a.codigoCnae))}::text[])`)})`
    : sql`null`;
  const socios = e.socios
    ? sql`json_build_object(
        'atuais', ${lista(sql`select s.numero_pessoa_socio, ps.numero_documento, ps.nome, q.descricao as qualificacao, s.percentual_participacao::text as percentual,
          s.data_inclusao::text from socio s join pessoa ps on ps.numero_pessoa = s.numero_pessoa_socio join ref_qualificacao q on q.id = s.qualificacao_id
          where s.numero_pessoa_empresa = coalesce(p.numero_pessoa_raiz, p.numero_pessoa)`)},
        'pessoas', ${lista(sql`select numero_pessoa, tipo, numero_documento, nome from pessoa where numero_pessoa = any(${arr(e.socios.map((s) => s.numeroPessoaSocio))}::bigint[])`)},
        'qualificacoes', ${refs('ref_qualificacao', e.socios.map((s) => s.qualificacaoId))})`
    : sql`null`;
  // Whose addresses the event replaces: the registration's person (Dados Cadastrais) and partners with an address list.
  const novos = [...(d?.enderecos ?? []), ...(e.socios ?? []).flatMap((s) => s.enderecos ?? [])];
  const pessoasEndereco = [...(d?.enderecos ? [e.numeroPessoa] : []), ...(e.socios ?? []).filter((s) => s.enderecos).map((s) => s.numeroPessoaSocio)];
  const enderecos = pessoasEndereco.length
    ? lista(sql`select e.id, e.numero_pessoa, te.descricao as tipo, e.eh_principal, pa.nome as pais, e.uf, mu.nome as municipio, tl.descricao as tipo_logradouro,
        e.logradouro, e.numero, e.complemento, e.bairro, e.cep, e.referencia, e.endereco_eletronico, e.latitude::text, e.longitude::text
      from endereco e join ref_tipo_endereco te on te.id = e.tipo_endereco_id join ref_pais pa on pa.id = e.pais_id
      left join ref_municipio mu on mu.id = e.municipio_id left join ref_tipo_logradouro tl on tl.id = e.tipo_logradouro_id
      where e.numero_pessoa = any(${arr(pessoasEndereco)}::bigint[]) order by e.id`)
    : sql`null`;
  // Every street type (a few dozen rows), not only the ids sent: a street typed with its type word gets its type from it (issue 40 §6).
  const refsEndereco = pessoasEndereco.length
    ? sql`json_build_object('tipos', ${refs('ref_tipo_endereco', novos.map((x) => x.tipoEnderecoId))},
        'paises', ${lista(sql`select id, nome from ref_pais where id = any(${arr(novos.map((x) => x.paisId))}::int[])`)},
        'ufs', (select coalesce(json_agg(sigla), '[]') from ref_uf where sigla = any(${`{${[...new Set(novos.map((x) => x.uf ?? 'XX'))].join(',')}}`}::text[])),
        'municipios', ${lista(sql`select id, nome, uf from ref_municipio where id = any(${arr(novos.map((x) => x.municipioId ?? 0))}::int[])`)},
        'logradouros', ${lista(sql`select id, descricao from ref_tipo_logradouro`)})`
    : sql`null`;
  // The other tabs: the rows they name and what they hold now (aliases kx/rx/px: `c` and `p` are the registration's).
  const outros: SQL[] = [];
  if (e.contador) {
    outros.push(sql`'contador_novo', (select json_build_object('numero_documento', kp.numero_documento, 'nome', kp.nome) from contador kx
      join pessoa kp on kp.numero_pessoa = kx.numero_pessoa where kx.numero_pessoa = ${e.contador.numeroPessoaContador})`);
    outros.push(sql`'contador_atual', (select json_build_object('numero_documento', kp.numero_documento, 'nome', kp.nome, 'data_inicio', cc.data_inicio::text)
      from contribuinte_contador cc join pessoa kp on kp.numero_pessoa = cc.numero_pessoa_contador where cc.contribuinte_id = c.id)`);
  }
  if (e.responsavel) {
    outros.push(sql`'resp_pessoa', (select json_build_object('numero_pessoa', rp.numero_pessoa, 'tipo', rp.tipo, 'numero_documento', rp.numero_documento, 'nome', rp.nome)
      from pessoa rp where rp.numero_pessoa = ${e.responsavel.numeroPessoa})`);
    outros.push(sql`'resp_qualificacao', (select descricao from ref_qualificacao where id = ${e.responsavel.qualificacaoId})`);
    outros.push(sql`'resp_atual', (select json_build_object('numero_pessoa', rp.numero_pessoa, 'numero_documento', rp.numero_documento, 'nome', rp.nome, 'qualificacao', rq.descricao,
        'impedido', rx.possui_impedimento)
      from responsavel rx join pessoa rp on rp.numero_pessoa = rx.numero_pessoa_responsavel join ref_qualificacao rq on rq.id = rx.qualificacao_id
      where rx.numero_pessoa_empresa = coalesce(p.numero_pessoa_raiz, p.numero_pessoa))`);
  }
  if (e.procuradores) {
    outros.push(sql`'proc_pessoas', ${lista(sql`select numero_pessoa, tipo, numero_documento, nome from pessoa where numero_pessoa = any(${arr(e.procuradores.map((x) => x.numeroPessoa))}::bigint[])`)}`);
    outros.push(sql`'proc_atuais', ${lista(sql`select pp.numero_documento, pp.nome, px.data_inicio_validade::text as data from procurador px
      join pessoa pp on pp.numero_pessoa = px.numero_pessoa_procurador where px.contribuinte_id = c.id`)}`);
  }
  if (e.regimesEspeciais) {
    outros.push(sql`'reg_regimes', ${refs('ref_regime_especial', e.regimesEspeciais.map((x) => x.regimeId))}`);
    outros.push(sql`'reg_atos', ${refs('ref_tipo_ato_concessorio', e.regimesEspeciais.map((x) => x.tipoAtoConcessorioId))}`);
    outros.push(sql`'reg_atuais', ${lista(sql`select x.seq, re.descricao as regime, ta.descricao as ato, x.processo, x.dt_inicio::text, x.dt_fim::text, x.situacao, x.ind_ativo
      from regime_especial_contribuinte x join ref_regime_especial re on re.id = x.regime_id join ref_tipo_ato_concessorio ta on ta.id = x.tipo_ato_concessorio_id
      where x.contribuinte_id = c.id`)}`);
  }
  return queryOne<Estado>(
    tx,
    sql`with trava as (select id, version from contribuinte where numero_caceal = ${e.numeroCaceal} for update)
      select c.id, c.numero_caceal, c.numero_pessoa, coalesce(p.numero_pessoa_raiz, p.numero_pessoa) as raiz, p.raiz_cnpj, trava.version,
        coalesce(p.natureza_juridica_id, (select natureza_juridica_id from pessoa where numero_pessoa = p.numero_pessoa_raiz)) as natureza,
        ${inicioEmpresaSql(sql`coalesce(p.numero_pessoa_raiz, p.numero_pessoa)`)} as inicio_empresa,
        c.porte_id, c.eh_mei, c.eh_optante_simples,
        ${e.dadosCadastrais ? sql`(select coalesce(array_agg(a.cnae order by a.cnae), '{}') from atividade_contribuinte a where a.contribuinte_id = c.id)` : sql`null`} as cnaes_atuais,
        p.version as versao_contato, ${versoesLidas(e)} as versoes,
        ${!e.versoes && e.dadosCadastrais ? sql`exists (select 1 from contribuinte c2 where c2.numero_pessoa = c.numero_pessoa and c2.id <> c.id)` : sql`false`} as contato_compartilhado, ${irmasSql(e)} as irmas, ${dados} as dados, ${atividades} as atividades, ${socios} as socios, ${enderecos} as enderecos, ${refsEndereco} as refs_endereco,
        ${outros.length ? sql`json_build_object(${sql.join(outros, sql`, `)})` : sql`'{}'::json`} as outros
      from trava join contribuinte c on c.id = trava.id join pessoa p on p.numero_pessoa = c.numero_pessoa`,
  );
}
