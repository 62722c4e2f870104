import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ColunaRelatorio, ListaRelatorio, PaginaRelatorio } from '@cadastro/domain';
import { ALERT_TIMEOUT_MS, formatCelulaRelatorio, formatInteiro, REGISTRY_API_BASE } from '@cadastro/domain';
import { Carregando } from './Carregando';
import { DataTable } from './DataTable';
import { useExportar } from './documentos';
import { httpErrorMessage } from './errors';
import { request } from './http';
import { Pagination } from './Pagination';

export const TAMANHO_PAGINA_RELATORIO = 20;
type Consulta = Record<string, string | undefined>;
type Linha = PaginaRelatorio['content'][number];

export interface ReportPageProps {
  titulo: string;
  /** The report's path under relatorio/ (§7): preview, /imprimir (PDF) and /baixar (XLSX). */
  caminho: string;
  colunas: readonly ColunaRelatorio[];
  /** Sub-rows listed inside each row, in a last column (a taxpayer's activities). */
  lista?: ListaRelatorio;
  rotulo(campo: string): string;
  vazio: string;
  exportar: readonly ('pdf' | 'xlsx')[];
  totais?: readonly string[];
  /** The filter form; absent when the report has no filter. */
  filtro?: ReactNode;
  /** The query of the preview, null while the filter is being filled. */
  consulta: Consulta | null;
  page: number;
  onPage(page: number): void;
  arquivo: string;
}

/**
 * One report screen (§2 Reports): the filter, then the preview — 'Carregando dados, por favor aguarde...'
 * while it loads (body hidden), the spec's empty text, Print (the PDF rendered in the background, its
 * progress shown, then opened in a new window) and XLS (a streamed download, its progress shown) — all
 * from the one server engine.
 */
export function ReportPage(p: ReportPageProps) {
  const { t } = useTranslation();
  const { imprimirRelatorio, baixarPlanilha } = useExportar();
  const url = `${REGISTRY_API_BASE}/relatorio/${p.caminho}`;
  // One click, one file: the button waits for its export.
  const [exportando, setExportando] = useState<'pdf' | 'xlsx' | null>(null);
  const exportar = (tipo: 'pdf' | 'xlsx') => {
    setExportando(tipo);
    const feito = tipo === 'pdf' ? imprimirRelatorio(`${url}/imprimir`, p.consulta ?? {}, `${p.arquivo}.pdf`) : baixarPlanilha(`${url}/baixar`, p.consulta ?? {}, `${p.arquivo}.xlsx`);
    void feito.finally(() => setExportando(null));
  };
  const q = useQuery({
    queryKey: ['relatorio', p.caminho, p.consulta, p.page],
    queryFn: ({ signal }) =>
      request<PaginaRelatorio>('GET', url, undefined, { query: { ...p.consulta, page: p.page - 1, size: TAMANHO_PAGINA_RELATORIO }, silent: true, signal }).then((r) => r.data),
    enabled: !!p.consulta,
  });
  // §2: the error line of a report disappears after 5 s.
  const [erroOculto, setErroOculto] = useState(0);
  useEffect(() => {
    if (!q.isError) return;
    const id = setTimeout(() => setErroOculto(q.errorUpdatedAt), ALERT_TIMEOUT_MS);
    return () => clearTimeout(id);
  }, [q.isError, q.errorUpdatedAt]);
  const erroVisivel = q.isError && erroOculto !== q.errorUpdatedAt;

  const vazio = !q.data || q.data.content.length === 0;

  return (
    <Stack py="md">
      <Title order={1}>{p.titulo}</Title>
      {p.filtro && <Paper withBorder p="lg">{p.filtro}</Paper>}
      {p.consulta && (
        <Stack gap="sm" data-testid="pre-visualizacao">
          <Group justify="space-between">
            <Title order={2} size="h4">{t('relatorio.preVisualizacao')}</Title>
            <Group gap="xs">
              {p.exportar.includes('pdf') && (
                <Button variant="default" disabled={vazio || exportando === 'pdf'} onClick={() => exportar('pdf')}>
                  {t('relatorio.imprimir')}
                </Button>
              )}
              {p.exportar.includes('xlsx') && (
                <Button variant="default" disabled={vazio || exportando === 'xlsx'} onClick={() => exportar('xlsx')}>
                  {t('relatorio.baixarXls')}
                </Button>
              )}
            </Group>
          </Group>
          {q.isError && erroVisivel && <Alert color="red" role="alert">{httpErrorMessage(q.error, t)}</Alert>}
          {q.isPending && !q.isError && <Carregando h={120} />}
          {q.data && (
            <>
              <DataTable<Linha>
                rows={q.data.content}
                rowKey={(_, i) => i}
                emptyText={p.vazio}
                loading={q.isFetching}
                caption={p.titulo}
                denso={p.colunas.length + (p.lista ? 1 : 0) > 6}
                columns={[
                  ...p.colunas.map((c) => ({ key: c.campo, header: p.rotulo(c.campo), numerico: c.tipo === 'inteiro', render: (l: Linha) => <Celula coluna={c} valor={l[c.campo]} /> })),
                  ...(p.lista ? [{ key: p.lista.campo, header: p.rotulo(p.lista.campo), render: (l: Linha) => <Itens lista={p.lista!} valor={l[p.lista!.campo]} /> }] : []),
                ]}
              />
              {q.data.totais && q.data.content.length > 0 && (
                <Text fw={700} data-testid="relatorio-totais">
                  {t('relatorio.total')}: {Object.values(q.data.totais).map((v) => formatInteiro(v)).join(' · ')}
                </Text>
              )}
              {q.data.content.length > 0 && (
                <Text size="sm" data-testid="relatorio-contagem">
                  {t('relatorio.registros', { n: formatInteiro(q.data.totalElements) })}
                </Text>
              )}
              <Pagination page={p.page} total={q.data.totalElements} pageSize={TAMANHO_PAGINA_RELATORIO} onChange={p.onPage} />
            </>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function Celula({ coluna, valor }: { coluna: ColunaRelatorio; valor: Linha[string] | undefined }) {
  const { t } = useTranslation();
  const texto = formatCelulaRelatorio(coluna.tipo, Array.isArray(valor) ? null : valor, { sim: t('relatorio.sim'), nao: t('relatorio.nao') });
  // Codes never wrap in the middle.
  return ['cnpj', 'cpf', 'cnae', 'caceal'].includes(coluna.tipo) ? <span style={{ whiteSpace: 'nowrap' }}>{texto}</span> : <>{texto}</>;
}

/** A row's sub-rows, one per line: their cells joined by ' · ' (as the PDF prints them). */
function Itens({ lista, valor }: { lista: ListaRelatorio; valor: Linha[string] | undefined }) {
  const itens = Array.isArray(valor) ? valor : [];
  return (
    <ul style={{ margin: 0, paddingLeft: '1em' }}>
      {itens.map((item, i) => (
        <li key={i}>
          {lista.colunas.map((c, j) => (
            <span key={c.campo}>{j > 0 && ' · '}<Celula coluna={c} valor={item[c.campo]} /></span>
          ))}
        </li>
      ))}
    </ul>
  );
}
