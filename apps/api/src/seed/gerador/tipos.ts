import { PORTE_MEI } from '../referencia/tabelas.js';
import { CACEAL_POR_TIPO, TIPOS_CACEAL } from '@cadastro/domain';

export const TIPO = { NORMAL: 0, PRODUTOR_RURAL: 3, SUBSTITUTO: 5, AMBULANTE: 7, MICROEMPRESA: 8 } as const;

/** The most registrations a generated registry can hold: the CACEAL numbering space (5 types × 100,000). */
export const MAX_CONTRIBUINTES = TIPOS_CACEAL.length * CACEAL_POR_TIPO;

/** Refuses a registry larger than the CACEAL numbering space, before anything is written. */
export function conferirCapacidade(total: number) {
  if (total > MAX_CONTRIBUINTES) {
    throw new Error(`At most ${MAX_CONTRIBUINTES.toLocaleString('en')} taxpayers (asked for ${total.toLocaleString('en')}): the CACEAL's third digit is the taxpayer type (SINTEGRA's rule for AL), so each of the ${TIPOS_CACEAL.length} types has ${CACEAL_POR_TIPO.toLocaleString('en')} numbers.`);
  }
}

export const ehMicro = (porte: number | null) => porte === 1 || porte === PORTE_MEI;

/**
 * The taxpayer type (ref_tipo_contribuinte) a clerk would expect of the activity and the size: a rural
 * producer farms, breeds, fishes or plants forests (CNAE section A, divisions 01–03); a tax substitute is
 * a larger industry or wholesaler (divisions 10–33, 46; the operational data puts its head office in
 * another State); a street vendor is a micro retailer (division 47); other micro companies and MEIs are
 * MICROEMPRESA; the rest NORMAL. Which of the eligible companies are substitutes or vendors goes by the
 * company's sequence.
 */
export function tipoContribuinte(cnae: string, porte: number | null, empresa: number): number {
  const divisao = Number(cnae.slice(0, 2));
  if (divisao <= 3) return TIPO.PRODUTOR_RURAL;
  const micro = ehMicro(porte);
  if (!micro && ((divisao >= 10 && divisao <= 33) || divisao === 46) && empresa % 4 === 0) return TIPO.SUBSTITUTO;
  if (micro && divisao === 47 && empresa % 5 === 0) return TIPO.AMBULANTE;
  return micro ? TIPO.MICROEMPRESA : TIPO.NORMAL;
}

/**
 * How many registrations of each type the registry gets. The CACEAL's third digit is the type, so a
 * type holds at most 100,000 numbers. While the natural shares (what the activity and size give) fit
 * under that with a margin, every company keeps its natural type. Beyond, each type gets a quota
 * (water-filling: full types at 100,000, the rest in natural proportion) and companies are paced
 * against it: one whose natural type is ahead of its quota goes to the type furthest behind, and the
 * generator then fits its activity and size to that type.
 */
export class CotasTipo {
  private readonly cota: Map<number, number> | null;
  private readonly usados = new Map<number, number>(TIPOS_CACEAL.map((t) => [t, 0]));

  constructor(
    private readonly total: number,
    naturais: Map<number, number>,
  ) {
    conferirCapacidade(total);
    const cabe = total <= maiorRegistroFiel(naturais);
    this.cota = cabe ? null : distribuir(total, naturais);
  }

  /** The type of a company whose natural type is `natural`, after `feitos` registrations. */
  escolher(natural: number, feitos: number): number {
    const livre = (t: number) => this.espaco(t) > 0;
    if (!this.cota) return livre(natural) ? natural : this.maisAtrasado(feitos);
    const esperado = (this.cota.get(natural)! * feitos) / this.total;
    if (livre(natural) && this.usados.get(natural)! <= esperado) return natural;
    return this.maisAtrasado(feitos);
  }

  private maisAtrasado(feitos: number): number {
    let melhor: number = TIPOS_CACEAL[0];
    let folga = -Infinity;
    for (const t of TIPOS_CACEAL) {
      if (this.espaco(t) <= 0) continue;
      const alvo = this.cota ? (this.cota.get(t)! * feitos) / this.total : 0;
      const f = this.cota ? alvo - this.usados.get(t)! : this.espaco(t);
      if (f > folga) [melhor, folga] = [t, f];
    }
    return melhor;
  }

