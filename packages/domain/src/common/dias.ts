import { z } from 'zod';
import { ehDiaReal } from './diaDigitado.js';

/** A calendar day as 'yyyy-MM-dd' text (ARCHITECTURE rule 5), checked to be a real date. */
export const Dia = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'pattern')
  .refine(ehDiaReal, 'pattern');

/** §5 date ranges: if only one date is given it is used for both. */
export function periodo(dataInicial?: string, dataFinal?: string): { dataInicial?: string; dataFinal?: string } {
  return { dataInicial: dataInicial ?? dataFinal, dataFinal: dataFinal ?? dataInicial };
}

/** Today in Alagoas (UTC−3, no daylight saving) as 'yyyy-MM-dd', whatever the server's time zone. */
export function hojeEmMaceio(agora = new Date()): string {
  return new Date(agora.getTime() - 3 * 3600_000).toISOString().slice(0, 10);
}

