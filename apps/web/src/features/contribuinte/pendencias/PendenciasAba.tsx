import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PendenciasLista } from './PendenciasLista';

/** The taxpayer's Pendências tab (contribuinte/obterPendencias by CACEAL): the same list as the screen. */
export function PendenciasAba({ caceal }: { numeroPessoa: number; caceal: number | undefined }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  return <PendenciasLista origem="aba" consulta={caceal === undefined ? undefined : { caceal }} page={page} onPage={setPage} vazio={t('global.noRecords')} />;
}
