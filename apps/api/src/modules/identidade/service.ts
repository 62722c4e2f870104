import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Authority, CRIADA_PELO_GOVBR, ehContaDeEquipe, nivelDosIds, type NivelGovbr } from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';
import { query, queryOne } from '../../db/consulta.js';
import { auditEvent, AuditType } from '../../platform/audit.js';
import { hashPassword } from '../../platform/auth/password.js';
import type { AppContext } from '../../platform/context.js';
import * as contaRepo from '../conta/repository.js';
import { ClienteOidc, type Entrada, type Fetch } from './cliente.js';
import { papeisDosGrupos, type IdentidadeConfig, type ProvedorId } from './config.js';

const A = Authority;
/** A redirect under way is good for this long (then the user starts again). */
const PEDIDO_VALIDO_MIN = 10;

/** A refused sign-in: the code the SPA words on /entrada (never a provider's message, which may echo input). */
export class EntradaRecusada extends Error {
  constructor(readonly codigo: 'pedido' | 'provedor' | 'contaEquipe' | 'semPapel' | 'desativada') {
    super(codigo);
  }
}

/**
 * Sign-in through the identity providers (issue #41): the redirect's one-time values in identidade_pedido
 * (the database, so any replica takes the return), the account found or created from the provider's
 * subject, its roles re-evaluated at every sign-in, and our own session token issued with how it signed in.
 */
export class Identidade {
  readonly clientes = new Map<ProvedorId, ClienteOidc>();
  /** Calls to the providers; a test swaps it to tamper with what the provider answers. */
  fetch: Fetch = (url, init) => fetch(url, init as RequestInit);

  constructor(
    private readonly ctx: AppContext,
    readonly config: IdentidadeConfig,
  ) {
    for (const p of [config.govbr, config.estado]) {
      if (p) this.clientes.set(p.id, new ClienteOidc(p, `${ctx.config.baseUrl}/api/identidade/${p.id}/retorno`, () => this.fetch));
    }
  }

  private get db() {
    return this.ctx.database.db;
  }

  cliente(id: ProvedorId): ClienteOidc | undefined {
    return this.clientes.get(id);
  }

