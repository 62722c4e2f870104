import { sql } from 'drizzle-orm';
import { violacaoResponsavel } from '@cadastro/domain';
import type {
  Alteracao, AtividadesEdicao, ContadorResponsavelEdicao, ProcuradoresEdicao, RegimeEspecialEdicao, ResponsavelEdicao,
} from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';
import { fieldProblem } from '../../platform/errors/problem.js';
import { exigirRegras } from '../../platform/errors/regra.js';
import { arr, diffCampos, diffLista, simNao, texto, type Campos } from './evento-diff.js';
import type { Registro } from './evento-dados.js';
import type { AtividadesAtuais, Outros } from './evento-estado.js';
import type { Conferir } from './evento-versoes.js';

const bad = (aba: string, campo: string, detail: string) => fieldProblem(aba, `${aba}.${campo}`, 'invalido', detail);

/**
 * Atividade Econômica: the list replaces the registration's activities; every CNAE must exist (§5).
 * Current state and CNAEs come read; two statements when it changed (the old principal must be
 * cleared before the new one is set: the one-principal index is checked row by row).
 */
export async function aplicarAtividades(tx: DbOrTx, r: Registro, lido: AtividadesAtuais, lista: AtividadesEdicao): Promise<Alteracao[]> {
  const desc = new Map(lido.cnaes.map((c) => [c.id, c.descricao]));
  lista.forEach((a, i) => {
    if (!desc.has(a.codigoCnae)) throw bad('atividades', `${i}.codigoCnae`, `CNAE ${a.codigoCnae} não existe.`);
  });
  const tipo = (p: boolean) => (p ? 'PRINCIPAL' : 'SECUNDARIA');
  const antes = new Map(lido.atuais.map((a) => [a.cnae, { descricao: a.descricao, tipo: tipo(a.eh_principal) } as Campos]));
  const depois = new Map(lista.map((a) => [a.codigoCnae, { descricao: desc.get(a.codigoCnae)!, tipo: tipo(a.ehAtividadePrincipal) } as Campos]));
  const alteracoes = diffLista('atividades', 'atividade', antes, depois);
  if (!alteracoes.length) return [];
  const principal = lista.find((a) => a.ehAtividadePrincipal)!.codigoCnae;
  const cnaes = arr(lista.map((a) => a.codigoCnae));
  await tx.execute(sql`with d as (delete from atividade_contribuinte where contribuinte_id = ${r.id} and cnae <> all(${cnaes}::text[]))
    update atividade_contribuinte set eh_principal = false where contribuinte_id = ${r.id} and eh_principal and cnae <> ${principal} and cnae = any(${cnaes}::text[])`);
  await tx.execute(sql`insert into atividade_contribuinte (contribuinte_id, cnae, eh_principal)
    select ${r.id}, x, x = ${principal} from unnest(${cnaes}::text[]) x
    on conflict (contribuinte_id, cnae) do update set eh_principal = excluded.eh_principal
    where atividade_contribuinte.eh_principal is distinct from excluded.eh_principal`);
  return alteracoes;
}

/**
 * Responsável (on the head office's person): 'Sócio Existente' or 'Novo Responsável' replace the entry;
 * the same person's qualification and 'impedido' are corrected in place (§4 alterarDadosResponsavel).
 */
