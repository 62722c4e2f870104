import type { Violacao } from './mensagens.js';
import { formaDaNatureza, NATUREZA } from './qsa.js';

/** Company size of the registry (ref_porte; 3 is MEI, spec §9). */
export const PORTE = { ME: 1, EPP: 2, MEI: 3, DEMAIS: 4 } as const;

export interface Enquadramento {
  naturezaJuridicaId: number | null | undefined;
  porteId: number | null | undefined;
  ehMei: boolean;
  ehOptanteSimples: boolean;
}

/**
 * LC 123/2006: an S.A. or a cooperative is neither ME/EPP (art. 3º, § 4º, VI and X) nor in the Simples;
 * MEI is a sole proprietor (213-5) of porte MEI in the Simples (art. 18-A); the Simples is for ME, EPP
 * and MEI only (art. 3º, art. 12). What the registry holds after the change is judged.
 */
export function violacaoEnquadramento(e: Enquadramento): Violacao | null {
  const pequeno = e.porteId === PORTE.ME || e.porteId === PORTE.EPP || e.porteId === PORTE.MEI;
  if (formaDaNatureza(e.naturezaJuridicaId) === 'acoes' && (pequeno || e.ehMei || e.ehOptanteSimples)) {
    return { regra: 'porteSociedadeAnonimaCooperativa', campo: 'porteId' };
  }
  const mei = e.ehMei || e.porteId === PORTE.MEI;
  if (mei && (e.naturezaJuridicaId !== NATUREZA.EMPRESARIO || e.porteId !== PORTE.MEI || !e.ehOptanteSimples)) {
    return { regra: 'porteMeiNatureza', campo: 'porteId' };
  }
  if (e.ehOptanteSimples && e.porteId === PORTE.DEMAIS) return { regra: 'porteSimplesDemais', campo: 'porteId' };
  return null;
}

/**
 * A new porte chosen on the Dados Cadastrais tab, judged with what the registration keeps (its nature,
 * its Simples option; the MEI flag only while the porte stays MEI). An unchanged or empty porte is not
 * judged. The server's event and the tab's field call this same function.
 */
export function violacaoNovoPorte(atual: Enquadramento, porteId: number | null | undefined): Violacao | null {
  if (porteId == null || porteId === atual.porteId) return null;
  return violacaoEnquadramento({ ...atual, porteId, ehMei: atual.ehMei && porteId === PORTE.MEI });
}

/**
 * The Simples' state sublimit (LC 123/2006 art. 19, art. 13-A) is a limit above the ME's ceiling
 * (art. 3º, I): only an EPP in the Simples can exceed it. For any other porte it does not apply.
 */
export const sublimiteAplicavel = (porteId: number | null | undefined) => porteId === PORTE.EPP;

/** "Sublimite excedido" held by a registration that is not an EPP in the Simples (a Microempresa, a MEI…). */
export function violacaoSublimite(e: Pick<Enquadramento, 'porteId' | 'ehOptanteSimples'> & { sublimiteExcedido: boolean | null | undefined }): Violacao | null {
  if (e.sublimiteExcedido !== true || (sublimiteAplicavel(e.porteId) && e.ehOptanteSimples)) return null;
  return { regra: 'sublimiteSomenteEpp', campo: 'sublimiteExcedido' };
}

/**
 * The EIRELI's lifetime, the one source for the server, the SPA and the generator. Lei 12.441/2011
 * (DOU 2011-07-12, in force 180 days later, art. 3º) created it: its first day, 2012-01-09. Lei 14.195
 * of 2021-08-26 (DOU 2021-08-27, in force on its publication, art. 58) ended it: art. 41 turned the
 * EIRELIs "existentes na data da entrada em vigor desta Lei" into sociedades limitadas unipessoais, so
 * none existed from 2021-08-27 on. EIRELI_FIM is exclusive: the last possible start is 2021-08-26.
 */
export const EIRELI_INICIO = '2012-01-09';
export const EIRELI_FIM = '2021-08-27';

/** Whether an activity start falls in the EIRELI's lifetime [EIRELI_INICIO, EIRELI_FIM). */
export const dentroDaVigenciaEireli = (dataInicioAtividade: string) => dataInicioAtividade >= EIRELI_INICIO && dataInicioAtividade < EIRELI_FIM;

/** An EIRELI registration: never a new one, and its activity started while the form existed. */
export function violacaoEireli(naturezaJuridicaId: number | null | undefined, dataInicioAtividade: string, nova: boolean): Violacao | null {
  if (naturezaJuridicaId !== NATUREZA.EIRELI) return null;
  if (nova || !dentroDaVigenciaEireli(dataInicioAtividade)) return { regra: 'eireliForaDoPeriodo', campo: 'naturezaJuridicaId' };
  return null;
}
