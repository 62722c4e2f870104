// Installs npm packages when node_modules is missing or older than package-lock.json.
// Shared by `npm start` and `npm test` so both work on a fresh clone with no step before them.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const marker = 'node_modules/.package-lock.json';
const lock = 'package-lock.json';
const stale = !fs.existsSync(marker) || (fs.existsSync(lock) && fs.statSync(lock).mtimeMs > fs.statSync(marker).mtimeMs + 1000);
if (stale) {
  console.log('[cadastro] installing npm packages…');
  // Never --omit=optional: @node-rs/argon2 ships its native binary as an optional dependency.
  execSync(fs.existsSync(lock) ? 'npm ci --no-audit --no-fund' : 'npm install --no-audit --no-fund', { stdio: 'inherit' });
}
