import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite allows one process per data directory; a second writer would silently lose data.
 * We take an exclusive lock file and refuse to start when a live process holds it.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'cadastro.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(lockPath, holder);
      }
      fs.unlinkSync(lockPath); // stale lock of a process that died
    }
  }
  throw new Error(`Could not acquire ${lockPath}`);
}

export class DataDirLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly pid: number,
  ) {
    super(
      `The data directory is in use by another Cadastro process (pid ${pid}); lock file ${lockPath}. ` +
        'The embedded database accepts one process only: stop the other process, use another DATA_DIR, ' +
        'or set DATABASE_URL to a PostgreSQL server to run several replicas.',
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
