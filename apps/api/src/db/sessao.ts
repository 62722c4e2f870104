/**
 * Settings every connection of the API starts with (PostgreSQL: startup options, so RESET and a
 * pooler's DISCARD ALL keep them; PGlite: SET once on open). Only the name search reads them
 * (busca-nome.ts): with them as the session's own, its statements need no transaction around a
 * set_config — three round trips fewer on every search that reaches the variants (#43).
 */
export const CONFIG_SESSAO: Readonly<Record<string, string>> = {
  // A stored word this similar to a typed one (trigrams) may be its variant or typo: 0.25, not pg_trgm's
  // 0.3, keeps one wrong letter in a 4-letter word ("rels" → REIS).
  'pg_trgm.similarity_threshold': '0.25',
};

/**
 * A pool's connection string and startup options: ours after the operator's, from the URL (`options=`, taken
 * out of it: its parameters would replace the pool's own) or else PGOPTIONS (which node-postgres reads only
 * when a pool sets none).
 */
export function conexaoComSessao(connectionString: string, pgOptions = process.env.PGOPTIONS): { connectionString: string; options: string } {
  const nossas = Object.entries(CONFIG_SESSAO).map(([k, v]) => `-c ${k}=${v}`).join(' ');
  const junto = (antes: string | null | undefined) => (antes ? `${antes} ${nossas}` : nossas);
  let u: URL;
  try {
    u = new URL(connectionString);
  } catch {
    return { connectionString, options: junto(pgOptions) }; // a libpq key=value string
  }
  const daUrl = u.searchParams.get('options');
  if (daUrl === null) return { connectionString, options: junto(pgOptions) };
  u.searchParams.delete('options');
  return { connectionString: u.toString(), options: junto(daUrl) };
}

/** The same settings as statements (PGlite, one connection). */
export const SET_SESSAO = Object.entries(CONFIG_SESSAO).map(([k, v]) => `set ${k} = ${v};`).join(' ');
