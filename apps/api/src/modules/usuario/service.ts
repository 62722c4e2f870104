import type { AdminUser, AdminUserCreate, AdminUserUpdate } from '@cadastro/domain';
import { AuditMessage, Authority, loginReservado } from '@cadastro/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { usuario } from '../../db/schema/index.js';
import { updateVersioned } from '../../db/versionado.js';
import { auditChange } from '../../platform/audit.js';
import { hashPassword } from '../../platform/auth/password.js';
import { badRequest, notFound } from '../../platform/errors/problem.js';
import { randomKey } from '../../platform/keys.js';
import * as contaRepo from '../conta/repository.js';
import { auditImage, ContaService, emailUsed, loginUsed, toAccount } from '../conta/service.js';
import * as repo from './repository.js';

/** The profile columns an administrator sets, written the same way on create and update. */
const perfil = (req: AdminUserCreate) => ({
  login: req.login.toLowerCase(),
  email: req.email.toLowerCase(),
  firstName: req.firstName ?? null,
  lastName: req.lastName ?? null,
  imageUrl: req.imageUrl ?? null,
  langKey: req.langKey,
});

/** User management (admin): list, create (mails a set-password link), update, delete. */
export class UsuarioService {
  private readonly conta: ContaService;
  constructor(private readonly ctx: AppContext) {
    this.conta = new ContaService(ctx);
  }
  private get db() {
    return this.ctx.database.db;
  }

  async page(page: number, size: number, sort: string[]) {
    const r = await repo.pageUsers(this.db, page, size, sort);
    return { rows: r.rows.map(toAccount), total: r.total };
  }

  async get(login: string): Promise<AdminUser> {
    const u = await contaRepo.findByLogin(this.db, login);
    if (!u) throw notFound(`User ${login} not found`);
    return toAccount(u);
  }

  authorities() {
    return repo.listAuthorities(this.db);
  }

  async create(actor: string, req: AdminUserCreate): Promise<AdminUser> {
    const resetKey = randomKey();
    // Nobody knows this password: the user sets one through the mailed link. Hashed before the
    // transaction (it holds no connection while argon2 works).
    const passwordHash = await hashPassword(randomKey(32));
    const created = await this.db.transaction(async (tx) => {
      if (loginReservado(req.login) || (await contaRepo.findByLogin(tx, req.login))) throw loginUsed();
      if (await contaRepo.findByEmail(tx, req.email)) throw emailUsed();
      const u = await contaRepo.insertUsuario(
        tx,
        {
          ...perfil(req),
          passwordHash,
          activated: true,
          resetKey,
          resetDate: new Date().toISOString(),
          createdBy: actor,
        },
        req.authorities,
      );
      await auditChange(tx, actor, 'usuario', u.id, null, auditImage(u), AuditMessage.CREATED_BY_ADMIN);
      return u;
    });
    await this.conta.sendMail('creation', created, `${this.ctx.config.baseUrl}/#/reset/${resetKey}`);
    return toAccount(created);
  }

  async update(actor: string, req: AdminUserUpdate): Promise<AdminUser> {
    const saved = await this.db.transaction(async (tx) => {
      const current = await contaRepo.findById(tx, req.id);
      if (!current) throw notFound(`User ${req.id} not found`);
      const byLogin = await contaRepo.findByLogin(tx, req.login);
      if (byLogin && byLogin.id !== req.id) throw loginUsed();
      // A gov.br login stays its account's: none other takes one.
      if (loginReservado(req.login) && req.login.toLowerCase() !== current.login) throw loginUsed();
      const byEmail = await contaRepo.findByEmail(tx, req.email);
      if (byEmail && byEmail.id !== req.id) throw emailUsed();
      if (current.login === actor) {
        if (!req.activated) throw badRequest('You cannot deactivate your own account', { message: 'userManagement.error.selfDeactivate' });
        if (!req.authorities.includes(Authority.ADMIN)) {
          throw badRequest('You cannot remove your own ROLE_ADMIN', { message: 'userManagement.error.selfAdmin' });
        }
      }
      const after = await updateVersioned(tx, usuario, req.id, req.version, {
        ...perfil(req),
        activated: req.activated,
        // Deactivation ends every session at once (reactivation does not bring old tokens back).
        ...(current.activated && !req.activated ? { tokenVersion: sql`${usuario.tokenVersion} + 1` } : {}),
        // and every mailed key with it: a reset link from before must not let the account back in.
        ...(!req.activated ? { resetKey: null, resetDate: null, activationKey: null } : {}),
        lastModifiedBy: actor,
        lastModifiedDate: new Date().toISOString(),
      });
      await contaRepo.replaceAuthorities(tx, req.id, req.authorities);
      const full = { ...after, authorities: req.authorities };
      await auditChange(tx, actor, 'usuario', req.id, auditImage(current), auditImage(full), AuditMessage.UPDATED_BY_ADMIN);
      return toAccount(full);
    });
    // Roles and activation count from this replica's next call (others within seconds).
    this.ctx.sessoes.forgetUser(req.id);
    return saved;
  }

  async delete(actor: string, login: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const u = await contaRepo.findByLogin(tx, login);
      if (!u) throw notFound(`User ${login} not found`);
      if (u.login === actor) throw badRequest('You cannot delete your own account', { message: 'userManagement.error.selfDelete' });
      await repo.deleteUser(tx, u.id);
      await auditChange(tx, actor, 'usuario', u.id, auditImage(u), null, AuditMessage.DELETED_BY_ADMIN);
      return u.id;
    }).then((id) => this.ctx.sessoes.forgetUser(id));
  }

}
