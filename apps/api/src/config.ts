import { z } from 'zod';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Environment → typed configuration. Secrets come only from the environment (or DATA_DIR). */
const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((v) => v === 'on' || v === 'true' || v === '1');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  // Unset: loopback in `dev` (its demo accounts' passwords are published), every interface in `prod`.
  HOST: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  /** Connections per API process to the PostgreSQL server; unset → twice the cores, 4 to 10 (db/client.ts). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
  /** Hot-standby replicas (comma-separated URLs) the reads of GET requests go to (db/replicas.ts). */
  DATABASE_REPLICA_URLS: z
    .string()
    .optional()
    .transform((v, c) => {
      const urls = (v ?? '').split(',').map((x) => x.trim()).filter(Boolean);
      const bad = urls.filter((x) => !/^postgres(ql)?:\/\//.test(x) || !URL.canParse(x));
      if (bad.length) c.addIssue({ code: 'custom', message: `postgres:// URLs, comma-separated (not: ${bad.map(maskUrl).join(', ')})` });
      return urls;
    }),
  /** A replica further behind the primary than this is out of rotation until it catches up. */
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** The longest a statement of a clerk's screen may run in PostgreSQL (ms; 0 = no ceiling); past it, 503 (db/teto.ts). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  /** The same for a report's statements (previews, PDFs, each batch of a spreadsheet). */
  DATABASE_REPORT_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(120_000),
  DATA_DIR: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters').optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Cadastro SEFAZ-AL <nao-responda@cadastro.local>'),
  APP_PROFILE: z.enum(['dev', 'prod']).default('dev'),
  /** prod only: password of the first administrator created on an empty user table. */
  ADMIN_PASSWORD: z.string().min(12, 'ADMIN_PASSWORD must have at least 12 characters').max(100).optional(),
  /** Unset → on in the dev profile, off in prod (the docs list every operation). */
  API_DOCS: onOff.optional(),
  /** The demo accounts sign in without a second factor (issue #41 §3). Unset → on in dev; refused in prod. */
  MFA_DEMO_EXEMPT: onOff.optional(),
  /** Key (32+ characters) that encrypts the stored TOTP secrets; unset → derived from JWT_SECRET. */
  MFA_SECRET_KEY: z.string().min(32, 'MFA_SECRET_KEY must have at least 32 characters').optional(),
  /** Public base URL used in mails (activation/reset links). */
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
  /**
   * Which proxies' X-Forwarded-For to believe: off; a hop count ('1' = the nearest proxy; 'on' means
   * 1); or the proxies' addresses/CIDRs, comma-separated. Never "everyone": any client could then
   * invent its address and escape the sign-in limits and the audit.
   */
  TRUST_PROXY: z
    .string()
    .default('off')
    .transform((v, c): false | number | string[] => {
      const t = v.trim().toLowerCase();
      if (['off', 'false', '0', 'no'].includes(t)) return false;
      if (['on', 'true', 'yes'].includes(t)) return 1;
      if (/^\d{1,2}$/.test(t)) return Number(t);
      const list = t.split(',').map((x) => x.trim()).filter(Boolean);
      const bad = list.filter((x) => !isAddressOrCidr(x));
      if (!list.length || bad.length) {
        c.addIssue({ code: 'custom', message: `off, a hop count, or proxy addresses/CIDRs (not: ${bad.join(', ') || v})` });
        return z.NEVER;
      }
      return list;
    }),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Requests in progress beyond which new ones get 503 at once (default 64 embedded, 256 on a server). */
  MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).optional(),
  /** Event-loop delay (ms, sustained over two samples) beyond which new requests get 503 at once; 0 = off. */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Registrations and password-reset requests accepted per client address per hour. */
  ACCOUNT_REQUESTS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  WEB_DIST: z.string().optional(),
  /** Taxpayers generated on the first start of an empty registry (0 = none). */
  SEED_DEMO_TAXPAYERS: z.coerce.number().int().min(0).max(500_000).optional(), // the CACEAL numbering space
  /** External systems: unset → the built-in simulator backed by seeded tables. */
  GESTOR_URL: z.string().url().optional(),
  INFOCONV_URL: z.string().url().optional(),
  SCA_URL: z.string().url().optional(),
  REDESIM_URL: z.string().url().optional(),
  /** Static bearer token for Prometheus scrapes of /management/prometheus. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must have at least 16 characters').optional(),
  /** Threads that render PDFs; unset → one per spare core, at most 2. 0 renders on the event loop (bench only). */
  PDF_WORKERS: z.coerce.number().int().min(0).max(16).optional(),
  /** Documents that may wait for a PDF thread; beyond that, 503 with Retry-After. */
  PDF_QUEUE: z.coerce.number().int().min(1).default(32),
  /** Public (anonymous) documents that may wait for the public PDF thread; beyond that, 503. */
  PDF_PUBLIC_QUEUE: z.coerce.number().int().min(1).default(4),
  /** Time a client has to send a request's headers, and the whole request (headers and body), in ms. */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(15_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(500).max(3_600_000).default(30_000),
  /** How long an idle kept-alive connection stays open (above the 60 s of common load balancers). */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(72_000),
  /** A spreadsheet download whose reader takes nothing for this long is closed and its cursor released. */
  REPORT_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** The most rows one report spreadsheet export holds (rows past a sheet go on in the next sheet); more → 422. */
  REPORT_XLSX_MAX_ROWS: z.coerce.number().int().min(1).max(10_000_000).default(3_000_000),
  /** Spreadsheets generated at once (each holds an export connection while its rows are written); one more → 503. */
  REPORT_XLSX_CONCURRENT: z.coerce.number().int().min(1).max(64).default(2),
  /** The most rows a report PDF prints (pdfmake lays a document out in memory); more → 422 offering the spreadsheet. */
  REPORT_PDF_MAX_ROWS: z.coerce.number().int().min(1).max(100_000).default(20_000),
  /** Report PDFs one user may have rendering in the background at once; one more → 429. */
  REPORT_PDF_JOBS_PER_USER: z.coerce.number().int().min(1).max(20).default(2),
  /** How long a finished background PDF waits for its owner before it is dropped. */
  REPORT_PDF_JOB_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(900),
  /** Sign-in through gov.br / the state's OpenID Connect provider (modules/identidade/config.ts reads them). */
  GOVBR_ISSUER: z.string().url().optional(),
  GOVBR_CLIENT_ID: z.string().optional(),
  GOVBR_CLIENT_SECRET: z.string().optional(),
  GOVBR_PRIVATE_KEY_FILE: z.string().optional(),
  GOVBR_NIVEIS_URL: z.string().url().optional(),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_PRIVATE_KEY_FILE: z.string().optional(),
  OIDC_GROUPS_CLAIM: z.string().default('groups'),
  OIDC_GROUP_ROLES: z.string().optional(),
  /** off: staff roles cannot sign in with a password the registry keeps (they use OIDC_*). */
  STAFF_PASSWORD_SIGNIN: onOff.default(true),
}).refine((e) => e.HTTP_HEADERS_TIMEOUT_MS <= e.HTTP_REQUEST_TIMEOUT_MS, {
  path: ['HTTP_HEADERS_TIMEOUT_MS'],
  message: 'must not exceed HTTP_REQUEST_TIMEOUT_MS (the headers are part of the request)',
}).refine((e) => !(e.APP_PROFILE === 'prod' && e.MFA_DEMO_EXEMPT), {
  path: ['MFA_DEMO_EXEMPT'],
  message: 'prod has no demo accounts: every staff account signs in with a second factor',
}).refine((e) => !e.DATABASE_REPLICA_URLS.length || e.DATABASE_URL, {
  path: ['DATABASE_REPLICA_URLS'],
  message: 'replicas need DATABASE_URL (the primary); the embedded database has none',
});

