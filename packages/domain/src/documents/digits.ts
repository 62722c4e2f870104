/** Keeps digits only (masks strip everything else, §5). */
export const onlyDigits = (v: string) => v.replace(/\D/g, '');
/** Keeps what a CNPJ may contain: digits and, since July 2026, upper-case letters. */
export const onlyCnpjChars = (v: string) => v.toUpperCase().replace(/[^0-9A-Z]/g, '');

/**
 * A tiny deterministic PRNG (mulberry32): the generator and tests need documents that are the same
 * for the same seed, which Math.random cannot give.
 */
export type Rng = () => number;
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const randomDigits = (rng: Rng, n: number) => Array.from({ length: n }, () => Math.floor(rng() * 10)).join('');
