import { PROGRESS_BAR } from '@cadastro/domain';

/**
 * A top progress bar shared by navigation and HTTP calls (§9: minimum 0.15, speed 200 ms,
 * trickle 250 ms). Tiny store instead of a dependency: subscribers get the current value
 * (null = hidden).
 */
type Listener = (v: number | null) => void;
let active = 0;
let value: number | null = null;
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<Listener>();

function emit() {
  for (const l of listeners) l(value);
}

export const progress = {
  subscribe(l: Listener) {
    listeners.add(l);
    return () => void listeners.delete(l);
  },
  start() {
    active++;
    if (active > 1) return;
    value = PROGRESS_BAR.minimum;
    emit();
    clearInterval(timer);
    timer = setInterval(() => {
      if (value === null) return;
      value = Math.min(0.994, value + (1 - value) * 0.08);
      emit();
    }, PROGRESS_BAR.trickleMs);
  },
  done() {
    active = Math.max(0, active - 1);
    if (active > 0) return;
    clearInterval(timer);
    value = 1;
    emit();
    setTimeout(() => {
      if (active === 0) {
        value = null;
        emit();
      }
    }, PROGRESS_BAR.speedMs);
  },
};
