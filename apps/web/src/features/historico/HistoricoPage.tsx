import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Paper, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ContribuinteResumo, PaginaContribuintes, TipoDocumentoHistorico } from '@cadastro/domain';
import { DEFAULT_PAGE_SIZE, formatCaceal, formatDocumento, periodo, REGISTRY_API_BASE, TIPOS_DOCUMENTO_HISTORICO, validarTermoBusca } from '@cadastro/domain';
import { erroCacealDigitado } from '../../ui/caceal';
import { Pagination } from '../../ui/Pagination';
import { DataTable } from '../../ui/DataTable';
import { ResultsWindow } from '../../ui/ResultsWindow';
import { StatusBadge } from '../../ui/StatusBadge';
import { http } from '../../ui/http';
import { httpErrorMessage } from '../../ui/errors';
import { mascarar, PLACEHOLDER } from '../../ui/mascaras';
import { param, useUrlState, type UrlValues } from '../../ui/urlState';
import { CampoData } from '../../ui/CampoData';
import { chaveRotuloDocumentos } from '../../ui/format';

const TIPOS = ['SITUACAO_CADASTRAL', 'RAZAO_SOCIAL'] as const;
type Tipo = (typeof TIPOS)[number];
const ROTA: Record<Tipo, string> = { SITUACAO_CADASTRAL: 'historico-situacao-cadastral-detail', RAZAO_SOCIAL: 'historico-razao-social-detail' };

/** The screen's URL state: the query and, when the registration picker is open, its page. */
const HISTORICO_URL = {
  tipo: param.oneOf(TIPOS),
  doc: param.oneOf(TIPOS_DOCUMENTO_HISTORICO),
  numero: param.text(30),
  de: param.day(),
  ate: param.day(),
  page: param.page(),
};
const LISTA_KEY = ['historico', 'lista'] as const;

/**
 * §2 historico: which history, which registration (several → picker) and the change-date period.
 * Query and picker page live in the URL, so Back from a history returns to the picker as it was.
 */
export default function HistoricoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [url, setUrl] = useUrlState(HISTORICO_URL);
  const tipo: Tipo = url.tipo ?? 'SITUACAO_CADASTRAL';
  const valida = !!url.doc && !!url.numero && validarTermoBusca(url.doc, url.numero) === null;
  const page = valida ? url.page : undefined;
  // The picker pages on the server: a CNPJ root of a chain may hold many registrations.
  const q = useQuery({
    queryKey: [...LISTA_KEY, url.doc, url.numero, page],
    queryFn: ({ signal }) =>
      http.get<PaginaContribuintes>(`${REGISTRY_API_BASE}/historico/obterListaHistorico/${url.doc}/${encodeURIComponent(url.numero!)}/${page! - 1}/${DEFAULT_PAGE_SIZE}`, { silent: true, signal }),
    enabled: page !== undefined,
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[2] === url.doc && prevQuery?.queryKey[3] === url.numero ? prev : undefined),
  });
  const atual = q.isPlaceholderData ? undefined : q.data;
  const unico = page === 1 && atual?.totalElements === 1 ? atual.content[0] : undefined;

  const destino = (c: ContribuinteResumo) => {
    const p = periodo(url.de, url.ate);
    const qs = p.dataInicial ? `?dataInicial=${p.dataInicial}&dataFinal=${p.dataFinal}` : '';
    return `/${ROTA[tipo]}/${c.numeroCaceal}${qs}`;
  };
  const destinoUnico = unico ? destino(unico) : null;
  // A single registration opens straight away; its entry loses the page first, so Back shows the form.
  const aberto = useRef<string | null>(null);
  useEffect(() => {
    if (!destinoUnico || aberto.current === destinoUnico) return;
    aberto.current = destinoUnico;
    void setUrl({ page: undefined }, { replace: true }).then(() => navigate(destinoUnico));
  }, [destinoUnico, setUrl, navigate]);

  const consultar = (v: Omit<UrlValues<typeof HISTORICO_URL>, 'page'>) => {
    aberto.current = null;
    void setUrl({ ...v, page: 1 }, { refresh: LISTA_KEY });
  };
  const aviso = q.isError ? httpErrorMessage(q.error, t) : page === 1 && atual?.totalElements === 0 ? t('global.noRecords') : null;
  const dados = q.data;
  return (
    <Stack py="md" maw={900}>
      <Title order={1}>{t('historico.title')}</Title>
      {aviso && <Alert color="yellow" role="alert">{aviso}</Alert>}
      <HistoricoForm key={`${url.tipo}|${url.doc}|${url.numero}|${url.de}|${url.ate}`} inicial={url} buscando={q.isFetching} onConsultar={consultar} />
      <ResultsWindow
        opened={page !== undefined && !!dados && !unico && (dados.totalElements > 1 || (page ?? 1) > 1)}
        onClose={() => void setUrl({ page: undefined })}
        title={t('contribuinte.busca.encontrados')}
        footer={
          dados && (
            <>
              <Text size="sm" c="dimmed" ta="center">{t('contribuinte.busca.exibindo', { n: dados.totalElements.toLocaleString('pt-BR') })}</Text>
              <Pagination page={page ?? 1} total={dados.totalElements} pageSize={DEFAULT_PAGE_SIZE} onChange={(p) => void setUrl({ page: p })} />
            </>
          )
        }
      >
        <DataTable
          rows={dados?.content}
          rowKey={(c) => c.numeroCaceal}
          loading={q.isFetching}
          emptyText={t('global.noRecords')}
          onRowClick={(c) => void navigate(destino(c))}
          columns={[
            { key: 'caceal', header: t('contribuinte.caceal'), render: (c) => <span style={{ whiteSpace: 'nowrap' }}>{formatCaceal(c.numeroCaceal, c.digitoCaceal)}</span> },
            { key: 'cnpj', header: t(chaveRotuloDocumentos((dados?.content ?? []).map((c) => c.cnpj))), render: (c) => <span style={{ whiteSpace: 'nowrap' }}>{formatDocumento(c.cnpj)}</span> },
            { key: 'razao', header: t('contribuinte.razaoSocial'), render: (c) => c.razaoSocial },
            { key: 'situacao', header: t('contribuinte.situacaoCaceal'), render: (c) => <StatusBadge status={c.situacaoCadastral} /> },
          ]}
        />
      </ResultsWindow>
    </Stack>
  );
}

