import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import pino from 'pino';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { API_BASE, APP_VERSION, MANAGEMENT_BASE, REGISTRY_API_BASE } from '@cadastro/domain';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import type { MailPort } from './integrations/mail/port.js';
import { gestorHttp, gestorSimulador } from './integrations/gestor/port.js';
import { receitaHttp, receitaSimulador } from './integrations/receita/port.js';
import { scaHttp, scaSimulador } from './integrations/sca/port.js';
import { redesimHttp } from './integrations/redesim/port.js';
import { redesimSimulador } from './integrations/redesim/simulador.js';
import { createSmtpMailer } from './integrations/mail/smtp.js';
import { startSmtpSink } from './integrations/mail/sink.js';
import { registerGuard } from './platform/auth/guard.js';
import { resolveJwtSecret, TokenService } from './platform/auth/tokens.js';
import { Sessoes } from './platform/auth/sessoes.js';
import type { AppContext } from './platform/context.js';
import { registerErrorHandling, sendProblem } from './platform/errors/handler.js';
import { registerInputBoundary } from './platform/http/boundary.js';
import { registerReplicaRouting } from './platform/http/leitura-replica.js';
import { registerTetoPorRota } from './platform/http/teto-rota.js';
import { erroDeBancoParaLog } from './platform/errors/banco.js';
import { clientErrorProblem, frameworkErrorHandler, MAX_PARAM_LENGTH } from './platform/http/framework-errors.js';
import { registerRouteTable } from './platform/http/route-table.js';
import { registerSecurityHeaders, SWAGGER_UI_CSP } from './platform/http/security-headers.js';
import { contaRoutes } from './modules/conta/routes.js';
import { segundoFatorRoutes } from './modules/conta/segundo-fator.routes.js';
import { Totp } from './platform/auth/totp.js';
import { usuarioRoutes } from './modules/usuario/routes.js';
import { vinculoRoutes } from './modules/usuario/vinculo.js';
import { comboRoutes } from './modules/combo/routes.js';
import { contribuinteRoutes } from './modules/contribuinte/routes.js';
import { meuCadastroRoutes } from './modules/contribuinte/meu-cadastro.js';
import { adminRoutes } from './modules/admin/routes.js';
import { gatewayRoutes } from './modules/admin/gateway.js';
import { LoggerRegistry } from './platform/logging.js';
import { urlForLog } from './platform/url-log.js';
import { registerLoadShedding } from './platform/sobrecarga.js';
import { TarefasPosResposta } from './platform/tarefas.js';
import { Metrics, registerHttpMetrics } from './platform/metrics.js';
import { PdfPool } from './platform/pdf/documento.js';
import { responseSerializerCompiler } from './platform/serializer.js';
import { ServiceRegistry } from './platform/services.js';
import { ficRoutes } from './modules/fic/routes.js';
import { editalRoutes } from './modules/edital/routes.js';
import { pessoaRoutes } from './modules/pessoa/routes.js';
import { contadorRoutes } from './modules/contador/routes.js';
import { situacaoRoutes } from './modules/situacao/routes.js';
import { historicoRoutes } from './modules/historico/routes.js';
import { gestorRoutes } from './modules/gestor/routes.js';
import { infoconvRoutes } from './modules/historico/infoconv.js';
import { correioRoutes } from './modules/correio/routes.js';
import { pendenciaRoutes } from './modules/pendencia/routes.js';
import { solicitacaoRoutes } from './modules/solicitacao/routes.js';
import { relatorioRoutes } from './modules/relatorio/routes.js';
import { DEMO_ACCOUNTS, ensureAccounts, ensureAuthorities } from './seed/demo-accounts.js';
import { identidadeConfig } from './modules/identidade/config.js';
import { Identidade } from './modules/identidade/service.js';
import { identidadeRoutes } from './modules/identidade/routes.js';
import { fetchInterno } from './modules/identidade/cliente.js';
import { criarSimulador, montarSimulador, type Simulador } from './modules/identidade/simulador.js';
import { ensureReferenceData } from './seed/referencia/index.js';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Logins of demo accounts created by this start (empty when they already existed). */
  createdDemoAccounts: string[];
  /** Sign-in through the identity providers, and their built-in simulators when no provider is configured. */
  identidade: Identidade;
  simuladores: Simulador[];
}

const hopsOf = (n: number) => (_address: string, hop: number) => hop < n;

const here = path.dirname(fileURLToPath(import.meta.url));
const defaultWebDist = path.resolve(here, '../../web/dist');

/**
 * Builds the whole application from configuration; tests use it with app.inject().
 * `opts.loadDataDir`: an embedded database starts as a copy of this tarball (tests' seeded templates).
 */
