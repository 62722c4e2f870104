import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * Unsaved edits are not lost without a word (issue 32): while `ativo`, leaving the page (a link, Back,
 * another route) asks first, and a reload or closing the tab gets the browser's own question. Moving
 * inside the same page (its query string) is not leaving it.
 */
export function AvisoAoSair({ ativo }: { ativo: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => ativo && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!ativo) return;
    const antes = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = ''; // older Chromium asks only when returnValue is set
    };
    window.addEventListener('beforeunload', antes);
    return () => window.removeEventListener('beforeunload', antes);
  }, [ativo]);
  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title={t('global.naoSalvo.titulo')}
      message={t('global.naoSalvo.mensagem')}
      confirmLabel={t('global.naoSalvo.sair')}
      denyLabel={t('global.naoSalvo.ficar')}
      danger
      onConfirm={() => blocker.proceed?.()}
      onDeny={() => blocker.reset?.()}
    />
  );
}
