import type { Chamada } from './chamada.js';
import { COMBOS, CONTA_E_ADMIN, PESSOA } from './tabela-a.js';
import { CONTADOR, CONTRIBUINTE, EDITAIS, HISTORICO_GESTOR, PENDENCIAS, RELATORIOS_7, SOLICITACOES } from './tabela-b.js';

/** Every call of the spec's §7, in the spec's order (the contract test reads only this). */
export const CHAMADAS_7: readonly Chamada[] = [...CONTA_E_ADMIN, ...COMBOS, ...PESSOA, ...CONTRIBUINTE, ...RELATORIOS_7, ...PENDENCIAS, ...CONTADOR, ...SOLICITACOES, ...EDITAIS, ...HISTORICO_GESTOR];

/**
 * §7 counted call by call (a verb on a path is one call; "GET/POST api/account" two; "by number or
 * porCaceal" two; "imprimir or baixar" two): auth and account 24, combos 34, person 19, taxpayer 35,
 * reports 24, pendências 4, accountant 14, requests 8, notices 16, history and manager 5.
 */
export const TOTAL_CHAMADAS_7 = 183;
