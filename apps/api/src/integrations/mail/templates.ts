import type { MailMessage } from './port.js';

/** activation, reset, creation: a link of the account; emailEmUso / loginEmUso: why a self-registration created nothing. */
export type MailKind = 'activation' | 'reset' | 'creation' | 'emailEmUso' | 'loginEmUso';
type Kind = MailKind;

const TEXTS: Record<'pt-br' | 'en', Record<Kind, { subject: string; intro: string; action: string }>> = {
  'pt-br': {
    activation: {
      subject: 'Cadastro SEFAZ-AL: ativação da conta',
      intro: 'Sua conta no Cadastro de Contribuintes foi criada. Para ativá-la, abra o endereço abaixo:',
      action: 'Ativar a conta',
    },
    reset: {
      subject: 'Cadastro SEFAZ-AL: redefinição de senha',
      intro: 'Recebemos um pedido de nova senha. Abra o endereço abaixo em até 24 horas:',
      action: 'Definir nova senha',
    },
    creation: {
      subject: 'Cadastro SEFAZ-AL: conta criada',
      intro: 'Um administrador criou uma conta para você. Defina sua senha em até 24 horas pelo endereço abaixo:',
      action: 'Definir senha',
    },
    emailEmUso: {
      subject: 'Cadastro SEFAZ-AL: tentativa de cadastro com o seu e-mail',
      intro: 'Alguém, talvez você, tentou criar uma conta nova com este e-mail, que já é o da sua conta (usuário acima); nenhuma conta foi criada. Se esqueceu a senha, peça uma nova pelo endereço abaixo. Se não foi você, ignore esta mensagem.',
      action: 'Redefinir a senha',
    },
    loginEmUso: {
      subject: 'Cadastro SEFAZ-AL: usuário indisponível',
      intro: 'O usuário acima já está em uso; nenhuma conta foi criada. Escolha outro no endereço abaixo:',
      action: 'Cadastrar com outro usuário',
    },
  },
  en: {
    activation: {
      subject: 'Cadastro SEFAZ-AL: account activation',
      intro: 'Your Cadastro account was created. To activate it, open the address below:',
      action: 'Activate account',
    },
    reset: {
      subject: 'Cadastro SEFAZ-AL: password reset',
      intro: 'We received a request for a new password. Open the address below within 24 hours:',
      action: 'Set a new password',
    },
    creation: {
      subject: 'Cadastro SEFAZ-AL: account created',
      intro: 'An administrator created an account for you. Set your password within 24 hours at the address below:',
      action: 'Set password',
    },
    emailEmUso: {
      subject: 'Cadastro SEFAZ-AL: registration attempt with your e-mail',
      intro: 'Someone, perhaps you, tried to create a new account with this e-mail, which is already your account’s (login above); no account was created. If you forgot your password, ask for a new one at the address below. If it was not you, ignore this message.',
      action: 'Reset password',
    },
    loginEmUso: {
      subject: 'Cadastro SEFAZ-AL: login not available',
      intro: 'The login above is already taken; no account was created. Choose another at the address below:',
      action: 'Register with another login',
    },
  },
};

export function accountMail(kind: Kind, lang: string, to: string, login: string, link: string): MailMessage {
  const t = TEXTS[lang === 'en' ? 'en' : 'pt-br'][kind];
  const greet = lang === 'en' ? `Dear ${login},` : `Prezado(a) ${login},`;
  const text = `${greet}\n\n${t.intro}\n\n${link}\n\nSEFAZ-AL — Cadastro de Contribuintes`;
  const html = `<p>${escape(greet)}</p><p>${escape(t.intro)}</p><p><a href="${escape(link)}">${escape(t.action)}</a></p><p>${escape(link)}</p><p>SEFAZ-AL — Cadastro de Contribuintes</p>`;
  return { to, subject: t.subject, text, html };
}

function escape(s: string) {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}
