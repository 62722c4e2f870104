import type { Messages } from './pt-br';

/** Issue 41: sign-in through gov.br and the state's network, and how the session signed in (English). */
export const identidade: Pick<Messages, 'identidade'> = {
  identidade: {
    ou: 'or',
    govbr: { entrarCom: 'Sign in with', rotulo: 'Sign in with gov.br' },
    estado: "Sign in through the State's network",
    concluindo: 'Completing the sign-in…',
    voltar: 'Back to the start page',
    erro: {
      titulo: 'Could not sign in',
      pedido: 'The sign-in expired or did not start in this browser. Try signing in again.',
      provedor: 'The identity provider did not confirm the sign-in. Try again.',
      contaEquipe: "This CPF belongs to a staff account: sign in through the State's network.",
      semPapel: "Your groups in the State's network give no access to this system. Ask the administrator.",
      desativada: 'This account is deactivated.',
      sessao: 'The sign-in could not be completed. Try signing in again.',
    },
    comoEntrou: {
      titulo: 'How you signed in',
      senha: 'With a password',
      govbr: 'gov.br — level {{nivel}}',
      estado: "State's network",
    },
  },
};
