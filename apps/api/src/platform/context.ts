import type { Totp } from './auth/totp.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { MailPort } from '../integrations/mail/port.js';
import type { GestorPort } from '../integrations/gestor/port.js';
import type { ReceitaPort } from '../integrations/receita/port.js';
import type { ScaPort } from '../integrations/sca/port.js';
import type { RedesimPort } from '../integrations/redesim/port.js';
import type { Sessoes } from './auth/sessoes.js';
import type { TokenService } from './auth/tokens.js';
import type { LoggerRegistry } from './logging.js';
import type { Metrics } from './metrics.js';
import type { PdfPool } from './pdf/pool.js';
import type { ServiceRegistry } from './services.js';
import type { TarefasPosResposta } from './tarefas.js';

/** What every module's service needs, built once by buildApp and passed down explicitly. */
export interface AppContext {
  config: Config;
  database: Database;
  tokens: TokenService;
  /** TOTP and the sealing of its secrets (issue #41 §3). */
  totp: Totp;
  /** Logins that sign in without a second factor: the demo accounts in dev (MFA_DEMO_EXEMPT), else none. */
  segundoFatorDispensado: ReadonlySet<string>;
  /** Whether a token still holds (user, version, sign-out), asked per request with a short cache. */
  sessoes: Sessoes;
  mail: MailPort;
  /** The manager system and the federal registry (simulators unless GESTOR_URL / INFOCONV_URL). */
  gestor: GestorPort;
  receita: ReceitaPort;
  /** Access control (group membership, e.g. the notice team); simulator unless SCA_URL. */
  sca: ScaPort;
  /** REDESIM / Simples Nacional requests; simulator unless REDESIM_URL. */
  redesim: RedesimPort;
  log: FastifyBaseLogger;
  loggers: LoggerRegistry;
  metrics: Metrics;
  /** External-system ports and other parts reported by health and gateway. */
  services: ServiceRegistry;
  /** Work that runs after the answer (shutdown waits for it). */
  tarefas: TarefasPosResposta;
  /** Renders every PDF off the event loop (platform/pdf: sendPdf). */
  pdf: PdfPool;
}
