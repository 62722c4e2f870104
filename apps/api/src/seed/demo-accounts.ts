import { inArray, sql, type SQL } from 'drizzle-orm';
import { ALL_AUTHORITIES, AuditMessage, Authority, REPORT_AUTHORITIES, SystemActor } from '@cadastro/domain';
import type { Db } from '../db/client.js';
import { autoridade, usuario } from '../db/schema/index.js';
import { hashPassword, verifyPassword } from '../platform/auth/password.js';
import { insertUsuario, lockLogin } from '../modules/conta/repository.js';
import { auditChange } from '../platform/audit.js';
import { queryOne } from '../db/consulta.js';

const A = Authority;

/** Consult-only roles of a registry clerk. */
const CLERK = [A.USER, A.CON_DADOS_CONTRI, A.CON_SITU_CONTRI, A.CON_PESSOA, A.CON_HISTORICO, A.CON_PEND_OFICIO, A.CON_EDITAL];

/** Demo accounts, one per staff profile of §6. Password = login. README.md lists the same table. */
export const DEMO_ACCOUNTS: { login: string; firstName: string; lastName: string; profile: string; authorities: string[] }[] = [
  { login: 'admin', firstName: 'Administrador', lastName: 'do Sistema', profile: 'Administrador', authorities: [A.ADMIN, A.USER] },
  { login: 'user', firstName: 'Usuário', lastName: 'Comum', profile: 'Usuário sem papéis do cadastro', authorities: [A.USER] },
  { login: 'atendente', firstName: 'Ana', lastName: 'Atendente', profile: 'Atendente do cadastro (somente consultas)', authorities: CLERK },
  {
    login: 'auditor',
    firstName: 'Paulo',
    lastName: 'Auditor Fiscal',
    profile: 'Auditor fiscal ("supertela": altera dados, situação, pendências, pessoas; relatórios)',
    authorities: [
      ...CLERK, A.MAN_DADOS_CONTRI, A.ALT_SITU_CNPJ, A.SINC_GESTOR, A.MAN_PEND_OFICIO, A.CAD_PESSOA_INFOC,
      A.CON_HIS_INFOCONV, A.CON_MANIFESTACAO, ...REPORT_AUTHORITIES,
    ],
  },
  {
    login: 'editais',
    firstName: 'Edite',
    lastName: 'Gestora de Editais',
    profile: 'Gestora de editais (consulta, cadastra, edita, publica)',
    authorities: [A.USER, A.CON_EDITAL, A.CON_EDITAL_PUBLI, A.EDITAR_EDITAL, A.CON_DADOS_CONTRI],
  },
  {
    login: 'apoio-contador',
    firstName: 'Carla',
    lastName: 'Apoio ao Contabilista',
    profile: 'Apoio ao contabilista (manifestações, área do contador)',
    authorities: [A.USER, A.SINC_GESTOR, A.CON_MANIFESTACAO, A.MAN_MANIFESTACAO, A.NFC],
  },
  {
    // The accountant area's identity rule: this account is linked to a seeded accountant (linkDemoTaxpayerAccount).
    login: 'contador',
    firstName: 'Célia',
    lastName: 'Contabilista',
    profile: 'Contabilista (área do contador: confirma o próprio CRC, recadastro, manifestações)',
    authorities: [A.USER, A.MAN_MANIFESTACAO],
  },
  {
    login: 'contribuinte',
    firstName: 'Carlos',
    lastName: 'Contribuinte',
    profile: 'Contribuinte (meu cadastro)',
    authorities: [A.USER, A.MEU_CADASTRO],
  },
];

/** Every authority of §6 exists as a row (idempotent, every start). */
export async function ensureAuthorities(db: Db) {
  await db.insert(autoridade).values(ALL_AUTHORITIES.map((name) => ({ name }))).onConflictDoNothing();
}

/**
 * Accounts at start. dev: the demo accounts that do not exist yet (an existing account is never
 * touched, so a second start keeps every change). prod: no demo account ever; on an empty user
 * table one `admin` with ADMIN_PASSWORD; and the start is refused while any account still has its
 * published demo password.
 */
export async function ensureAccounts(db: Db, profile: 'dev' | 'prod', adminPassword: string | undefined): Promise<string[]> {
  if (profile === 'prod') return ensureProdAccounts(db, adminPassword);
  const created: string[] = [];
  for (const d of DEMO_ACCOUNTS) {
    const hash = await hashPassword(d.login);
    if (await createAccount(db, d, hash, AuditMessage.DEMO_ACCOUNT)) created.push(d.login);
  }
  return created;
}

