import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  /** Defaults to 'OK' (§2). */
  confirmLabel?: string;
  /** Defaults to 'Cancelar' (§2); `null` hides the deny button. */
  denyLabel?: string | null;
  onConfirm(): void;
  onDeny(): void;
  loading?: boolean;
}

/** The generic confirmation dialog of §2: traps focus, closes on Esc (deny). */
export function ConfirmDialog(p: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={p.opened} onClose={p.onDeny} title={p.title} centered>
      <Text mb="lg">{p.message}</Text>
      <Group justify="flex-end">
        {p.denyLabel !== null && (
          <Button variant="default" onClick={p.onDeny}>
            {p.denyLabel ?? t('entity.action.cancel')}
          </Button>
        )}
        <Button onClick={p.onConfirm} loading={p.loading} data-autofocus>
          {p.confirmLabel ?? t('entity.action.ok')}
        </Button>
      </Group>
    </Modal>
  );
}