export async function aplicarResponsavel(tx: DbOrTx, r: Registro, o: Outros, b: ResponsavelEdicao, conferir: Conferir, natureza: number | null): Promise<Alteracao[]> {
  const p = o.resp_pessoa;
  if (!p) throw bad('responsavel', 'numeroPessoa', 'Registro não encontrado.');
  const q = o.resp_qualificacao;
  if (!q) throw bad('responsavel', 'qualificacaoId', 'Qualificação desconhecida.');
  const a = o.resp_atual;
  const mesmo = !!a && Number(a.numero_pessoa) === b.numeroPessoa;
  const impedido = b.possuiImpedimento ?? (mesmo ? a.impedido : false);
  const antes: Campos = { documento: texto(a?.numero_documento), nome: texto(a?.nome), qualificacao: texto(a?.qualificacao), impedido: simNao(a?.impedido) };
  const depois: Campos = { documento: p.numero_documento, nome: p.nome, qualificacao: q, impedido: simNao(impedido) };
  const alteracoes = diffCampos('responsavel', 'responsavel', null, antes, depois);
  if (!alteracoes.length) return [];
  // Issue 30: the responsible's qualification fits the company's legal nature.
  exigirRegras('responsavel', 'responsavel.', violacaoResponsavel(natureza, b.qualificacaoId));
  conferir([{ numeroPessoa: r.raiz, parte: 'responsavel' }]);
  await tx.execute(sql`insert into responsavel (numero_pessoa_empresa, numero_pessoa_responsavel, qualificacao_id, possui_impedimento)
    values (${r.raiz}, ${b.numeroPessoa}, ${b.qualificacaoId}, ${impedido})
    on conflict (numero_pessoa_empresa) do update set numero_pessoa_responsavel = excluded.numero_pessoa_responsavel,
      qualificacao_id = excluded.qualificacao_id, possui_impedimento = excluded.possui_impedimento, version = responsavel.version + 1, updated_at = now()`);
  return alteracoes;
}

/** Contador: registered, or replaced ('Empresa já possui contador! Deseja substituir?'); the person must be an accountant. */
export async function aplicarContador(tx: DbOrTx, r: Registro, o: Outros, b: ContadorResponsavelEdicao): Promise<Alteracao[]> {
  const k = o.contador_novo;
  if (!k) throw bad('contador', 'numeroPessoaContador', 'Registro não encontrado.');
  const a = o.contador_atual;
  const antes: Campos = { documento: texto(a?.numero_documento), nome: texto(a?.nome), dataInicio: texto(a?.data_inicio) };
  const depois: Campos = { documento: k.numero_documento, nome: k.nome, dataInicio: b.dataInicio };
  const alteracoes = diffCampos('contador', 'contador', null, antes, depois);
  if (!alteracoes.length) return [];
  await tx.execute(sql`insert into contribuinte_contador (contribuinte_id, numero_pessoa_contador, data_inicio) values (${r.id}, ${b.numeroPessoaContador}, ${b.dataInicio})
    on conflict (contribuinte_id) do update set numero_pessoa_contador = excluded.numero_pessoa_contador, data_inicio = excluded.data_inicio`);
  return alteracoes;
}

/** Procuradores no Estado: individuals (CPF) with a start date; the list replaces the registration's. */
export async function aplicarProcuradores(tx: DbOrTx, r: Registro, o: Outros, lista: ProcuradoresEdicao): Promise<Alteracao[]> {
  const ps = new Map((o.proc_pessoas ?? []).map((p) => [Number(p.numero_pessoa), p]));
  lista.forEach((p, i) => {
    const x = ps.get(p.numeroPessoa);
    if (!x) throw bad('procuradores', `${i}.numeroPessoa`, 'Registro não encontrado.');
    if (x.tipo !== 'F') throw bad('procuradores', `${i}.numeroPessoa`, 'O procurador é uma pessoa física (CPF).');
  });
  const antes = new Map((o.proc_atuais ?? []).map((p) => [`${p.numero_documento} ${p.data}`, { nome: p.nome, dataInicioValidade: p.data } as Campos]));
  const depois = new Map(lista.map((p) => {
    const x = ps.get(p.numeroPessoa)!;
    return [`${x.numero_documento} ${p.dataInicioValidade}`, { nome: x.nome, dataInicioValidade: p.dataInicioValidade } as Campos];
  }));
  const alteracoes = diffLista('procuradores', 'procurador', antes, depois);
  if (!alteracoes.length) return [];
  // Replaced whole: the delete and the one multi-row insert touch different rows (writable CTE).
  await tx.execute(sql`with d as (delete from procurador where contribuinte_id = ${r.id})
    insert into procurador (contribuinte_id, numero_pessoa_procurador, data_inicio_validade)
    select ${r.id}, v.p, v.d from jsonb_to_recordset(${JSON.stringify(lista.map((p) => ({ p: p.numeroPessoa, d: p.dataInicioValidade })))}::jsonb) as v(p bigint, d date)`);
  return alteracoes;
}

