import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A throwaway PostgreSQL cluster of a test's own (initdb in a temp dir), which the test may stop,
 * start and restart without disturbing the shared server of the other test files.
 */
export class PgCluster {
  private constructor(
    private readonly bin: string,
    readonly dir: string,
    readonly port: number,
  ) {}

  static async create(): Promise<PgCluster> {
    const versions = fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b));
    const bin = `/usr/lib/postgresql/${versions.at(-1)}/bin`;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadastro-pgc-'));
    const c = new PgCluster(bin, dir, await freePort());
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
    c.run('initdb', ['-D', `${dir}/data`, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    c.start();
    return c;
  }

  /**
   * A hot standby of `primary` (pg_basebackup -R: streaming replication over loopback; initdb's
   * defaults already allow it: wal_level=replica, wal senders, a trusted replication entry in pg_hba).
   */
  static async replicaOf(primary: PgCluster): Promise<PgCluster> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadastro-pgr-'));
    const c = new PgCluster(primary.bin, dir, await freePort());
    try {
      if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
      c.run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', `${dir}/data`, '-R', '-X', 'stream', '-c', 'fast']);
      c.start();
    } catch (err) {
      c.destroy();
      throw err;
    }
    return c;
  }

  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private command(tool: string, args: string[]) {
    return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', `${this.bin}/${tool}`, ...args]] as const : [`${this.bin}/${tool}`, args] as const;
  }

  private run(tool: string, args: string[]) {
    const cmd = this.command(tool, args);
    execFileSync(cmd[0], [...cmd[1]], { stdio: 'ignore' });
  }

  /** The same, without holding the event loop (requests under test keep running meanwhile). */
  private runAsync(tool: string, args: string[]) {
    const cmd = this.command(tool, args);
    return new Promise<void>((ok, fail) => execFile(cmd[0], [...cmd[1]], (err) => (err ? fail(err) : ok())));
  }

  private startArgs() {
    return ['-D', `${this.dir}/data`, '-l', `${this.dir}/log`, '-w', '-o', `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start'];
  }

  start() {
    vivos.add(this);
    this.run('pg_ctl', this.startArgs());
  }

  startAsync() {
    return this.runAsync('pg_ctl', this.startArgs());
  }

  /** -m fast: what an operator's restart does (sessions are terminated, 57P01). */
  stop() {
    this.run('pg_ctl', ['-D', `${this.dir}/data`, '-m', 'fast', '-w', 'stop']);
  }

  stopAsync() {
    return this.runAsync('pg_ctl', ['-D', `${this.dir}/data`, '-m', 'fast', '-w', 'stop']);
  }

  destroy() {
    try {
      this.run('pg_ctl', ['-D', `${this.dir}/data`, '-m', 'immediate', 'stop']);
    } catch {
      // already stopped
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
    vivos.delete(this);
  }
}

/** Clusters not destroyed yet: a test run that ends early (a failed hook, Ctrl-C) leaves no server behind. */
const vivos = new Set<PgCluster>();
process.once('exit', () => {
  for (const c of vivos) c.destroy();
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address() as net.AddressInfo;
      s.close(() => resolve(a.port));
    });
    s.on('error', reject);
  });
}
