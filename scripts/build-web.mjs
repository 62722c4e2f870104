// Builds the SPA when dist is missing or older than any of its sources (failing over the first-load budget).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const out = 'apps/web/dist/index.html';
const sources = ['apps/web/src', 'apps/web/build', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/domain/src', 'package-lock.json'];

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((f) => newest(path.join(p, f))));
}

const force = process.argv.includes('--force');
if (force || !fs.existsSync(out) || Math.max(...sources.map(newest)) > fs.statSync(out).mtimeMs) {
  console.log('[cadastro] building the web application…');
  try {
    // vite build also checks the first-load JavaScript budget (apps/web/build/bundleBudget.ts).
    execSync('npm run build -w apps/web', { stdio: 'inherit' });
  } catch {
    console.error('[cadastro] the web build failed (see above)');
    process.exit(1);
  }
}
