// Measures: cold start (fresh DATA_DIR: migrate + seed) and warm start (same DATA_DIR) of the API,
// from process spawn to the first answer of /api/profile-info. Usage: node bench/startup.mjs
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadastro-bench-'));
const port = 8190;

async function once(label) {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      const r = await fetch(`http://localhost:${port}/api/profile-info`);
      if (r.ok) break;
    } catch {
      /* not yet */
    }
    if (performance.now() - t0 > 120_000) throw new Error('did not start in 120 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  const ms = performance.now() - t0;
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
  console.log(`${label}: ${(ms / 1000).toFixed(2)} s`);
}

await once('cold start (migrate + seed demo accounts)');
await once('warm start (existing data)');
fs.rmSync(dataDir, { recursive: true, force: true });
