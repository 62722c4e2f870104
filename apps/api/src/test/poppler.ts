import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inflateSync } from 'node:zlib';

/**
 * A PDF's first page as a reader sees it, through poppler (scripts/ensure-debian.sh installs it):
 * `pdftoppm -png` draws it, `pdftotext -layout` reads it back line by line, cells side by side.
 */
const exec = promisify(execFile);

export interface PrimeiraPagina {
  /** The PNG as drawn (50 dpi). */
  png: Buffer;
  largura: number;
  altura: number;
  /** Share of the pixels that are not white (0 = a blank page). */
  tinta: number;
  /** pdftotext -layout of page 1. */
  texto: string;
}

export async function primeiraPagina(pdf: Uint8Array, guardarEm?: string): Promise<PrimeiraPagina> {
  const dir = await mkdtemp(join(tmpdir(), 'cadastro-pdf-'));
  try {
    const arquivo = join(dir, 'doc.pdf');
    await writeFile(arquivo, pdf);
    await exec('pdftoppm', ['-png', '-gray', '-r', '50', '-f', '1', '-l', '1', '-singlefile', arquivo, join(dir, 'p1')]);
    const png = await readFile(join(dir, 'p1.png'));
    if (guardarEm) await writeFile(guardarEm, png);
    const { stdout: texto } = await exec('pdftotext', ['-layout', '-f', '1', '-l', '1', arquivo, '-'], { maxBuffer: 16 * 1024 * 1024 });
    return { png, ...lerPng(png), texto };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Width, height and ink of an 8-bit grey or RGB PNG (what pdftoppm writes): IDAT inflated, rows unfiltered. */
function lerPng(png: Buffer): { largura: number; altura: number; tinta: number } {
  if (png.toString('latin1', 1, 4) !== 'PNG') throw new Error('not a PNG');
  const largura = png.readUInt32BE(16);
  const altura = png.readUInt32BE(20);
  const canais = ({ 0: 1, 2: 3 } as Record<number, number>)[png[25]!];
  if (png[24] !== 8 || !canais) throw new Error(`PNG neither 8-bit grey nor RGB (depth ${png[24]}, colour type ${png[25]})`);
  const idat: Buffer[] = [];
  for (let i = 8; i < png.length; ) {
    const n = png.readUInt32BE(i);
    if (png.toString('latin1', i + 4, i + 8) === 'IDAT') idat.push(png.subarray(i + 8, i + 8 + n));
    i += 12 + n;
  }
  const cru = inflateSync(Buffer.concat(idat));
  const passo = largura * canais;
  let anterior = Buffer.alloc(passo);
  let escuros = 0;
  for (let y = 0; y < altura; y++) {
    const filtro = cru[y * (passo + 1)]!;
    const linha = Buffer.from(cru.subarray(y * (passo + 1) + 1, (y + 1) * (passo + 1)));
    for (let x = 0; x < passo; x++) {
      const a = x >= canais ? linha[x - canais]! : 0;
      const b = anterior[x]!;
      const c = x >= canais ? anterior[x - canais]! : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      linha[x] = (linha[x]! + ([0, a, b, (a + b) >> 1, paeth][filtro] ?? 0)) & 0xff;
    }
    for (let x = 0; x < passo; x += canais) {
      let soma = 0;
      for (let k = 0; k < canais; k++) soma += linha[x + k]!;
      if (soma / canais < 200) escuros++;
    }
    anterior = linha;
  }
  return { largura, altura, tinta: escuros / (largura * altura) };
}
