import type { ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  /** What the action will touch, named under the message (e.g. the registrations that change). */
  details?: ReactNode;
  /** Defaults to 'OK' (§2). */
  confirmLabel?: string;
  /** Defaults to 'Cancelar' (§2); `null` hides the deny button. */
  denyLabel?: string | null;
  /** A destructive action (delete): the confirm button is red, like the button that opened it. */
  danger?: boolean;
  onConfirm(): void;
  onDeny(): void;
  loading?: boolean;
}

/** The generic confirmation dialog of §2: traps focus, closes on Esc (deny). */
export function ConfirmDialog(p: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={p.opened} onClose={p.onDeny} title={p.title} centered>
      <Text mb={p.details ? 'sm' : 'lg'}>{p.message}</Text>
      {p.details && <div style={{ marginBottom: 'var(--mantine-spacing-lg)' }}>{p.details}</div>}
      <Group justify="flex-end">
        {p.denyLabel !== null && (
          // A destructive action starts on Cancelar: Enter alone does not delete.
          <Button variant="default" onClick={p.onDeny} data-autofocus={p.danger || undefined}>
            {p.denyLabel ?? t('entity.action.cancel')}
          </Button>
        )}
        <Button color={p.danger ? 'red' : undefined} onClick={p.onConfirm} loading={p.loading} data-autofocus={!p.danger || undefined}>
          {p.confirmLabel ?? t('entity.action.ok')}
        </Button>
      </Group>
    </Modal>
  );
}
