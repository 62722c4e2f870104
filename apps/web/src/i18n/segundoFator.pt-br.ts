/** Second factor (issue #41 §3): the code step of the sign-in dialog, the enrolment screen, the administrator's reset. */
export const segundoFator = {
  segundoFator: {
    codigo: {
      titulo: 'Verificação em duas etapas',
      instrucao: 'Digite o código de 6 dígitos do seu aplicativo autenticador ou um dos seus códigos de recuperação.',
      label: 'Código de verificação',
      placeholder: '000000',
      botao: 'Verificar',
      voltar: 'Voltar',
    },
    inscricao: {
      titulo: 'Cadastrar o segundo fator',
      explicacao: 'Sua conta tem perfis de servidor: para entrar, além da senha, é preciso um código gerado por um aplicativo autenticador (Google Authenticator, Microsoft Authenticator, FreeOTP…).',
      passo1: '1. No aplicativo, leia o QR Code abaixo (ou digite a chave manualmente).',
      qrAlt: 'QR Code para o aplicativo autenticador',
      chave: 'Chave para digitação manual',
      passo2: '2. Digite o código de 6 dígitos que o aplicativo mostra.',
      confirmar: 'Confirmar e entrar',
      semDesafio: 'A etapa de cadastro expirou ou não foi iniciada. Entre novamente com seu usuário e senha.',
      entrar: 'Entrar',
      carregando: 'Gerando a chave…',
    },
    recuperacao: {
      titulo: 'Códigos de recuperação',
      aviso: 'Guarde estes códigos em lugar seguro: cada um permite entrar uma vez se você perder o celular. Eles não serão mostrados de novo.',
      continuar: 'Já guardei os códigos — continuar',
    },
    redefinir: {
      botao: 'Redefinir segundo fator',
      titulo: 'Redefinir segundo fator',
      confirmacao: 'O usuário "{{login}}" perderá o autenticador e os códigos de recuperação atuais, suas sessões serão encerradas e ele terá de cadastrar um novo segundo fator ao entrar. Confirma?',
    },
  },
};
