/** Português (Brasil) — the default language. Texts of the spec with their proper accents. */
const ptBr = {
  global: {
    title: 'Cadastro de Contribuintes',
    skipToContent: 'Ir para o conteúdo',
    close: 'Fechar',
    loading: 'Carregando dados, por favor aguarde...',
    menu: {
      main: 'Menu principal',
      home: 'Início',
      language: 'Idioma',
      toggle: 'Abrir o menu',
      edital: 'Edital',
      pessoa: 'Pessoa',
      contribuintes: 'Contribuintes',
      relatorios: 'Relatórios',
      admin: { caixaCorreio: 'Caixa de correio (SMTP interno)', main: 'Administração' },
      account: {
        main: 'Conta',
        settings: 'Configurações',
        password: 'Senha',
        logout: 'Sair',
        login: 'Entrar',
        register: 'Cadastrar-se',
      },
    },
    form: {
      username: { label: 'Usuário', placeholder: 'Seu usuário' },
      email: { label: 'E-mail', placeholder: 'Seu e-mail' },
      togglePassword: 'Mostrar ou ocultar a senha',
      currentpassword: { label: 'Senha atual' },
      newpassword: { label: 'Nova senha', placeholder: 'Nova senha' },
      confirmpassword: { label: 'Confirmação da nova senha', placeholder: 'Confirme a nova senha' },
    },
    messages: {
      info: {
        authenticated: {
          link: 'entrar',
          demo: 'Contas de demonstração: administrador (usuário "admin" e senha "admin") e usuário comum (usuário "user" e senha "user").',
        },
        register: { noaccount: 'Ainda não tem uma conta?', link: 'Cadastre-se' },
      },
      caixaCorreio: {
    title: 'Caixa de correio (SMTP interno)',
    subtitle: 'Mensagens recebidas pelo servidor SMTP interno (usado quando SMTP_URL não está configurado).',
    filter: 'Destinatário contém',
    search: 'Pesquisar',
    empty: 'Nenhum registro encontrado.',
    receivedAt: 'Recebida em',
    to: 'Para',
    subject: 'Assunto',
  },
  pagination: {
    label: 'Paginação',
    first: 'Primeira página',
    previous: 'Página anterior',
    page: 'Página {{page}}',
    next: 'Próxima página',
    last: 'Última página',
    count: 'Exibindo {{first}} - {{last}} de {{total}} registros',
  },
  error: { dontmatch: 'A senha e sua confirmação não conferem!' },
      validate: {
        newpassword: {
          strength: 'Força da senha:',
          level0: 'muito fraca',
          level1: 'fraca',
          level2: 'razoável',
          level3: 'boa',
          level4: 'forte',
        },
      },
    },
  },
  entity: { action: { ok: 'OK', cancel: 'Cancelar', save: 'Salvar', yes: 'Sim', no: 'Não' } },
  home: {
    title: 'Cadastro de Contribuintes do ICMS',
    subtitle: 'Secretaria de Estado da Fazenda de Alagoas — consulta e manutenção do cadastro (CACEAL).',
    signin: { prefix: 'Para usar o sistema, ', link: 'entre', suffix: ' com seu usuário e senha.' },
    logged: { message: 'Você está conectado como "{{username}}".' },
  },
  login: {
    title: 'Entrar',
    form: { passwordLabel: 'Senha', passwordPlaceholder: 'Sua senha', rememberme: 'Lembrar de mim', button: 'Entrar' },
    messages: {
      error: {
        authentication: 'Falha ao entrar! Verifique o usuário e a senha e tente novamente.',
        locked: 'Muitas tentativas sem sucesso. Aguarde alguns minutos e tente novamente.',
      },
    },
    password: { forgot: 'Esqueceu sua senha?' },
  },
  register: {
    title: 'Cadastro de usuário',
    form: { button: 'Cadastrar' },
    messages: {
      success: 'Cadastro salvo! Verifique seu e-mail para confirmá-lo.',
      error: {
        fail: 'Falha no cadastro! Tente novamente mais tarde.',
        userexists: 'Usuário já cadastrado! Escolha outro.',
        emailexists: 'E-mail já está em uso! Escolha outro.',
      },
    },
  },
  activate: {
    title: 'Ativação da conta',
    messages: {
      success: 'Sua conta foi ativada. Agora você pode',
      error: 'Sua conta não pôde ser ativada. Use o formulário de cadastro para se cadastrar.',
    },
  },
  reset: {
    request: {
      title: 'Redefinir sua senha',
      form: { button: 'Redefinir senha' },
      messages: {
        info: 'Informe o e-mail usado no cadastro.',
        success: 'Verifique seus e-mails para saber como redefinir sua senha.',
        notfound: 'Endereço de e-mail não cadastrado! Verifique e tente novamente.',
      },
    },
    finish: {
      title: 'Nova senha',
      form: { button: 'Confirmar nova senha' },
      messages: {
        info: 'Escolha uma nova senha.',
        success: 'Sua senha foi redefinida. Agora você pode',
        error: 'Sua senha não pôde ser redefinida. Lembre-se de que o pedido de nova senha vale por 24 horas.',
        keymissing: 'A chave de redefinição está ausente.',
      },
    },
  },
  password: {
    title: 'Senha de [{{username}}]',
    form: { button: 'Salvar' },
    messages: {
      success: 'Senha alterada!',
      error: 'Ocorreu um erro! A senha não pôde ser alterada.',
      invalid: 'A senha atual está incorreta.',
    },
  },
  settings: {
    title: 'Configurações de [{{username}}]',
    form: { firstname: 'Nome', lastname: 'Sobrenome', language: 'Idioma', button: 'Salvar' },
    messages: {
      success: 'Configurações salvas!',
      error: { fail: 'Ocorreu um erro! As configurações não puderam ser salvas.', emailexists: 'E-mail já está em uso! Escolha outro.' },
    },
  },
  error: {
    title: 'Página de erro!',
    generic: 'Ocorreu um erro inesperado.',
    csrf: 'Sessão do navegador inválida. Recarregue a página e tente novamente.',
    validation: 'Há dados inválidos no formulário.',
    fieldError: 'Erro no campo "{{field}}": {{message}}',
    server: { not: { reachable: 'Servidor inacessível' } },
    http: {
      '400': 'Requisição inválida.',
      '401': 'Faça login para continuar.',
      '403': 'Você não tem autorização para acessar esta página.',
      '404': 'Não encontrado',
      '405': 'Método não permitido.',
      '429': 'Muitas requisições. Aguarde e tente novamente.',
      '500': 'Erro interno do servidor.',
    },
  },
  validation: {
    required: 'Este campo é obrigatório.',
    minlength: 'Este campo deve ter pelo menos {{n}} caracteres.',
    maxlength: 'Este campo não pode ter mais de {{n}} caracteres.',
    pattern: 'Este campo aceita apenas letras, números e os caracteres _ \' . @ -',
    email: 'Seu e-mail é inválido.',
    passwordMismatch: 'A senha e sua confirmação não conferem!',
    invalidPassword: 'A senha atual está incorreta.',
  },
};

export default ptBr;
export type Messages = typeof ptBr;
