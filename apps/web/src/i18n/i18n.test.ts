import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import ptBr from './pt-br';
import en from './en';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return files(p);
    return /\.(ts|tsx)$/.test(d.name) && !d.name.endsWith('.test.ts') ? [p] : [];
  });
}

function lookup(obj: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
}

/** Every literal key the code translates, e.g. t('audits.title') or labelKey: 'global.menu.home'. */
function usedKeys(): string[] {
  const keys = new Set<string>();
  for (const f of files(src)) {
    const text = fs.readFileSync(f, 'utf8');
    for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) keys.add(m[1]!);
    for (const m of text.matchAll(/(?:labelKey|titleKey):\s*'([a-zA-Z0-9_.]+)'/g)) keys.add(m[1]!);
  }
  return [...keys].sort();
}

describe('i18n', () => {
  const keys = usedKeys();
  it('finds the keys used by the code', () => {
    expect(keys.length).toBeGreaterThan(100);
  });
  it.each([
    ['pt-br', ptBr],
    ['en', en],
  ])('every key used resolves to a text in %s', (_lang, messages) => {
    const missing = keys.filter((k) => typeof lookup(messages, k) !== 'string');
    expect(missing).toEqual([]);
  });
  it('pt-BR keeps the accents of the spec texts', () => {
    expect(ptBr.error.http['403']).toBe('Você não tem autorização para acessar esta página.');
    expect(ptBr.global.messages.error.dontmatch).toBe('A senha e sua confirmação não conferem!');
  });
});
