import type { codigosAuditoria as Auditoria, codigosGestor as Gestor } from './codigos.pt-br';

/** English words for the server's codes (see codigos.pt-br.ts). */
export const codigosAuditoria: typeof Auditoria = {
  type: {
    AUTHENTICATION_SUCCESS: 'Sign-in',
    AUTHENTICATION_FAILURE: 'Failed sign-in',
    ENTITY_CREATED: 'Created',
    ENTITY_UPDATED: 'Updated',
    ENTITY_DELETED: 'Deleted',
    PASSWORD_RESET_REQUESTED: 'Password reset requested',
    LOGOUT: 'Sign-out',
  },
  message: {
    BAD_CREDENTIALS: 'Wrong login or password',
    USER_NOT_ACTIVATED: 'Account not activated yet',
    REGISTRATION: 'Self-registration',
    NEVER_ACTIVATED: 'Removed: never activated',
    ACTIVATION: 'Account activated',
    SETTINGS: 'Account settings',
    PASSWORD_CHANGED: 'Password changed',
    RESET_KEY_ISSUED: 'Password reset key issued',
    PASSWORD_RESET: 'Password reset',
    CREATED_BY_ADMIN: 'Created by an administrator',
    UPDATED_BY_ADMIN: 'Updated by an administrator',
    DELETED_BY_ADMIN: 'Deleted by an administrator',
    DEMO_ACCOUNT: 'Demo account',
    FIRST_ADMINISTRATOR: 'First administrator',
    GESTOR_SYNC: 'Sync with the manager system',
    RECEITA_QUERY: 'Federal registry query',
    PERSON_EDITED: 'Individual edited',
    ACCOUNTANT_EDITED: 'Accountant data edited',
    PERSON_FROM_RECEITA: 'Registered/updated from the federal registry',
    REGISTRY_EVENT: 'Registry event (taxpayer maintenance)',
    PORTE_PROPAGATED: 'Company size propagated from another registration of the same CNPJ root',
    REGISTRATION_DELETED: 'Registration created by mistake deleted',
  },
  entity: { usuario: 'User', Pessoa: 'Person', Contribuinte: 'Taxpayer', Contador: 'Accountant', Endereco: 'Address', Telefone: 'Phone' },
  param: { remoteAddress: 'Address' },
  actor: { anonymousUser: 'self-registration', system: 'system' },
};

export const codigosGestor: typeof Gestor = {
  sincronizado: 'CNPJ {{cnpj}} was synchronised!',
  diferenca: {
    RAZAO_SOCIAL: 'Company name: "{{atual}}" → "{{novo}}"',
    SITUACAO_CADASTRAL: 'Registration status of CACEAL {{caceal}}: {{atual}} → {{novo}}',
    SITUACAO_CNPJ: 'CNPJ status at the federal registry: {{atual}} → {{novo}}',
  },
  semValor: '(empty)',
  naoEncontrado: {
    gestor: '{{tipo}} {{documento}} is in the registry but was not found in the manager system.',
    cadastro: '{{tipo}} {{documento}} is in the manager system but was not found in the registry.',
  },
};
