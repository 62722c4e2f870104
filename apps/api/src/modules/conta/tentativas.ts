import type { AppContext } from '../../platform/context.js';
import { tooManyRequests } from '../../platform/errors/problem.js';
import * as repo from './repository.js';

/** An address over its failure limit waits this long before each check. */
const ADDRESS_OVER_LIMIT_DELAY_MS = 1_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Every check of a secret (a password, a second-factor code: each under its own key) counts as a
 * failure until it is proven, against the limits kept in the database: 429 over them. An address over
 * its limit waits before the check. The caller marks the attempt succeeded (markAttemptSucceeded).
 */
export async function contarTentativa(ctx: AppContext, chave: string, remoteAddress: string): Promise<{ id: number }> {
  const { login: lim } = ctx.config;
  const since = new Date(Date.now() - lim.windowMinutes * 60_000).toISOString();
  const tentativa = await ctx.database.db.transaction(async (tx) => {
    await repo.lockLogin(tx, chave);
    const f = await repo.recentFailures(tx, chave, remoteAddress, since);
    const addressOver = f.byAddress >= lim.maxFailuresPerAddress;
    if (f.byLogin >= lim.maxFailuresPerAccount || (addressOver && f.byLoginFromAddress > 0)) return null;
    return { id: await repo.recordLoginAttempt(tx, chave, remoteAddress, false), addressOver };
  });
  if (!tentativa) {
    throw tooManyRequests(`Too many failed sign-in attempts. Try again in ${lim.windowMinutes} minutes.`, lim.windowMinutes * 60);
  }
  if (tentativa.addressOver) await sleep(ADDRESS_OVER_LIMIT_DELAY_MS);
  return tentativa;
}
