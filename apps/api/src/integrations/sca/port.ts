import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/** The access-control system ("SCA"): who belongs to a group such as GESTOR_EDITAL (the notice team). */
export interface ScaPort {
  readonly uri: string;
  readonly mode: 'simulator' | 'remote';
  /** Person numbers of the group's members. */
  membros(grupo: string): Promise<number[]>;
  ping(): Promise<boolean>;
}

export const GRUPO_GESTOR_EDITAL = 'GESTOR_EDITAL';

/** The built-in simulator: answers from the seeded sca_membro table. */
export function scaSimulador(db: DbOrTx): ScaPort {
  return {
    uri: 'simulator:sca',
    mode: 'simulator',
    async membros(grupo) {
      const r = (await db.execute(sql`select numero_pessoa from sca_membro where grupo = ${grupo} order by numero_pessoa`)) as unknown as { rows: { numero_pessoa: number }[] };
      return r.rows.map((x) => Number(x.numero_pessoa));
    },
    ping: async () => true,
  };
}

/** The real system over HTTP: GET {base}/grupos/{grupo}/membros → number[] (person numbers). */
export function scaHttp(base: string, timeoutMs = 5000): ScaPort {
  const get = (path: string) => fetch(new URL(path, base.endsWith('/') ? base : base + '/'), { signal: AbortSignal.timeout(timeoutMs) });
  return {
    uri: base,
    mode: 'remote',
    async membros(grupo) {
      const r = await get(`grupos/${encodeURIComponent(grupo)}/membros`);
      if (!r.ok) throw new Error(`sca answered ${r.status}`);
      return (await r.json()) as number[];
    },
    ping: async () => (await get('health')).ok,
  };
}
