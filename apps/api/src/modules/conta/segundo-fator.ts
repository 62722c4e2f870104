import { AuditMessage, CODIGOS_RECUPERACAO, exigeSegundoFator, ProblemType } from '@cadastro/domain';
import type { AppContext } from '../../platform/context.js';
import { auditEvent, AuditType } from '../../platform/audit.js';
import { hashPassword, verifyPassword } from '../../platform/auth/password.js';
import type { Desafio } from '../../platform/auth/tokens.js';
import { novoCodigoRecuperacao } from '../../platform/auth/totp.js';
import { HttpProblem, notFound } from '../../platform/errors/problem.js';
import * as repo from './repository.js';
import * as sf from './segundo-fator.repository.js';
import { contarTentativa } from './tentativas.js';

/** A challenge that no longer holds (forged, expired, another step, the account changed meanwhile). */
const desafioInvalido = () =>
  new HttpProblem(401, 'The sign-in challenge is invalid or expired: sign in again with the password', { message: 'error.segundoFator.desafio' });
const codigoInvalido = () =>
  new HttpProblem(401, 'Wrong code, or a code already used', { message: 'error.segundoFator.codigo' });
/** Second-factor attempts are counted apart from the password's, under their own key. */
const chaveTentativa = (login: string) => `${login}#2fa`;

/**
 * The second factor of a password sign-in (issue #41 §3). A staff account's right password earns a
 * challenge, never a session: the session comes with a TOTP code (or a recovery code, spent), or with
 * the first code of an enrolment. §7 deviation: POST /api/authenticate answers 401 with the challenge.
 */
