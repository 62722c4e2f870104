import type { AuditMessage, AuditType, DiferencaGestor } from '@cadastro/domain';

/**
 * Words for the codes the server sends (ARCHITECTURE "Conventions": the server sends codes and
 * parameters, the SPA chooses the words). Each table is typed by its codes, so a code without words
 * fails the type check here, and en (typed against pt-BR) must word it too.
 */

/** Audit trail (Administração → Auditorias): AuditType, AuditMessage, entities, parameters, SystemActor. */
export const codigosAuditoria = {
  type: {
    AUTHENTICATION_SUCCESS: 'Entrada no sistema',
    AUTHENTICATION_FAILURE: 'Falha ao entrar',
    ENTITY_CREATED: 'Inclusão',
    ENTITY_UPDATED: 'Alteração',
    ENTITY_DELETED: 'Exclusão',
    PASSWORD_RESET_REQUESTED: 'Redefinição de senha solicitada',
    LOGOUT: 'Saída do sistema',
    SECOND_FACTOR: 'Segundo fator',
  } satisfies Record<AuditType, string>,
  message: {
    BAD_CREDENTIALS: 'Usuário ou senha inválidos',
    USER_NOT_ACTIVATED: 'Conta ainda não ativada',
    REGISTRATION: 'Autorregistro',
    NEVER_ACTIVATED: 'Removido por nunca ter sido ativado',
    ACTIVATION: 'Ativação da conta',
    SETTINGS: 'Configurações da conta',
    PASSWORD_CHANGED: 'Senha alterada',
    RESET_KEY_ISSUED: 'Chave de redefinição de senha emitida',
    PASSWORD_RESET: 'Senha redefinida',
    CREATED_BY_ADMIN: 'Criado pelo administrador',
    UPDATED_BY_ADMIN: 'Alterado pelo administrador',
    DELETED_BY_ADMIN: 'Excluído pelo administrador',
    PERSON_LINKED: 'Conta vinculada a uma pessoa do cadastro pelo administrador',
    PERSON_UNLINKED: 'Conta desvinculada da pessoa do cadastro pelo administrador',
    DEMO_ACCOUNT: 'Conta de demonstração',
    FIRST_ADMINISTRATOR: 'Primeiro administrador',
    GESTOR_SYNC: 'Sincronização com o Gestor',
    RECEITA_QUERY: 'Consulta à Receita Federal',
    PERSON_EDITED: 'Alteração de pessoa física',
    ACCOUNTANT_EDITED: 'Alteração dos dados do contador',
    ACCOUNTANT_REGISTERED: 'Cadastro de contador',
    ATTORNEY_REGISTERED: 'Cadastro de procurador',
    PERSON_FROM_RECEITA: 'Cadastro/atualização a partir da Receita Federal',
    PENDENCIA_REGULARIZED: 'Regularização de pendência',
    PENDENCIA_EDITED: 'Alteração de pendência',
    NOTICE_CREATED: 'Edital cadastrado',
    NOTICE_EDITED: 'Edital alterado',
    NOTICE_DELETED: 'Edital excluído',
    NOTICE_SIGNED: 'Edital assinado',
    NOTICE_PUBLISHED: 'Publicação do edital confirmada',
    NOTICE_REPUBLISHED: 'Edital republicado',
    STATUS_BY_NOTICE: 'Situação cadastral alterada por edital',
    ACCOUNTANT_CONFIRMED: 'Confirmação do contador (CRC)',
    ACCOUNTANT_NOT_CONFIRMED: 'CRC recusado na confirmação do contador',
    ACCOUNTANT_REREGISTERED: 'Recadastro do contabilista',
    STATEMENTS_GENERATED: 'Manifestações geradas',
    REGISTRY_EVENT: 'Evento cadastral (manutenção do contribuinte)',
    PORTE_PROPAGATED: 'Porte propagado de outra inscrição da mesma raiz do CNPJ',
    PARTNER_RENAMED: 'Razão social do sócio alterada em evento cadastral',
    REGISTRATION_DELETED: 'Inscrição criada por engano excluída',
    SECOND_FACTOR_REQUIRED: 'Senha correta; segundo fator solicitado',
    BAD_SECOND_FACTOR: 'Código do segundo fator incorreto',
    SECOND_FACTOR_ENROLLED: 'Segundo fator cadastrado',
    RECOVERY_CODE_USED: 'Código de recuperação usado',
    SECOND_FACTOR_RESET: 'Segundo fator redefinido por um administrador',
  } satisfies Record<AuditMessage, string>,
  entity: { usuario: 'Usuário', Pessoa: 'Pessoa', Contribuinte: 'Contribuinte', Contador: 'Contador', Endereco: 'Endereço', Telefone: 'Telefone', Edital: 'Edital' },
  param: { login: 'Usuário', remoteAddress: 'Endereço', crc: 'CRC', classificacao: 'Classificação' },
  actor: { anonymousUser: 'autorregistro', system: 'sistema' },
};

/** Manager-system sync: DiferencaGestor, the success text, the 404 problem types. */
export const codigosGestor = {
  // §8's words exactly ('O cnpj {cnpj} foi sincronizado!'); a produtor rural's document is a CPF, written the same way.
  sincronizado: 'O {{tipoMinusculo}} {{documento}} foi sincronizado!',
  diferenca: {
    RAZAO_SOCIAL: 'Razão social: "{{atual}}" → "{{novo}}"',
    SITUACAO_CADASTRAL: 'Situação cadastral do CACEAL {{caceal}}: {{atual}} → {{novo}}',
    SITUACAO_CNPJ: 'Situação do CNPJ na Receita Federal: {{atual}} → {{novo}}',
  } satisfies Record<DiferencaGestor['campo'], string>,
  semValor: '(vazio)',
  origem: {
    edital: 'situação definida pelo Edital nº {{edital}} ({{tipo}}), efeito em {{data}}; a sincronização a substitui',
    motivo: 'situação atual desde {{data}}: {{motivo}}',
    data: 'situação atual desde {{data}}',
  },
  sobrepoeEdital: 'Atenção: a situação cadastral a ser alterada foi definida por edital publicado. A sincronização substitui o efeito do ato:',
  naoEncontrado: {
    gestor: 'O {{tipo}} {{documento}} existe no Cadastro, mas não foi encontrado no sistema Gestor.',
    cadastro: 'O {{tipo}} {{documento}} existe no sistema Gestor, mas não foi encontrado no Cadastro.',
  },
};
