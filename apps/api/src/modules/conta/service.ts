import type { Account, AccountSettings, PasswordChange, RegisterRequest, ResetPasswordFinish } from '@cadastro/domain';
import { sql } from 'drizzle-orm';
import { ACTIVATION_KEY_VALIDITY_HOURS, AuditMessage, Authority, ehContaDeEquipe, loginReservado, ProblemType, RESET_KEY_VALIDITY_HOURS, SystemActor } from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';
import { usuario } from '../../db/schema/index.js';
import { updateVersioned } from '../../db/versionado.js';
import type { TokenClaims } from '../../platform/auth/tokens.js';
import type { AppContext } from '../../platform/context.js';
import { auditChange, auditEvent, AuditType } from '../../platform/audit.js';
import { dummyHash, hashPassword, verifyPassword } from '../../platform/auth/password.js';
import { badRequest, fieldProblem, HttpProblem, unauthorized } from '../../platform/errors/problem.js';
import { randomKey, toIso } from '../../platform/keys.js';
import { accountMail, type MailKind } from '../../integrations/mail/templates.js';
import * as repo from './repository.js';
import { contarTentativa } from './tentativas.js';
import { SegundoFatorService } from './segundo-fator.js';

export const SYSTEM = SystemActor.SYSTEM;
/** A reset mail is not sent again to the same address within this time (the answer stays the same). */
const RESET_RESEND_MINUTES = 5;
/** createdBy/principal of a self-registration; the SPA words it ('autorregistro'). */
export const ANONYMOUS = SystemActor.ANONYMOUS;

export function toAccount(u: repo.UsuarioComAutoridades): Account {
  return {
    id: u.id,
    login: u.login,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    imageUrl: u.imageUrl,
    activated: u.activated,
    langKey: u.langKey,
    authorities: u.authorities,
    createdBy: u.createdBy,
    createdDate: toIso(u.createdDate),
    lastModifiedBy: u.lastModifiedBy,
    lastModifiedDate: toIso(u.lastModifiedDate),
    version: u.version,
  };
}

/** The public image of a user row for audit before/after (no hashes, no keys). */
export function auditImage(u: repo.UsuarioRow | repo.UsuarioComAutoridades) {
  const { passwordHash: _p, activationKey: _a, resetKey: _r, ...rest } = u;
  return rest as Record<string, unknown>;
}

export const emailUsed = () =>
  new HttpProblem(400, 'Email is already in use!', {
    type: ProblemType.EMAIL_ALREADY_USED,
    message: 'error.emailexists',
  });
export const loginUsed = () =>
  new HttpProblem(400, 'Login name already used!', {
    type: ProblemType.LOGIN_ALREADY_USED,
    message: 'error.userexists',
  });

export class ContaService {
  private readonly log;
  private readonly segundoFator: SegundoFatorService;
  constructor(private readonly ctx: AppContext) {
    this.log = ctx.loggers.get('conta');
    this.segundoFator = new SegundoFatorService(ctx);
  }

  private get db() {
    return this.ctx.database.db;
  }

  /**
   * Sign-in. The attempt is counted before the password is checked, under a per-login lock, so
   * parallel guesses cannot pass the limit together. An address over its limit (one office behind
   * one NAT address) is slowed, and refused only for accounts that already failed from it: a
   * correct password of an account nobody has been guessing still gets in.
   */
  async authenticate(username: string, password: string, rememberMe: boolean, remoteAddress: string): Promise<string> {
    const login = username.trim().toLowerCase();
    this.log.debug({ login, remoteAddress }, 'authentication attempt');
    const tentativa = await contarTentativa(this.ctx, login, remoteAddress);
    const user = await repo.findByLogin(this.db, login);
    const ok = user ? await verifyPassword(user.passwordHash, password) : (await verifyPassword(await dummyHash(), password), false);
    const success = ok && !!user?.activated;
    // A staff account's password earns a challenge, not a session (issue #41 §3).
    const etapa = success && user ? await this.segundoFator.exigencia(user) : null;
    await this.db.transaction(async (tx) => {
      if (success) await repo.markAttemptSucceeded(tx, tentativa.id);
      if (etapa) await auditEvent(tx, login, AuditType.SECOND_FACTOR, { remoteAddress }, AuditMessage.SECOND_FACTOR_REQUIRED);
      else await auditEvent(
        tx, login, success ? AuditType.AUTHENTICATION_SUCCESS : AuditType.AUTHENTICATION_FAILURE, { remoteAddress },
        success ? undefined : ok ? AuditMessage.USER_NOT_ACTIVATED : AuditMessage.BAD_CREDENTIALS,
      );
    });
    if (!success || !user) throw unauthorized(ok ? `User ${login} was not activated` : 'Bad credentials');
    // Issue 41 §2: in production staff sign in through the state's provider only.
    if (!this.ctx.config.identidade.STAFF_PASSWORD_SIGNIN && ehContaDeEquipe(user.authorities)) {
      throw unauthorized("Staff accounts sign in through the State's network (STAFF_PASSWORD_SIGNIN=off)");
    }
    if (etapa) throw await this.segundoFator.desafio(user, rememberMe, etapa);
    return this.ctx.tokens.issue(user, rememberMe);
  }

