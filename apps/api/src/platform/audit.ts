import type { DbOrTx } from '../db/client.js';
import { eventoAuditoria } from '../db/schema/index.js';

/** Event types shown in the audits screen. */
export const AuditType = {
  AUTHENTICATION_SUCCESS: 'AUTHENTICATION_SUCCESS',
  AUTHENTICATION_FAILURE: 'AUTHENTICATION_FAILURE',
  ENTITY_CREATED: 'ENTITY_CREATED',
  ENTITY_UPDATED: 'ENTITY_UPDATED',
  ENTITY_DELETED: 'ENTITY_DELETED',
} as const;

const SECRET_FIELDS = new Set(['passwordHash', 'password', 'activationKey', 'resetKey']);

function redact(row: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!row) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = SECRET_FIELDS.has(k) ? (v == null ? null : '******') : v;
  return out;
}

/** Writes an event in the caller's transaction (ARCHITECTURE rule 6). */
export async function auditEvent(tx: DbOrTx, principal: string, type: string, data: Record<string, string>) {
  await tx.insert(eventoAuditoria).values({ principal, eventType: type, data });
}

/** Records a data change with before/after images (secrets redacted). */
export async function auditChange(
  tx: DbOrTx,
  principal: string,
  entity: string,
  entityId: string | number,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  message?: string,
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
