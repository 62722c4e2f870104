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
  // "Você quis dizer…": names holding words this close to the typed text (pg_trgm's default 0.6 offers none for most typos).
  'pg_trgm.word_similarity_threshold': '0.4',
};

/**
 * A pool's connection string and startup options: ours after any the URL carries (`options=`, taken
 * out of the URL, whose parameters would otherwise replace the pool's own).
 */
export function conexaoComSessao(connectionString: string): { connectionString: string; options: string } {
  const nossas = Object.entries(CONFIG_SESSAO).map(([k, v]) => `-c ${k}=${v}`).join(' ');
  let u: URL;
  try {
    u = new URL(connectionString);
  } catch {
    return { connectionString, options: nossas }; // a libpq key=value string: ours only
  }
  const antes = u.searchParams.get('options');
  if (antes === null) return { connectionString, options: nossas };
  u.searchParams.delete('options');
  return { connectionString: u.toString(), options: `${antes} ${nossas}` };
}

/** The same settings as statements (PGlite, one connection). */
export const SET_SESSAO = Object.entries(CONFIG_SESSAO).map(([k, v]) => `set ${k} = ${v};`).join(' ');
