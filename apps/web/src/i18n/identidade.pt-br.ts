/** Issue 41: sign-in through gov.br and the state's network, and how the session signed in (pt-BR). */
export const identidade = {
  identidade: {
    ou: 'ou',
    govbr: { entrarCom: 'Entrar com', rotulo: 'Entrar com gov.br' },
    estado: 'Entrar pela rede do Estado',
    concluindo: 'Concluindo a entrada…',
    voltar: 'Voltar ao início',
    erro: {
      titulo: 'Não foi possível entrar',
      pedido: 'A entrada expirou ou não começou neste navegador. Tente entrar novamente.',
      provedor: 'O provedor de identidade não confirmou a entrada. Tente novamente.',
      contaEquipe: 'Este CPF pertence a uma conta de servidor: entre pela rede do Estado.',
      semPapel: 'Seus grupos na rede do Estado não dão acesso a este sistema. Procure o administrador.',
      desativada: 'Esta conta está desativada.',
      sessao: 'A entrada não pôde ser concluída. Tente entrar novamente.',
    },
    comoEntrou: {
      titulo: 'Como você entrou',
      senha: 'Com senha',
      govbr: 'gov.br — nível {{nivel}}',
      estado: 'Rede do Estado',
    },
  },
};
