import { ConfigError, loadConfig, type Config } from './config.js';
import { acquireDataDirLock, DataDirLockedError } from './db/lock.js';
import { IndicesIncompletosError } from './db/indices.js';
import { buildApp, type BuiltApp } from './app.js';
import { documentoAquecimento } from './platform/pdf/aquecimento.js';
import { DEMO_ACCOUNTS, linkDemoTaxpayerAccount, UnsafeProductionError } from './seed/demo-accounts.js';
import { countTaxpayers, seedRegistry } from './seed/registro.js';

/** One line to the operator, no stack trace, and a distinct exit code per kind of refusal. */
function recusar(message: string, code: number): never {
  console.error(`\n[cadastro] ${message}\n`);
  process.exit(code);
}

const progresso = (texto: string) => console.log(`[cadastro] ${texto}`);

/**
 * Stops once, whatever arrives: Ctrl-C reaches the whole process group (npm, scripts/start.mjs and
 * this process), and an impatient operator presses it twice. The first signal closes the server (no
 * new connections, in-flight requests finished), then the database (PGlite written out cleanly), then
 * removes the lock; later signals only say it is under way. A stop that hangs is cut after 15 s.
 */
function pararComSinais(estado: { built?: BuiltApp; release: () => void; pronto: Promise<unknown> }) {
  let parando = false;
  const parar = async (signal: string) => {
    if (parando) return progresso(`${signal}: parada já em andamento…`);
    parando = true;
    progresso(`${signal}: parando (conexões fechadas, requisições em curso concluídas, banco fechado)…`);
    // A start-up step in progress (migrations, the demo registry) finishes first: cut in the middle,
    // the embedded database would need recovery at the next start.
    await estado.pronto;
    setTimeout(() => {
      console.error('[cadastro] a parada passou de 15 s: saindo assim mesmo');
      estado.release();
      process.exit(1);
    }, 15_000).unref();
    try {
      if (estado.built) await estado.built.app.close();
    } finally {
      estado.release();
    }
    progresso('parado.');
    process.exit(0);
  };
  for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(s, () => void parar(s));
}

function banner(config: Config, built: BuiltApp) {
  const { ctx } = built;
  const url = `http://localhost:${config.port}`;
  const accounts = config.profile === 'prod' ? '    (perfil prod: nenhuma conta de demonstração)' : DEMO_ACCOUNTS.map((d) => `    ${d.login.padEnd(16)} senha: ${d.login.padEnd(16)} ${d.profile}`).join('\n');
  const onde = ['127.0.0.1', 'localhost', '::1'].includes(config.host)
    ? `  Escutando só nesta máquina (${config.host}): as contas de demonstração têm senhas públicas. HOST=0.0.0.0 abre para a rede.\n`
    : `  Escutando em ${config.host}:${config.port}\n`;
  console.log(
    `\n  Cadastro SEFAZ-AL pronto em ${url}\n` +
      onde +
      `  Banco de dados: ${ctx.database.description}\n` +
      `  Correio: ${ctx.mail.kind === 'sink' ? 'caixa interna (SMTP sink) ' : 'SMTP '}${ctx.mail.target}\n` +
      (config.apiDocs ? `  API docs: ${url}/swagger-ui\n` : '') +
      `\n  Contas de demonstração:\n${accounts}\n`,
  );
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) recusar(err.message, 2);
    throw err;
  }
  // The data dir holds the embedded database and the generated JWT secret: one process only.
  let release = () => {};
  if (!config.databaseUrl) {
    try {
      release = acquireDataDirLock(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirLockedError) recusar(err.message, 3);
      throw err;
    }
  }
  let sinalizarPronto!: () => void;
  const estado: { built?: BuiltApp; release: () => void; pronto: Promise<unknown> } = { release, pronto: new Promise<void>((r) => (sinalizarPronto = r)) };
  pararComSinais(estado);

  progresso(`preparando o banco de dados (${config.databaseUrl ? 'servidor PostgreSQL' : `embutido em ${config.dataDir}`}): migrações, tabelas de referência, contas…`);
  try {
    estado.built = await buildApp(config);
  } catch (err) {
    release();
    if (err instanceof UnsafeProductionError) recusar(err.message, 4);
    if (err instanceof IndicesIncompletosError) recusar(err.message, 5);
    throw err;
  }
  const { app, ctx } = estado.built;
  // First start of an empty registry: a demo set a clerk can search right away.
  if (config.seedDemoTaxpayers > 0 && (await countTaxpayers(ctx.database)) === 0) {
    const t0 = performance.now();
    progresso(`gerando o cadastro de demonstração: ${config.seedDemoTaxpayers.toLocaleString('pt-BR')} contribuintes…`);
    let ultimo = 0;
    await seedRegistry(ctx.database, {
      taxpayers: config.seedDemoTaxpayers, seed: 1,
      onProgress: (feitos, total) => {
        // A line per quarter at most: progress, not noise.
        if (feitos - ultimo >= total / 4 || feitos === total) {
          ultimo = feitos;
          progresso(`  ${feitos.toLocaleString('pt-BR')} de ${total.toLocaleString('pt-BR')} inscrições`);
        }
      },
    });
    progresso(`cadastro de demonstração gerado em ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  if (config.profile === 'dev') await linkDemoTaxpayerAccount(ctx.database.db);
  await app.listen({ port: config.port, host: config.host });
  sinalizarPronto();
  // The render threads start now rather than on the first clerk's print (a cold first PDF took about twice as long).
  const t1 = performance.now();
  void ctx.pdf.aquecer(documentoAquecimento()).then(() => app.log.info({ ms: Math.round(performance.now() - t1), threads: ctx.pdf.iniciados }, 'PDF render threads warm'));
  banner(config, estado.built);
}

main().catch((err: unknown) => {
  console.error('[cadastro] failed to start:', err);
  process.exit(1);
});
