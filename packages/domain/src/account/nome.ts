import type { Account } from './contracts.js';
/**
 * How the app names the signed-in account (menu, home, settings): its login, which its owner typed — except
 * an account gov.br made (login `govbr-` and the CPF), whose owner never saw that login: the name gov.br sent.
 */
export function nomeDaConta(a: Pick<Account, 'login' | 'firstName' | 'lastName'>): string {
  const nome = [a.firstName, a.lastName].filter(Boolean).join(' ').trim();
  return /^govbr-\d{11}$/.test(a.login) && nome ? nome : a.login;
}
