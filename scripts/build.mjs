// `npm run build`: the release artifact, built once per release. The SPA (apps/web/dist) and the API
// bundled by esbuild into apps/api/dist (main.js, the PDF render thread trabalhador.js, source maps,
// the migrations beside them), run with plain `node --enable-source-maps apps/api/dist/main.js`.
// apps/api/dist sits as deep as apps/api/src, so the paths the API derives from its own file (the SPA's
// dist, the repository's data/) resolve alike from sources and bundle.
// npm packages stay external: read from node_modules at run time, installed by `npm ci --omit=dev`
// (PGlite's wasm and data files, pdfmake's fonts, the reference tables' data files are found where
// their packages put them). Only the workspace package @cadastro/domain, published as TypeScript, is
// bundled in.
import { execSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const raiz = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(raiz);
const api = 'apps/api';
const saida = path.join(api, 'dist');
const t0 = performance.now();

if (!process.argv.includes('--api-only')) execSync('node scripts/build-web.mjs', { stdio: 'inherit' });

const pacote = (p) => JSON.parse(fs.readFileSync(path.join(p, 'package.json'), 'utf8'));
const externos = [...new Set([...Object.keys(pacote(api).dependencies), ...Object.keys(pacote('packages/domain').dependencies)])].filter((d) => d !== '@cadastro/domain');

fs.rmSync(saida, { recursive: true, force: true });
const resultado = await esbuild.build({
  entryPoints: { main: `${api}/src/main.ts`, trabalhador: `${api}/src/platform/pdf/trabalhador.ts` },
  outdir: saida,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  // A package marked external takes its subpaths with it (pdfmake/fonts/…, drizzle-orm/pglite, …).
  external: externos,
  metafile: true,
  logLevel: 'warning',
});
fs.cpSync(`${api}/src/db/migrations`, path.join(saida, 'migrations'), { recursive: true });
// Nothing the bundle imports may be a development tool: `npm ci --omit=dev` would not install it.
const importados = new Set(Object.values(resultado.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path)));
const pacotesImportados = new Set([...importados].filter((i) => !i.startsWith('node:') && !builtinModules.includes(i)).map((i) => i.split('/').slice(0, i.startsWith('@') ? 2 : 1).join('/')));
const faltando = [...pacotesImportados].filter((p) => !externos.includes(p));
if (faltando.length) {
  console.error(`[cadastro] the built API imports packages that are not runtime dependencies of ${api}: ${faltando.join(', ')}`);
  process.exit(1);
}
const kb = (f) => Math.round(fs.statSync(path.join(saida, f)).size / 1024);
console.log(`[cadastro] API built in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${saida}/main.js ${kb('main.js')} kB, trabalhador.js ${kb('trabalhador.js')} kB (+ source maps, migrations)`);