  async iniciar(id: ProvedorId): Promise<{ url: string; estado: string }> {
    const i = await this.cliente(id)!.inicio();
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`delete from identidade_pedido where criado_em < now() - make_interval(mins => ${PEDIDO_VALIDO_MIN})`);
      await tx.execute(sql`insert into identidade_pedido (estado, provedor, verificador, nonce) values (${i.estado}, ${id}, ${i.verificador}, ${i.nonce})`);
    });
    return { url: i.url, estado: i.estado };
  }

  /**
   * The provider's return. The state must be the one this browser was given (its cookie) and still
   * pending: it is consumed before the code is exchanged, so a replayed return is refused even before
   * the provider refuses the code.
   */
  async concluir(id: ProvedorId, atual: URL, estadoDoNavegador: string | undefined, remoteAddress: string): Promise<string> {
    const estado = atual.searchParams.get('state') ?? '';
    if (!estadoDoNavegador || estado !== estadoDoNavegador) throw new EntradaRecusada('pedido');
    const p = await queryOne<{ verificador: string; nonce: string }>(this.db, sql`delete from identidade_pedido where estado = ${estado} and provedor = ${id}
      and criado_em >= now() - make_interval(mins => ${PEDIDO_VALIDO_MIN}) returning verificador, nonce`);
    if (!p) throw new EntradaRecusada('pedido');
    let entrada: Entrada;
    try {
      entrada = await this.cliente(id)!.retorno(atual, { estado, verificador: p.verificador, nonce: p.nonce });
    } catch (err) {
      // What openid-client refused, without the token or the code (it names the check: iss, aud, exp, nonce…).
      this.ctx.log.warn({ provedor: id, erro: (err as Error).message, codigo: (err as { code?: string }).code }, 'identity provider sign-in refused');
      throw new EntradaRecusada('provedor');
    }
    return id === 'govbr' ? this.entrarGovbr(entrada, remoteAddress) : this.entrarEstado(entrada, remoteAddress);
  }

  private async nivel(e: Entrada, cpf: string): Promise<NivelGovbr> {
    try {
      const r = await this.cliente('govbr')!.recurso(e.accessToken, `${this.config.niveisUrl}/confiabilidades/v3/contas/${cpf}/niveis?response-type=ids`);
      return nivelDosIds(Array.isArray(r) ? r.map((x: { id?: unknown }) => String(x?.id)) : []);
    } catch (err) {
      // Unknown level → the lowest: the sign-in stands, acts that need more are refused with the level named.
      this.ctx.log.warn({ erro: (err as Error).message }, 'gov.br níveis API failed; the session counts as bronze');
      return 'bronze';
    }
  }

  /** gov.br: the CPF is the link to the person; the account is created at the first sign-in, never by hand. */
  private async entrarGovbr(e: Entrada, remoteAddress: string): Promise<string> {
    const cpf = String(e.claims.sub);
    if (!/^\d{11}$/.test(cpf)) throw new EntradaRecusada('provedor');
    const nivel = await this.nivel(e, cpf);
    const hash = await hashPassword(crypto.randomBytes(32).toString('base64url')); // no password ever signs in
    return this.db.transaction(async (tx) => {
      const pessoa = await queryOne<{ n: string }>(tx, sql`select numero_pessoa as n from pessoa where numero_documento = ${cpf} and tipo = 'F'`);
      const numeroPessoa = pessoa ? Number(pessoa.n) : null;
      let userId = await this.contaDaIdentidade(tx, 'govbr', cpf);
      if (userId == null && numeroPessoa != null) {
        // The account an administrator already linked to this person is theirs (not a staff one: staff use the state's provider).
        const v = await queryOne<{ id: string }>(tx, sql`select id from usuario where numero_pessoa = ${numeroPessoa} order by id limit 1 for update`);
        userId = v ? Number(v.id) : null;
      }
      if (userId != null && (await this.ehEquipe(tx, userId))) throw new EntradaRecusada('contaEquipe');
      const ehContador = numeroPessoa != null && !!(await queryOne(tx, sql`select 1 from contador where numero_pessoa = ${numeroPessoa}`));
      const papeis = [A.USER, A.MEU_CADASTRO, ...(ehContador ? [A.MAN_MANIFESTACAO] : [])];
      const email = String(e.claims.email ?? '').toLowerCase();
      const nome = String(e.claims.name ?? '').trim();
      if (userId == null) {
        const livre = email && !(await contaRepo.findByEmail(tx, email));
        const u = await contaRepo.insertUsuario(tx, {
          login: `govbr-${cpf}`, passwordHash: hash, email: livre ? email : `govbr-${cpf}@sem-email.invalid`,
          firstName: nome.split(' ')[0]?.slice(0, 50) || null, lastName: nome.split(' ').slice(1).join(' ').slice(0, 50) || null,
          activated: true, numeroPessoa, createdBy: CRIADA_PELO_GOVBR,
        }, papeis);
        userId = u.id;
      } else {
        await contaRepo.replaceAuthorities(tx, userId, papeis);
        if (numeroPessoa != null) await tx.execute(sql`update usuario set numero_pessoa = ${numeroPessoa} where id = ${userId} and numero_pessoa is null`);
      }
      await tx.execute(sql`insert into usuario_identidade (provedor, sujeito, usuario_id) values ('govbr', ${cpf}, ${userId}) on conflict do nothing`);
      return this.sessao(tx, userId, 'govbr', nivel, remoteAddress);
    });
  }

  /** The state's provider: roles are exactly what the groups map to, at every sign-in (a group gone, its roles gone). */
  private async entrarEstado(e: Entrada, remoteAddress: string): Promise<string> {
    const sub = String(e.claims.sub);
    const bruto = e.claims[this.config.gruposClaim];
    const grupos = Array.isArray(bruto) ? bruto.map(String) : [];
    const papeis = papeisDosGrupos(this.config.gruposPapeis, grupos);
    const hash = await hashPassword(crypto.randomBytes(32).toString('base64url'));
    const r = await this.db.transaction(async (tx) => {
      let userId = await this.contaDaIdentidade(tx, 'estado', sub);
      if (userId == null) {
        if (!papeis.length) return null;
        const preferido = String(e.claims.preferred_username ?? '').toLowerCase();
        const base = /^[a-z0-9._-]{1,40}$/.test(preferido) ? preferido : `estado-${crypto.createHash('sha256').update(sub).digest('hex').slice(0, 16)}`;
        const login = (await contaRepo.findByLogin(tx, base)) ? `estado.${base}`.slice(0, 50) : base;
        const email = String(e.claims.email ?? '').toLowerCase();
        const livre = email && !(await contaRepo.findByEmail(tx, email));
        const nome = String(e.claims.name ?? '').trim();
        const u = await contaRepo.insertUsuario(tx, {
          login, passwordHash: hash, email: livre ? email : `${login}@sem-email.invalid`, activated: true, createdBy: 'rede-do-estado',
          firstName: nome.split(' ')[0]?.slice(0, 50) || null, lastName: nome.split(' ').slice(1).join(' ').slice(0, 50) || null,
        }, papeis);
        userId = u.id;
        await tx.execute(sql`insert into usuario_identidade (provedor, sujeito, usuario_id) values ('estado', ${sub}, ${userId})`);
      } else {
        await contaRepo.replaceAuthorities(tx, userId, papeis);
        if (!papeis.length) {
          // No group left that gives a role: every session of the account ends now.
          await contaRepo.bumpTokenVersion(tx, userId);
          return null;
        }
      }
      return { token: await this.sessao(tx, userId, 'estado', null, remoteAddress), userId };
    });
    if (!r) throw new EntradaRecusada('semPapel');
    this.ctx.sessoes.forgetUser(r.userId);
    return r.token;
  }

  private async contaDaIdentidade(tx: DbOrTx, provedor: ProvedorId, sujeito: string): Promise<number | null> {
    const r = await queryOne<{ id: string }>(tx, sql`select usuario_id as id from usuario_identidade where provedor = ${provedor} and sujeito = ${sujeito} for update`);
    return r ? Number(r.id) : null;
  }

  private async ehEquipe(tx: DbOrTx, userId: number): Promise<boolean> {
    const r = await query<{ a: string }>(tx, sql`select autoridade as a from usuario_autoridade where usuario_id = ${userId}`);
    return ehContaDeEquipe(r.map((x) => x.a));
  }

  /** Our own session token, with how it signed in kept beside it (read by Sessoes into the principal). */
  private async sessao(tx: DbOrTx, userId: number, metodo: ProvedorId, nivel: NivelGovbr | null, remoteAddress: string): Promise<string> {
    const u = await queryOne<{ login: string; token_version: number; activated: boolean }>(tx, sql`select login, token_version, activated from usuario where id = ${userId}`);
    if (!u?.activated) throw new EntradaRecusada('desativada');
    const token = await this.ctx.tokens.issue({ id: userId, login: u.login, tokenVersion: Number(u.token_version) }, false);
    const c = this.ctx.tokens.verify(token)!;
    await tx.execute(sql`delete from sessao_entrada where expira_em < now()`);
    await tx.execute(sql`insert into sessao_entrada (jti, usuario_id, metodo, nivel, expira_em) values (${c.jti}, ${userId}, ${metodo}, ${nivel}, to_timestamp(${c.exp}))`);
    await auditEvent(tx, u.login, AuditType.AUTHENTICATION_SUCCESS, { remoteAddress, metodo: metodo === 'govbr' ? `gov.br ${nivel}` : 'rede do Estado' });
    return token;
  }
}
