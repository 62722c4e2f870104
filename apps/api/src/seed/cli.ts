import { executarSeed } from './comando.js';

/**
 * `npm run seed -- …` (the options: comando.ts). The npm script starts Node with a 64 MB young generation:
 * the generator makes short-lived strings by the million, and with the default the scavenges took ~12 % of
 * its CPU (docs/performance.md).
 */
executarSeed(process.argv.slice(2), process.env, (texto) => process.stdout.write(texto)).then(
  (codigo) => {
    process.exitCode = codigo;
  },
  (err: unknown) => {
    console.error(`[cadastro] seed failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
