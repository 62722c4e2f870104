/**
 * How Brazilians write one name two ways (#43): the table the name search screen forgives with, used by
 * the API (which words of the vocabulary a typed word stands for) and by the relevance bench. Every
 * function takes words already normalized as the names are stored (lower case, no accents:
 * cadastro_normaliza), so "Conceição" arrives as "conceicao".
 */

/** Connectives a clerk may leave out or add ("Maria da Silva" = "Maria Silva"); "&" is "e". */
export const CONECTIVOS: ReadonlySet<string> = new Set(['da', 'de', 'do', 'das', 'dos', 'e', '&', "d'"]);

/**
 * Abbreviations and legal suffixes written either way: each line one meaning. The search looks each
 * form up as a whole word, bare or followed by a dot or comma ("ltda." in a stored name).
 */
export const ABREVIACOES: readonly (readonly string[])[] = [
  ['ltda', 'limitada'],
  ['cia', 'companhia', 'comp'],
  ['sa', 's.a.', 's.a', 's/a'],
  ['e', '&'],
  ['me', 'microempresa'],
  ['epp', 'empresa de pequeno porte'],
  // Not "com": in names it is mostly the preposition ("PADARIA COM PREDOMINÂNCIA DE REVENDA").
  ['comercio', 'comerc'],
  ['ind', 'industria', 'indl'],
  ['dist', 'distrib', 'distribuidora'],
  ['serv', 'servicos', 'svcs'],
  ['adm', 'administracao', 'administradora'],
  ['assoc', 'associacao'],
  ['transp', 'transportes', 'transportadora'],
  ['empr', 'empreendimentos', 'empreend'],
  ['const', 'construcoes', 'construtora'],
  ['eng', 'engenharia'],
  ['rep', 'representacoes', 'repres'],
  ['agropec', 'agropecuaria'],
  ['coop', 'cooperativa'],
  ['sr', 'senhor'],
  ['sta', 'santa'],
  ['sto', 'santo'],
  ['n.s.', 'nossa senhora', 'ns'],
];

const PONTUACAO_FINAL = /[.,;:]+$/;
/** A stored word without the punctuation that may follow it ("ltda." → "ltda"). */
export const semPontuacaoFinal = (palavra: string) => (palavra.length > 1 ? palavra.replace(PONTUACAO_FINAL, '') : palavra);

const POR_FORMA = new Map<string, readonly string[]>();
for (const linha of ABREVIACOES) for (const forma of linha) POR_FORMA.set(forma, linha);

/** The other one-word forms of a word's abbreviation line ("limitada" → ["ltda"]), without itself. */
export function abreviacoes(palavra: string): string[] {
  const p = semPontuacaoFinal(palavra);
  const linha = POR_FORMA.get(p) ?? POR_FORMA.get(`${p}.`);
  return (linha ?? []).filter((f) => f !== p && !f.includes(' '));
}

/**
 * The sound of a word, as Portuguese spelling varies: two words with the same key are read alike
 * (Souza/Sousa, Luiz/Luis, Thiago/Tiago, Phelipe/Felipe, Yara/Iara, Walter/Valter, Kátia/Cátia,
 * Chavier/Xavier, Cecília/Secília, Jeferson/Geferson, Helena/Elena, Pereirra/Pereira). The order matters:
 * digraphs before single letters, then the mute h, then double letters.
 */
export function chaveSonora(palavra: string): string {
  let k = semPontuacaoFinal(palavra)
    .replace(/ph/g, 'f')
    .replace(/th/g, 't')
    .replace(/ch/g, 'x')
    // y is i before the soft c and g are read: "cya" is "cia", "gyovanna" "giovanna".
    .replace(/y/g, 'i')
    .replace(/sc(?=[ei])/g, 's')
    .replace(/c(?=[ei])/g, 's')
    .replace(/g(?=[ei])/g, 'j')
    .replace(/qu(?=[ei])/g, 'k')
    .replace(/w/g, 'v')
    .replace(/c/g, 'k')
    .replace(/z/g, 's')
    // h keeps its sound only in ch (x above), lh and nh: elsewhere it is mute.
    .replace(/(^|[^ln])h/g, '$1');
  k = k.replace(/(.)\1+/g, '$1');
  return k;
}

/** How many edits a typed word may be from a stored one and still be "aproximado": one, two for long words. */
export const limiteDeErros = (palavra: string) => (palavra.length >= 8 ? 2 : palavra.length >= 4 ? 1 : 0);

/** Levenshtein distance, giving up (returning max + 1) as soon as it exceeds `max`. */
export function distanciaEdicao(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let antes = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const linha = [i];
    let menor = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(antes[j]! + 1, linha[j - 1]! + 1, antes[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      linha.push(v);
      if (v < menor) menor = v;
    }
    if (menor > max) return max + 1;
    antes = linha;
  }
  return Math.min(antes[b.length]!, max + 1);
}

/**
 * The words a name search looks for, from the normalized text: split on spaces, "&" read as "e",
 * connectives dropped (optional) unless the text is nothing else.
 */
export function palavrasDaBusca(normalizado: string): string[] {
  const todas = normalizado.split(/\s+/).filter(Boolean).map((w) => (w === '&' ? 'e' : w));
  const uteis = todas.filter((w) => !CONECTIVOS.has(w));
  return [...new Set(uteis.length ? uteis : todas)];
}

/**
 * A typed number (a MEI's CPF, a street number in a name) is only ever the beginning of a stored one:
 * it has no spelling variants, and one digit off is another person's CPF, not a typo of it.
 */
export const soDigitos = (palavra: string) => /^[0-9]+$/.test(palavra);

/** How a stored word relates to a typed one, best first; null when it does not match at all. */
export type Parentesco = 'PALAVRAS' | 'VARIANTE' | 'APROXIMADO';
export function parentesco(digitada: string, guardada: string): Parentesco | null {
  const g = semPontuacaoFinal(guardada);
  if (guardada.startsWith(digitada) || g === digitada) return 'PALAVRAS';
  if (soDigitos(digitada)) return null;
  if (abreviacoes(digitada).includes(g)) return 'VARIANTE';
  const k = chaveSonora(digitada);
  if (k.length > 1 && chaveSonora(g) === k) return 'VARIANTE';
  return distanciaEdicao(digitada, g, limiteDeErros(digitada)) <= limiteDeErros(digitada) ? 'APROXIMADO' : null;
}
