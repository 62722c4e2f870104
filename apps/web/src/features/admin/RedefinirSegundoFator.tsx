import { useState } from 'react';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { http } from '../../ui/http';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

/**
 * An administrator's reset of a user's second factor (issue #41 §3: a lost phone). The server ends the
 * user's sessions and audits who did it; the next sign-in enrols again. The alert comes from the answer.
 */
export function RedefinirSegundoFator({ login }: { login: string }) {
  const { t } = useTranslation();
  const [aberto, setAberto] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const confirmar = async () => {
    setEnviando(true);
    try {
      await http.delete(`/api/users/${encodeURIComponent(login)}/segundo-fator`);
      setAberto(false);
    } catch {
      // The error alert is raised by the http client.
    } finally {
      setEnviando(false);
    }
  };
  return (
    <>
      <Button variant="light" color="red" onClick={() => setAberto(true)}>{t('segundoFator.redefinir.botao')}</Button>
      <ConfirmDialog
        opened={aberto}
        danger
        title={t('segundoFator.redefinir.titulo')}
        message={t('segundoFator.redefinir.confirmacao', { login })}
        loading={enviando}
        onConfirm={() => void confirmar()}
        onDeny={() => setAberto(false)}
      />
    </>
  );
}
