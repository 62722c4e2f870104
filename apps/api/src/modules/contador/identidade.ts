import { sql } from 'drizzle-orm';
import { AuditMessage, AuditType, FAZENDARIO_CONTADOR, formatarCrc, hasAnyAuthority, partesCrc, type ContadorArea, type CrcClassificacao, type DadosRecadastro } from '@cadastro/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { queryOne } from '../../db/consulta.js';
import { noPrimario } from '../../db/replicas.js';
import { auditEvent } from '../../platform/audit.js';
import type { Principal } from '../../platform/auth/tokens.js';
import { HttpProblem, tooManyRequests } from '../../platform/errors/problem.js';
import { pessoaDoUsuario } from '../conta/pessoa.js';
import { lockLogin, markAttemptSucceeded, recentFailures, recordLoginAttempt } from '../conta/repository.js';
import { pessoaPorNumero } from '../pessoa/consulta.js';
import { enderecosDe, telefonesDe } from '../pessoa/enderecos.js';
import { obterRecadastro } from './manifestacoes.js';
import { exigirNivel } from '../identidade/nivel.js';

/** §8, the one answer for an unknown CRC and for a CRC that is not the signed-in account's own (no hint which). */
export const CONTADOR_NAO_ENCONTRADO = 'Contador não encontrado com os dados informados.';
export const contadorNaoEncontrado = () => new HttpProblem(404, CONTADOR_NAO_ENCONTRADO, { message: 'error.contador.naoEncontrado' });

/** Tax staff (§6 tax-staff pages) read any accountant's statements and companies; accountants only their own. */
export const ehFazendario = (p: Principal) => hasAnyAuthority(p.authorities, FAZENDARIO_CONTADOR);

export interface ContadorCrc {
  numeroPessoa: number;
  crc: string;
  classificacaoId: number;
  classificacao: string;
}

/** The accountant of a CRC + classification (the contador_crc_idx lookup), or undefined. */
export async function contadorPorCrc(db: DbOrTx, p: CrcClassificacao): Promise<ContadorCrc | undefined> {
  const c = partesCrc(p.crc);
  if (!c) return undefined;
  const r = await queryOne<{ np: string; uf: string; numero: string; tipo: string; digito: number | null; cl: number; descricao: string }>(db, sql`select k.numero_pessoa as np,
      k.crc_uf as uf, k.crc_numero as numero, k.crc_tipo_inscricao as tipo, k.crc_digito as digito, k.classificacao_id as cl, cl.descricao
    from contador k join ref_crc_classificacao cl on cl.id = k.classificacao_id
    where k.crc_uf = ${c.uf} and k.crc_numero = ${c.numero} and k.classificacao_id = ${p.classificacao}
      and (${c.tipo}::text is null or k.crc_tipo_inscricao = ${c.tipo}) and (${c.digito}::int is null or k.crc_digito = ${c.digito})`);
  if (!r) return undefined;
  return { numeroPessoa: Number(r.np), crc: formatarCrc(r.uf, r.numero, r.tipo, r.digito), classificacaoId: r.cl, classificacao: r.descricao };
}

/**
 * The accountant of the CRC when the caller may act for it: the signed-in account must be linked to
 * that accountant's person; tax staff may read (`leitura`) any accountant. Anything else is the
 * same 404 as an unknown CRC.
 */
export async function contadorAutorizado(db: DbOrTx, principal: Principal, p: CrcClassificacao, leitura: boolean): Promise<ContadorCrc> {
  const k = await contadorPorCrc(db, p);
  if (!k) throw contadorNaoEncontrado();
  if (leitura && ehFazendario(principal)) return k;
  if ((await pessoaDoUsuario(db, principal.id)) !== k.numeroPessoa) throw contadorNaoEncontrado();
  exigirNivel(principal, 'areaContador');
  return k;
}

/** The accountant the signed-in account is linked to (the link read on the primary, as every ownership), or the 404. */
export async function contadorDaConta(db: DbOrTx, principal: Principal): Promise<ContadorCrc & { nome: string }> {
  const r = await noPrimario(() => queryOne<{ uf: string; numero: string; cl: number }>(db, sql`select k.crc_uf as uf, k.crc_numero as numero, k.classificacao_id as cl
    from usuario u join contador k on k.numero_pessoa = u.numero_pessoa where u.id = ${principal.id}`));
  if (!r) throw contadorNaoEncontrado();
  exigirNivel(principal, 'areaContador');
  const k = (await contadorPorCrc(db, { crc: `${r.uf}${r.numero}`, classificacao: r.cl }))!;
  const pessoa = await pessoaPorNumero(db, k.numeroPessoa);
  return { ...k, nome: pessoa?.nome ?? '' };
}

/** Whether the accountant's re-registration exists. */
export async function recadastrado(db: DbOrTx, numeroPessoa: number): Promise<boolean> {
  return !!(await queryOne(db, sql`select 1 from contador_recadastro where numero_pessoa_contador = ${numeroPessoa}`));
}

