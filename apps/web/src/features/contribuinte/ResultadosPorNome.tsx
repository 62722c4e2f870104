import { useEffect, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Box, Button, Group, List, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PaginaBuscaNome } from '@cadastro/domain';
import { DEFAULT_PAGE_SIZE, formatCaceal, formatDocumento } from '@cadastro/domain';
import { DataTable, type Column } from '../../ui/DataTable';
import { ResultsWindow } from '../../ui/ResultsWindow';
import { BADGE_INTEIRO, StatusBadge } from '../../ui/StatusBadge';
import { BUSCA_KEY, buscarPorNome } from './api';
import { chaveRotuloDocumentos } from '../../ui/format';

type Achado = PaginaBuscaNome['content'][number];
/**
 * Per term, the positions of the pages seen (page → `apos`): kept for the session's life, so Back from
 * a taxpayer still goes back page by page. A reload starts afresh (Anterior then goes to the first).
 */
const TRILHAS = new Map<string, Map<number, string | undefined>>();
function trilhaDe(termo: string) {
  let t = TRILHAS.get(termo);
  if (!t) {
    if (TRILHAS.size >= 20) TRILHAS.clear();
    t = new Map([[1, undefined]]);
    TRILHAS.set(termo, t);
  }
  return t;
}
/**
 * A pale badge of the kind's hue with dark text of it (AA on the pale tint), unlike the filled status badge
 * beside it. Not `color="green.9"`: Mantine's light variant paints a shaded colour solid, and its text the same.
 * Orange's shade 9 is too light for text (3.9:1): a darker one.
 */
const COR: Record<Achado['tipo'], { cor: string; texto: string }> = {
  CONTEM: { cor: 'green', texto: 'green.9' }, PALAVRAS: { cor: 'blue', texto: 'blue.9' },
  VARIANTE: { cor: 'violet', texto: 'violet.9' }, APROXIMADO: { cor: 'orange', texto: '#b03a08' },
};

/**
 * The name search's results (#43): each row says how it was found; pages follow the server's keyset
 * (`apos` in the URL), so every match is reachable, however many ("Próxima" to the end); Anterior
 * follows the positions seen (TRILHAS).
 */
