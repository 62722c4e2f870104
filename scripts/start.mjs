// `npm start`: install what is missing, build the SPA, then run the API (which migrates and
// seeds the database at start) serving SPA + API on one origin.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

process.chdir(path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
await import('./ensure-deps.mjs');
await import('./build-web.mjs');

const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], { stdio: 'inherit', env: process.env });
// A signal sent to this process alone (an operator's kill, npm passing one on) is passed to the API;
// Ctrl-C reaches the whole process group, so the API may get it more than once: it stops once, cleanly.
// This process never dies of a signal itself: it waits for the API and exits with its code.
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
