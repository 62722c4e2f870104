import { cnpjFromRoot, generateCnpjRoot, generateCpf, seededRng } from '@cadastro/domain';

export const NOMES = ['ANA', 'BRUNO', 'CARLA', 'DIEGO', 'ELAINE', 'FABIO', 'GISELE', 'HUGO', 'IRACEMA', 'JOAO'];
export const SOBRENOMES = ['ALVES', 'BARROS', 'CAVALCANTI', 'DANTAS', 'FERRO', 'LINS', 'MELO', 'TENORIO', 'VASCONCELOS', 'WANDERLEY'];
const RAMOS = ['COMERCIO DE ALIMENTOS', 'SERVICOS CONTABEIS', 'TRANSPORTES', 'CONFECCOES', 'MATERIAIS DE CONSTRUCAO'];

/**
 * The documents (and names) of the people only the federal registry knows, for a seed: pure, so the
 * browser tests can name one without reading the database.
 */
export function documentosSoNaReceita(seed: number, quantos = 40) {
  const rng = seededRng(seed * 7919 + 11);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rng() * xs.length)]!;
  const cpfs: { doc: string; nome: string; n: number }[] = [];
  const cnpjs: { doc: string; nome: string; n: number }[] = [];
  for (let i = 0; i < quantos; i++) {
    cpfs.push({ doc: generateCpf(rng), nome: `${pick(NOMES)} ${pick(SOBRENOMES)} ${pick(SOBRENOMES)}`, n: i });
    // Every fourth one alphanumeric, as registrations from July 2026 are.
    cnpjs.push({ doc: cnpjFromRoot(generateCnpjRoot(rng, i % 4 === 3), 1), nome: `${pick(SOBRENOMES)} ${pick(RAMOS)} LTDA`, n: i });
  }
  return { cpfs, cnpjs, pick };
}
