import fs from 'node:fs';
import path from 'node:path';

/**
 * A folder as an uncompressed tar (ustar), read file by file as it is sent: memory stays one read
 * buffer whatever the folder's size. For a folder nobody writes while it is read (a backup's
 * snapshot): its listing and sizes are taken first, so the whole length is known before the first byte.
 */
export interface TarDePasta {
  bytes: number;
  corpo: AsyncGenerator<Buffer>;
}

const BLOCO = 512;
interface Entrada {
  nome: string;
  absoluto: string;
  tamanho: number;
  modo: number;
  mtime: number;
  pasta: boolean;
}

export async function tarDePasta(raiz: string): Promise<TarDePasta> {
  const entradas: Entrada[] = [];
  const percorrer = async (rel: string) => {
    for (const d of (await fs.promises.readdir(path.join(raiz, rel), { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const nome = rel ? `${rel}/${d.name}` : d.name;
      const absoluto = path.join(raiz, nome);
      const st = await fs.promises.stat(absoluto);
      const pasta = st.isDirectory();
      if (!pasta && !st.isFile()) continue; // a data dir holds files and folders only
      entradas.push({ nome: pasta ? `${nome}/` : nome, absoluto, tamanho: pasta ? 0 : st.size, modo: st.mode & 0o7777, mtime: Math.floor(st.mtimeMs / 1000), pasta });
      if (pasta) await percorrer(nome);
    }
  };
  await percorrer('');
  const bytes = entradas.reduce((s, e) => s + BLOCO + Math.ceil(e.tamanho / BLOCO) * BLOCO, 0) + 2 * BLOCO;
  return { bytes, corpo: corpo(entradas) };
}

async function* corpo(entradas: Entrada[]): AsyncGenerator<Buffer> {
  for (const e of entradas) {
    yield cabecalho(e);
    if (e.tamanho === 0) continue;
    let lidos = 0;
    for await (const pedaco of fs.createReadStream(e.absoluto, { end: e.tamanho - 1, highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
      lidos += pedaco.length;
      yield pedaco;
    }
    // The length was announced: a file that shrank would make every header after it garbage.
    if (lidos !== e.tamanho) throw new Error(`tar: ${e.nome} changed while it was read (${lidos} of ${e.tamanho} bytes)`);
    const resto = e.tamanho % BLOCO;
    if (resto) yield Buffer.alloc(BLOCO - resto);
  }
  yield Buffer.alloc(2 * BLOCO); // the end of the archive: two empty blocks
}

/** The ustar header: a name over 100 bytes goes into `prefix` (split at a '/'), up to 255 in all. */
function cabecalho(e: Entrada): Buffer {
  const h = Buffer.alloc(BLOCO);
  let nome = e.nome;
  let prefixo = '';
  if (Buffer.byteLength(nome) > 100) {
    const corte = nome.lastIndexOf('/', nome.length - 2);
    prefixo = nome.slice(0, corte);
    nome = nome.slice(corte + 1);
    if (corte < 0 || Buffer.byteLength(nome) > 100 || Buffer.byteLength(prefixo) > 155) throw new Error(`tar: name too long: ${e.nome}`);
  }
  const octal = (v: number, largura: number, pos: number) => h.write(`${v.toString(8).padStart(largura - 1, '0')}\0`, pos, 'ascii');
  h.write(nome, 0, 100, 'utf8');
  octal(e.modo, 8, 100);
  octal(0, 8, 108); // uid
  octal(0, 8, 116); // gid
  octal(e.tamanho, 12, 124);
  octal(e.mtime, 12, 136);
  h.write(e.pasta ? '5' : '0', 156, 'ascii');
  h.write('ustar\0' + '00', 257, 'ascii');
  h.write(prefixo, 345, 155, 'utf8');
  h.fill(' ', 148, 156); // the checksum is summed with its own field as spaces
  let soma = 0;
  for (const b of h) soma += b;
  h.write(`${soma.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return h;
}
