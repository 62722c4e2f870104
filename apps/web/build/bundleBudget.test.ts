import { describe, expect, it } from 'vitest';
import { bundleBudget, checkBudget, initialScripts, INITIAL_JS_BUDGET_BYTES } from './bundleBudget';

const html = `<!doctype html><html><head>
  <script type="module" crossorigin src="/assets/index-a1.js"></script>
  <link rel="modulepreload" crossorigin href="/assets/react-b2.js">
  <link rel="modulepreload" crossorigin href="/assets/Stack-c3.js">
  <link rel="stylesheet" crossorigin href="/assets/index-d4.css">
</head><body><div id="root"></div></body></html>`;

describe('first-load JavaScript budget', () => {
  it('counts the module script and every modulepreload of index.html, not the styles', () => {
    expect(initialScripts(html)).toEqual(['assets/index-a1.js', 'assets/react-b2.js', 'assets/Stack-c3.js']);
  });

  it('passes at the budget and fails one byte above it, naming the figure', () => {
    const at = checkBudget([{ file: 'a.js', gzipBytes: 200_000 }, { file: 'b.js', gzipBytes: 50_000 }]);
    expect(at).toMatchObject({ totalBytes: INITIAL_JS_BUDGET_BYTES, ok: true });
    const over = checkBudget([{ file: 'a.js', gzipBytes: 200_000 }, { file: 'b.js', gzipBytes: 50_001 }]);
    expect(over.ok).toBe(false);
    expect(over.report).toContain('250.0 kB of 250.0 kB');
    expect(over.report).toContain('OVER BUDGET');
    expect(over.report).toMatch(/200\.0 kB\s+a\.js/);
  });

  it('the vite plugin fails the build when the chunks index.html loads are over the budget', () => {
    const random = (n: number) => Array.from({ length: n }, () => Math.random().toString(36).slice(2)).join('');
    const bundle = {
      'index.html': { type: 'asset', fileName: 'index.html', source: html },
      'assets/index-a1.js': { type: 'chunk', fileName: 'assets/index-a1.js', code: random(4000) },
      'assets/react-b2.js': { type: 'chunk', fileName: 'assets/react-b2.js', code: random(100) },
      'assets/Stack-c3.js': { type: 'chunk', fileName: 'assets/Stack-c3.js', code: 'export const x = 1;' },
      'assets/lazy-e5.js': { type: 'chunk', fileName: 'assets/lazy-e5.js', code: random(100_000) },
    };
    const logs: string[] = [];
    const ctx = { info: (m: string) => logs.push(m), error: (m: string) => { throw new Error(m); } };
    const run = (budget: number) => (bundleBudget(budget).generateBundle as (this: unknown, o: unknown, b: unknown) => void).call(ctx, {}, bundle);
    // ~4,000 random 11-character words compress to ~30 kB: within 50 kB (the lazy chunk is not counted), over 10 kB.
    expect(() => run(50_000)).not.toThrow();
    expect(logs.at(-1)).toMatch(/initial JavaScript .* of 50\.0 kB in 3 files$/m);
    expect(() => run(10_000)).toThrow(/OVER BUDGET/);
  });
});
