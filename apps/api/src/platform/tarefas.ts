import type { FastifyBaseLogger } from 'fastify';

/**
 * Work done after the answer (e.g. the password-reset mail, so that the answer and its timing do not
 * tell whether an address is registered). Kept track of, so that shutdown — and a test — can wait
 * for it instead of cutting it off.
 */
export class TarefasPosResposta {
  private readonly emCurso = new Set<Promise<void>>();
  constructor(private readonly log: FastifyBaseLogger) {}

  run(nome: string, fn: () => Promise<void>) {
    const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(fn)
      .catch((err: unknown) => this.log.error({ err }, `${nome} failed`))
      .finally(() => this.emCurso.delete(p));
    this.emCurso.add(p);
  }

  /** Resolves when everything started so far has ended. */
  async drain() {
    while (this.emCurso.size) await Promise.all([...this.emCurso]);
  }
}
