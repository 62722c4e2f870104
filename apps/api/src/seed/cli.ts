import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { acquireDataDirLock } from '../db/lock.js';
import { ensureReferenceData } from './referencia/index.js';
import { countTaxpayers, resetRegistry, seedRegistry } from './registro.js';
import { conferirCapacidade } from './gerador/gerador.js';
import { contarViolacoes } from './gerador/coerencia.js';

/**
 * npm run seed -- --taxpayers N [--seed S] [--reset]: generate registry data into the configured database.
 * --conferir: only count the violations of the coherence rules in the data already there (coerencia.ts).
 * The npm script starts Node with a 64 MB young generation: the generator makes short-lived strings by
 * the million, and with the default the scavenges took ~12 % of its CPU (bench/README.md).
 */
async function main() {
  const { values } = parseArgs({
    options: { taxpayers: { type: 'string', default: '5000' }, seed: { type: 'string', default: '1' }, reset: { type: 'boolean', default: false }, conferir: { type: 'boolean', default: false } },
  });
  const taxpayers = Number(values.taxpayers);
  const seed = Number(values.seed);
  if (!Number.isInteger(taxpayers) || taxpayers < 1 || !Number.isInteger(seed)) throw new Error('--taxpayers and --seed must be integers');
  conferirCapacidade(taxpayers);
  const config = loadConfig();
  const release = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  const db = await openDatabase(config.databaseUrl, config.dataDir);
  try {
    await ensureReferenceData(db.db);
    if (values.conferir) {
      const v = await contarViolacoes(db);
      for (const [regra, n] of Object.entries(v)) console.log(`  ${regra.padEnd(34)} ${n}`);
      const total = Object.values(v).reduce((a, b) => a + b, 0);
      console.log(`  ${total} violation(s) of ${Object.keys(v).length} rules`);
      if (total) process.exitCode = 1;
      return;
    }
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
    if (r.timings) console.log(`  load ${(r.timings.loadMs / 1000).toFixed(1)} s · indexes + vocabulary ${(r.timings.indexesMs / 1000).toFixed(1)} s · operational ${(r.timings.operationalMs / 1000).toFixed(1)} s · analyze ${(r.timings.analyzeMs / 1000).toFixed(1)} s`);
    // The slowest operational statements (where the time goes).
    const lentos = Object.entries(r.timings?.operacao ?? {}).sort((a, b) => b[1] - a[1]).slice(0, 5);
    if (lentos.length) console.log(`  slowest operational: ${lentos.map(([n, ms]) => `${n} ${(ms / 1000).toFixed(1)} s`).join(' · ')}`);
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
