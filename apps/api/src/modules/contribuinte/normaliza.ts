/**
 * cadastro_normaliza (lower(unaccent(text)), migration 0002) computed here for the text a clerk types,
 * when the result of every character is known: printable ASCII (unaccent.rules maps none of it, and
 * lower() of ASCII is the same in every locale) and the accented Latin letters unaccent turns into one
 * base letter. Anything else (ligatures, other scripts, control characters) gives null: the database
 * normalizes it. A name search then sends the normalized text itself, so the planner has no function
 * to fold at each of the ~10 places the term appears, and a cached plan none to run on every row.
 * normaliza.test.ts checks every character against the database's own function.
 */
/** The characters known beyond ASCII (the test checks each one). */
export const ACENTUADAS_CONHECIDAS = 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿ';
const BASES = 'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyy';
const BASE = new Map([...ACENTUADAS_CONHECIDAS].map((c, i) => [c, BASES[i]!]));

export function normalizaNoApp(texto: string): string | null {
  let r = '';
  for (const c of texto) {
    const code = c.charCodeAt(0);
    if (code >= 0x20 && code <= 0x7e) r += code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : c;
    else {
      const b = BASE.get(c);
      if (b === undefined) return null;
      r += b;
    }
  }
  return r;
}

