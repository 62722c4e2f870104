import type { FastifyBaseLogger } from 'fastify';
import type { LOG_LEVELS } from '@cadastro/domain';

type Level = (typeof LOG_LEVELS)[number];

/**
 * One named logger per module ("cadastro.conta", …) whose level an administrator changes at run
 * time (§2 logs). Levels live in this process: each replica is changed on its own.
 */
export class LoggerRegistry {
  private readonly loggers = new Map<string, FastifyBaseLogger>();
  constructor(private readonly root: FastifyBaseLogger) {
    this.loggers.set('cadastro', root);
  }

  get(module: string): FastifyBaseLogger {
    const name = `cadastro.${module}`;
    let l = this.loggers.get(name);
    if (!l) {
      l = this.root.child({ module });
      this.loggers.set(name, l);
    }
    return l;
  }

  list(): { name: string; level: Level }[] {
    return [...this.loggers.entries()]
      .map(([name, l]) => ({ name, level: toLevel(l.level) }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Returns false for an unknown logger. */
  setLevel(name: string, level: Level): boolean {
    const l = this.loggers.get(name);
    if (!l) return false;
    l.level = level.toLowerCase();
    return true;
  }
}

function toLevel(pinoLevel: string): Level {
  switch (pinoLevel) {
    case 'trace':
      return 'TRACE';
    case 'debug':
      return 'DEBUG';
    case 'warn':
      return 'WARN';
    case 'error':
    case 'fatal':
    case 'silent':
      return 'ERROR';
    default:
      return 'INFO';
  }
}
