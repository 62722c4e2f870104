// CPU accounting from /proc for the benches (no environment needed to import it, unlike
// reliability-processos.ts, which re-exports it).
import fs from 'node:fs';

// CPU seconds of a process (and, for the postmaster, of its backends), from /proc: where the two
// cores went during a phase.
const TICK = 100;
export function cpuDe(pid: number, comFilhos = false): number {
  const campos = (p: number) => {
    try {
      const s = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      return s.slice(s.lastIndexOf(')') + 2).split(' ');
    } catch {
      return undefined;
    }
  };
  const f = campos(pid);
  if (!f) return NaN;
  // Fields after the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
  let t = Number(f[11]) + Number(f[12]);
  if (comFilhos) {
    t += Number(f[13]) + Number(f[14]);
    for (const d of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      const g = campos(Number(d));
      if (g && Number(g[1]) === pid) t += Number(g[11]) + Number(g[12]);
    }
  }
  return t / TICK;
}
/** The machine's CPU line of /proc/stat: user nice system idle iowait irq softirq steal … (ticks). */
const maquina = () => fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
/** Idle CPU seconds of the whole machine (all cores): whether a phase used every core. */
export const ocioDaMaquina = () => {
  const m = maquina();
  return (m[3]! + m[4]!) / TICK;
};
/** CPU seconds the hypervisor gave to other machines (steal): a noisy neighbour. */
export const rouboDaMaquina = () => maquina()[7]! / TICK;
