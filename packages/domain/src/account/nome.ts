import type { Account } from './contracts.js';

/** Who made the accounts of gov.br's first sign-ins (usuario.created_by): the server, never a person. */
export const CRIADA_PELO_GOVBR = 'gov.br';

/**
 * Logins the server makes for gov.br's accounts (`govbr-` and the CPF): nobody may take one by registering or
 * through user management, or a CPF's first gov.br sign-in would find its login taken.
 */
export const loginReservado = (login: string) => /^govbr-/i.test(login.trim());

/**
 * How the app names the signed-in account (menu, home, settings): its login, which its owner typed — except
 * an account gov.br made, whose owner never saw that login: the name gov.br sent.
 */
export function nomeDaConta(a: Pick<Account, 'login' | 'firstName' | 'lastName' | 'createdBy'>): string {
  const nome = [a.firstName, a.lastName].filter(Boolean).join(' ').trim();
  return a.createdBy === CRIADA_PELO_GOVBR && nome ? nome : a.login;
}