export type Env = z.infer<typeof EnvSchema>;

function isAddressOrCidr(x: string): boolean {
  const [addr, bits, ...rest] = x.split('/');
  if (rest.length || !addr || !net.isIP(addr)) return false;
  if (bits === undefined) return true;
  const max = net.isIPv4(addr) ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

const REPO_DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../data');

export interface Config {
  port: number;
  host: string;
  /** Unset → embedded PGlite in dataDir. `memory://` → in-memory PGlite (tests). */
  databaseUrl: string | undefined;
  databasePoolSize: number | undefined;
  /** Hot-standby replicas for the reads of GET requests, and the lag beyond which one is left out. */
  databaseReplicas: { urls: string[]; maxLagMs: number };
  /** Statement ceilings by route class, ms (0 = none); PostgreSQL only. */
  databaseTimeouts: { interativaMs: number; relatorioMs: number };
  dataDir: string;
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  profile: 'dev' | 'prod';
  adminPassword: string | undefined;
  apiDocs: boolean;
  baseUrl: string;
  logLevel: Env['LOG_LEVEL'];
  /** Fastify's trustProxy: false, a hop count, or the trusted proxies' addresses. */
  trustProxy: false | number | string[];
  login: { maxFailuresPerAccount: number; maxFailuresPerAddress: number; windowMinutes: number };
  /** Second factor: whether the demo accounts skip it, and the key of the stored secrets (else from the JWT secret). */
  mfa: { demoExempt: boolean; secretKey: string | undefined };
  accountRequestsPerHour: number;
  maxInFlight: number | undefined;
  maxEventLoopDelayMs: number;
  webDist: string | undefined;
  metricsToken: string | undefined;
  seedDemoTaxpayers: number;
  /** Base URLs of the manager system and of the federal registry; undefined → simulator. */
  gestorUrl: string | undefined;
  infoconvUrl: string | undefined;
  scaUrl: string | undefined;
  /** The REDESIM / Simples Nacional requests system; undefined → simulator. */
  redesimUrl: string | undefined;
  /** PDF worker threads (undefined → platform default) and how many documents may wait for one. */
  pdf: { workers: number | undefined; queue: number; publicQueue: number };
  /** Timeouts of the HTTP server (ms): headers, the whole request with its body, idle keep-alive. */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number };
  /** Seconds a spreadsheet's reader may take nothing before the download is closed. */
  reportIdleTimeoutSeconds: number;
  reportXlsx: { maxRows: number; concurrent: number };
  /** Report PDFs: the rows one prints, and the background jobs (per user at once, seconds a finished one is kept). */
  reportPdf: { maxRows: number; jobsPerUser: number; jobTtlSeconds: number };
  /** The identity providers' variables as given (modules/identidade/config.ts makes sense of them). */
  identidade: Pick<Env, 'GOVBR_ISSUER' | 'GOVBR_CLIENT_ID' | 'GOVBR_CLIENT_SECRET' | 'GOVBR_PRIVATE_KEY_FILE' | 'GOVBR_NIVEIS_URL' | 'OIDC_ISSUER' | 'OIDC_CLIENT_ID' | 'OIDC_CLIENT_SECRET' | 'OIDC_PRIVATE_KEY_FILE' | 'OIDC_GROUPS_CLAIM' | 'OIDC_GROUP_ROLES' | 'STAFF_PASSWORD_SIGNIN'>;
  /** The application's variables this configuration was read from, secrets masked (management/env). */
  environment: Readonly<Record<string, string>>;
}

