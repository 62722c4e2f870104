import { sql, type SQL } from 'drizzle-orm';
import { formatNaturezaJuridica } from '@cadastro/domain';
import type {
  ConsultaEmpresasVinculadas, ContadorEncontrado, DadosContador, EmpresaVinculada, PaginaEmpresasVinculadas, PessoaEncontrada, PessoaFisica, PessoaJuridica, PessoaResumo, VinculoEmpresa,
} from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';
import { query, queryOne } from '../../db/consulta.js';
import { filtroEmpresa } from '../../db/filtroEmpresa.js';
import { contatosDe, enderecosDe, telefonesDe } from './enderecos.js';

interface LinhaPessoa {
  numero_pessoa: string | number;
  tipo: 'F' | 'J';
  numero_documento: string;
  nome: string;
  nome_fantasia: string | null;
  email: string | null;
  numero_pessoa_raiz: string | number | null;
  natureza: string | null;
  natureza_codigo?: string | null;
  version: number;
}

/** One person by document (CPF or CNPJ characters), or undefined. */
export async function pessoaPorDocumento(db: DbOrTx, documento: string): Promise<LinhaPessoa | undefined> {
  return queryOne<LinhaPessoa>(db, sql`select p.numero_pessoa, p.tipo, p.numero_documento, p.nome, p.nome_fantasia, p.email, p.numero_pessoa_raiz, p.version,
      nj.codigo as natureza_codigo, nj.descricao as natureza
    from pessoa p left join ref_natureza_juridica nj
      on nj.id = coalesce(p.natureza_juridica_id, (select r.natureza_juridica_id from pessoa r where r.numero_pessoa = p.numero_pessoa_raiz))
    where p.numero_documento = ${documento}`);
}

export async function pessoaPorNumero(db: DbOrTx, numeroPessoa: number): Promise<LinhaPessoa | undefined> {
  return queryOne<LinhaPessoa>(db, sql`select p.numero_pessoa, p.tipo, p.numero_documento, p.nome, p.nome_fantasia, p.email, p.numero_pessoa_raiz, p.version,
      null as natureza from pessoa p where p.numero_pessoa = ${numeroPessoa}`);
}

export const resumo = (p: LinhaPessoa): PessoaResumo => ({
  numeroPessoa: Number(p.numero_pessoa),
  codigoTipoDocumento: p.tipo === 'F' ? 'CPF' : 'CNPJ',
  numeroDocumento: p.numero_documento,
  nome: p.nome,
  numeroPessoaRaiz: p.numero_pessoa_raiz === null ? null : Number(p.numero_pessoa_raiz),
});

interface LinhaEmpresa {
  numero_pessoa: string | number;
  numero_documento: string;
  nome: string;
  numero_caceal: number | null;
  digito_caceal: number | null;
  situacao: string | null;
  qualificacao: string | null;
}

const empresaDe = (x: LinhaEmpresa): EmpresaVinculada => ({
  numeroPessoa: Number(x.numero_pessoa), numeroCaceal: x.numero_caceal, digitoCaceal: x.digito_caceal, cnpj: x.numero_documento,
  razaoSocial: x.nome, situacaoCadastral: x.situacao, qualificacao: x.qualificacao,
});

/**
 * Companies linked to a person (`vinculo` selects numero_pessoa of the company and its
 * qualification), each with its head-office registration if any, so a row can open the taxpayer;
 * `filtro` an `and …` fragment; `n` the count of every matching row, for the pager. Callers order
 * by `nome, numero_pessoa` and page.
 *
 * The person's links are joined and filtered first, then sorted (a materialized CTE, #40 §5): with
 * the join inline, a LIMIT made the planner walk every person in name order (pessoa_nome, 814,750
 * rows at 500,000 taxpayers) probing the links of each — 5.6 minutes for `size=1` of an accountant
 * with 8,677 companies. Now the cost is that of the person's own links, whatever the page size.
 */
const empresasSql = (vinculo: SQL, filtro: SQL) => sql`with e as materialized (select p.numero_pessoa, p.numero_documento, p.nome, c.numero_caceal, c.digito_caceal,
    sc.descricao as situacao, v.qualificacao
  from (${vinculo}) v join pessoa p on p.numero_pessoa = v.numero_pessoa
  left join lateral (select * from contribuinte x where x.numero_pessoa = p.numero_pessoa order by x.indicador_matriz = 'M' desc, x.id desc limit 1) c on true
  left join ref_situacao_cadastral sc on sc.id = c.situacao_id
  where true ${filtro})
  select e.*, count(*) over ()::int as n from e`;

