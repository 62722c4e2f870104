import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryOne } from '../../db/consulta.js';

/** Where the federal registry has a person: main address, a phone, an e-mail (any may be missing). */
export interface EnderecoReceita {
  uf: string | null;
  municipioId: number | null;
  tipoLogradouroId: number | null;
  logradouro: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cep: string | null;
  ddd: string | null;
  telefone: string | null;
  email: string | null;
}

/** The federal registry's answer for a CPF. */
export interface CpfReceita extends Partial<EnderecoReceita> {
  cpf: string;
  nome: string;
  /** REGULAR, PENDENTE DE REGULARIZAÇÃO, SUSPENSA, CANCELADA, NULA */
  situacao: string;
}

/** The port could not answer (down, timed out, error status): nothing is written, the user is told so. */
export class ReceitaIndisponivel extends Error {
  constructor(cause?: unknown) {
    super('federal registry unavailable', { cause });
  }
}

/** The federal registry's (Receita Federal, via Infoconv) answer for a CNPJ. */
export interface CnpjReceita extends Partial<EnderecoReceita> {
  cnpj: string;
  razaoSocial: string;
  /** ATIVA, SUSPENSA, INAPTA, BAIXADA, NULA */
  situacao: string;
  motivo: string | null;
  dataSituacao: string | null;
  cpfResponsavel: string | null;
  nomeResponsavel: string | null;
}

export interface ReceitaPort {
  readonly uri: string;
  readonly mode: 'simulator' | 'remote';
  consultarCnpj(cnpj: string): Promise<CnpjReceita | null>;
  consultarCpf(cpf: string): Promise<CpfReceita | null>;
  ping(): Promise<boolean>;
}

type LinhaReceita = Record<string, string | number | null>;
const texto = (v: string | number | null | undefined) => (v == null ? null : String(v));
const endereco = (x: LinhaReceita): EnderecoReceita => ({
  uf: texto(x.uf), municipioId: x.municipio_id == null ? null : Number(x.municipio_id), tipoLogradouroId: x.tipo_logradouro_id == null ? null : Number(x.tipo_logradouro_id),
  logradouro: texto(x.logradouro), numero: texto(x.numero), complemento: texto(x.complemento), bairro: texto(x.bairro), cep: texto(x.cep),
  ddd: texto(x.ddd), telefone: texto(x.telefone), email: texto(x.email),
});

/**
 * The built-in simulator: answers from the seeded receita_cnpj / receita_cpf tables. A document
 * they lack is 'not found at the Receita'; the simulador_estado row 'infoconv' with disponivel =
 * false makes it answer like a system that is down (the same error the HTTP adapter raises).
 */
export function receitaSimulador(db: DbOrTx): ReceitaPort {
  const disponivel = async () => {
    const r = await queryOne<{ disponivel: boolean }>(db, sql`select disponivel from simulador_estado where sistema = 'infoconv'`);
    if (r && !r.disponivel) throw new ReceitaIndisponivel();
  };
  return {
    uri: 'simulator:infoconv',
    mode: 'simulator',
    async consultarCnpj(cnpj) {
      await disponivel();
      const x = await queryOne<LinhaReceita>(db, sql`select * from receita_cnpj where cnpj = ${cnpj}`);
      if (!x) return null;
      return {
        cnpj: String(x.cnpj), razaoSocial: String(x.razao_social), situacao: String(x.situacao), motivo: texto(x.motivo),
        dataSituacao: x.data_situacao ? String(x.data_situacao).slice(0, 10) : null, cpfResponsavel: texto(x.cpf_responsavel), nomeResponsavel: texto(x.nome_responsavel),
        ...endereco(x),
      };
    },
    async consultarCpf(cpf) {
      await disponivel();
      const x = await queryOne<LinhaReceita>(db, sql`select * from receita_cpf where cpf = ${cpf}`);
      return x ? { cpf: String(x.cpf), nome: String(x.nome), situacao: String(x.situacao), ...endereco(x) } : null;
    },
    ping: async () => {
      const r = await queryOne<{ disponivel: boolean }>(db, sql`select disponivel from simulador_estado where sistema = 'infoconv'`);
      return r?.disponivel ?? true;
    },
  };
}

