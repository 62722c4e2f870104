/**
 * SINTEGRA's rule for Alagoas: the CACEAL is 24 T NNNNN + check digit, T the taxpayer type
 * (0 normal, 3 produtor rural, 5 substituto, 7 ambulante, 8 microempresa). Local until
 * packages/domain carries the same three names; then this file goes and the import changes.
 */
export const TIPOS_CACEAL = [0, 3, 5, 7, 8] as const;
/** Numbers per type: the five NNNNN digits. */
export const CACEAL_POR_TIPO = 100_000;

/** The 8-digit CACEAL (without its check digit) of the `sequencial`-th number of a type. */
export function cacealDoTipo(tipo: number, sequencial: number): number {
  if (!(TIPOS_CACEAL as readonly number[]).includes(tipo)) throw new Error(`tipo de contribuinte sem dígito CACEAL: ${tipo}`);
  if (!Number.isInteger(sequencial) || sequencial < 0 || sequencial >= CACEAL_POR_TIPO) throw new Error(`sequencial CACEAL fora de 0..${CACEAL_POR_TIPO - 1}: ${sequencial}`);
  return 24_000_000 + tipo * CACEAL_POR_TIPO + sequencial;
}
