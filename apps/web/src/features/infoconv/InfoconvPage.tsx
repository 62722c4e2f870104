import { useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { ComprovanteCnpj, ConsultaInfoconvLinha, PaginaInfoconv } from '@cadastro/domain';
import { DEFAULT_PAGE_SIZE, formatCnpj, formatCpf, REGISTRY_API_BASE, SISTEMAS_INFOCONV } from '@cadastro/domain';
import { Campo } from '../../ui/Campo';
import { Carregando } from '../../ui/Carregando';
import { DataTable } from '../../ui/DataTable';
import { Pagination } from '../../ui/Pagination';
import { formatDay, formatInstant } from '../../ui/format';
import { http } from '../../ui/http';
import { httpErrorMessage } from '../../ui/errors';
import { param, useUrlState, type UrlValues } from '../../ui/urlState';
import { CampoData } from '../../ui/CampoData';

/** The filter and the preview's page, in the URL of both routes. */
const INFOCONV_URL = { sistema: param.oneOf(SISTEMAS_INFOCONV), dataInicial: param.day(), dataFinal: param.day(), page: param.withDefault(param.page(), 1) };
const INFOCONV_KEY = ['infoconv', 'lista'] as const;
type Filtro = { sistema: (typeof SISTEMAS_INFOCONV)[number]; dataInicial: string; dataFinal: string };

/**
 * consultas-infoconv (the filter) and pre-visualizar-consultas-infoconv (the results): the real log of
 * consultations the system made to the federal registry.
 */
export default function InfoconvPage() {
  const { t } = useTranslation();
  const [url, setUrl] = useUrlState(INFOCONV_URL);
  const preview = useLocation().pathname.startsWith('/pre-visualizar');
  const [comprovante, setComprovante] = useState<string | null>(null);
  const page = url.page;
  const params = preview && url.sistema && url.dataInicial && url.dataFinal ? { sistema: url.sistema, dataInicial: url.dataInicial, dataFinal: url.dataFinal } : null;
  const q = useQuery({
    queryKey: [...INFOCONV_KEY, params, page],
    queryFn: ({ signal }) => http.get<PaginaInfoconv>(`${REGISTRY_API_BASE}/historico/infoconv`, { query: { ...params, page: page - 1, size: DEFAULT_PAGE_SIZE }, silent: true, signal }),
    enabled: !!params,
  });
  const ir = (v: Filtro) =>
    void setUrl({ ...v, page: 1 }, { pathname: '/pre-visualizar-consultas-infoconv', refresh: INFOCONV_KEY });
  return (
    <Stack py="md">
      <Title order={1}>{t('infoconv.title')}</Title>
      <InfoconvForm key={`${url.sistema}|${url.dataInicial}|${url.dataFinal}`} inicial={url} onConsultar={ir} />
      {q.isFetching && !q.data && <Carregando h={120} />}
      {q.isError && <Alert color="red" role="alert">{httpErrorMessage(q.error, t)}</Alert>}
      {q.data && (
        <>
          <DataTable
            rows={q.data.content}
            rowKey={(r) => `${r.cnpj}-${r.dataConsulta}`}
            emptyText={t('infoconv.vazio')}
            loading={q.isFetching}
            columns={[
              { key: 'cnpj', header: 'CNPJ', render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatCnpj(r.cnpj)}</span> },
              { key: 'nome', header: t('contribuinte.razaoSocial'), render: (r) => r.razaosocial },
              { key: 'situacao', header: t('fic.situacao'), render: (r) => r.situacaoCadastral },
              { key: 'motivo', header: t('contribuinte.motivo'), render: (r) => r.motivo ?? '' },
              { key: 'data', header: t('infoconv.dataConsulta'), render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatInstant(r.dataConsulta)}</span> },
              { key: 'sistema', header: t('infoconv.sistema'), render: (r: ConsultaInfoconvLinha) => t(`infoconv.sistemas.${r.sistema}`) },
              { key: 'acao', header: t('infoconv.acao'), render: (r) => <Button size="xs" variant="light" onClick={() => setComprovante(r.cnpj)}>{t('infoconv.comprovante')}</Button> },
            ]}
          />
          <Text fw={700} data-testid="infoconv-total">{t('infoconv.total', { n: q.data.totalElements })}</Text>
          <Pagination page={page} total={q.data.totalElements} pageSize={DEFAULT_PAGE_SIZE} onChange={(p) => void setUrl({ page: p })} />
        </>
      )}
      <Modal opened={!!comprovante} onClose={() => setComprovante(null)} title={t('infoconv.comprovanteTitulo')} size="lg">
        {comprovante && <Comprovante cnpj={comprovante} />}
      </Modal>
    </Stack>
  );
}