/** The §7 person pages' lists, capped: a busy accountant may keep thousands of companies (the SPA pages them below). */
async function empresas(db: DbOrTx, vinculo: SQL): Promise<EmpresaVinculada[]> {
  return (await query<LinhaEmpresa>(db, sql`${empresasSql(vinculo, sql``)} order by e.nome, e.numero_pessoa limit 500`)).map(empresaDe);
}

const socioDe = (np: number) => sql`select s.numero_pessoa_empresa as numero_pessoa, q.descricao as qualificacao from socio s
  join ref_qualificacao q on q.id = s.qualificacao_id where s.numero_pessoa_socio = ${np}`;
const responsavelDe = (np: number) => sql`select r.numero_pessoa_empresa as numero_pessoa, q.descricao as qualificacao from responsavel r
  join ref_qualificacao q on q.id = r.qualificacao_id where r.numero_pessoa_responsavel = ${np}`;
const contadorDe = (np: number) => sql`select distinct c.numero_pessoa, null::text as qualificacao from contribuinte_contador cc
  join contribuinte c on c.id = cc.contribuinte_id where cc.numero_pessoa_contador = ${np}`;
const VINCULO: Record<VinculoEmpresa, (np: number) => SQL> = { socio: socioDe, responsavel: responsavelDe, contador: contadorDe };

/** A page of a person's linked companies (#32: one 25,300-pixel table), filtered by CACEAL, CNPJ or name, with the filtered count. */
export async function paginaEmpresasVinculadas(db: DbOrTx, np: number, c: ConsultaEmpresasVinculadas): Promise<PaginaEmpresasVinculadas> {
  const filtro = filtroEmpresa(c.filtro, { caceal: 'c.numero_caceal', digito: 'c.digito_caceal', documento: 'p.numero_documento', nome: 'p.nome' });
  const linhas = await query<LinhaEmpresa & { n: number }>(db, sql`${empresasSql(VINCULO[c.vinculo](np), filtro)}
    order by e.nome, e.numero_pessoa limit ${c.size} offset ${c.page * c.size}`);
  // Past the last page no row carries the count: count alone then (a stale page link, not the usual path).
  const total = linhas[0]?.n ?? (c.page === 0 ? 0 : ((await queryOne<{ n: number }>(db, sql`select count(*)::int as n from (${empresasSql(VINCULO[c.vinculo](np), filtro)}) x`))?.n ?? 0));
  return { content: linhas.map(empresaDe), totalElements: total };
}

/** The person's CRC data, or null when the person is not an accountant. */
export async function dadosContador(db: DbOrTx, np: number): Promise<DadosContador | null> {
  const x = await queryOne<Record<string, string | number | boolean | null>>(db, sql`select k.*, cat.descricao as categoria, cl.descricao as classificacao, ti.descricao as tipo
    from contador k join ref_crc_categoria cat on cat.id = k.categoria_id join ref_crc_classificacao cl on cl.id = k.classificacao_id
    join ref_crc_tipo_inscricao ti on ti.id = k.crc_tipo_inscricao where k.numero_pessoa = ${np}`);
  if (!x) return null;
  return {
    numeroCrc: String(x.crc_numero), digitoVerificadorCrc: x.crc_digito === null ? null : Number(x.crc_digito),
    codigoTipoInscricao: String(x.crc_tipo_inscricao), tipoInscricao: String(x.tipo), codigoUfCrc: String(x.crc_uf),
    categoriaId: Number(x.categoria_id), categoria: String(x.categoria), classificacaoId: Number(x.classificacao_id), classificacao: String(x.classificacao),
    apto: x.apto === null ? null : Boolean(x.apto),
  };
}

