import { sql, type SQL } from 'drizzle-orm';
import {
  AuditMessage, formatCaceal, formatCrcTexto, separarTelefone, type ContribuinteManifestacao, type GerarManifestacoes, type PaginaContribuintesManifestacao, type Manifestacao, type Recadastro, type RecadastroSalvo,
} from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';
import { query, queryOne } from '../../db/consulta.js';
import { filtroEmpresa } from '../../db/filtroEmpresa.js';
import { auditChange } from '../../platform/audit.js';
import { badRequest, HttpProblem } from '../../platform/errors/problem.js';
import { campos, tabela } from '../../platform/pdf/blocos.js';
import type { DocumentoPdf } from '../../platform/pdf/documento.js';
import type { ContadorCrc } from './identidade.js';

/** An instant as ISO 8601 UTC text (the SPA shows it in Maceió time). */
export const isoUtc = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

/** A busy accountant keeps years of statements; the screen shows the newest ones up to this many. */
export const LIMITE_MANIFESTACOES = 2_000;

interface LinhaManifestacao {
  id: string;
  caceal: number;
  digito: number | null;
  razao: string | null;
  tipo: number;
  data: string;
  ativo: 'S' | 'N';
}

const manifestacao = (r: LinhaManifestacao): Manifestacao => ({
  id: Number(r.id), caceal: r.caceal, digitoCaceal: r.digito, razaoSocial: r.razao, tipoManifestacao: r.tipo === 2 ? 2 : 1, dataManifestacao: r.data, indAtivo: r.ativo,
});

const selecao = sql`select m.id, c.numero_caceal as caceal, c.digito_caceal as digito, p.nome as razao, m.tipo, ${isoUtc('m.data_manifestacao')} as data, m.ind_ativo as ativo
  from manifestacao m join contribuinte c on c.id = m.contribuinte_id join pessoa p on p.numero_pessoa = c.numero_pessoa`;

/** The accountant's statements, newest first (manifestacao_contador_idx). */
export async function manifestacoesDoContador(db: DbOrTx, numeroPessoa: number): Promise<{ total: number; manifestacoes: Manifestacao[] }> {
  const [linhas, total] = await Promise.all([
    query<LinhaManifestacao>(db, sql`${selecao} where m.numero_pessoa_contador = ${numeroPessoa} order by m.data_manifestacao desc, m.id desc limit ${LIMITE_MANIFESTACOES}`),
    queryOne<{ n: number }>(db, sql`select count(*)::int as n from manifestacao where numero_pessoa_contador = ${numeroPessoa}`),
  ]);
  return { total: total?.n ?? 0, manifestacoes: linhas.map(manifestacao) };
}

/**
 * A page of the accountant's statements, newest first, with the filter (CACEAL or CNPJ digits as a
 * prefix, else part of the company name) and the active statements' counts for the summary.
 */
export async function paginaManifestacoes(
  db: DbOrTx, numeroPessoa: number, o: { page: number; size: number; filtro?: string; somenteAtivas?: boolean },
): Promise<{ total: number; totalFiltrado: number; manifestacoes: Manifestacao[]; ativas: { confirmacoes: number; negacoes: number } }> {
  const filtro = filtroEmpresa(o.filtro, { caceal: 'c.numero_caceal', digito: 'c.digito_caceal', documento: 'p.numero_documento', nome: 'p.nome' });
  const [linhas, contagens] = await Promise.all([
    query<LinhaManifestacao & { n: number }>(db, sql`select x.*, count(*) over ()::int as n from (${selecao}
      where m.numero_pessoa_contador = ${numeroPessoa} ${o.somenteAtivas ? sql`and m.ind_ativo = 'S'` : sql``} ${filtro}) x
      order by x.data desc, x.id desc limit ${o.size} offset ${o.page * o.size}`),
    queryOne<{ total: number; confirmacoes: number; negacoes: number }>(db, sql`select count(*)::int as total,
      count(*) filter (where ind_ativo = 'S' and tipo = 1)::int as confirmacoes, count(*) filter (where ind_ativo = 'S' and tipo = 2)::int as negacoes
      from manifestacao where numero_pessoa_contador = ${numeroPessoa}`),
  ]);
  return {
    total: contagens?.total ?? 0,
    totalFiltrado: linhas[0]?.n ?? 0,
    manifestacoes: linhas.map(manifestacao),
    ativas: { confirmacoes: contagens?.confirmacoes ?? 0, negacoes: contagens?.negacoes ?? 0 },
  };
}