/** The real service over HTTP: GET {base}/cnpj/{cnpj} → CnpjReceita (404 = unknown). */
export function receitaHttp(base: string, timeoutMs = 5000): ReceitaPort {
  const get = (path: string) => fetch(new URL(path, base.endsWith('/') ? base : base + '/'), { signal: AbortSignal.timeout(timeoutMs) });
  return {
    uri: base,
    mode: 'remote',
    async consultarCnpj(cnpj) {
      const r = await get(`cnpj/${encodeURIComponent(cnpj)}`);
      if (r.status === 404) return null;
      if (!r.ok) throw new Error(`infoconv answered ${r.status}`);
      return (await r.json()) as CnpjReceita;
    },
    async consultarCpf(cpf) {
      const r = await get(`cpf/${encodeURIComponent(cpf)}`);
      if (r.status === 404) return null;
      if (!r.ok) throw new Error(`infoconv answered ${r.status}`);
      return (await r.json()) as CpfReceita;
    },
    ping: async () => (await get('health')).ok,
  };
}

/**
 * Every consultation of the federal registry is logged here, so the Infoconv log (the
 * consultas-infoconv screen) is the real record of what the system asked, by which system. The port is
 * called outside any transaction (a remote call must not hold one open); the log row goes in `db`.
 */
export async function registrarConsultaReceita(db: DbOrTx, r: CnpjReceita | null, sistema: 'cad' | 'rds') {
  if (!r) return;
  await db.execute(sql`insert into infoconv_consulta (cnpj, razao_social, situacao_cadastral, motivo, data_consulta, sistema)
    values (${r.cnpj}, ${r.razaoSocial}, ${r.situacao}, ${r.motivo}, now(), ${sistema})`);
}

export async function consultarReceita(port: ReceitaPort, db: DbOrTx, cnpj: string, sistema: 'cad' | 'rds'): Promise<CnpjReceita | null> {
  const r = await port.consultarCnpj(cnpj);
  await registrarConsultaReceita(db, r, sistema);
  return r;
}

/** Time the registration waits for the federal registry before telling the user it is unavailable. */
export const RECEITA_TIMEOUT_MS = 5000;

/**
 * A consultation for Cadastrar Pessoa: at most `timeoutMs`, any failure becomes ReceitaIndisponivel;
 * every consultation is logged (the person's document, and the name the Receita gave, or the outcome).
 */
export async function consultarPessoaReceita(
  port: ReceitaPort, db: DbOrTx, documento: string, timeoutMs = RECEITA_TIMEOUT_MS,
): Promise<{ tipo: 'CPF'; dados: CpfReceita | null } | { tipo: 'CNPJ'; dados: CnpjReceita | null }> {
  const cpf = /^\d{11}$/.test(documento);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const pedido = cpf ? port.consultarCpf(documento) : port.consultarCnpj(documento);
    const limite = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs); });
    const dados = await Promise.race([pedido, limite]);
    const situacao = dados ? dados.situacao : 'NAO ENCONTRADO';
    const nome = dados ? ('nome' in dados ? dados.nome : dados.razaoSocial) : '-';
    await db.execute(sql`insert into infoconv_consulta (cnpj, razao_social, situacao_cadastral, motivo, data_consulta, sistema)
      values (${documento}, ${nome}, ${situacao.slice(0, 20)}, ${dados && 'motivo' in dados ? dados.motivo : null}, now(), 'cad')`);
    return cpf ? { tipo: 'CPF', dados: dados as CpfReceita | null } : { tipo: 'CNPJ', dados: dados as CnpjReceita | null };
  } catch (err) {
    if (err instanceof ReceitaIndisponivel) throw err;
    throw new ReceitaIndisponivel(err);
  } finally {
    clearTimeout(timer);
  }
}
