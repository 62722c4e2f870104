import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { acquireDataDirLock } from '../db/lock.js';
import { ensureReferenceData } from './referencia/index.js';
import { checarCapacidade } from './gerador/gerador.js';
import { countTaxpayers, resetRegistry, seedRegistry } from './registro.js';

/** npm run seed -- --taxpayers N [--seed S] [--reset]: generate registry data into the configured database. */
async function main() {
  const { values } = parseArgs({
    options: { taxpayers: { type: 'string', default: '5000' }, seed: { type: 'string', default: '1' }, reset: { type: 'boolean', default: false } },
  });
  const taxpayers = Number(values.taxpayers);
  const seed = Number(values.seed);
  if (!Number.isInteger(taxpayers) || taxpayers < 1 || !Number.isInteger(seed)) throw new Error('--taxpayers and --seed must be integers');
  checarCapacidade(taxpayers); // before --reset empties the registry
  const config = loadConfig();
  const release = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  const db = await openDatabase(config.databaseUrl, config.dataDir);
  try {
    await ensureReferenceData(db.db);
    const existing = await countTaxpayers(db);
    if (existing > 0 && !values.reset) throw new Error(`The database already has ${existing} taxpayers; add --reset to replace them.`);
    if (values.reset) await resetRegistry(db);
    const t0 = performance.now();
    const r = await seedRegistry(db, {
      taxpayers,
      seed,
      onProgress: (done, total) => process.stdout.write(`\r  ${done.toLocaleString('pt-BR')} / ${total.toLocaleString('pt-BR')} contribuintes`),
    });
    const s = (performance.now() - t0) / 1000;
    const total = Object.values(r.rows).reduce((a, b) => a + b, 0);
    console.log(`\n  ${total.toLocaleString('pt-BR')} rows in ${s.toFixed(1)} s (${Math.round(total / s).toLocaleString('pt-BR')} rows/s)`);
    if (r.timings) console.log(`  load ${(r.timings.loadMs / 1000).toFixed(1)} s · indexes ${(r.timings.indexesMs / 1000).toFixed(1)} s · operational ${(r.timings.operationalMs / 1000).toFixed(1)} s · analyze ${(r.timings.analyzeMs / 1000).toFixed(1)} s`);
    for (const [t, n] of Object.entries(r.rows)) console.log(`    ${t.padEnd(28)} ${n.toLocaleString('pt-BR')}`);
  } finally {
    await db.close();
    release();
  }
}

main().catch((err: unknown) => {
  console.error(`[cadastro] seed failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
