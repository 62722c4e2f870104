import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/** The federal registry's (Receita Federal, via Infoconv) answer for a CNPJ. */
export interface CnpjReceita {
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
  ping(): Promise<boolean>;
}

/** The built-in simulator: answers from the seeded receita_cnpj table. */
export function receitaSimulador(db: DbOrTx): ReceitaPort {
  return {
    uri: 'simulator:infoconv',
    mode: 'simulator',
    async consultarCnpj(cnpj) {
      const r = (await db.execute(sql`select cnpj, razao_social, situacao, motivo, data_situacao, cpf_responsavel, nome_responsavel
        from receita_cnpj where cnpj = ${cnpj}`)) as unknown as { rows: Record<string, string | null>[] };
      const x = r.rows[0];
      if (!x) return null;
      return {
        cnpj: String(x.cnpj), razaoSocial: String(x.razao_social), situacao: String(x.situacao), motivo: x.motivo ?? null,
        dataSituacao: x.data_situacao ? String(x.data_situacao).slice(0, 10) : null, cpfResponsavel: x.cpf_responsavel ?? null, nomeResponsavel: x.nome_responsavel ?? null,
      };
    },
    ping: async () => true,
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