/** A refused configuration: the operator gets its message, not a stack trace. */
export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset (common in container and CI environments).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST ?? (e.APP_PROFILE === 'prod' ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseReplicas: { urls: e.DATABASE_REPLICA_URLS, maxLagMs: e.DATABASE_REPLICA_MAX_LAG_MS },
    databaseTimeouts: { interativaMs: e.DATABASE_STATEMENT_TIMEOUT_MS, relatorioMs: e.DATABASE_REPORT_STATEMENT_TIMEOUT_MS },
    // Default ./data of the repository, whichever workspace runs; a relative DATA_DIR is taken from
    // where the user ran npm (INIT_CWD), not from the workspace npm switched to.
    dataDir: e.DATA_DIR ? path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR) : REPO_DATA_DIR,
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    profile: e.APP_PROFILE,
    adminPassword: e.ADMIN_PASSWORD,
    apiDocs: e.API_DOCS ?? e.APP_PROFILE === 'dev',
    baseUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    login: {
      maxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMinutes: e.LOGIN_FAILURE_WINDOW_MINUTES,
    },
    mfa: { demoExempt: e.MFA_DEMO_EXEMPT ?? e.APP_PROFILE === 'dev', secretKey: e.MFA_SECRET_KEY },
    accountRequestsPerHour: e.ACCOUNT_REQUESTS_PER_ADDRESS_PER_HOUR,
    maxInFlight: e.MAX_IN_FLIGHT,
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
    webDist: e.WEB_DIST,
    metricsToken: e.METRICS_TOKEN,
    // Fake taxpayers belong to demonstrations only: never generated in prod.
    seedDemoTaxpayers: e.APP_PROFILE === 'prod' ? 0 : (e.SEED_DEMO_TAXPAYERS ?? 3000),
    gestorUrl: e.GESTOR_URL,
    infoconvUrl: e.INFOCONV_URL,
    scaUrl: e.SCA_URL,
    redesimUrl: e.REDESIM_URL,
    pdf: { workers: e.PDF_WORKERS, queue: e.PDF_QUEUE, publicQueue: e.PDF_PUBLIC_QUEUE },
    http: { headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS, requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS, keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS },
    reportIdleTimeoutSeconds: e.REPORT_IDLE_TIMEOUT_SECONDS,
    reportXlsx: { maxRows: e.REPORT_XLSX_MAX_ROWS, concurrent: e.REPORT_XLSX_CONCURRENT },
    reportPdf: { maxRows: e.REPORT_PDF_MAX_ROWS, jobsPerUser: e.REPORT_PDF_JOBS_PER_USER, jobTtlSeconds: e.REPORT_PDF_JOB_TTL_SECONDS },
    identidade: {
      GOVBR_ISSUER: e.GOVBR_ISSUER, GOVBR_CLIENT_ID: e.GOVBR_CLIENT_ID, GOVBR_CLIENT_SECRET: e.GOVBR_CLIENT_SECRET, GOVBR_PRIVATE_KEY_FILE: e.GOVBR_PRIVATE_KEY_FILE,
      GOVBR_NIVEIS_URL: e.GOVBR_NIVEIS_URL, OIDC_ISSUER: e.OIDC_ISSUER, OIDC_CLIENT_ID: e.OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: e.OIDC_CLIENT_SECRET,
      OIDC_PRIVATE_KEY_FILE: e.OIDC_PRIVATE_KEY_FILE, OIDC_GROUPS_CLAIM: e.OIDC_GROUPS_CLAIM, OIDC_GROUP_ROLES: e.OIDC_GROUP_ROLES, STAFF_PASSWORD_SIGNIN: e.STAFF_PASSWORD_SIGNIN,
    },
    environment: describeEnv(present),
  };
}

