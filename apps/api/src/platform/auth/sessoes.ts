import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { queryOne } from '../../db/consulta.js';
import { noPrimario } from '../../db/replicas.js';
import type { Principal, TokenClaims } from './tokens.js';

/** How long an API process trusts what it read about a token before asking the database again. */
const DEFAULT_TTL_MS = 2_000;
const KEPT = 20_000;

interface Lembrado {
  principal: Principal | null;
  until: number;
  userId: number;
}

/**
 * Whether a token still holds, per request: its user exists (by id, so a login re-created for
 * someone else is not inherited), is activated, has the token version the token was issued with
 * (a password change or deactivation bumps it), and the token was not signed out. The principal's
 * authorities are the user's current ones, so a role taken away is gone on the next call.
 *
 * One indexed query per token every `ttlMs`, always on the primary (never a read replica, even inside
 * a GET's replica routing: a sign-out or a role taken away must count before a replica replays it);
 * this process forgets at once what it changed itself (`forgetUser`), other processes within `ttlMs`.
 */
export class Sessoes {
  private readonly lembrados = new Map<string, Lembrado>();
  private readonly pendentes = new Map<string, Promise<Principal | null>>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs = DEFAULT_TTL_MS,
  ) {}

  /** Synchronous when known (the common case), else one query shared by concurrent requests. */
  resolve(c: TokenClaims): Principal | null | Promise<Principal | null> {
    const known = this.lembrados.get(c.jti);
    if (known && known.until > Date.now()) return known.principal;
    let p = this.pendentes.get(c.jti);
    if (!p) {
      p = this.load(c).finally(() => this.pendentes.delete(c.jti));
      this.pendentes.set(c.jti, p);
    }
    return p;
  }

  private async load(c: TokenClaims): Promise<Principal | null> {
    const r = await noPrimario(() => queryOne<{ login: string; activated: boolean; token_version: number; authorities: string[]; revogado: boolean; metodo: 'govbr' | 'estado' | null; nivel: 'bronze' | 'prata' | 'ouro' | null }>(
      this.db,
      sql`select u.login, u.activated, u.token_version,
        coalesce((select array_agg(ua.autoridade order by ua.autoridade) from usuario_autoridade ua where ua.usuario_id = u.id), '{}') as authorities,
        exists (select 1 from token_revogado r where r.jti = ${c.jti}) as revogado,
        s.metodo, s.nivel
        from usuario u left join sessao_entrada s on s.jti = ${c.jti} and s.usuario_id = u.id where u.id = ${c.userId}`,
    ));
    const valid = r && r.activated && Number(r.token_version) === c.version && !r.revogado;
    const principal: Principal | null = valid
      ? Object.freeze({
          id: c.userId, login: r.login, authorities: Object.freeze([...r.authorities]),
          ...(r.metodo ? { entrada: Object.freeze({ metodo: r.metodo, nivel: r.nivel }) } : {}),
        })
      : null;
    if (this.lembrados.size >= KEPT) this.lembrados.delete(this.lembrados.keys().next().value!);
    this.lembrados.set(c.jti, { principal, until: Date.now() + this.ttlMs, userId: c.userId });
    return principal;
  }

  /** After this replica changed a user (roles, password, activation, deletion): no cached answer. */
  forgetUser(userId: number) {
    for (const [jti, l] of this.lembrados) if (l.userId === userId) this.lembrados.delete(jti);
  }

  /** Signs one token out: recorded until it would have expired anyway. */
  async revoke(tx: DbOrTx, c: TokenClaims) {
    await tx.execute(sql`delete from token_revogado where expira_em < now()`);
    await tx.execute(sql`insert into token_revogado (jti, expira_em) values (${c.jti}, to_timestamp(${c.exp})) on conflict do nothing`);
    this.lembrados.delete(c.jti);
  }
}
