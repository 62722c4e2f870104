import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/** Where PGlite keeps its data dir inside its own file system (in memory, or the real folder mounted there). */
const PGDATA = '/pglite/data';

/**
 * The embedded data dir copied into `destino` (a folder that does not exist yet) as it is at one
 * instant: PGlite runs one statement at a time, and none runs during the copy. A transaction in
 * flight is in its WAL only and is rolled back when the copy opens — the state a crash would leave.
 * The CHECKPOINT before it spares the copy that replay. A folder on disk is copied by the kernel
 * (a reflink where the file system has them), so the database waits only as long as the disk copies
 * and the process's memory does not grow; an in-memory database (tests) is written out file by file.
 */
export async function copiarDataDir(client: PGlite, dir: string | undefined, destino: string): Promise<void> {
  await client.exec('CHECKPOINT');
  await client.runExclusive(async () => {
    if (dir) {
      await fs.promises.cp(dir, destino, { recursive: true, mode: fs.constants.COPYFILE_FICLONE });
      return;
    }
    const FS = client.Module.FS;
    const copiar = (de: string, para: string) => {
      fs.mkdirSync(para, { recursive: true });
      for (const nome of FS.readdir(de)) {
        if (nome === '.' || nome === '..') continue;
        const st = FS.stat(`${de}/${nome}`);
        if (FS.isDir(st.mode)) copiar(`${de}/${nome}`, path.join(para, nome));
        else fs.writeFileSync(path.join(para, nome), FS.readFile(`${de}/${nome}`));
      }
    };
    copiar(PGDATA, destino);
  });
}
