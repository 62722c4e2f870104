import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * The first page load's JavaScript budget: what index.html loads before anything else (its module
 * script and every modulepreload), gzipped. Heavy widgets belong to the lazy routes that use them.
 */
export const INITIAL_JS_BUDGET_BYTES = 250_000;

export interface ChunkSize {
  file: string;
  gzipBytes: number;
}

/** The JavaScript files index.html loads at once: `<script type="module" src>` and `<link rel="modulepreload" href>`. */
export function initialScripts(html: string): string[] {
  const files = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
    const isScript = /^<script/i.test(tag) && attr('type') === 'module';
    const isPreload = /^<link/i.test(tag) && attr('rel') === 'modulepreload';
    const url = isScript ? attr('src') : isPreload ? attr('href') : undefined;
    if (url?.endsWith('.js')) files.add(url.replace(/^\.?\//, ''));
  }
  return [...files];
}

/** Sums the sizes and says whether they fit; the report names the figure and the biggest files. */
export function checkBudget(sizes: readonly ChunkSize[], budgetBytes = INITIAL_JS_BUDGET_BYTES): { totalBytes: number; ok: boolean; report: string } {
  const totalBytes = sizes.reduce((n, s) => n + s.gzipBytes, 0);
  const ok = totalBytes <= budgetBytes;
  const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
  const biggest = [...sizes].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 5).map((s) => `    ${kb(s.gzipBytes).padStart(9)}  ${s.file}`);
  const report = [
    `initial JavaScript (index.html script + modulepreload, gzip): ${kb(totalBytes)} of ${kb(budgetBytes)} in ${sizes.length} files${ok ? '' : ' — OVER BUDGET'}`,
    ...biggest,
  ].join('\n');
  return { totalBytes, ok, report };
}

export const gzipBytes = (code: string | Uint8Array) => gzipSync(code, { level: 9 }).length;

/** Fails `vite build` when the first load's JavaScript is over the budget; prints the figure either way. */
export function bundleBudget(budgetBytes = INITIAL_JS_BUDGET_BYTES): Plugin {
  return {
    name: 'cadastro:bundle-budget',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = Object.values(bundle).find((f) => f.type === 'asset' && f.fileName === 'index.html');
      if (!html || html.type !== 'asset') return this.error('bundle budget: index.html is not in the bundle');
      const sizes = initialScripts(String(html.source)).map((file) => {
        const chunk = bundle[file];
        if (!chunk) return this.error(`bundle budget: index.html loads ${file}, which the bundle does not have`);
        return { file, gzipBytes: gzipBytes(chunk.type === 'chunk' ? chunk.code : chunk.source) };
      });
      const { ok, report } = checkBudget(sizes, budgetBytes);
      this.info(report);
      if (!ok) this.error(`${report}\nMove heavy widgets into the lazy routes that use them (apps/web/src/app/routes.tsx).`);
    },
  };
}
