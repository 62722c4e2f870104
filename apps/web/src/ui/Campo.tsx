import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A labelled read-only value; empty shows 'Não informado' (§5). */
export function Campo({ rotulo, valor }: { rotulo: string; valor: ReactNode }) {
  const { t } = useTranslation();
  const vazio = valor === null || valor === undefined || valor === '';
  return (
    <div>
      <Text size="sm" fw={700}>{rotulo}</Text>
      {/* Long unbroken values (e-mails, URLs) wrap inside their card instead of widening the page. */}
      <Text style={{ overflowWrap: 'anywhere' }}>{vazio ? <Text span c="dimmed">{t('contribuinte.naoInformado')}</Text> : valor}</Text>
    </div>
  );
}