export async function manifestacaoPorId(db: DbOrTx, id: number): Promise<(Manifestacao & { numeroPessoaContador: number }) | undefined> {
  const r = await queryOne<LinhaManifestacao & { np: string }>(db, sql`select x.*, m2.numero_pessoa_contador as np from (${selecao} where m.id = ${id}) x
    join manifestacao m2 on m2.id = x.id`);
  return r && { ...manifestacao(r), numeroPessoaContador: Number(r.np) };
}

/**
 * The accountant's client companies matching the company filter (contribuinte_contador_contador_idx).
 * Each registration and person is fetched by its key (`offset 0` keeps the laterals apart): joined
 * plainly, the planner hashed the whole contribuinte table for a few thousand rows (140–220 ms against
 * 40 ms at 100,000 taxpayers, EXPLAIN ANALYZE).
 */
const clientesDoContador = (numeroPessoa: number, filtro?: string) => sql`from contribuinte_contador cc
    cross join lateral (select c.id, c.numero_caceal, c.digito_caceal, c.numero_pessoa from contribuinte c where c.id = cc.contribuinte_id offset 0) c
    cross join lateral (select p.nome, p.numero_documento from pessoa p where p.numero_pessoa = c.numero_pessoa offset 0) p
    where cc.numero_pessoa_contador = ${numeroPessoa} ${filtroEmpresa(filtro, { caceal: 'c.numero_caceal', digito: 'c.digito_caceal', documento: 'p.numero_documento', nome: 'p.nome' })}`;

type LinhaCliente = { caceal: number; digito: number | null; razao: string; situacao: string | null; inicio: string | null; ultima: string | null };

/** The rows chosen (x: contribuinte id, caceal, digit, name, in order) with their situation and last active statement. */
const detalharClientes = (numeroPessoa: number, escolhidos: SQL) => sql`select x.caceal, x.digito, x.razao, sc.descricao as situacao,
    c.data_inicio_atividade::text as inicio,
    (select ${isoUtc('m.data_manifestacao')} from manifestacao m where m.contribuinte_id = x.id and m.numero_pessoa_contador = ${numeroPessoa}
      and m.ind_ativo = 'S') as ultima
  from (${escolhidos}) x join contribuinte c on c.id = x.id left join ref_situacao_cadastral sc on sc.id = c.situacao_id
  order by x.razao, x.caceal`;

const paraCliente = (r: LinhaCliente): ContribuinteManifestacao => ({
  numeroCaceal: r.caceal, digitoCaceal: r.digito, razaoSocial: r.razao, situacaoCadastral: r.situacao, dataInicioAtividade: r.inicio, ultimaManifestacao: r.ultima,
});

/**
 * Every client company of the accountant (registrations it is in charge of) with its last active
 * statement. No ceiling: a ceiling dropped the busiest accountant's companies in silence (issue 40 §1);
 * the screen reads them a page at a time (paginaClientesDoContador).
 */
export async function contribuintesDoContador(db: DbOrTx, numeroPessoa: number): Promise<ContribuinteManifestacao[]> {
  const escolhidos = sql`select c.id, c.numero_caceal as caceal, c.digito_caceal as digito, p.nome as razao ${clientesDoContador(numeroPessoa)}`;
  return (await query<LinhaCliente>(db, detalharClientes(numeroPessoa, escolhidos))).map(paraCliente);
}

/** A page of them by name, filtered; how many match and how many there are in all (issue 40 §1). */
export async function paginaClientesDoContador(
  db: DbOrTx, numeroPessoa: number, o: { page: number; size: number; filtro?: string },
): Promise<PaginaContribuintesManifestacao> {
  const escolhidos = sql`select c.id, c.numero_caceal as caceal, c.digito_caceal as digito, p.nome as razao ${clientesDoContador(numeroPessoa, o.filtro)}
    order by p.nome, c.numero_caceal limit ${o.size} offset ${o.page * o.size}`;
  const [linhas, contagem] = await Promise.all([
    query<LinhaCliente>(db, detalharClientes(numeroPessoa, escolhidos)),
    queryOne<{ total: number; filtrado: number }>(db, sql`select count(*)::int as total,
      count(*) filter (where true ${filtroEmpresa(o.filtro, { caceal: 'c.numero_caceal', digito: 'c.digito_caceal', documento: 'p.numero_documento', nome: 'p.nome' })})::int as filtrado
      ${clientesDoContador(numeroPessoa)}`),
  ]);
  return { content: linhas.map(paraCliente), totalElements: contagem?.filtrado ?? 0, total: contagem?.total ?? 0 };
}