function InfoconvForm({ inicial, onConsultar }: { inicial: UrlValues<typeof INFOCONV_URL>; onConsultar(v: Filtro): void }) {
  const { t } = useTranslation();
  const [sistema, setSistema] = useState<string | null>(inicial.sistema ?? null);
  const [inicio, setInicio] = useState<string | null>(inicial.dataInicial ?? null);
  const [fim, setFim] = useState<string | null>(inicial.dataFinal ?? null);
  const [tentou, setTentou] = useState(false);
  const periodoInvalido = !!inicio && !!fim && fim < inicio;
  const enviar = () => {
    setTentou(true);
    if (sistema && inicio && fim && !periodoInvalido) onConsultar({ sistema: sistema as Filtro['sistema'], dataInicial: inicio, dataFinal: fim });
  };
  const obrigatorio = (v: string | null) => (tentou && !v ? t('infoconv.obrigatorio') : undefined);
  return (
    <Paper withBorder p="lg">
      <form onSubmit={(e) => { e.preventDefault(); enviar(); }} noValidate>
        <Group align="flex-start">
          <Select
            label={t('infoconv.sistema')}
            placeholder={t('infoconv.selecione')}
            withAsterisk
            data={SISTEMAS_INFOCONV.map((s) => ({ value: s, label: t(`infoconv.sistemas.${s}`) }))}
            value={sistema}
            onChange={setSistema}
            error={obrigatorio(sistema)}
            w={200}
          />
          <CampoData label={t('infoconv.de')} value={inicio} onChange={setInicio} withAsterisk error={obrigatorio(inicio)} w={160} />
          <CampoData
            label={t('infoconv.ate')}
            value={fim}
            onChange={setFim}
            withAsterisk
            error={obrigatorio(fim) ?? (periodoInvalido ? t('historico.periodoInvalido') : undefined)}
            w={160}
          />
          <Button type="submit" mt={25}>{t('contribuinte.busca.consultar')}</Button>
        </Group>
      </form>
    </Paper>
  );
}

function Comprovante({ cnpj }: { cnpj: string }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['infoconv', 'comprovante', cnpj],
    queryFn: () => http.get<ComprovanteCnpj>(`${REGISTRY_API_BASE}/historico/infoconv/comprovante/${cnpj}`, { silent: true }),
    retry: false,
    staleTime: 60_000,
  });
  if (q.isPending) return <Carregando />;
  if (q.isError) return <Alert color="red" role="alert">{httpErrorMessage(q.error, t)}</Alert>;
  const c = q.data;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="comprovante">
      <Campo rotulo="CNPJ" valor={formatCnpj(c.cnpj)} />
      <Campo rotulo={t('contribuinte.razaoSocial')} valor={c.razaoSocial} />
      <Campo rotulo={t('fic.situacao')} valor={c.situacao} />
      <Campo rotulo={t('contribuinte.motivo')} valor={c.motivo} />
      <Campo rotulo={t('contribuinte.dataSituacao')} valor={formatDay(c.dataSituacao)} />
      <Campo rotulo={t('infoconv.responsavel')} valor={c.nomeResponsavel && `${c.nomeResponsavel}${c.cpfResponsavel ? ` (${formatCpf(c.cpfResponsavel)})` : ''}`} />
      <Campo rotulo={t('infoconv.consultadoEm')} valor={formatInstant(c.consultadoEm)} />
    </SimpleGrid>
  );
}
