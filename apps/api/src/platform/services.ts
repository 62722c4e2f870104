import type { HealthStatus } from '@cadastro/domain';

export interface CheckResult {
  status: HealthStatus;
  details?: Record<string, unknown>;
}

/** A part of the system (an external-system port, the mail transport…) that health and gateway report. */
export interface SystemService {
  id: string;
  /** What it serves, e.g. an API path or a protocol. */
  path: string;
  /** Where it is reached: a URL, or `simulator:<name>` for a built-in simulator. */
  uri: string;
  mode: 'simulator' | 'remote' | 'internal';
  check(): Promise<CheckResult>;
}

/** Integrations register themselves here; health and gateway read it, so a new port shows up in both. */
export class ServiceRegistry {
  private readonly services: SystemService[] = [];
  register(s: SystemService) {
    this.services.push(s);
  }
  all(): readonly SystemService[] {
    return this.services;
  }
}

/** Runs a check with a time limit; a throw or a timeout is DOWN with the reason. */
export async function runCheck(check: () => Promise<CheckResult>, timeoutMs = 3000): Promise<CheckResult> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      check(),
      new Promise<CheckResult>((resolve) => {
        timer = setTimeout(() => resolve({ status: 'DOWN', details: { error: `no answer in ${timeoutMs} ms` } }), timeoutMs);
      }),
    ]);
  } catch (err) {
    return { status: 'DOWN', details: { error: err instanceof Error ? err.message : String(err) } };
  } finally {
    clearTimeout(timer);
  }
}