/**
 * POST manifestacao/gerar, in the caller's transaction: every company must be one of the
 * accountant's clients (else 400 and nothing is written); the active statement of each is
 * inactivated (S → N, history kept) and the new one inserted active.
 */
export async function gerarManifestacoes(tx: DbOrTx, login: string, k: ContadorCrc, body: GerarManifestacoes): Promise<Manifestacao[]> {
  if (body.todas) return gerarParaTodas(tx, login, k, body.todas);
  const caceais = body.manifestacoes!.map((m) => m.caceal);
  const repetidos = caceais.filter((c, i) => caceais.indexOf(c) !== i);
  if (repetidos.length) {
    throw badRequest(`CACEAL repeated: ${[...new Set(repetidos)].join(', ')}`, { message: 'error.contador.cacealRepetido', params: repetidos.join(',') });
  }
  const clientes = await query<{ id: string; caceal: number }>(tx, sql`select c.id, c.numero_caceal as caceal from contribuinte_contador cc
    join contribuinte c on c.id = cc.contribuinte_id
    where cc.numero_pessoa_contador = ${k.numeroPessoa} and c.numero_caceal = any(${`{${caceais.join(',')}}`}::int[])`);
  const idDe = new Map(clientes.map((c) => [c.caceal, Number(c.id)]));
  const alheios = caceais.filter((c) => !idDe.has(c));
  if (alheios.length) {
    throw new HttpProblem(400, `Not a client of this accountant: ${alheios.join(', ')}`, {
      message: 'error.contador.naoCliente', params: alheios.join(','),
      fieldErrors: [{ objectName: 'manifestacoes', field: 'caceal', message: 'naoCliente' }],
    });
  }
  return gravarManifestacoes(tx, login, k, body.manifestacoes!.map((m) => idDe.get(m.caceal)!), body.manifestacoes!.map((m) => m.tipoManifestacao));
}

/**
 * Issue 40 §1: one statement for every client company matching the filter (all without one), chosen
 * here: Negação for the CACEALs listed, each of which must be among them (else 400, nothing written).
 */
async function gerarParaTodas(tx: DbOrTx, login: string, k: ContadorCrc, todas: NonNullable<GerarManifestacoes['todas']>): Promise<Manifestacao[]> {
  const clientes = await query<{ id: string; caceal: number }>(tx, sql`select c.id, c.numero_caceal as caceal ${clientesDoContador(k.numeroPessoa, todas.filtro)}
    order by c.id`);
  if (!clientes.length) {
    throw new HttpProblem(400, 'No client company matches.', { fieldErrors: [{ objectName: 'manifestacoes', field: 'manifestacoes', message: 'semContribuinte' }] });
  }
  const negacoes = new Set(todas.negacoes);
  const escolhidos = new Set(clientes.map((c) => c.caceal));
  const alheios = [...negacoes].filter((c) => !escolhidos.has(c));
  if (alheios.length) {
    throw new HttpProblem(400, `Not a client of this accountant (or outside the filter): ${alheios.join(', ')}`, {
      message: 'error.contador.naoCliente', params: alheios.join(','),
      fieldErrors: [{ objectName: 'todas', field: 'negacoes', message: 'naoCliente' }],
    });
  }
  return gravarManifestacoes(tx, login, k, clientes.map((c) => Number(c.id)), clientes.map((c) => (negacoes.has(c.caceal) ? 2 : 1)));
}