export async function buildApp(config: Config, opts: { logStream?: NodeJS.WritableStream; loadDataDir?: Blob } = {}): Promise<BuiltApp> {
  const logger = pino(
    {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]', 'res.headers.authorization'],
      serializers: {
        // A database error: the statement, never its values (erroDeBancoParaLog).
        err: (e: Error) => erroDeBancoParaLog(e) ?? pino.stdSerializers.err(e),
        // The access log: no CPF, CNPJ or name in clear (search terms travel in the path).
        req: (req: FastifyRequest) => ({
          method: req.method,
          url: urlForLog(req.url, req.routeOptions?.url),
          remoteAddress: req.ip,
        }),
      },
    },
    (opts.logStream ?? process.stdout) as pino.DestinationStream,
  );
  const database: Database = await openDatabase(config.databaseUrl, config.dataDir, {
    poolSize: config.databasePoolSize,
      replicas: config.databaseReplicas,
      loadDataDir: opts.loadDataDir,
    tetos: config.databaseTimeouts,
    onConnectionLost: (err) => logger.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'database connection lost; the pool reconnects on demand'),
  });
  // Over https every answer carries HSTS, the ones written outside the hooks too.
  const https = config.baseUrl.startsWith('https');
  const app: FastifyInstance = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // A hop count as proxy-addr reads it: trust the nearest n proxies (fastify's types omit numbers).
    trustProxy: typeof config.trustProxy === 'number' ? hopsOf(config.trustProxy) : config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // A client that sends its headers or its body slowly (or never) is answered 408 and let go, so it
    // cannot hold a connection open for nothing. Node checks these every connectionsCheckingInterval.
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: { headersTimeout: config.http.headersTimeoutMs, connectionsCheckingInterval: Math.min(1000, config.http.headersTimeoutMs / 2) },
    // Plugins start in well under a second, but a loaded CI machine (tests start apps in parallel)
    // can exceed Fastify's 10 s default.
    pluginTimeout: 60_000,
    // A request reaching a stopping replica on a keep-alive connection nginx already holds is served
    // (with Connection: close), not refused with Fastify's bare 503, which nginx passes on to the clerk:
    // 17 such 503s in a rolling upgrade, 0 after (deploy/atualizacao-prova.sh).
    return503OnClosing: false,
    // Malformed percent-encoding and over-long parameters answer problem+json like every other error.
    frameworkErrors: frameworkErrorHandler(sendProblem, { https }),
    clientErrorHandler: clientErrorProblem({ https }),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
  });
  let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
  let mail: MailPort;
  if (config.smtpUrl) {
    mail = createSmtpMailer(config.smtpUrl, config.mailFrom, 'smtp');
  } else {
    sink = await startSmtpSink(database.db);
    mail = createSmtpMailer(sink.url, config.mailFrom, 'sink');
  }
  const jwtSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  const tokens = new TokenService(jwtSecret);
  const totp = new Totp(config.mfa.secretKey ?? jwtSecret);
  // Demo accounts have published passwords and no phone behind them: in dev they may skip the second factor.
  const segundoFatorDispensado = new Set(config.mfa.demoExempt ? DEMO_ACCOUNTS.map((d) => d.login) : []);
  const metrics = new Metrics();
  if (database.replicas) metrics.observeReplicas(database.replicas);
  const services = new ServiceRegistry();
  services.register({
    id: 'mail',
    path: 'smtp',
    uri: `smtp://${mail.target}`,
    mode: mail.kind === 'sink' ? 'internal' : 'remote',
    check: async () => ((await mail.verify()) ? { status: 'UP' } : { status: 'DOWN', details: { error: 'SMTP server did not answer' } }),
  });
  const gestor = config.gestorUrl ? gestorHttp(config.gestorUrl) : gestorSimulador(database.db);
  const receita = config.infoconvUrl ? receitaHttp(config.infoconvUrl) : receitaSimulador(database.db);
  const sca = config.scaUrl ? scaHttp(config.scaUrl) : scaSimulador(database.db);
  const redesim = config.redesimUrl ? redesimHttp(config.redesimUrl) : redesimSimulador(database.db);
  for (const [id, path, port] of [['gestor', '/sfz-cadastro-api/api/gestor', gestor], ['infoconv', '/sfz-cadastro-api/api/historico/infoconv', receita], ['sca', '/sfz-cadastro-api/api/responsaveis-edital', sca], ['redesim', '/sfz-cadastro-api/api/solicitacao', redesim]] as const) {
    services.register({
      id, path, uri: port.uri, mode: port.mode,
      check: async () => ((await port.ping()) ? { status: 'UP' } : { status: 'DOWN', details: { error: `${id} did not answer` } }),
    });
  }
  const sessoes = new Sessoes(database.db);
  // Worker threads start with the first PDF, not here.
  const pdf = new PdfPool({ trabalhadores: config.pdf.workers, fila: config.pdf.queue, filaPublica: config.pdf.publicQueue });
  const ctx: AppContext = { config, database, tokens, totp, segundoFatorDispensado, sessoes, mail, gestor, receita, sca, redesim, log: app.log, loggers: new LoggerRegistry(app.log), metrics, services, pdf, tarefas: new TarefasPosResposta(app.log) };
  for (const m of ['conta', 'usuario', 'admin', 'mail', 'db']) ctx.loggers.get(m);

  registerHttpMetrics(app, metrics);
  app.addHook('onClose', async () => {
    await ctx.tarefas.drain();
    metrics.stop();
    await pdf.close();
    await mail.close();
    await sink?.close();
    await database.close();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  await app.register(cookie);
  // Only routes that opt in (config.rateLimit) are throttled: the public ones.
  await app.register(rateLimit, { global: false });
  registerErrorHandling(app);
  registerRouteTable(app);
  // Headers first: a request shed under load still gets them.
  registerSecurityHeaders(app, { https });
  // Embedded, the queue builds up in the sockets: a saturated process also sheds new connections at the door.
  const embutido = database.driver === 'pglite';
  registerLoadShedding(app, { maxEmCurso: config.maxInFlight ?? (embutido ? 64 : 256), maxAtrasoMs: config.maxEventLoopDelayMs, naPorta: embutido, https });
  const secureCookie = config.profile === 'prod' && config.baseUrl.startsWith('https');
  // First of the hooks that read the database: each statement of the request under its route's ceiling.
  registerTetoPorRota(app);
  // Before the guard, whose session check nonetheless reads the primary (Sessoes: who may do what never comes from a replica).
  if (database.replicas) registerReplicaRouting(app, database.replicas, { secureCookie });
  registerGuard(app, tokens, sessoes, { secureCookie });
  registerInputBoundary(app);

  if (config.apiDocs) {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Cadastro SEFAZ-AL API', version: APP_VERSION },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        security: [{ bearer: [] }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/swagger-ui',
      // Its own policy: the SPA's docs screen frames it (frame-ancestors 'self').
      staticCSP: SWAGGER_UI_CSP,
      uiHooks: { onRequest: (_req, reply, done) => { reply.header('x-frame-options', 'SAMEORIGIN'); done(); } },
    });
  }

  const identidade = new Identidade(ctx, identidadeConfig(config));
  const simuladores: Simulador[] = [];
  for (const c of identidade.clientes.values()) {
    if (!c.provedor.simulado) continue;
    const sim = await criarSimulador(c.provedor, config.baseUrl);
    simuladores.push(sim);
    await montarSimulador(app, sim, () => database.db, Object.keys(identidade.config.gruposPapeis));
  }
  // The simulators answer in-process; a real provider over the network.
  if (simuladores.length) {
    const interno = fetchInterno(() => app);
    const rede = identidade.fetch;
    identidade.fetch = (url, init) => (simuladores.some((s) => url.startsWith(s.provedor.issuer)) ? interno(url, init) : rede(url, init));
  }
  await app.register(identidadeRoutes(ctx, identidade), { prefix: API_BASE });
  await app.register(contaRoutes(ctx), { prefix: API_BASE });
  await app.register(segundoFatorRoutes(ctx), { prefix: API_BASE });
  await app.register(usuarioRoutes(ctx), { prefix: API_BASE });
  await app.register(vinculoRoutes(ctx), { prefix: API_BASE });
  await app.register(gatewayRoutes(ctx), { prefix: API_BASE });
  await app.register(comboRoutes(ctx), { prefix: REGISTRY_API_BASE });
  await app.register(contribuinteRoutes(ctx), { prefix: REGISTRY_API_BASE });
  await app.register(meuCadastroRoutes(ctx), { prefix: REGISTRY_API_BASE });
  await app.register(ficRoutes(ctx), { prefix: REGISTRY_API_BASE });
  await app.register(editalRoutes(ctx), { prefix: REGISTRY_API_BASE });
  await app.register(pessoaRoutes(ctx), { prefix: REGISTRY_API_BASE });
  await app.register(contadorRoutes(ctx), { prefix: REGISTRY_API_BASE });
  await app.register(situacaoRoutes(ctx), { prefix: REGISTRY_API_BASE });
  await app.register(historicoRoutes(ctx), { prefix: REGISTRY_API_BASE });
  await app.register(gestorRoutes(ctx), { prefix: REGISTRY_API_BASE });
  await app.register(infoconvRoutes(ctx), { prefix: REGISTRY_API_BASE });
  await app.register(pendenciaRoutes(ctx), { prefix: REGISTRY_API_BASE });
  await app.register(solicitacaoRoutes(ctx), { prefix: REGISTRY_API_BASE });
  await app.register(relatorioRoutes(ctx), { prefix: REGISTRY_API_BASE });
  await app.register(correioRoutes(ctx), { prefix: MANAGEMENT_BASE });
  await app.register(adminRoutes(ctx), { prefix: MANAGEMENT_BASE });

  const webDist = config.webDist ?? defaultWebDist;
  if (fs.existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: ['index.html'] });
  }

  await ensureReferenceData(database.db);
  await ensureAuthorities(database.db);
  let createdDemoAccounts: string[];
  try {
    createdDemoAccounts = await ensureAccounts(database.db, config.profile, config.adminPassword);
  } catch (err) {
    await app.close(); // releases the database, the mail sink and the timers
    throw err;
  }
  await app.ready();
  return { app, ctx, createdDemoAccounts, identidade, simuladores };
}