/** Regime Especial: add (no seq), alter (seq of this registration), delete (left out of the list); at most two statements. */
export async function aplicarRegimes(tx: DbOrTx, r: Registro, o: Outros, lista: RegimeEspecialEdicao[]): Promise<Alteracao[]> {
  const regimes = new Map((o.reg_regimes ?? []).map((x) => [Number(x.id), x.descricao]));
  const atos = new Map((o.reg_atos ?? []).map((x) => [Number(x.id), x.descricao]));
  const atuais = o.reg_atuais ?? [];
  const seqs = new Set(atuais.map((x) => Number(x.seq)));
  const vistos = new Set<number>();
  lista.forEach((x, i) => {
    if (!regimes.has(x.regimeId)) throw bad('regimesEspeciais', `${i}.regimeId`, 'Regime especial desconhecido.');
    if (!atos.has(x.tipoAtoConcessorioId)) throw bad('regimesEspeciais', `${i}.tipoAtoConcessorioId`, 'Tipo de ato concessório desconhecido.');
    if (x.seq !== undefined && (!seqs.has(x.seq) || vistos.has(x.seq))) throw bad('regimesEspeciais', `${i}.seq`, 'Regime especial de outra inscrição.');
    if (x.seq !== undefined) vistos.add(x.seq);
  });
  const campos = (regime: string, ato: string, processo: string | null, inicio: string, fim: string | null, situacao: string, ativo: string): Campos =>
    ({ regime, ato, processo: texto(processo), dtInicio: inicio, dtFim: texto(fim), situacao, indAtivo: ativo });
  const antes = new Map(atuais.map((x) => [String(x.seq), campos(x.regime, x.ato, x.processo, x.dt_inicio, x.dt_fim, x.situacao, x.ind_ativo)]));
  const depois = new Map(lista.map((x, i) => [x.seq !== undefined ? String(x.seq) : `novo-${i + 1}`,
    campos(regimes.get(x.regimeId)!, atos.get(x.tipoAtoConcessorioId)!, x.processo || null, x.dtInicio, x.dtFim, x.situacao, x.indAtivo)]));
  const alteracoes = diffLista('regimesEspeciais', 'regime', antes, depois);
  if (!alteracoes.length) return [];
  const mantidos = lista.filter((x) => x.seq !== undefined).map((x) => x.seq!);
  const mudados = lista.filter((x) => x.seq === undefined || JSON.stringify(antes.get(String(x.seq))) !== JSON.stringify(depois.get(String(x.seq))));
  const linhas = JSON.stringify(mudados.map((x) => ({ ...x, seq: x.seq ?? null, processo: x.processo || null })));
  const v = sql`jsonb_to_recordset(${linhas}::jsonb) as v(seq bigint, "regimeId" int, "tipoAtoConcessorioId" int, processo text, "dtInicio" date, "dtFim" date,
    situacao text, "indAtivo" text)`;
  // Removed, altered and added rows are different rows: one statement.
  await tx.execute(sql`with d as (delete from regime_especial_contribuinte where contribuinte_id = ${r.id} and seq <> all(${arr(mantidos)}::bigint[])),
      u as (update regime_especial_contribuinte x set regime_id = v."regimeId", tipo_ato_concessorio_id = v."tipoAtoConcessorioId", processo = v.processo,
        dt_inicio = v."dtInicio", dt_fim = v."dtFim", situacao = v.situacao, ind_ativo = v."indAtivo", version = x.version + 1, updated_at = now()
        from ${v} where v.seq is not null and x.seq = v.seq and x.contribuinte_id = ${r.id})
    insert into regime_especial_contribuinte (contribuinte_id, regime_id, tipo_ato_concessorio_id, processo, dt_inicio, dt_fim, situacao, ind_ativo)
    select ${r.id}, v."regimeId", v."tipoAtoConcessorioId", v.processo, v."dtInicio", v."dtFim", v.situacao, v."indAtivo" from ${v} where v.seq is null`);
  return alteracoes;
}