export function ResultadosPorNome({ termo, page: pageUrl, apos, onPage, onClose, onSugestao, onAbrir, onUnico, erro }: {
  termo: string;
  page: number;
  apos: string | undefined;
  onPage(page: number, apos: string | undefined): void;
  onClose(): void;
  onSugestao(nome: string): void;
  onAbrir(c: Achado): void;
  onUnico(c: Achado): void;
  erro(e: unknown): string | null;
}) {
  const { t } = useTranslation();
  // A page past the first is a position: without one (a hand-made link) it is the first page.
  const page = apos ? pageUrl : 1;
  const q = useQuery({
    queryKey: [...BUSCA_KEY, 'nome', termo, apos ?? null],
    queryFn: ({ signal }) => buscarPorNome(termo, DEFAULT_PAGE_SIZE, apos, signal),
    // Paging keeps the rows on screen while the next page loads.
    placeholderData: (prev) => prev,
  });
  useEffect(() => {
    trilhaDe(termo).set(page, apos);
  }, [termo, page, apos]);
  const d = q.isPlaceholderData ? undefined : q.data;
  const unico = page === 1 && d && d.content.length === 1 && !d.proximo ? d.content[0] : undefined;
  useEffect(() => {
    if (unico) onUnico(unico);
  }, [unico, onUnico]);

  const comoAchou = (c: Achado) => (
    <Badge variant="light" color={COR[c.tipo].cor} c={COR[c.tipo].texto} data-testid="busca-tipo-achado" {...BADGE_INTEIRO}>{t(`buscaNome.tipo.${c.tipo}`)}</Badge>
  );
  const columns: Column<Achado>[] = [
    { key: 'caceal', header: t('contribuinte.caceal'), render: (c) => <Anchor component="button" type="button" style={{ whiteSpace: 'nowrap' }} onClick={() => onAbrir(c)}>{formatCaceal(c.numeroCaceal, c.digitoCaceal)}</Anchor> },
    { key: 'cnpj', header: t(chaveRotuloDocumentos((q.data?.content ?? []).map((c) => c.cnpj))), render: (c) => <span style={{ whiteSpace: 'nowrap' }}>{formatDocumento(c.cnpj)}</span> },
    { key: 'razao', header: t('contribuinte.razaoSocial'), render: (c) => c.razaoSocial },
    { key: 'tipo', header: t('buscaNome.comoAchou'), render: comoAchou },
    { key: 'situacao', header: t('contribuinte.situacaoCaceal'), render: (c) => <StatusBadge status={c.situacaoCadastral} /> },
  ];
  const msg = q.isError ? erro(q.error) : null;
  const dados = q.data;
  const anterior = () => {
    const trilha = trilhaDe(termo);
    return trilha.has(page - 1) ? onPage(page - 1, trilha.get(page - 1)) : onPage(1, undefined);
  };
  return (
    <>
      {msg && <Alert color="red" role="alert">{msg}</Alert>}
      {d && d.content.length === 0 && page === 1 && (
        <Alert color="yellow" role="status" data-testid="busca-vazia">
          {t('contribuinte.busca.vazio')}
          {d.sugestoes.length > 0 && (
            <>
              <Text size="sm" mt="xs">{t('buscaNome.voceQuisDizer')}</Text>
              <List size="sm" data-testid="busca-sugestoes">
                {d.sugestoes.map((s) => <List.Item key={s}><Anchor component="button" type="button" onClick={() => onSugestao(s)}>{s}</Anchor></List.Item>)}
              </List>
            </>
          )}
        </Alert>
      )}
      <ResultsWindow
        opened={!!dados && dados.content.length > 0 && !unico}
        onClose={onClose}
        title={t('contribuinte.busca.encontrados')}
        footer={dados && (
          <>
            <Text size="sm" c="dimmed" ta="center" data-testid="busca-total">
              {dados.total === 0 ? t('buscaNome.soParecidos') : (
                <>
                  {t(dados.totalIsLowerBound ? 'buscaNome.totalPiso' : 'buscaNome.total', { n: dados.total.toLocaleString('pt-BR') })}
                  {dados.parecidos !== false && ` ${t(dados.parecidos ? 'buscaNome.maisParecidos' : 'buscaNome.parecidosDepois')}`}
                </>
              )}
            </Text>
            <Group justify="center" gap="xs">
              <Button variant="default" size="xs" disabled={page === 1} onClick={() => onPage(1, undefined)}>{t('buscaNome.primeira')}</Button>
              <Button variant="default" size="xs" disabled={page === 1} onClick={anterior}>{t('buscaNome.anterior')}</Button>
              <Text size="sm" data-testid="busca-pagina">{t('buscaNome.pagina', { n: page })}</Text>
              <Button variant="default" size="xs" disabled={!dados.proximo} onClick={() => onPage(page + 1, dados.proximo ?? undefined)} data-testid="busca-proxima">
                {t('buscaNome.proxima')}
              </Button>
            </Group>
          </>
        )}
      >
        {/* A phone gets the rows as a list (the five columns scrolled sideways, the name squeezed to a word a line). */}
        <Box visibleFrom="sm">
          <DataTable columns={columns} rows={dados?.content} rowKey={(c) => c.numeroCaceal} loading={q.isFetching} emptyText={t('contribuinte.busca.vazio')} onRowClick={onAbrir} />
        </Box>
        <Box hiddenFrom="sm">
          <ListaDeAchados achados={dados?.content ?? []} carregando={q.isFetching} comoAchou={comoAchou} onAbrir={onAbrir} />
        </Box>
      </ResultsWindow>
    </>
  );
}

/** The results on a phone: a button a registration, the name first, then CACEAL and document, then how it was found and its status. */
function ListaDeAchados({ achados, carregando, comoAchou, onAbrir }: { achados: Achado[]; carregando: boolean; comoAchou(c: Achado): ReactNode; onAbrir(c: Achado): void }) {
  const { t } = useTranslation();
  return (
    <Box component="ul" aria-label={t('contribuinte.busca.encontrados')} aria-busy={carregando ? 'true' : 'false'} data-testid="busca-lista"
      style={{ listStyle: 'none', margin: 0, padding: 0, opacity: carregando ? 0.6 : 1 }}>
      {achados.map((c) => (
        <li key={c.numeroCaceal} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <UnstyledButton onClick={() => onAbrir(c)} w="100%" py="xs" px={4} data-testid="busca-achado">
            <Text fw={600} size="sm">{c.razaoSocial}</Text>
            <Text size="sm" c="dimmed">{formatCaceal(c.numeroCaceal, c.digitoCaceal)} · {formatDocumento(c.cnpj)}</Text>
            <Group gap={6} mt={4}>{comoAchou(c)}<StatusBadge status={c.situacaoCadastral} /></Group>
          </UnstyledButton>
        </li>
      ))}
    </Box>
  );
}
