import type { segundoFator as Pt } from './segundoFator.pt-br';

/** English texts of the second factor (see segundoFator.pt-br.ts). */
export const segundoFator: typeof Pt = {
  segundoFator: {
    codigo: {
      titulo: 'Two-step verification',
      instrucao: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
      label: 'Verification code',
      placeholder: '000000',
      botao: 'Verify',
      voltar: 'Back',
    },
    inscricao: {
      titulo: 'Set up the second factor',
      explicacao: 'Your account holds staff roles: to sign in you need, besides the password, a code from an authenticator app (Google Authenticator, Microsoft Authenticator, FreeOTP…).',
      passo1: '1. In the app, scan the QR code below (or type the key by hand).',
      qrAlt: 'QR code for the authenticator app',
      chave: 'Key to type by hand',
      passo2: '2. Enter the 6-digit code the app shows.',
      confirmar: 'Confirm and sign in',
      semDesafio: 'The set-up step expired or was not started. Sign in again with your login and password.',
      entrar: 'Sign in',
      carregando: 'Generating the key…',
    },
    recuperacao: {
      titulo: 'Recovery codes',
      aviso: 'Keep these codes somewhere safe: each lets you sign in once if you lose your phone. They will not be shown again.',
      continuar: 'I have kept the codes — continue',
    },
    redefinir: {
      botao: 'Reset second factor',
      titulo: 'Reset second factor',
      confirmacao: 'User "{{login}}" will lose the current authenticator and recovery codes, their sessions will end and they will have to set up a new second factor when signing in. Confirm?',
    },
  },
};
