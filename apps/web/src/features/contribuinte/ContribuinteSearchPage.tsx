import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ContribuinteResumo, TipoBuscaContribuinte } from '@cadastro/domain';
import { DEFAULT_PAGE_SIZE, formatCaceal, formatDocumento, onlyCnpjChars, onlyDigits, TIPOS_BUSCA_CONTRIBUINTE, validarTermoBusca } from '@cadastro/domain';
import { erroCacealDigitado } from '../../ui/caceal';
import { DataTable, type Column } from '../../ui/DataTable';
import { Pagination } from '../../ui/Pagination';
import { ResultsWindow } from '../../ui/ResultsWindow';
import { StatusBadge } from '../../ui/StatusBadge';
import { HttpError } from '../../ui/http';
import { httpErrorMessage } from '../../ui/errors';
import { param, useUrlState } from '../../ui/urlState';
import { BUSCA_KEY, buscarContribuintes } from './api';
import { mascarar, PLACEHOLDER } from '../../ui/mascaras';
import { ResultadosPorNome } from './ResultadosPorNome';
import { chaveRotuloDocumentos } from '../../ui/format';

/**
 * Where a registration opens (§2): from the modal, or a single result of a CACEAL search,
 * contribuinte/{caceal}/{numeroPessoa}; a single result of the other kinds,
 * contribuinte/{numeroPessoa}?caceal=.
 */
export const detalheUrl = (c: Pick<ContribuinteResumo, 'numeroCaceal' | 'numeroPessoa'>, porCaceal = true) =>
  porCaceal ? `/contribuinte/${c.numeroCaceal}/${c.numeroPessoa}` : `/contribuinte/${c.numeroPessoa}?caceal=${c.numeroCaceal}`;

/**
 * The search screen's URL state: the query and, when the results window is open, its page; a name
 * search's page also has its keyset position (`apos`, the server's opaque text).
 */
const BUSCA_URL = { tipo: param.oneOf(TIPOS_BUSCA_CONTRIBUINTE), termo: param.text(), page: param.page(), apos: param.text(800) };

/**
 * §2 /contribuinte: the search clerks use most. The query and the results window's page live in the
 * URL (?tipo=&termo=&page=), so Back from a taxpayer, a reload or a shared link shows the same list
 * on the same page; `page` absent means the window is closed.
 */
export default function ContribuinteSearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [url, setUrl] = useUrlState(BUSCA_URL);
  const busca = url.tipo && url.termo && validarTermoBusca(url.tipo, url.termo) === null ? { tipo: url.tipo, termo: url.termo } : null;
  const page = busca ? url.page : undefined;
  // Names go to the screen's own call (#43: variants, typos, every row reachable); §7's stays for the rest.
  const porNome = busca?.tipo === 'RAZAO_SOCIAL';
  const q = useQuery({
    queryKey: [...BUSCA_KEY, busca?.tipo, busca?.termo, page],
    queryFn: ({ signal }) => buscarContribuintes(busca!.tipo, busca!.termo, page! - 1, DEFAULT_PAGE_SIZE, signal),
    enabled: page !== undefined && !porNome,
    // Paging keeps the rows on screen while the next page loads; another search never shows this one's.
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[2] === busca?.tipo && prevQuery?.queryKey[3] === busca?.termo ? prev : undefined),
  });
  const atual = q.isPlaceholderData || porNome ? undefined : q.data;
  const unico = page === 1 && atual?.totalElements === 1 ? atual.content[0] : undefined;
  const vazio = page === 1 && atual?.totalElements === 0;

  // One registration opens straight away (§2). Its search's entry first loses the page, so Back
  // shows the form filled in instead of opening the registration again.
  const aberto = useRef<number | null>(null);
  const porCaceal = busca?.tipo === 'CACEAL';
  const abrirUnico = useCallback((c: Pick<ContribuinteResumo, 'numeroCaceal' | 'numeroPessoa'>, caceal: boolean) => {
    if (aberto.current === c.numeroCaceal) return;
    aberto.current = c.numeroCaceal;
    void setUrl({ page: undefined, apos: undefined }, { replace: true }).then(() => navigate(detalheUrl(c, caceal)));
  }, [setUrl, navigate]);
  useEffect(() => {
    if (unico) abrirUnico(unico, porCaceal);
  }, [unico, porCaceal, abrirUnico]);
  const abrirUnicoPorNome = useCallback((c: Pick<ContribuinteResumo, 'numeroCaceal' | 'numeroPessoa'>) => abrirUnico(c, false), [abrirUnico]);

  const consultar = (tipo: TipoBuscaContribuinte, termo: string) => {
    aberto.current = null;
    void setUrl({ tipo, termo, page: 1, apos: undefined }, { refresh: BUSCA_KEY });
  };

  const columns: Column<ContribuinteResumo>[] = [
    { key: 'caceal', header: t('contribuinte.caceal'), render: (c) => <Anchor component="button" type="button" style={{ whiteSpace: 'nowrap' }} onClick={() => void navigate(detalheUrl(c))}>{formatCaceal(c.numeroCaceal, c.digitoCaceal)}</Anchor> },
    { key: 'cnpj', header: t(chaveRotuloDocumentos((q.data?.content ?? []).map((c) => c.cnpj))), render: (c) => <span style={{ whiteSpace: 'nowrap' }}>{formatDocumento(c.cnpj)}</span> },
    { key: 'razao', header: t('contribuinte.razaoSocial'), render: (c) => c.razaoSocial },
    { key: 'situacao', header: t('contribuinte.situacaoCaceal'), render: (c) => <StatusBadge status={c.situacaoCadastral} /> },
  ];
  const dados = q.data;
  const total = dados?.totalElements ?? 0;
  const erro = q.isError && !(q.error instanceof HttpError && q.error.status === 401) ? httpErrorMessage(q.error, t) : null;

  return (
    <Stack py="md" maw={900}>
      <Title order={1}>{t('contribuinte.busca.title')}</Title>
      {erro && <Alert color="red" role="alert">{erro}</Alert>}
      {vazio && <Alert color="yellow" role="status" data-testid="busca-vazia">{t('contribuinte.busca.vazio')}</Alert>}
      {/* Keyed by the URL's query: Back to another search puts that search in the form. */}
      <BuscaForm key={`${url.tipo}|${url.termo}`} tipoInicial={url.tipo} termoInicial={url.termo} buscando={q.isFetching} onConsultar={consultar} />
      {porNome && page !== undefined && (
        <ResultadosPorNome
          key={busca.termo}
          termo={busca.termo}
          page={page}
          apos={url.apos}
          onPage={(p, apos) => void setUrl({ page: p, apos })}
          onClose={() => void setUrl({ page: undefined, apos: undefined })}
          onSugestao={(nome) => consultar('RAZAO_SOCIAL', nome)}
          onAbrir={(c) => void navigate(detalheUrl(c))}
          onUnico={abrirUnicoPorNome}
          erro={(e) => (e instanceof HttpError && e.status === 401 ? null : httpErrorMessage(e, t))}
        />
      )}
      <ResultsWindow
        opened={!porNome && page !== undefined && !!dados && !unico && (total > 1 || (page ?? 1) > 1)}
        onClose={() => void setUrl({ page: undefined })}
        title={t('contribuinte.busca.encontrados')}
        footer={
          dados && (
            <>
              <Text size="sm" c="dimmed" ta="center" data-testid="busca-total">
                {dados.totalIsLowerBound ? t('contribuinte.busca.maisDe', { n: total.toLocaleString('pt-BR') }) : t('contribuinte.busca.exibindo', { n: total.toLocaleString('pt-BR') })}
              </Text>
              <Pagination page={page ?? 1} total={total} pageSize={DEFAULT_PAGE_SIZE} onChange={(p) => void setUrl({ page: p })} />
            </>
          )
        }
      >
        <DataTable columns={columns} rows={dados?.content} rowKey={(c) => c.numeroCaceal} loading={q.isFetching} emptyText={t('contribuinte.busca.vazio')} onRowClick={(c) => void navigate(detalheUrl(c))} />
      </ResultsWindow>
    </Stack>
  );
}

