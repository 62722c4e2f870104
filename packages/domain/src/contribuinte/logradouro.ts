/**
 * Issue 40 §6: a street typed as read ("Rua do Sol") carries its type in its first word. That word (or
 * its usual abbreviation) sets the type and leaves the name, so the address is not saved as
 * "AVENIDA RUA DO SOL" because the type field kept what it had. The types are the registry's reference
 * table (ref_tipo_logradouro, the SPA's combo): a word that names none of them is left alone.
 */
export interface TipoLogradouroRef { id: number; descricao: string }

/** The Correios' abbreviations (DNE) clerks type for the common types. */
const ABREVIACOES: Record<string, string> = {
  R: 'RUA', AV: 'AVENIDA', AVEN: 'AVENIDA', TV: 'TRAVESSA', TRAV: 'TRAVESSA', PC: 'PRACA', PCA: 'PRACA', PRC: 'PRACA',
  ROD: 'RODOVIA', EST: 'ESTRADA', ESTR: 'ESTRADA', AL: 'ALAMEDA', LGO: 'LARGO', LG: 'LARGO', BC: 'BECO', CJ: 'CONJUNTO',
  CONJ: 'CONJUNTO', LOT: 'LOTEAMENTO', LD: 'LADEIRA', LAD: 'LADEIRA', COND: 'CONDOMINIO', RES: 'RESIDENCIAL', POV: 'POVOADO',
};

const semAcento = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();

/**
 * The type the street's first word names and the street without it; null when the first word names no
 * type of `tipos`, or nothing would be left of the name ("Avenida" alone stays as typed).
 */
export function separarTipoLogradouro(logradouro: string, tipos: readonly TipoLogradouroRef[]): { tipoLogradouroId: number; logradouro: string } | null {
  const m = /^\s*([^\s.]+)(\.?)\s+(\S.*)$/u.exec(logradouro);
  if (!m) return null;
  const palavra = semAcento(m[1]!);
  const nome = m[3]!.trim();
  // An abbreviation is taken with or without its dot; a full word only as itself.
  const alvo = ABREVIACOES[palavra] ?? (m[2] ? undefined : palavra);
  if (alvo === undefined || !nome) return null;
  const tipo = tipos.find((t) => semAcento(t.descricao) === alvo);
  return tipo ? { tipoLogradouroId: tipo.id, logradouro: nome } : null;
}
