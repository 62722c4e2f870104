import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tarDePasta } from './tar.js';

// The backup's tar writer, read back by the system's tar (what deploy/backup-embutido.sh restores with).
const raiz = fs.mkdtempSync(path.join(os.tmpdir(), 'cadastro-tar-'));
afterAll(() => fs.rmSync(raiz, { recursive: true, force: true }));

describe('tarDePasta', () => {
  it('writes every file and folder as they are (empty ones, a name over 100 bytes, several MB), in the length it announced', async () => {
    const origem = path.join(raiz, 'origem');
    const longa = path.join('a'.repeat(60), 'b'.repeat(60));
    fs.mkdirSync(path.join(origem, 'vazia'), { recursive: true });
    fs.mkdirSync(path.join(origem, longa), { recursive: true });
    fs.writeFileSync(path.join(origem, 'PG_VERSION'), '17\n');
    fs.writeFileSync(path.join(origem, 'vazio'), '');
    fs.writeFileSync(path.join(origem, longa, 'c'.repeat(20)), crypto.randomBytes(3 * 1024 * 1024 + 7));
    fs.chmodSync(path.join(origem, 'PG_VERSION'), 0o600);

    const tar = await tarDePasta(origem);
    const arquivo = path.join(raiz, 'x.tar');
    const partes: Buffer[] = [];
    for await (const b of tar.corpo) partes.push(b);
    fs.writeFileSync(arquivo, Buffer.concat(partes));
    expect(fs.statSync(arquivo).size).toBe(tar.bytes);

    const destino = path.join(raiz, 'destino');
    fs.mkdirSync(destino);
    execFileSync('tar', ['-xf', arquivo, '-C', destino]);
    const listar = (d: string): string[] =>
      fs.readdirSync(d, { recursive: true, encoding: 'utf8' }).sort().map((n) => {
        const p = path.join(d, n);
        const st = fs.statSync(p);
        return st.isDirectory() ? `${n}/` : `${n} ${(st.mode & 0o777).toString(8)} ${crypto.createHash('md5').update(fs.readFileSync(p)).digest('hex')}`;
      });
    expect(listar(destino)).toEqual(listar(origem));
    expect(listar(destino)).toContain('vazia/');
  });
});