export async function contadorArea(db: DbOrTx, k: ContadorCrc): Promise<ContadorArea> {
  const [pessoa, feito] = await Promise.all([pessoaPorNumero(db, k.numeroPessoa), recadastrado(db, k.numeroPessoa)]);
  return {
    numeroPessoaContador: k.numeroPessoa,
    nome: pessoa?.nome ?? '',
    numeroDocumento: pessoa?.numero_documento ?? '',
    crc: k.crc,
    classificacao: { codigo: k.classificacaoId, descricao: k.classificacao },
    email: pessoa?.email ?? null,
    recadastrado: feito,
  };
}

/** Failed confirmations are counted under their own key in the sign-in attempts table (shared by every replica). */
const CHAVE = (login: string) => `crc:${login}`;
/** Not an address: keeps these attempts out of the sign-in limit per address. */
const ORIGEM = 'area-contador';

/**
 * POST contador/autenticado — the identity rule of the accountant area (docs/api-contract.md): the CRC +
 * classification must be the signed-in account's own accountant. Every try is audited with the
 * CRC typed; failures count against a limit per account (the sign-in window), so CRCs cannot be
 * guessed, and over it the answer is 429 before any lookup.
 */
export async function confirmarContador(
  db: Db, principal: Principal, p: CrcClassificacao, lim: { maxFailuresPerAccount: number; windowMinutes: number },
): Promise<ContadorArea> {
  // Before the attempt is counted: a level short is not a wrong CRC.
  exigirNivel(principal, 'areaContador');
  const chave = CHAVE(principal.login);
  const since = new Date(Date.now() - lim.windowMinutes * 60_000).toISOString();
  const tentativa = await db.transaction(async (tx) => {
    await lockLogin(tx, chave);
    const f = await recentFailures(tx, chave, ORIGEM, since);
    if (f.byLogin >= lim.maxFailuresPerAccount) return null;
    return recordLoginAttempt(tx, chave, ORIGEM, false);
  });
  if (tentativa === null) throw tooManyRequests(`Too many CRC confirmation failures. Try again in ${lim.windowMinutes} minutes.`, lim.windowMinutes * 60);
  const k = await contadorPorCrc(db, p);
  const ok = !!k && (await pessoaDoUsuario(db, principal.id)) === k.numeroPessoa;
  await db.transaction(async (tx) => {
    if (ok) await markAttemptSucceeded(tx, tentativa);
    await auditEvent(
      tx, principal.login, ok ? AuditType.AUTHENTICATION_SUCCESS : AuditType.AUTHENTICATION_FAILURE,
      { crc: p.crc.slice(0, 10), classificacao: String(p.classificacao) }, ok ? AuditMessage.ACCOUNTANT_CONFIRMED : AuditMessage.ACCOUNTANT_NOT_CONFIRMED,
    );
  });
  if (!ok) throw contadorNaoEncontrado();
  const area = await contadorArea(db, k);
  return { ...area, recadastro: await dadosRecadastro(db, k.numeroPessoa, area.email) };
}

/** The re-registration form's starting values: the last one saved, else the person's registry data (see DadosRecadastro). */
async function dadosRecadastro(db: DbOrTx, numeroPessoa: number, email: string | null): Promise<DadosRecadastro> {
  const salvo = await obterRecadastro(db, numeroPessoa);
  const texto = (v: string | null | undefined) => v ?? '';
  if (salvo) {
    const e = salvo.endereco;
    return {
      enderecoEletronico: salvo.enderecoEletronico, ddd: salvo.ddd, numeroTelefone: salvo.numeroTelefone,
      endereco: { logradouro: texto(e.logradouro), numero: texto(e.numero), complemento: texto(e.complemento), bairro: texto(e.bairro), cep: texto(e.cep), uf: texto(e.uf), municipio: texto(e.municipio) },
    };
  }
  const [enderecos, telefones] = await Promise.all([enderecosDe(db, [numeroPessoa]), telefonesDe(db, [numeroPessoa])]);
  // Principal first (enderecosDe's order); the street with its type word, as the form takes it (one field).
  const e = enderecos.get(numeroPessoa)?.[0];
  const f = telefones.get(numeroPessoa)?.[0];
  return {
    enderecoEletronico: texto(email), ddd: texto(f?.ddd), numeroTelefone: texto(f?.numeroTelefone),
    endereco: {
      logradouro: e ? [e.tipoLogradouro, e.logradouro].filter(Boolean).join(' ') : '', numero: texto(e?.numeroImovel), complemento: texto(e?.complemento),
      bairro: texto(e?.bairro), cep: texto(e?.cep), uf: e?.municipio?.codigoUf ?? e?.uf ?? 'AL', municipio: texto(e?.municipio?.nome),
    },
  };
}
