import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '@cadastro/domain';
import { AuditMessage } from '@cadastro/domain';
import ptBr from '../../i18n/pt-br';
import en from '../../i18n/en';
import { actorName, auditDataText, auditTypeText } from './auditWords';

const i18n = createInstance();
await i18n.init({ resources: { 'pt-br': { translation: ptBr }, en: { translation: en } }, lng: 'pt-br', lowerCaseLng: true, interpolation: { escapeValue: false } });
const pt = i18n.getFixedT('pt-br');
const english = i18n.getFixedT('en');
const event = (data: Record<string, string>, entity: string | null = null): AuditEvent =>
  ({ id: 1, timestamp: '', principal: 'x', type: 'ENTITY_DELETED', data, entity, entityId: entity ? '7' : null, before: null, after: null });

describe('audit codes in the user language', () => {
  it('words a code and its parameters in each language', () => {
    const e = event({ remoteAddress: '10.0.0.1', message: AuditMessage.BAD_CREDENTIALS });
    expect(auditDataText(pt, e)).toBe('Usuário ou senha inválidos · Endereço: 10.0.0.1');
    expect(auditDataText(english, e)).toBe('Wrong login or password · Address: 10.0.0.1');
    expect(auditTypeText(english, 'AUTHENTICATION_FAILURE')).toBe('Failed sign-in');
  });

  it('an old row English sentence is read as its code; unknown text and types are shown as stored', () => {
    expect(auditDataText(pt, event({ message: 'deleted by administrator' }, 'usuario'))).toBe('Usuário #7 · Excluído pelo administrador');
    expect(auditDataText(pt, event({ message: 'algo escrito à mão' }))).toBe('algo escrito à mão');
    expect(auditTypeText(pt, 'NOVO_TIPO')).toBe('NOVO_TIPO');
  });

  it('accounts that are not people are worded, logins are not', () => {
    expect(actorName(pt, 'anonymousUser')).toBe('autorregistro');
    expect(actorName(english, 'system')).toBe('system');
    expect(actorName(pt, 'admin')).toBe('admin');
    expect(actorName(pt, null)).toBe('');
  });
});