/** Configuration as shown to operators: secrets masked. */
export function describeConfig({ environment: _shownByEnv, ...c }: Config): Record<string, unknown> {
  return {
    ...c,
    adminPassword: c.adminPassword ? MASK : null,
    databaseUrl: c.databaseUrl ? maskUrl(c.databaseUrl) : '(embedded PGlite)',
    databaseReplicas: { ...c.databaseReplicas, urls: c.databaseReplicas.urls.map(maskUrl) },
    jwtSecret: c.jwtSecret ? MASK : '(generated, kept in DATA_DIR)',
    smtpUrl: c.smtpUrl ? maskUrl(c.smtpUrl) : '(built-in SMTP sink)',
    metricsToken: c.metricsToken ? MASK : null,
    mfa: { ...c.mfa, secretKey: c.mfa.secretKey ? MASK : '(derived from the JWT secret)' },
    gestorUrl: c.gestorUrl ? maskUrl(c.gestorUrl) : '(built-in simulator)',
    infoconvUrl: c.infoconvUrl ? maskUrl(c.infoconvUrl) : '(built-in simulator)',
    scaUrl: c.scaUrl ? maskUrl(c.scaUrl) : '(built-in simulator)',
    redesimUrl: c.redesimUrl ? maskUrl(c.redesimUrl) : '(built-in simulator)',
    identidade: {
      ...c.identidade,
      GOVBR_CLIENT_SECRET: c.identidade.GOVBR_CLIENT_SECRET ? MASK : undefined,
      OIDC_CLIENT_SECRET: c.identidade.OIDC_CLIENT_SECRET ? MASK : undefined,
    },
  };
}

const MASK = '******';
/** Variables whose whole value is a secret. */
const SECRET_VARIABLES = new Set<string>(['JWT_SECRET', 'ADMIN_PASSWORD', 'METRICS_TOKEN', 'MFA_SECRET_KEY', 'GOVBR_CLIENT_SECRET', 'OIDC_CLIENT_SECRET']);
const SECRET_PARAM = /(secret|password|passwd|pwd|token|key)/i;

/** The application's own variables: the keys of EnvSchema (those docs/operating.md documents). */
export const APP_ENV_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape).sort();

/**
 * The application's variables that are set, secrets masked. Nothing else of the process environment:
 * the host's variables (container name, npm settings, PATH…) are not ours to show.
 */
export function describeEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of APP_ENV_VARIABLES) {
    const v = env[k];
    if (v === undefined || v === '') continue;
    out[k] = SECRET_VARIABLES.has(k) ? MASK : k.endsWith('_URL') ? maskUrl(v) : k.endsWith('_URLS') ? v.split(',').map((x) => maskUrl(x.trim())).join(',') : v;
  }
  return out;
}

/** A URL with its password (and any secret-looking query parameter) masked; unparseable → masked. */
function maskUrl(u: string): string {
  try {
    const url = new URL(u);
    const secrets = [...url.searchParams.keys()].filter((k) => SECRET_PARAM.test(k));
    // Nothing to hide → the value as the operator wrote it (URL would add a trailing slash).
    if (!url.password && !secrets.length) return u;
    if (url.password) url.password = MASK;
    for (const k of secrets) url.searchParams.set(k, MASK);
    return url.toString();
  } catch {
    return MASK;
  }
}