function BuscaForm({ tipoInicial, termoInicial, buscando, onConsultar }: {
  tipoInicial: TipoBuscaContribuinte | undefined;
  termoInicial: string | undefined;
  buscando: boolean;
  onConsultar(tipo: TipoBuscaContribuinte, termo: string): void;
}) {
  const { t } = useTranslation();
  const [tipo, setTipo] = useState<TipoBuscaContribuinte | null>(tipoInicial ?? null);
  const [termo, setTermo] = useState(tipoInicial ? mascarar(tipoInicial, termoInicial ?? '') : '');
  const invalido = !tipo || validarTermoBusca(tipo, termo) !== null;
  // A whole CNPJ or CPF that fails its check digits is said in words, not only by the disabled button.
  const completo = (tipo === 'CNPJ' && onlyCnpjChars(termo).length === 14) || (tipo === 'CPF' && onlyDigits(termo).length === 11);
  const digitoInvalido = completo && invalido ? t('contribuinte.busca.digitoInvalido', { doc: tipo }) : undefined;
  return (
    <Paper withBorder p="lg">
      <form onSubmit={(e) => { e.preventDefault(); if (!invalido && tipo) onConsultar(tipo, termo.trim()); }} noValidate>
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t('contribuinte.busca.consultarPor')}
            placeholder={t('global.select')}
            withAsterisk
            data={TIPOS_BUSCA_CONTRIBUINTE.map((v) => ({ value: v, label: t(`contribuinte.busca.tipo.${v}`) }))}
            value={tipo}
            onChange={(v) => { setTipo(v as TipoBuscaContribuinte | null); setTermo(''); }}
            allowDeselect={false}
            data-testid="busca-tipo"
            w={220}
          />
          <TextInput
            label={t('contribuinte.busca.numero')}
            withAsterisk
            value={termo}
            onChange={(e) => setTermo(mascarar(tipo, e.currentTarget.value))}
            placeholder={tipo ? PLACEHOLDER[tipo] : ''}
            disabled={!tipo}
            data-testid="busca-termo"
            style={{ flex: 1, minWidth: 260 }}
            description={tipo === 'RAZAO_SOCIAL' ? t('contribuinte.busca.dicaRazao') : undefined}
            error={digitoInvalido ?? (tipo === 'CACEAL' ? erroCacealDigitado(termo, t) : undefined)}
          />
          <Button type="submit" disabled={invalido} loading={buscando} data-testid="busca-consultar">
            {t('contribuinte.busca.consultar')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
