import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A form dialog's Cancelar and Salvar, right-aligned. Without `onSalvar`, Salvar submits the dialog's form
 * (Enter in a field does the same).
 */
export function RodapeDialogo({ onClose, onSalvar, desabilitado, salvando }: { onClose(): void; onSalvar?(): void; desabilitado?: boolean; salvando?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose}>{t('entity.action.cancel')}</Button>
      <Button type={onSalvar ? 'button' : 'submit'} onClick={onSalvar} disabled={desabilitado} loading={salvando}>{t('entity.action.save')}</Button>
    </Group>
  );
}
