import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Template databases shared by the test files of one `vitest run` (issue #34 §7): a migrated database
 * with its reference data and demo accounts — and, when a file asks for it, a generated registry — is
 * made once per kind, then every file starts from a copy of it instead of repeating initdb, the
 * migrations and the generation. Copies, never the template itself: files stay isolated.
 *
 * The unseeded one is made by global-setup.ts before any file starts (no file's set-up pays for it);
 * a seeded one by the worker that first needs it, holding a lock (a directory: mkdir is atomic) while
 * the others wait for its `.ready` file. Everything lives in the run's folder made by
 * global-setup.ts, which removes it (and the server's template databases) at the end.
 *
 * On a PostgreSQL server a template is a database named for its kind and the run (`tpl_<kind>_<run>`):
 * two runs on one server never share a name, and one run's teardown never drops another's template
 * (issue #39 §12: a fixed name, left behind by a run killed before its teardown, failed every later run).
 */

export async function modelo(dir: string, chave: unknown, fazer: (arquivoBase: string) => Promise<string>): Promise<string> {
  const id = crypto.createHash('sha256').update(JSON.stringify(chave)).digest('hex').slice(0, 12);
  const pronto = path.join(dir, `${id}.ready`);
  const trava = path.join(dir, `${id}.lock`);
  for (;;) {
    const feito = await fs.readFile(pronto, 'utf8').catch(() => undefined);
    if (feito !== undefined) return feito;
    const minha = await fs.mkdir(trava).then(() => true, (e: NodeJS.ErrnoException) => {
      if (e.code === 'EEXIST') return false;
      throw e;
    });
    if (!minha) {
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    try {
      const valor = await fazer(path.join(dir, id));
      // Written whole, then renamed: a waiting worker never reads half a name.
      await fs.writeFile(`${pronto}.tmp`, valor);
      await fs.rename(`${pronto}.tmp`, pronto);
      return valor;
    } finally {
      // On failure the next worker tries again (and fails with its own error, not a hang).
      await fs.rm(trava, { recursive: true, force: true });
    }
  }
}

/** The run's id, the hex suffix of its folder (global-setup.ts names it so). */
export function execucaoDaPasta(dir: string): string {
  const m = /-([0-9a-f]{8})$/.exec(path.basename(dir));
  return m ? m[1]! : crypto.createHash('sha256').update(dir).digest('hex').slice(0, 8);
}
