import { useState } from 'react';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatCaceal, REGISTRY_API_BASE } from '@cadastro/domain';
import { CARRY_ALERTS, useAlerts } from '../../../ui/alerts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { http, HttpError } from '../../../ui/http';
import { httpErrorMessage } from '../../../ui/errors';

/**
 * 'Excluir inscrição' (DELETE contribuinte/{caceal}): only a registration created by mistake, with no
 * history; the server refuses any other with the reasons (codes), worded here.
 */
export function ExcluirInscricao({ numeroCaceal, digito }: { numeroCaceal: number; digito: number }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const [aberto, setAberto] = useState(false);
  const [ocupado, setOcupado] = useState(false);
  const excluir = async () => {
    setOcupado(true);
    try {
      await http.delete(`${REGISTRY_API_BASE}/contribuinte/${numeroCaceal}`, { silent: true });
      setAberto(false);
      alerts.success(t('manutencao.exclusao.feita', { caceal: formatCaceal(numeroCaceal, digito) }));
      void navigate('/contribuinte', { state: CARRY_ALERTS });
    } catch (e) {
      setAberto(false);
      const motivos = e instanceof HttpError && e.status === 409 ? (e.problem?.params ?? '').split(',').filter(Boolean) : null;
      alerts.error(motivos ? t('manutencao.exclusao.comHistorico', { motivos: motivos.map((m) => t(`manutencao.exclusao.motivo.${m}`, { defaultValue: m })).join(', ') }) : httpErrorMessage(e, t));
    } finally {
      setOcupado(false);
    }
  };
  return (
    <>
      <Button color="red" variant="outline" onClick={() => setAberto(true)}>{t('manutencao.exclusao.botao')}</Button>
      <ConfirmDialog opened={aberto} danger loading={ocupado} title={t('manutencao.exclusao.botao')} confirmLabel={t('entity.action.delete')}
        message={t('manutencao.exclusao.pergunta', { caceal: formatCaceal(numeroCaceal, digito) })} onConfirm={() => void excluir()} onDeny={() => setAberto(false)} />
    </>
  );
}
