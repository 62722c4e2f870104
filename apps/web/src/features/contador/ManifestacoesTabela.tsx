import { useState } from 'react';
import { Badge, Button, Group, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { REGISTRY_API_BASE, type Manifestacao, type ManifestacoesContador } from '@cadastro/domain';
import { Caceal } from '../../ui/Caceal';
import { DataTable } from '../../ui/DataTable';
import { ItemCount, Pagination } from '../../ui/Pagination';
import { BADGE_INTEIRO } from '../../ui/StatusBadge';
import { useAbrirPdf } from '../../ui/documentos';
import { useAlerts } from '../../ui/alerts';
import { dataHora, POR_PAGINA_MANIFESTACOES } from './api';

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
        { key: 'caceal', header: t(`${m}.caceal`), render: (r) => <Caceal numero={r.caceal} digito={r.digitoCaceal} /> },
        ...(razaoSocial ? [{ key: 'razao', header: t(`${m}.razaoSocial`), render: (r: Manifestacao) => r.razaoSocial ?? t(`${m}.na`) }] : []),
        {
          key: 'tipo', header: t(`${m}.tipo`),
          render: (r) => <Badge color={r.tipoManifestacao === 1 ? 'green' : 'red'} variant="light" data-testid="tipo-manifestacao" {...BADGE_INTEIRO}>{t(r.tipoManifestacao === 1 ? `${m}.confirmacao` : `${m}.negacao`)}</Badge>,
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

/** The statements a page at a time (server pages), with the filter by CACEAL, CNPJ or company name. */
export function ManifestacoesPaginadas(p: { dados: ManifestacoesContador | undefined; loading: boolean; page: number; filtro?: string; onPage(page: number): void; onFiltro(filtro: string): void }) {
  const { t } = useTranslation();
  const [texto, setTexto] = useState(p.filtro ?? '');
  const total = p.dados?.totalFiltrado ?? 0;
  return (
    <>
      <form onSubmit={(e) => { e.preventDefault(); p.onFiltro(texto.trim()); }}>
        <Group align="flex-end">
          <TextInput label={t('contador.lista.filtro')} placeholder={t('contador.lista.filtroDica')} value={texto} onChange={(e) => setTexto(e.currentTarget.value)} maxLength={100} w={360} data-testid="filtro-manifestacoes" />
          <Button type="submit" variant="default">{t('contador.lista.filtrar')}</Button>
        </Group>
      </form>
      <ManifestacoesTabela linhas={p.dados?.manifestacoes} razaoSocial loading={p.loading} />
      <ItemCount page={p.page} total={total} pageSize={POR_PAGINA_MANIFESTACOES} />
      <Pagination page={p.page} total={total} pageSize={POR_PAGINA_MANIFESTACOES} onChange={p.onPage} />
    </>
  );
}

/** The list's props from a page's URL state (page and filter are kept there: Back and reload keep them). */
export function listaDaUrl(url: { page?: number; filtro?: string }, setUrl: (v: { page?: number; filtro?: string }) => unknown, q: { data?: ManifestacoesContador; isFetching: boolean }) {
  return {
    dados: q.data, loading: q.isFetching, page: url.page ?? 1, filtro: url.filtro,
    onPage: (page: number) => void setUrl({ page }),
    onFiltro: (filtro: string) => void setUrl({ filtro: filtro || undefined, page: undefined }),
  };
}
