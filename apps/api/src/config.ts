import { z } from 'zod';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Environment → typed configuration. Secrets come only from the environment (or DATA_DIR). */
const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((v) => v === 'on' || v === 'true' || v === '1');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters').optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Cadastro SEFAZ-AL <nao-responda@cadastro.local>'),
  APP_PROFILE: z.enum(['dev', 'prod']).default('dev'),
  /** Unset → on in the dev profile, off in prod (the docs list every operation). */
  API_DOCS: onOff.optional(),
  /** Public base URL used in mails (activation/reset links). */
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
  TRUST_PROXY: onOff.default(false),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  WEB_DIST: z.string().optional(),
  /** Static bearer token for Prometheus scrapes of /management/prometheus. */
  /** Taxpayers generated on the first start of an empty registry (0 = none). */
  SEED_DEMO_TAXPAYERS: z.coerce.number().int().min(0).max(1_000_000).default(3000),
  /** External systems: unset → the built-in simulator backed by seeded tables. */
  GESTOR_URL: z.string().url().optional(),
  INFOCONV_URL: z.string().url().optional(),
  SCA_URL: z.string().url().optional(),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must have at least 16 characters').optional(),
});

export type Env = z.infer<typeof EnvSchema>;

const REPO_DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../data');

export interface Config {
  port: number;
  host: string;
  /** Unset → embedded PGlite in dataDir. `memory://` → in-memory PGlite (tests). */
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  profile: 'dev' | 'prod';
  apiDocs: boolean;
  baseUrl: string;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  login: { maxFailuresPerAccount: number; maxFailuresPerAddress: number; windowMinutes: number };
  webDist: string | undefined;
  metricsToken: string | undefined;
  seedDemoTaxpayers: number;
  /** Base URLs of the manager system and of the federal registry; undefined → simulator. */
  gestorUrl: string | undefined;
  infoconvUrl: string | undefined;
  scaUrl: string | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset (common in container and CI environments).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    // Default ./data of the repository, whichever workspace runs; a relative DATA_DIR is taken from
    // where the user ran npm (INIT_CWD), not from the workspace npm switched to.
    dataDir: e.DATA_DIR ? path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR) : REPO_DATA_DIR,
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    profile: e.APP_PROFILE,
    apiDocs: e.API_DOCS ?? e.APP_PROFILE === 'dev',
    baseUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    login: {
      maxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMinutes: e.LOGIN_FAILURE_WINDOW_MINUTES,
    },
    webDist: e.WEB_DIST,
    metricsToken: e.METRICS_TOKEN,
    seedDemoTaxpayers: e.SEED_DEMO_TAXPAYERS,
    gestorUrl: e.GESTOR_URL,
    infoconvUrl: e.INFOCONV_URL,
    scaUrl: e.SCA_URL,
  };
}

/** Configuration as shown to operators: secrets masked. */
export function describeConfig(c: Config): Record<string, unknown> {
  return {
    ...c,
    databaseUrl: c.databaseUrl ? maskUrl(c.databaseUrl) : '(embedded PGlite)',
    jwtSecret: c.jwtSecret ? '******' : '(generated, kept in DATA_DIR)',
    smtpUrl: c.smtpUrl ? maskUrl(c.smtpUrl) : '(built-in SMTP sink)',
    metricsToken: c.metricsToken ? '******' : null,
    gestorUrl: c.gestorUrl ? maskUrl(c.gestorUrl) : '(built-in simulator)',
    infoconvUrl: c.infoconvUrl ? maskUrl(c.infoconvUrl) : '(built-in simulator)',
    scaUrl: c.scaUrl ? maskUrl(c.scaUrl) : '(built-in simulator)',
  };
}

function maskUrl(u: string): string {
  try {
    const url = new URL(u);
    if (url.password) url.password = '******';
    return url.toString();
  } catch {
    return '******';
  }
}
