import { z } from 'zod';
import { exigeSegundoFator } from '../account/segundo-fator.js';

/**
 * gov.br reliability levels (Login Único), lowest first. The provider's níveis API answers ids 1, 2, 3;
 * an account holds the highest it reached.
 */
export const NIVEIS_GOVBR = ['bronze', 'prata', 'ouro'] as const;
export const NivelGovbr = z.enum(NIVEIS_GOVBR);
export type NivelGovbr = z.infer<typeof NivelGovbr>;

/** Where a citizen raises their level (gov.br's own page; the registry cannot do it for them). */
export const URL_NIVEIS_GOVBR = 'https://confiabilidades.acesso.gov.br/';

/**
 * What each act needs, THE table (the law is silent; our design): reading one's own registration is
 * enough at bronze (self-declared), while an accountant's statements and re-registration bind clients
 * and the state, so they need a level whose identity was checked against a database (prata) or in
 * person/by certificate (ouro). Only gov.br sessions have a level; a password or staff session is not
 * measured by this table.
 */
export const NIVEL_EXIGIDO = {
  meuCadastro: 'bronze',
  areaContador: 'prata',
} as const satisfies Record<string, NivelGovbr>;
export type AtoComNivel = keyof typeof NIVEL_EXIGIDO;

/** Whether a session at `nivel` may do `ato`. */
export function nivelPermite(nivel: NivelGovbr, ato: AtoComNivel): boolean {
  return NIVEIS_GOVBR.indexOf(nivel) >= NIVEIS_GOVBR.indexOf(NIVEL_EXIGIDO[ato]);
}

/** gov.br níveis API id → level ('1' bronze, '2' prata, '3' ouro); the highest of the list wins. */
export function nivelDosIds(ids: readonly string[]): NivelGovbr {
  const n = Math.max(1, ...ids.map(Number).filter((x) => x >= 1 && x <= 3));
  return NIVEIS_GOVBR[n - 1]!;
}

/** How the current session signed in: a password the registry keeps, gov.br (with its level), or the state's provider. */
export const MetodoEntrada = z.enum(['senha', 'govbr', 'estado']);
export type MetodoEntrada = z.infer<typeof MetodoEntrada>;
export const SessaoEntrada = z.object({ metodo: MetodoEntrada, nivel: NivelGovbr.nullable() });
export type SessaoEntrada = z.infer<typeof SessaoEntrada>;

/** Which identity providers this installation offers (the SPA draws a button per true). */
export const ProvedoresEntrada = z.object({ govbr: z.boolean(), estado: z.boolean(), senhaEquipe: z.boolean() });
export type ProvedoresEntrada = z.infer<typeof ProvedoresEntrada>;

/** The problem's message key when a level is short, followed by `.<level needed>`. */
export const ERRO_NIVEL_GOVBR = 'error.nivelGovbr';

/**
 * Any role beyond a person's own (`PAPEIS_AUTOATENDIMENTO`) makes an account staff: gov.br never signs into one,
 * STAFF_PASSWORD_SIGNIN=off refuses it a password, and a password sign-in needs a second factor — one rule.
 */
export const ehContaDeEquipe = exigeSegundoFator;