function HistoricoForm({ inicial, buscando, onConsultar }: {
  inicial: UrlValues<typeof HISTORICO_URL>;
  buscando: boolean;
  onConsultar(v: Omit<UrlValues<typeof HISTORICO_URL>, 'page'>): void;
}) {
  const { t } = useTranslation();
  const [tipo, setTipo] = useState<Tipo>(inicial.tipo ?? 'SITUACAO_CADASTRAL');
  const [doc, setDoc] = useState<TipoDocumentoHistorico | null>(inicial.doc ?? null);
  const [numero, setNumero] = useState(inicial.doc ? mascarar(inicial.doc, inicial.numero ?? '') : '');
  const [inicio, setInicio] = useState<string | null>(inicial.de ?? null);
  const [fim, setFim] = useState<string | null>(inicial.ate ?? null);
  const periodoInvalido = !!inicio && !!fim && fim < inicio;
  const valido = !!doc && validarTermoBusca(doc, numero) === null && !periodoInvalido;
  const enviar = () => {
    if (valido && doc) onConsultar({ tipo, doc, numero: numero.trim(), de: inicio ?? undefined, ate: fim ?? undefined });
  };
  return (
    <Paper withBorder p="lg">
      <form onSubmit={(e) => { e.preventDefault(); enviar(); }} noValidate>
        <Stack>
          <SegmentedControl
            aria-label={t('historico.tipo')}
            value={tipo}
            onChange={(v) => setTipo(v as Tipo)}
            data={[{ value: 'SITUACAO_CADASTRAL', label: t('historico.situacao') }, { value: 'RAZAO_SOCIAL', label: t('historico.razaoSocial') }]}
            w="fit-content"
          />
          <Group align="flex-start" wrap="wrap">
            <Select
              label={t('contribuinte.busca.consultarPor')}
              placeholder={t('global.select')}
              withAsterisk
              data={TIPOS_DOCUMENTO_HISTORICO.map((v) => ({ value: v, label: t(`contribuinte.busca.tipo.${v}`) }))}
              value={doc}
              onChange={(v) => { setDoc(v as TipoDocumentoHistorico | null); setNumero(''); }}
              allowDeselect={false}
              w={200}
            />
            <TextInput
              label={t('contribuinte.busca.numero')}
              withAsterisk
              value={numero}
              onChange={(e) => setNumero(mascarar(doc, e.currentTarget.value))}
              placeholder={doc ? PLACEHOLDER[doc] : ''}
              description={doc === 'CACEAL' || !doc ? t('historico.apenasNumeros') : t('historico.cnpjAlfanumerico')}
              disabled={!doc}
              error={doc === 'CACEAL' ? erroCacealDigitado(numero, t) : undefined}
              w={240}
            />
            <CampoData label={t('historico.de')} value={inicio} onChange={setInicio} clearable w={150} />
            <CampoData
              label={t('historico.ate')}
              value={fim}
              onChange={setFim}
              clearable
              w={150}
              error={periodoInvalido ? t('historico.periodoInvalido') : undefined}
            />
          </Group>
          <Group>
            <Button type="submit" disabled={!valido} loading={buscando}>{t('contribuinte.busca.consultar')}</Button>
            <Text size="sm" c="dimmed">{t('historico.dicaPeriodo')}</Text>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