/** The active statement of each company becomes inactive (S → N, history kept); the new ones are inserted active; audited. */
async function gravarManifestacoes(tx: DbOrTx, login: string, k: ContadorCrc, ids: number[], tipos: number[]): Promise<Manifestacao[]> {
  const inativadas = await query<{ id: string }>(tx, sql`update manifestacao set ind_ativo = 'N'
    where numero_pessoa_contador = ${k.numeroPessoa} and ind_ativo = 'S' and contribuinte_id = any(${`{${ids.join(',')}}`}::bigint[]) returning id`);
  const novas = await query<{ id: string }>(tx, sql`insert into manifestacao (contribuinte_id, numero_pessoa_contador, tipo, ind_ativo)
    select x.cid, ${k.numeroPessoa}, x.tipo, 'S' from unnest(${`{${ids.join(',')}}`}::bigint[], ${`{${tipos.join(',')}}`}::smallint[]) as x(cid, tipo) returning id`);
  const novosIds = novas.map((n) => Number(n.id));
  await auditChange(tx, login, 'Contador', k.numeroPessoa, null, {
    manifestacoes: novosIds, confirmacoes: tipos.filter((t) => t === 1).length, negacoes: tipos.filter((t) => t === 2).length,
    inativadas: inativadas.map((i) => Number(i.id)),
  }, AuditMessage.STATEMENTS_GENERATED);
  const linhas = await query<LinhaManifestacao>(tx, sql`${selecao} where m.id = any(${`{${novosIds.join(',')}}`}::bigint[]) order by p.nome, m.id`);
  return linhas.map(manifestacao);
}

export async function obterRecadastro(db: DbOrTx, numeroPessoa: number): Promise<RecadastroSalvo | null> {
  const r = await queryOne<{ id: string; email: string; ddd: string; tel: string; endereco: Record<string, string | null> }>(db, sql`select id,
      endereco_eletronico as email, ddd, numero_telefone as tel, endereco from contador_recadastro where numero_pessoa_contador = ${numeroPessoa}`);
  return r ? { id: Number(r.id), enderecoEletronico: r.email, ddd: r.ddd, numeroTelefone: r.tel, endereco: r.endereco } : null;
}

/** PUT contador/recadastro: creates it (first time) or replaces it; audited with before/after. */
export async function salvarRecadastro(tx: DbOrTx, login: string, k: ContadorCrc, body: Recadastro): Promise<RecadastroSalvo> {
  const antes = await obterRecadastro(tx, k.numeroPessoa);
  const tel = separarTelefone(body.ddd, body.numeroTelefone);
  const endereco = { ...body.endereco };
  const email = body.enderecoEletronico.toLowerCase();
  await tx.execute(sql`insert into contador_recadastro (numero_pessoa_contador, endereco_eletronico, ddd, numero_telefone, endereco)
    values (${k.numeroPessoa}, ${email}, ${tel.ddd}, ${tel.numeroTelefone}, ${JSON.stringify(endereco)}::jsonb)
    on conflict (numero_pessoa_contador) do update set endereco_eletronico = excluded.endereco_eletronico, ddd = excluded.ddd,
      numero_telefone = excluded.numero_telefone, endereco = excluded.endereco, version = contador_recadastro.version + 1, updated_at = now()`);
  const depois = (await obterRecadastro(tx, k.numeroPessoa))!;
  await auditChange(tx, login, 'ContadorRecadastro', depois.id, antes, depois, AuditMessage.ACCOUNTANT_REREGISTERED);
  return depois;
}

/** dd/MM/yyyy HH:mm in Maceió (UTC−3, no daylight saving). */
export function dataHoraMaceio(iso: string): string {
  const d = new Date(new Date(iso).getTime() - 3 * 3600_000).toISOString();
  return `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)} ${d.slice(11, 16)}`;
}

export const TIPO_MANIFESTACAO: Record<1 | 2, string> = { 1: 'Confirmação', 2: 'Negação' };

/** GET manifestacao/relatorio/{id}: the statement as a document. */
export function documentoManifestacao(m: Manifestacao, contador: { nome: string; crc: string }): DocumentoPdf {
  return {
    titulo: 'Manifestação do Contabilista',
    subtitulo: `Manifestação nº ${m.id}`,
    conteudo: [
      campos([
        ['Contabilista', contador.nome], ['CRC', formatCrcTexto(contador.crc)], ['Situação', m.indAtivo === 'S' ? 'Ativa' : 'Inativa'],
        ['CACEAL', formatCaceal(m.caceal, m.digitoCaceal ?? undefined)], ['Razão social', m.razaoSocial ?? 'N/A'], ['Data', dataHoraMaceio(m.dataManifestacao)],
      ]),
      tabela(['Tipo', 'Declaração'], [[
        TIPO_MANIFESTACAO[m.tipoManifestacao],
        m.tipoManifestacao === 1
          ? 'O contabilista confirma ser o responsável pela escrituração contábil e fiscal da empresa.'
          : 'O contabilista nega ser o responsável pela escrituração contábil e fiscal da empresa.',
      ]], '', [80, '*']),
    ],
  };
}