  async getAccount(id: number): Promise<Account> {
    const user = await repo.findById(this.db, id);
    if (!user) throw unauthorized('User could not be found');
    return toAccount(user);
  }

  /**
   * Self-registration. A taken login or e-mail gets the answer a new one gets (the page tells
   * nobody who has an account), with the same work done: the mailbox hears why instead — the owner
   * of a taken e-mail how to get back in, the requester of a taken login to choose another.
   */
  async register(req: RegisterRequest): Promise<void> {
    const activationKey = randomKey();
    // Hashing takes a connection-free ~50 ms: never inside the transaction (PGlite has one connection).
    const passwordHash = await hashPassword(req.password);
    type Destino = { email: string; login: string; langKey: string };
    const r = await this.db.transaction(async (tx): Promise<{ criado: Destino } | { aviso: 'emailEmUso' | 'loginEmUso'; para: Destino }> => {
      await this.purgeNeverActivated(tx);
      const dono = await repo.findByEmail(tx, req.email);
      if (dono) return { aviso: 'emailEmUso', para: dono };
      if (loginReservado(req.login) || (await repo.findByLogin(tx, req.login))) return { aviso: 'loginEmUso', para: { email: req.email.toLowerCase(), login: req.login.toLowerCase(), langKey: req.langKey } };
      const user = await repo.insertUsuario(
        tx,
        {
          login: req.login.toLowerCase(),
          email: req.email.toLowerCase(),
          passwordHash,
          langKey: req.langKey,
          activated: false,
          activationKey,
          createdBy: ANONYMOUS,
        },
        [Authority.USER],
      );
      await auditChange(tx, ANONYMOUS, 'usuario', user.id, null, auditImage(user), AuditMessage.REGISTRATION);
      return { criado: user };
    });
    const base = this.ctx.config.baseUrl;
    if ('criado' in r) await this.sendMail('activation', r.criado, `${base}/#/activate/${activationKey}`);
    else await this.sendMail(r.aviso, r.para, r.aviso === 'emailEmUso' ? `${base}/#/reset/request` : `${base}/#/register`);
  }

  /** Removes self-registrations whose activation key expired (audited); returns how many. */
  async purgeNeverActivated(tx: DbOrTx): Promise<number> {
    const olderThan = new Date(Date.now() - ACTIVATION_KEY_VALIDITY_HOURS * 3600_000).toISOString();
    const gone = await repo.purgeNeverActivated(tx, olderThan);
    for (const u of gone) await auditChange(tx, SYSTEM, 'usuario', u.id, { login: u.login }, null, AuditMessage.NEVER_ACTIVATED);
    return gone.length;
  }

