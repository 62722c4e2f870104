import { useState } from 'react';
import { Badge, Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCaceal, REGISTRY_API_BASE, type Manifestacao } from '@cadastro/domain';
import { DataTable } from '../../ui/DataTable';
import { useAbrirPdf } from '../../ui/documentos';
import { useAlerts } from '../../ui/alerts';
import { dataHora } from './api';

/** §2 the statements table: id, CACEAL, (company), type, date dd/MM/yyyy HH:mm, Ativa/Inativa, print per row. */
export function ManifestacoesTabela({ linhas, razaoSocial, loading }: { linhas: Manifestacao[] | undefined; razaoSocial?: boolean; loading?: boolean }) {
  const { t } = useTranslation();
  const abrirPdf = useAbrirPdf();
  const alerts = useAlerts();
  const [imprimindo, setImprimindo] = useState<number | null>(null);
  const imprimir = async (id: number) => {
    setImprimindo(id);
    const ok = await abrirPdf(`${REGISTRY_API_BASE}/manifestacao/relatorio/${id}`, {}, `manifestacao-${id}.pdf`, undefined, 'contador.manifestacao.erroRelatorio');
    if (ok) alerts.show('success', t('contador.manifestacao.relatorioGerado'));
    setImprimindo(null);
  };
  const m = 'contador.manifestacao';
  return (
    <DataTable
      rows={linhas}
      loading={loading}
      rowKey={(r) => r.id}
      emptyText={t(`${m}.vazio`)}
      columns={[
        { key: 'id', header: t(`${m}.id`), render: (r) => r.id },
        { key: 'caceal', header: t(`${m}.caceal`), render: (r) => formatCaceal(r.caceal, r.digitoCaceal ?? undefined) },
        ...(razaoSocial ? [{ key: 'razao', header: t(`${m}.razaoSocial`), render: (r: Manifestacao) => r.razaoSocial ?? t(`${m}.na`) }] : []),
        {
          key: 'tipo', header: t(`${m}.tipo`),
          render: (r) => <Badge color={r.tipoManifestacao === 1 ? 'green' : 'red'} variant="light">{t(r.tipoManifestacao === 1 ? `${m}.confirmacao` : `${m}.negacao`)}</Badge>,
        },
        { key: 'data', header: t(`${m}.data`), render: (r) => dataHora(r.dataManifestacao) },
        { key: 'status', header: t(`${m}.status`), render: (r) => <Text size="sm" fw={r.indAtivo === 'S' ? 600 : 400}>{t(r.indAtivo === 'S' ? `${m}.ativa` : `${m}.inativa`)}</Text> },
        {
          key: 'imprimir', header: t(`${m}.imprimir`),
          render: (r) => (
            <Button size="compact-xs" variant="light" loading={imprimindo === r.id} onClick={() => void imprimir(r.id)} aria-label={t(`${m}.imprimirLinha`, { id: r.id })}>
              {t(`${m}.imprimir`)}
            </Button>
          ),
        },
      ]}
    />
  );
}