export class SegundoFatorService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.database.db;
  }

  /** What the account still owes after its password: nothing, a code, or an enrolment. */
  async exigencia(u: { id: number; login: string; authorities: readonly string[] }): Promise<Desafio['etapa'] | null> {
    if (!exigeSegundoFator(u.authorities) || this.ctx.segundoFatorDispensado.has(u.login)) return null;
    const f = await sf.doUsuario(this.db, u.id);
    return f?.confirmadoEm ? 'codigo' : 'inscricao';
  }

  /** The 401 that carries the challenge. */
  async desafio(u: { id: number; tokenVersion: number }, rememberMe: boolean, etapa: Desafio['etapa']): Promise<HttpProblem> {
    const desafio = await this.ctx.tokens.emitirDesafio({ userId: u.id, version: u.tokenVersion, rememberMe, etapa });
    return etapa === 'codigo'
      ? new HttpProblem(401, 'Password correct: now the code of the authenticator app (or a recovery code)', { type: ProblemType.SEGUNDO_FATOR_NECESSARIO, message: 'error.segundoFator.necessario', desafio })
      : new HttpProblem(401, 'Password correct: this account must enrol a second factor before signing in', { type: ProblemType.SEGUNDO_FATOR_INSCRICAO, message: 'error.segundoFator.inscricao', desafio });
  }

  /** The challenge's account, if it still is what it was when the password was checked. */
  private async contaDo(token: string, etapa: Desafio['etapa']) {
    const d = await this.ctx.tokens.verificarDesafio(token, etapa);
    const u = d ? await repo.findById(this.db, d.userId) : undefined;
    if (!d || !u || !u.activated || u.tokenVersion !== d.version || (await this.exigencia(u)) !== etapa) throw desafioInvalido();
    return { d, u };
  }

  /** Second step of a sign-in: the TOTP code or a recovery code → the session. */
  async entrar(token: string, codigo: string, remoteAddress: string): Promise<string> {
    const { d, u } = await this.contaDo(token, 'codigo');
    const tentativa = await contarTentativa(this.ctx, chaveTentativa(u.login), remoteAddress);
    const recuperacao = codigo.includes('-');
    let ok: boolean;
    if (recuperacao) {
      // argon2 outside the transaction (PGlite has one connection); the spend below is conditional.
      const livres = await sf.codigosLivres(this.db, u.id);
      let achado: number | undefined;
      // Every unspent code is checked (~35 ms each): the time says nothing about which one matched.
      for (const c of livres) if (await verifyPassword(c.hash, codigo)) achado = c.id;
      ok = achado !== undefined;
      if (ok) ok = await sf.gastarCodigo(this.db, achado!);
    } else {
      const f = await sf.doUsuario(this.db, u.id);
      const passo = f ? await this.ctx.totp.passoDoCodigo(this.ctx.totp.decifrar(f.segredoCifrado), codigo, f.ultimoPasso) : null;
      ok = passo !== null && (await sf.tomarPasso(this.db, u.id, passo, false));
    }
    await this.db.transaction(async (tx) => {
      if (ok) await repo.markAttemptSucceeded(tx, tentativa.id);
      await auditEvent(
        tx, u.login, ok ? AuditType.AUTHENTICATION_SUCCESS : AuditType.AUTHENTICATION_FAILURE, { remoteAddress },
        ok ? (recuperacao ? AuditMessage.RECOVERY_CODE_USED : undefined) : AuditMessage.BAD_SECOND_FACTOR,
      );
    });
    if (!ok) throw codigoInvalido();
    return this.ctx.tokens.issue(u, d.rememberMe);
  }

  /** Enrolment, first call: a new secret (sealed in the database) and its QR code. */
  async iniciarInscricao(token: string) {
    const { u } = await this.contaDo(token, 'inscricao');
    const segredo = this.ctx.totp.novoSegredo();
    await this.db.transaction(async (tx) => sf.gravarPendente(tx, u.id, this.ctx.totp.cifrar(segredo)));
    return this.ctx.totp.inscricao(segredo, u.login);
  }

  /** Enrolment, second call: the first code confirms the secret → the session and the recovery codes, shown once. */
  async confirmarInscricao(token: string, codigo: string, remoteAddress: string) {
    const { d, u } = await this.contaDo(token, 'inscricao');
    const tentativa = await contarTentativa(this.ctx, chaveTentativa(u.login), remoteAddress);
    const f = await sf.doUsuario(this.db, u.id);
    const passo = f && /^\d+$/.test(codigo) ? await this.ctx.totp.passoDoCodigo(this.ctx.totp.decifrar(f.segredoCifrado), codigo, f.ultimoPasso) : null;
    const codigos = passo === null ? [] : Array.from({ length: CODIGOS_RECUPERACAO }, novoCodigoRecuperacao);
    const hashes = await Promise.all(codigos.map((c) => hashPassword(c)));
    const ok = await this.db.transaction(async (tx) => {
      const tomado = passo !== null && (await sf.tomarPasso(tx, u.id, passo, true));
      if (tomado) {
        await sf.gravarCodigos(tx, u.id, hashes);
        await repo.markAttemptSucceeded(tx, tentativa.id);
        await auditEvent(tx, u.login, AuditType.SECOND_FACTOR, { remoteAddress }, AuditMessage.SECOND_FACTOR_ENROLLED);
      }
      await auditEvent(
        tx, u.login, tomado ? AuditType.AUTHENTICATION_SUCCESS : AuditType.AUTHENTICATION_FAILURE, { remoteAddress },
        tomado ? undefined : AuditMessage.BAD_SECOND_FACTOR,
      );
      return tomado;
    });
    if (!ok) throw codigoInvalido();
    return { id_token: await this.ctx.tokens.issue(u, d.rememberMe), codigosRecuperacao: codigos };
  }

  /**
   * An administrator's reset (a lost phone): the secret and the codes go, every session of the user
   * ends, and the next sign-in enrols again. Audited with who did it.
   */
  async redefinir(admin: string, login: string): Promise<void> {
    const id = await this.db.transaction(async (tx) => {
      const u = await repo.findByLogin(tx, login);
      if (!u) throw notFound(`No user ${login}`);
      await sf.apagar(tx, u.id);
      await repo.bumpTokenVersion(tx, u.id);
      await auditEvent(tx, admin, AuditType.SECOND_FACTOR, { login: u.login }, AuditMessage.SECOND_FACTOR_RESET);
      return u.id;
    });
    this.ctx.sessoes.forgetUser(id);
  }
}
