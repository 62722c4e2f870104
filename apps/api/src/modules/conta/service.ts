import type { Account, AccountSettings, PasswordChange, RegisterRequest, ResetPasswordFinish } from '@cadastro/domain';
import { Authority, ProblemType, RESET_KEY_VALIDITY_HOURS } from '@cadastro/domain';
import type { AppContext } from '../../platform/context.js';
import { auditChange, auditEvent, AuditType } from '../../platform/audit.js';
import { dummyHash, hashPassword, verifyPassword } from '../../platform/auth/password.js';
import { badRequest, fieldProblem, HttpProblem, tooManyRequests, unauthorized } from '../../platform/errors/problem.js';
import { randomKey, toIso } from '../../platform/keys.js';
import { accountMail } from '../../integrations/mail/templates.js';
import * as repo from './repository.js';

export const SYSTEM = 'system';
export const ANONYMOUS = 'anonymousUser';

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
  constructor(private readonly ctx: AppContext) {
    this.log = ctx.loggers.get('conta');
  }

  private get db() {
    return this.ctx.database.db;
  }

  async authenticate(username: string, password: string, rememberMe: boolean, remoteAddress: string): Promise<string> {
    const login = username.trim().toLowerCase();
    this.log.debug({ login, remoteAddress }, 'authentication attempt');
    const { login: lim } = this.ctx.config;
    const since = new Date(Date.now() - lim.windowMinutes * 60_000).toISOString();
    const failures = await repo.recentFailures(this.db, login, remoteAddress, since);
    if (failures.byLogin >= lim.maxFailuresPerAccount || failures.byAddress >= lim.maxFailuresPerAddress) {
      throw tooManyRequests(
        `Too many failed sign-in attempts. Try again in ${lim.windowMinutes} minutes.`,
      );
    }
    const user = await repo.findByLogin(this.db, login);
    const ok = user ? await verifyPassword(user.passwordHash, password) : (await verifyPassword(await dummyHash(), password), false);
    const success = ok && !!user?.activated;
    await this.db.transaction(async (tx) => {
      await repo.recordLoginAttempt(tx, login, remoteAddress, success);
      await auditEvent(tx, login, success ? AuditType.AUTHENTICATION_SUCCESS : AuditType.AUTHENTICATION_FAILURE, {
        remoteAddress,
        ...(success ? {} : { message: ok ? 'User was not activated' : 'Bad credentials' }),
      });
    });
    if (!success || !user) throw unauthorized(ok ? `User ${login} was not activated` : 'Bad credentials');
    return this.ctx.tokens.issue({ login: user.login, authorities: user.authorities }, rememberMe);
  }

  async getAccount(login: string): Promise<Account> {
    const user = await repo.findByLogin(this.db, login);
    if (!user) throw unauthorized('User could not be found');
    return toAccount(user);
  }

  async register(req: RegisterRequest): Promise<void> {
    const activationKey = randomKey();
    const created = await this.db.transaction(async (tx) => {
      if (await repo.findByLogin(tx, req.login)) throw loginUsed();
      if (await repo.findByEmail(tx, req.email)) throw emailUsed();
      const user = await repo.insertUsuario(
        tx,
        {
          login: req.login.toLowerCase(),
          email: req.email.toLowerCase(),
          passwordHash: await hashPassword(req.password),
          langKey: req.langKey,
          activated: false,
          activationKey,
          createdBy: ANONYMOUS,
        },
        [Authority.USER],
      );
      await auditChange(tx, ANONYMOUS, 'usuario', user.id, null, auditImage(user), 'registration');
      return user;
    });
    await this.sendMail('activation', created, `${this.ctx.config.baseUrl}/#/activate/${activationKey}`);
  }

  async activate(key: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const user = await repo.findByActivationKey(tx, key);
      if (!user) throw badRequest('No user was found for this activation key', { message: 'error.activation' });
      const after = await repo.updateUsuario(tx, user.id, {
        activated: true,
        activationKey: null,
        lastModifiedBy: user.login,
        lastModifiedDate: new Date().toISOString(),
      });
      await auditChange(tx, user.login, 'usuario', user.id, auditImage(user), auditImage(after), 'activation');
    });
  }

  async saveAccount(login: string, s: AccountSettings): Promise<void> {
    await this.db.transaction(async (tx) => {
      const user = await repo.findByLogin(tx, login);
      if (!user) throw unauthorized('User could not be found');
      const other = await repo.findByEmail(tx, s.email);
      if (other && other.id !== user.id) throw emailUsed();
      const after = await repo.updateUsuario(tx, user.id, {
        firstName: s.firstName ?? null,
        lastName: s.lastName ?? null,
        email: s.email.toLowerCase(),
        langKey: s.langKey,
        imageUrl: s.imageUrl ?? null,
        lastModifiedBy: login,
        lastModifiedDate: new Date().toISOString(),
      });
      await auditChange(tx, login, 'usuario', user.id, auditImage(user), auditImage(after), 'settings');
    });
  }

  async changePassword(login: string, req: PasswordChange): Promise<void> {
    await this.db.transaction(async (tx) => {
      const user = await repo.findByLogin(tx, login);
      if (!user) throw unauthorized('User could not be found');
      if (!(await verifyPassword(user.passwordHash, req.currentPassword))) {
        throw fieldProblem('passwordChange', 'currentPassword', 'invalidPassword', 'Incorrect current password', ProblemType.INVALID_PASSWORD);
      }
      const after = await repo.updateUsuario(tx, user.id, {
        passwordHash: await hashPassword(req.newPassword),
        lastModifiedBy: login,
        lastModifiedDate: new Date().toISOString(),
      });
      await auditChange(tx, login, 'usuario', user.id, auditImage(user), auditImage(after), 'password changed');
    });
  }

  async requestPasswordReset(email: string): Promise<void> {
    const resetKey = randomKey();
    const user = await this.db.transaction(async (tx) => {
      const u = await repo.findByEmail(tx, email);
      if (!u || !u.activated) {
        throw new HttpProblem(400, 'Email address not registered', {
          type: ProblemType.EMAIL_NOT_FOUND,
          message: 'error.emailnotfound',
        });
      }
      await repo.updateUsuario(tx, u.id, { resetKey, resetDate: new Date().toISOString() });
      await auditEvent(tx, u.login, 'PASSWORD_RESET_REQUESTED', { message: 'reset key issued' });
      return u;
    });
    await this.sendMail('reset', user, `${this.ctx.config.baseUrl}/#/reset/${resetKey}`);
  }

  async finishPasswordReset(req: ResetPasswordFinish): Promise<void> {
    await this.db.transaction(async (tx) => {
      const user = await repo.findByResetKey(tx, req.key);
      const validSince = Date.now() - RESET_KEY_VALIDITY_HOURS * 3600_000;
      if (!user || !user.resetDate || new Date(user.resetDate).getTime() < validSince) {
        throw badRequest('No user was found for this reset key, or the key expired', { message: 'error.resetkey' });
      }
      const after = await repo.updateUsuario(tx, user.id, {
        passwordHash: await hashPassword(req.newPassword),
        resetKey: null,
        resetDate: null,
        activated: true, // an account created by an admin is activated by setting its first password
        activationKey: null,
        lastModifiedBy: user.login,
        lastModifiedDate: new Date().toISOString(),
      });
      await auditChange(tx, user.login, 'usuario', user.id, auditImage(user), auditImage(after), 'password reset');
    });
  }

  /** Mail goes out after the commit; a mail failure is logged and never undoes the account change. */
  async sendMail(kind: 'activation' | 'reset' | 'creation', user: { email: string; login: string; langKey: string }, link: string) {
    if (this.ctx.config.profile === 'dev') this.log.info({ login: user.login, link }, `${kind} link`);
    try {
      await this.ctx.mail.send(accountMail(kind, user.langKey, user.email, user.login, link));
    } catch (err) {
      this.log.error({ err, login: user.login }, `could not send ${kind} mail`);
    }
  }
}
