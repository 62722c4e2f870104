import type { DbOrTx } from '../db/client.js';
import { AuditType, type AuditMessage } from '@cadastro/domain';
import { eventoAuditoria } from '../db/schema/index.js';

// Types and message codes live in the domain: the SPA words them (ARCHITECTURE "Conventions").
export { AuditType } from '@cadastro/domain';

const SECRET_FIELDS = new Set(['passwordHash', 'password', 'activationKey', 'resetKey']);

function redact(row: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!row) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = SECRET_FIELDS.has(k) ? (v == null ? null : '******') : v;
  return out;
}

/**
 * Writes an event in the caller's transaction (ARCHITECTURE rule 6). `message` is a code the SPA
 * words; `params` are its values (remoteAddress, …), never a sentence.
 */
export async function auditEvent(tx: DbOrTx, principal: string, type: AuditType, params: Record<string, string>, message?: AuditMessage) {
  await tx.insert(eventoAuditoria).values({ principal, eventType: type, data: message ? { ...params, message } : params });
}

/** Records a data change with before/after images (secrets redacted). */
export async function auditChange(
  tx: DbOrTx,
  principal: string,
  entity: string,
  entityId: string | number,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  message?: AuditMessage,
) {
  const type = !before ? AuditType.ENTITY_CREATED : !after ? AuditType.ENTITY_DELETED : AuditType.ENTITY_UPDATED;
  await tx.insert(eventoAuditoria).values({
    principal,
    eventType: type,
    entity,
    entityId: String(entityId),
    data: message ? { message } : {},
    before: redact(before),
    after: redact(after),
  });
}
