import { loadConfig } from './config.js';
import { acquireDataDirLock, DataDirLockedError } from './db/lock.js';
import { buildApp } from './app.js';
import { documentoAquecimento } from './platform/pdf/aquecimento.js';
import { DEMO_ACCOUNTS, linkDemoTaxpayerAccount, UnsafeProductionError } from './seed/demo-accounts.js';
import { countTaxpayers, seedRegistry } from './seed/registro.js';

async function main() {
  const config = loadConfig();
  // The data dir holds the embedded database and the generated JWT secret: one process only.
  let release = () => {};
  if (!config.databaseUrl) {
    try {
      release = acquireDataDirLock(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        console.error(`\n[cadastro] ${err.message}\n`);
        process.exit(3);
      }
      throw err;
    }
  }
  let built;
  try {
    built = await buildApp(config);
  } catch (err) {
    if (err instanceof UnsafeProductionError) {
      console.error(`\n[cadastro] ${err.message}\n`);
      process.exit(4);
    }
    throw err;
  }
  const { app, ctx } = built;
  // First start of an empty registry: a demo set a clerk can search right away.
  if (config.seedDemoTaxpayers > 0 && (await countTaxpayers(ctx.database)) === 0) {
    const t0 = performance.now();
    await seedRegistry(ctx.database, { taxpayers: config.seedDemoTaxpayers, seed: 1 });
    app.log.info({ taxpayers: config.seedDemoTaxpayers, ms: Math.round(performance.now() - t0) }, 'demo registry generated');
  }
  if (config.profile === 'dev') await linkDemoTaxpayerAccount(ctx.database.db);
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    release();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  // The render threads start now rather than on the first clerk's print (a cold first PDF took about twice as long).
  const t1 = performance.now();
  void ctx.pdf.aquecer(documentoAquecimento()).then(() => app.log.info({ ms: Math.round(performance.now() - t1), threads: ctx.pdf.iniciados }, 'PDF render threads warm'));
  const url = `http://localhost:${config.port}`;
  const accounts = config.profile === 'prod' ? '    (perfil prod: nenhuma conta de demonstração)' : DEMO_ACCOUNTS.map((d) => `    ${d.login.padEnd(16)} senha: ${d.login.padEnd(16)} ${d.profile}`).join('\n');
  console.log(
    `\n  Cadastro SEFAZ-AL pronto em ${url}\n` +
      `  Banco de dados: ${ctx.database.description}\n` +
      `  Correio: ${ctx.mail.kind === 'sink' ? 'caixa interna (SMTP sink) ' : 'SMTP '}${ctx.mail.target}\n` +
      (config.apiDocs ? `  API docs: ${url}/swagger-ui\n` : '') +
      `\n  Contas de demonstração:\n${accounts}\n`,
  );
}

main().catch((err: unknown) => {
  console.error('[cadastro] failed to start:', err);
  process.exit(1);
});