  async activate(key: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.purgeNeverActivated(tx);
      const user = await repo.findByActivationKey(tx, key);
      if (!user) throw badRequest('No user was found for this activation key', { message: 'error.activation' });
      const after = await repo.updateUsuario(tx, user.id, {
        activated: true,
        activationKey: null,
        lastModifiedBy: user.login,
        lastModifiedDate: new Date().toISOString(),
      });
      await auditChange(tx, user.login, 'usuario', user.id, auditImage(user), auditImage(after), AuditMessage.ACTIVATION);
    });
  }

  async saveAccount(id: number, s: AccountSettings): Promise<void> {
    await this.db.transaction(async (tx) => {
      const user = await repo.findById(tx, id);
      if (!user) throw unauthorized('User could not be found');
      const other = await repo.findByEmail(tx, s.email);
      if (other && other.id !== user.id) throw emailUsed();
      const after = await repo.updateUsuario(tx, user.id, {
        firstName: s.firstName ?? null,
        lastName: s.lastName ?? null,
        email: s.email.toLowerCase(),
        langKey: s.langKey,
        imageUrl: s.imageUrl ?? null,
        lastModifiedBy: user.login,
        lastModifiedDate: new Date().toISOString(),
      });
      await auditChange(tx, user.login, 'usuario', user.id, auditImage(user), auditImage(after), AuditMessage.SETTINGS);
    });
  }

  /**
   * Changes the password and retires every token of the user (another browser, a stolen token);
   * the caller gets a new token so this session goes on.
   */
  async changePassword(id: number, req: PasswordChange, rememberMe: boolean, remoteAddress: string): Promise<string> {
    const user = await repo.findById(this.db, id);
    if (!user) throw unauthorized('User could not be found');
    // Counted like a sign-in: a stolen session must not guess the password at will.
    const tentativa = await contarTentativa(this.ctx, user.login, remoteAddress);
    if (!(await verifyPassword(user.passwordHash, req.currentPassword))) {
      throw fieldProblem('passwordChange', 'currentPassword', 'invalidPassword', 'Incorrect current password', ProblemType.INVALID_PASSWORD);
    }
    const passwordHash = await hashPassword(req.newPassword);
    const after = await this.db.transaction(async (tx) => {
      await repo.markAttemptSucceeded(tx, tentativa.id);
      // Version-checked: a password changed meanwhile (another tab, a reset) is not overwritten.
      const a = await updateVersioned(tx, usuario, id, user.version, {
        passwordHash,
        tokenVersion: sql`${usuario.tokenVersion} + 1`,
        lastModifiedBy: user.login,
        lastModifiedDate: new Date().toISOString(),
      });
      await auditChange(tx, user.login, 'usuario', user.id, auditImage(user), auditImage(a), AuditMessage.PASSWORD_CHANGED);
      return a;
    });
    this.ctx.sessoes.forgetUser(id);
    return this.ctx.tokens.issue(after, rememberMe);
  }

  /**
   * Always answers the same, at once, whether the address is registered or not (no account
   * enumeration by answer or by time): the lookup and the mail happen after the reply. One mail per
   * address per RESET_RESEND_MINUTES at most.
   */
  requestPasswordResetLater(email: string) {
    this.ctx.tarefas.run('password reset request', () => this.requestPasswordReset(email));
  }

  async requestPasswordReset(email: string): Promise<void> {
    const resetKey = randomKey();
    const recent = Date.now() - RESET_RESEND_MINUTES * 60_000;
    const user = await this.db.transaction(async (tx) => {
      const u = await repo.findByEmail(tx, email);
      if (!u || !u.activated) return null;
      if (u.resetDate && new Date(u.resetDate).getTime() > recent && u.resetKey) return null;
      await repo.updateUsuario(tx, u.id, { resetKey, resetDate: new Date().toISOString() });
      await auditEvent(tx, u.login, AuditType.PASSWORD_RESET_REQUESTED, {}, AuditMessage.RESET_KEY_ISSUED);
      return u;
    });
    if (user) await this.sendMail('reset', user, `${this.ctx.config.baseUrl}/#/reset/${resetKey}`);
  }

  async finishPasswordReset(req: ResetPasswordFinish): Promise<void> {
    const passwordHash = await hashPassword(req.newPassword);
    const id = await this.db.transaction(async (tx) => {
      const user = await repo.findByResetKey(tx, req.key);
      const validSince = Date.now() - RESET_KEY_VALIDITY_HOURS * 3600_000;
      // A deactivated account is the administrator's to bring back, never a reset link's.
      if (!user || !user.activated || !user.resetDate || new Date(user.resetDate).getTime() < validSince) {
        throw badRequest('No user was found for this reset key, or the key expired', { message: 'error.resetkey' });
      }
      const after = await repo.updateUsuario(tx, user.id, {
        passwordHash,
        tokenVersion: sql`${usuario.tokenVersion} + 1`,
        resetKey: null,
        resetDate: null,
        lastModifiedBy: user.login,
        lastModifiedDate: new Date().toISOString(),
      });
      await auditChange(tx, user.login, 'usuario', user.id, auditImage(user), auditImage(after), AuditMessage.PASSWORD_RESET);
      return user.id;
    });
    this.ctx.sessoes.forgetUser(id);
  }

  /** Signs this token out: it is refused from the next call on, here and on every replica. */
  async logout(claims: TokenClaims, login: string, remoteAddress: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.ctx.sessoes.revoke(tx, claims);
      await auditEvent(tx, login, AuditType.LOGOUT, { remoteAddress });
    });
  }

  /** Mail goes out after the commit; a mail failure is logged and never undoes the account change. */
  async sendMail(kind: MailKind, user: { email: string; login: string; langKey: string }, link: string) {
    if (this.ctx.config.profile === 'dev') this.log.info({ login: user.login, link }, `${kind} link`);
    try {
      await this.ctx.mail.send(accountMail(kind, user.langKey, user.email, user.login, link));
    } catch (err) {
      this.log.error({ err, login: user.login }, `could not send ${kind} mail`);
    }
  }
}
