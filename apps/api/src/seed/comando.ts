import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { acquireDataDirLock } from '../db/lock.js';
import { ensureReferenceData } from './referencia/index.js';
import { countTaxpayers, resetRegistry, seedRegistry } from './registro.js';
import { conferirCapacidade, maiorRegistroDaSemente } from './gerador/gerador.js';
import { contarViolacoes } from './gerador/coerencia.js';
import { contarProporcoes } from './gerador/proporcoes.js';

/** A seed refused before the database was opened (bad arguments, a production profile). */
export class SeedRecusadoError extends Error {}

/**
 * npm run seed -- --taxpayers N|max [--seed S] [--reset] [--em-producao]: generate registry data into the
 * configured database. --conferir: only count the violations of the coherence rules in the data already
 * there (coerencia.ts). Generated data is fictitious: with APP_PROFILE=prod the seed refuses unless
 * --em-producao says it is meant (a staging copy set to prod, say). Returns the process's exit code.
 */
export async function executarSeed(argv: string[], env: NodeJS.ProcessEnv, escrever: (texto: string) => void): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      taxpayers: { type: 'string', default: '5000' }, seed: { type: 'string', default: '1' }, reset: { type: 'boolean', default: false },
      conferir: { type: 'boolean', default: false }, 'em-producao': { type: 'boolean', default: false },
    },
  });
  const seed = Number(values.seed);
  // "max": the largest registry the CACEAL numbering holds in the published mix (gerador/mix.ts).
  const taxpayers = values.taxpayers === 'max' && Number.isInteger(seed) ? maiorRegistroDaSemente(seed) : Number(values.taxpayers);
  if (!Number.isInteger(taxpayers) || taxpayers < 1 || !Number.isInteger(seed)) throw new SeedRecusadoError('--taxpayers and --seed must be integers');
  conferirCapacidade(taxpayers);
  const config = loadConfig(env);
  if (config.profile === 'prod' && !values.conferir && !values['em-producao']) {
    throw new SeedRecusadoError('APP_PROFILE=prod: the seed writes fictitious taxpayers (and --reset deletes the registry). '
      + 'Nothing was touched. If this database is meant for it, run again with --em-producao.');
  }
  const release = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  try {
    const db = await openDatabase(config.databaseUrl, config.dataDir);
    try {
      await ensureReferenceData(db.db);
      if (values.conferir) {
        const v = await contarViolacoes(db);
        for (const [regra, n] of Object.entries(v)) escrever(`  ${regra.padEnd(34)} ${n}\n`);
        // The shares against the published figures (mix.ts), for docs/domain.md's table.
        escrever('  share                                          generated  published  tolerance\n');
        for (const p of await contarProporcoes(db)) {
          escrever(`  ${p.medida.padEnd(46)} ${p.gerado.toFixed(2).padStart(8)} ${p.unidade.padEnd(1)} ${p.publicado.toFixed(2).padStart(8)} ${p.unidade.padEnd(1)} ${('±' + p.tolerancia).padStart(8)}${p.fora ? '  OUT' : ''}\n`);
        }
        const total = Object.values(v).reduce((a, b) => a + b, 0);
        escrever(`  ${total} violation(s) of ${Object.keys(v).length} rules\n`);
        return total ? 1 : 0;
      }
      const existing = await countTaxpayers(db);
      if (existing > 0 && !values.reset) throw new SeedRecusadoError(`The database already has ${existing} taxpayers; add --reset to replace them.`);
      if (values.reset) {
        const r = await resetRegistry(db, (linhas) => {
          escrever('  --reset deletes (rows per table):\n');
          for (const [t, n] of Object.entries(linhas)) if (n) escrever(`    ${t.padEnd(34)} ${n.toLocaleString('pt-BR')}\n`);
        });
        if (r.contasDesvinculadas.length) {
          escrever(`  accounts unlinked from their person (audited; the persons are gone): ${r.contasDesvinculadas.join(', ')}\n`);
        }
      }
      await gerar(db, taxpayers, seed, escrever);
      return 0;
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
}

async function gerar(db: Awaited<ReturnType<typeof openDatabase>>, taxpayers: number, seed: number, escrever: (texto: string) => void) {
  const t0 = performance.now();
  const r = await seedRegistry(db, {
    taxpayers,
    seed,
    onProgress: (done, total) => escrever(`\r  ${done.toLocaleString('pt-BR')} / ${total.toLocaleString('pt-BR')} contribuintes`),
    onAviso: escrever,
  });
  const s = (performance.now() - t0) / 1000;
  const total = Object.values(r.rows).reduce((a, b) => a + b, 0);
  escrever(`\n  ${total.toLocaleString('pt-BR')} rows in ${s.toFixed(1)} s (${Math.round(total / s).toLocaleString('pt-BR')} rows/s)\n`);
  if (r.timings) escrever(`  load ${(r.timings.loadMs / 1000).toFixed(1)} s · indexes + vocabulary ${(r.timings.indexesMs / 1000).toFixed(1)} s · operational ${(r.timings.operationalMs / 1000).toFixed(1)} s · analyze ${(r.timings.analyzeMs / 1000).toFixed(1)} s\n`);
  // The slowest operational statements (where the time goes).
  const lentos = Object.entries(r.timings?.operacao ?? {}).sort((a, b) => b[1] - a[1]).slice(0, 5);
  if (lentos.length) escrever(`  slowest operational: ${lentos.map(([n, ms]) => `${n} ${(ms / 1000).toFixed(1)} s`).join(' · ')}\n`);
  for (const [t, n] of Object.entries(r.rows)) escrever(`    ${t.padEnd(28)} ${n.toLocaleString('pt-BR')}\n`);
}
