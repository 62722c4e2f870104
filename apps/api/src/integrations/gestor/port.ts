import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/** What the manager system ("gestor") knows of a taxpayer (§3 "Manager sync data"). */
export interface RegistroGestor {
  caceal: number | null;
  cnpj: string;
  razaoSocial: string;
  /** The registration status there, by description (ATIVO, SUSPENSO, …). */
  situacaoPessoa: string;
}

export interface GestorPort {
  readonly uri: string;
  readonly mode: 'simulator' | 'remote';
  buscar(tipo: 'CACEAL' | 'CNPJ', numero: string): Promise<RegistroGestor | null>;
  ping(): Promise<boolean>;
}

/** The built-in simulator: answers from the seeded gestor_contribuinte table. */
export function gestorSimulador(db: DbOrTx): GestorPort {
  return {
    uri: 'simulator:gestor',
    mode: 'simulator',
    async buscar(tipo, numero) {
      const where = tipo === 'CACEAL' ? sql`numero_caceal = ${Number(numero)}` : sql`cnpj = ${numero}`;
      const r = (await db.execute(sql`select numero_caceal, cnpj, razao_social, situacao_pessoa from gestor_contribuinte where ${where} limit 1`)) as unknown as {
        rows: { numero_caceal: number | null; cnpj: string; razao_social: string; situacao_pessoa: string }[];
      };
      const g = r.rows[0];
      return g ? { caceal: g.numero_caceal === null ? null : Number(g.numero_caceal), cnpj: g.cnpj, razaoSocial: g.razao_social, situacaoPessoa: g.situacao_pessoa } : null;
    },
    ping: async () => true,
  };
}

/** The real system over HTTP: GET {base}/contribuintes?tipoDocumento=&numeroDocumento= → RegistroGestor (404 = unknown). */
export function gestorHttp(base: string, timeoutMs = 5000): GestorPort {
  const get = (path: string) => fetch(new URL(path, base.endsWith('/') ? base : base + '/'), { signal: AbortSignal.timeout(timeoutMs) });
  return {
    uri: base,
    mode: 'remote',
    async buscar(tipo, numero) {
      const r = await get(`contribuintes?tipoDocumento=${tipo}&numeroDocumento=${encodeURIComponent(numero)}`);
      if (r.status === 404) return null;
      if (!r.ok) throw new Error(`gestor answered ${r.status}`);
      return (await r.json()) as RegistroGestor;
    },
    ping: async () => (await get('health')).ok,
  };
}