async function createAccount(db: Db, d: Omit<(typeof DEMO_ACCOUNTS)[number], 'profile'>, hash: string, why: AuditMessage): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Replicas start together on an empty database: the second waits here and then finds the account.
    await lockLogin(tx, d.login);
    const exists = await tx.select({ id: usuario.id }).from(usuario).where(sql`${usuario.login} = ${d.login}`);
    if (exists.length) return false;
    const u = await insertUsuario(
      tx,
      {
        login: d.login,
        email: `${d.login}@cadastro.local`,
        firstName: d.firstName,
        lastName: d.lastName,
        passwordHash: hash,
        activated: true,
        langKey: 'pt-br',
        createdBy: SystemActor.SYSTEM,
      },
      d.authorities,
    );
    await auditChange(tx, SystemActor.SYSTEM, 'usuario', u.id, null, { login: u.login, authorities: d.authorities }, why);
    return true;
  });
}

export class UnsafeProductionError extends Error {}

async function ensureProdAccounts(db: Db, adminPassword: string | undefined): Promise<string[]> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(usuario);
  if (n === 0) {
    if (!adminPassword) {
      throw new UnsafeProductionError('APP_PROFILE=prod on an empty user table: set ADMIN_PASSWORD (at least 12 characters) for the first administrator, "admin".');
    }
    const admin = DEMO_ACCOUNTS.find((d) => d.login === 'admin')!;
    await createAccount(db, admin, await hashPassword(adminPassword), AuditMessage.FIRST_ADMINISTRATOR);
    return ['admin'];
  }
  const demo = await db
    .select({ login: usuario.login, hash: usuario.passwordHash })
    .from(usuario)
    .where(inArray(usuario.login, DEMO_ACCOUNTS.map((d) => d.login)));
  const known: string[] = [];
  for (const u of demo) if (await verifyPassword(u.hash, u.login)) known.push(u.login);
  if (known.length) {
    throw new UnsafeProductionError(`APP_PROFILE=prod refuses to start: account(s) ${known.join(', ')} still have the published demo password. Change it (or start once in dev and change it there).`);
  }
  return [];
}

/**
 * The demo taxpayer account sees a real registration in "meu cadastro": it is linked to the person
 * of the first generated registration; the notice manager to a member of GESTOR_EDITAL; the demo
 * accountant account to the first accountant in charge of a company (once each; an existing link is kept).
 * A person another account already holds is left to it (a link gives that account the person's
 * registrations: the dev start must not hand them to a published demo login), and every link made
 * is audited like an administrator's (vinculo.ts). Returns the demo logins linked now.
 */
export async function linkDemoTaxpayerAccount(db: Db): Promise<string[]> {
  const alvos = [
    ['contribuinte', sql`select numero_pessoa from contribuinte where indicador_matriz = 'M' order by id limit 1`],
    // The notice manager stands for the first member of the notice team, so she may sign its notices.
    ['editais', sql`select min(numero_pessoa) from sca_membro where grupo = 'GESTOR_EDITAL'`],
    ['contador', sql`select min(numero_pessoa_contador) from contribuinte_contador`],
  ] as const;
  const vinculadas: string[] = [];
  for (const [login, pessoa] of alvos) if (await vincularDemo(db, login, pessoa)) vinculadas.push(login);
  return vinculadas;
}

/** One demo link, in one transaction with its audit row; locks as vinculo.ts does (account, then person). */
async function vincularDemo(db: Db, login: string, pessoa: SQL): Promise<boolean> {
  return db.transaction(async (tx) => {
    const u = await queryOne<{ id: number; np: string | null }>(tx, sql`select id, numero_pessoa as np from usuario where login = ${login} for update`);
    if (!u || u.np != null) return false;
    const alvo = await queryOne<{ np: string }>(tx, sql`select numero_pessoa as np from pessoa where numero_pessoa = (${pessoa}) for no key update`);
    if (!alvo) return false;
    const numeroPessoa = Number(alvo.np);
    const outra = await queryOne<{ id: number }>(tx, sql`select id from usuario where numero_pessoa = ${numeroPessoa} limit 1`);
    if (outra) return false;
    await tx.execute(sql`update usuario set numero_pessoa = ${numeroPessoa}, last_modified_by = ${SystemActor.SYSTEM}, last_modified_date = now() where id = ${u.id}`);
    await auditChange(tx, SystemActor.SYSTEM, 'usuario', u.id, { login, numeroPessoa: null }, { login, numeroPessoa }, AuditMessage.PERSON_LINKED);
    return true;
  });
}