  /** Registrations type `t` may still take. */
  espaco(t: number): number {
    return (this.cota?.get(t) ?? CACEAL_POR_TIPO) - this.usados.get(t)!;
  }

  /** Takes the next number of type `t`: its sequence within the type (0-based). */
  proximo(t: number): number {
    const n = this.usados.get(t)!;
    this.usados.set(t, n + 1);
    return n;
  }
}

/** The margin kept under each type's 100,000 numbers: the shares are drawn, the counts vary around them. */
const MARGEM = 0.9;
const NOME_TIPO: Record<number, string> = { 0: 'NORMAL', 3: 'PRODUTOR RURAL', 5: 'SUBSTITUTO TRIBUTÁRIO', 7: 'MICROEMPRESA AMBULANTE', 8: 'MICROEMPRESA' };

/** The largest registry whose every type keeps its natural (published) share within the numbering, with the margin. */
export function maiorRegistroFiel(naturais: Map<number, number>): number {
  return Math.floor(Math.min(...TIPOS_CACEAL.map((t) => (MARGEM * CACEAL_POR_TIPO) / Math.max(naturais.get(t) ?? 0, 1e-9))));
}

/**
 * What a size beyond maiorRegistroFiel does to the mix, in words, or null when it fits: the types that fill
 * up, what each gets, and that the companies beyond a full type are fitted to another (activity, porte).
 */
export function avisoDeCurvatura(total: number, naturais: Map<number, number>): string | null {
  const maior = maiorRegistroFiel(naturais);
  if (total <= maior) return null;
  const cota = distribuir(total, naturais);
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  const linhas = TIPOS_CACEAL.map((t) => `    ${t} ${NOME_TIPO[t]!.padEnd(24)} published mix ${pct(naturais.get(t) ?? 0).padStart(7)} → ${cota.get(t)!.toLocaleString('en').padStart(7)} (${pct(cota.get(t)! / total)})`);
  return [
    `${total.toLocaleString('en')} taxpayers do not fit the CACEAL numbering in the published mix: each type has ${CACEAL_POR_TIPO.toLocaleString('en')} numbers (the third digit is the type), and the largest registry that keeps the published shares is ${maior.toLocaleString('en')}.`,
    '  The mix bends: the full types stop at their numbers, the others take the rest in their natural proportion, and the companies moved to another type get an activity and a porte of that type (so the porte and type shares drift from the published ones):',
    ...linhas,
  ].join('\n') + '\n';
}

/** Water-filling: types whose share would pass the cap get the cap; the rest share what is left. */
function distribuir(total: number, naturais: Map<number, number>): Map<number, number> {
  const cota = new Map<number, number>();
  let resto = total;
  let abertos: number[] = [...TIPOS_CACEAL];
  for (;;) {
    const soma = abertos.reduce((s, t) => s + Math.max(naturais.get(t) ?? 0, 1e-3), 0);
    const cheios = abertos.filter((t) => (Math.max(naturais.get(t) ?? 0, 1e-3) / soma) * resto > CACEAL_POR_TIPO);
    if (!cheios.length) break;
    for (const t of cheios) cota.set(t, CACEAL_POR_TIPO);
    resto -= cheios.length * CACEAL_POR_TIPO;
    abertos = abertos.filter((t) => !cheios.includes(t));
  }
  // Whole numbers summing to the total: floors, then the remainder one by one.
  const soma = abertos.reduce((s, t) => s + Math.max(naturais.get(t) ?? 0, 1e-3), 0);
  for (const t of abertos) cota.set(t, Math.floor((Math.max(naturais.get(t) ?? 0, 1e-3) / soma) * resto));
  let falta = total - [...cota.values()].reduce((s, n) => s + n, 0);
  for (const t of abertos) {
    if (falta > 0 && cota.get(t)! < CACEAL_POR_TIPO) {
      cota.set(t, cota.get(t)! + 1);
      falta--;
    }
  }
  return cota;
}

/** A bijection of 0..99,999: consecutive registrations of a type do not get consecutive numbers. */
export const embaralhar = (sequencial: number) => (sequencial * 38_197 + 50_021) % CACEAL_POR_TIPO;
