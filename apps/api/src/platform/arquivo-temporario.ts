import { EventEmitter } from 'node:events';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';

/**
 * A temporary file one side writes at its own speed while the other reads it as it grows: a download
 * decoupled from what produces it. A report's spreadsheet is written here as fast as the database and
 * the zip go, so a client that reads slowly (or not at all) holds disk, never a database connection
 * or its snapshot. The file is unlinked as soon as it is open (Linux keeps it while the descriptor
 * lives): a process that dies leaves nothing behind. Closed when both sides are done.
 */
export async function arquivoTemporario(prefixo = 'cadastro-'): Promise<{ escrita: Writable; leitura: Readable; escritos: () => number; lidos: () => number }> {
  const nome = path.join(os.tmpdir(), `${prefixo}${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  const arquivo = await fs.open(nome, 'w+', 0o600);
  await fs.unlink(nome).catch(() => undefined);
  let escritos = 0;
  let lidos = 0;
  let fimEscrita: 'aberta' | 'fim' | 'erro' = 'aberta';
  let erroEscrita: Error | null = null;
  const avanco = new EventEmitter();
  let abertos = 2;
  const soltar = () => {
    if (--abertos === 0) void arquivo.close().catch(() => undefined);
  };

  const escrita = new Writable({
    highWaterMark: 256 * 1024,
    write(chunk: Buffer, _enc, done) {
      arquivo.write(chunk, 0, chunk.length, escritos).then(
        ({ bytesWritten }) => {
          escritos += bytesWritten;
          avanco.emit('avanco');
          done();
        },
        (e: Error) => done(e),
      );
    },
    final(done) {
      fimEscrita = 'fim';
      avanco.emit('avanco');
      done();
    },
    destroy(e, done) {
      if (fimEscrita === 'aberta') {
        fimEscrita = 'erro';
        erroEscrita = e ?? new Error('the writer of the temporary file stopped before its end');
      }
      avanco.emit('avanco');
      soltar();
      done(e);
    },
  });

  let lendo = false;
  const leitura = new Readable({
    highWaterMark: 64 * 1024,
    read(tamanho) {
      if (lendo) return;
      lendo = true;
      const proximo = () => {
        if (leitura.destroyed) return;
        if (lidos < escritos) {
          const buf = Buffer.allocUnsafe(Math.min(Math.max(tamanho, 16 * 1024), escritos - lidos));
          arquivo.read(buf, 0, buf.length, lidos).then(
            ({ bytesRead }) => {
              lidos += bytesRead;
              lendo = false;
              leitura.push(buf.subarray(0, bytesRead));
            },
            (e: Error) => leitura.destroy(e),
          );
        } else if (fimEscrita === 'fim') {
          lendo = false;
          leitura.push(null);
        } else if (fimEscrita === 'erro') {
          lendo = false;
          leitura.destroy(erroEscrita ?? undefined);
        } else avanco.once('avanco', proximo);
      };
      proximo();
    },
    destroy(e, done) {
      avanco.removeAllListeners();
      soltar();
      done(e);
    },
  });
  return { escrita, leitura, escritos: () => escritos, lidos: () => lidos };
}