/** §3 Individual person: every block of the pessoa/{cpf} page. */
export async function pessoaFisica(db: DbOrTx, p: LinhaPessoa): Promise<PessoaFisica> {
  const np = Number(p.numero_pessoa);
  const [enderecos, telefones, contador, socioEmpresas, responsavelEmpresas, empresaResponsavelContabil] = await Promise.all([
    enderecosDe(db, [np]), telefonesDe(db, [np]), dadosContador(db, np), empresas(db, socioDe(np)), empresas(db, responsavelDe(np)), empresas(db, contadorDe(np)),
  ]);
  return {
    numeroPessoa: np,
    version: p.version,
    identificacaoPessoaFisica: { numeroPessoa: np, numeroDocumento: p.numero_documento, nome: p.nome, email: p.email, enderecos: enderecos.get(np) ?? [], telefones: telefones.get(np) ?? [] },
    contador, socioEmpresas, responsavelEmpresas, empresaResponsavelContabil,
  };
}

async function responsavelDaEmpresa(db: DbOrTx, np: number) {
  return queryOne<{ numero_pessoa: string | number; numero_documento: string; nome: string; qualificacao: string; contador: boolean }>(db, sql`select rp.numero_pessoa,
      rp.numero_documento, rp.nome, q.descricao as qualificacao, exists (select 1 from contador k where k.numero_pessoa = rp.numero_pessoa) as contador
    from pessoa p join responsavel r on r.numero_pessoa_empresa = coalesce(p.numero_pessoa_raiz, p.numero_pessoa)
    join pessoa rp on rp.numero_pessoa = r.numero_pessoa_responsavel join ref_qualificacao q on q.id = r.qualificacao_id where p.numero_pessoa = ${np}`);
}

/** §3 Legal person: every block of the pessoa-juridica/{cnpj} page. */
export async function pessoaJuridica(db: DbOrTx, p: LinhaPessoa): Promise<PessoaJuridica> {
  const np = Number(p.numero_pessoa);
  const [enderecos, telefones, contador, resp, socioEmpresas, empresaContadorResponsavel, caceais] = await Promise.all([
    enderecosDe(db, [np]), telefonesDe(db, [np]), dadosContador(db, np), responsavelDaEmpresa(db, np), empresas(db, socioDe(np)), empresas(db, contadorDe(np)),
    query<{ numero_caceal: number; digito_caceal: number; situacao: string }>(db, sql`select c.numero_caceal, c.digito_caceal, sc.descricao as situacao
      from contribuinte c join ref_situacao_cadastral sc on sc.id = c.situacao_id where c.numero_pessoa = ${np} order by c.id desc`),
  ]);
  const ref = resp ? { numeroPessoa: Number(resp.numero_pessoa), numeroDocumento: resp.numero_documento, nome: resp.nome, qualificacao: resp.qualificacao } : null;
  return {
    numeroPessoa: np,
    version: p.version,
    identificacaoPessoaJuridica: {
      numeroPessoa: np, numeroDocumento: p.numero_documento, razaoSocial: p.nome, nomeFantasia: p.nome_fantasia, naturezaJuridica: p.natureza && formatNaturezaJuridica(p.natureza_codigo, p.natureza), email: p.email,
      enderecos: enderecos.get(np) ?? [], telefones: telefones.get(np) ?? [],
      cacealList: caceais.map((c) => ({ numeroCaceal: c.numero_caceal, digitoCaceal: c.digito_caceal, situacaoCadastral: c.situacao })),
    },
    dadosContabilista: contador,
    // An accounting organization answers through its responsible accountant (§2, read-only).
    responsavelOrganizacaoContabil: contador && resp?.contador ? ref : null,
    dadosResponsavel: ref,
    socioEmpresas,
    empresaContadorResponsavel,
  };
}

/** What the partner / responsible / attorney lookups answer for a person. */
export async function encontrada(db: DbOrTx, p: LinhaPessoa): Promise<PessoaEncontrada> {
  const np = Number(p.numero_pessoa);
  const c = await contatosDe(db, [np]);
  return { numeroPessoa: np, numeroDocumento: p.numero_documento, razaoSocial: p.nome, nomeFantasia: p.nome_fantasia, ...c(np) };
}

export async function contadorEncontrado(db: DbOrTx, p: LinhaPessoa): Promise<ContadorEncontrado | null> {
  const contador = await dadosContador(db, Number(p.numero_pessoa));
  if (!contador) return null;
  return { ...(await encontrada(db, p)), numeroPessoaContador: Number(p.numero_pessoa), email: p.email, contador };
}
