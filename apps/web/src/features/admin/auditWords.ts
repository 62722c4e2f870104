import type { TFunction } from 'i18next';
import type { AuditEvent } from '@cadastro/domain';
import { auditMessageCode, isSystemActor } from '@cadastro/domain';

/**
 * The server stores codes (ARCHITECTURE "Conventions"); these put them in the user's language.
 * Anything that is not a known code (an old row's free text, a type added later) is shown as stored.
 */

/** A login, or the words for an account that is not a person ('autorregistro', 'sistema'). */
export const actorName = (t: TFunction, login: string | null | undefined): string =>
  isSystemActor(login) ? t(`audits.actor.${login}`) : (login ?? '');

export const auditTypeText = (t: TFunction, type: string): string => t(`audits.type.${type}`, { defaultValue: type });

/** What the event is about, why it happened, then its parameters (Endereço: 10.0.0.1). */
export function auditDataText(t: TFunction, e: AuditEvent): string {
  const { message, ...params } = e.data;
  const code = auditMessageCode(message);
  return [
    e.entity && `${t(`audits.entity.${e.entity}`, { defaultValue: e.entity })} #${e.entityId ?? ''}`,
    code ? t(`audits.message.${code}`) : message,
    ...Object.entries(params).map(([k, v]) => `${t(`audits.param.${k}`, { defaultValue: k })}: ${v}`),
  ]
    .filter(Boolean)
    .join(' · ');
}
