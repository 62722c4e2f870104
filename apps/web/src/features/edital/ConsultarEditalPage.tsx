import { useState } from 'react';
import { Button, Group, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { ConsultaEditalInput, EditalResumo, TipoConsultaEdital } from '@cadastro/domain';
import { Authority, TIPOS_CONSULTA_EDITAL } from '@cadastro/domain';
import { useAlerts } from '../../ui/alerts';
import { erroCacealDigitado } from '../../ui/caceal';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable, type Column } from '../../ui/DataTable';
import { httpErrorMessage } from '../../ui/errors';
import { formatDay } from '../../ui/format';
import { ItemCount, Pagination } from '../../ui/Pagination';
import { useSession, useUserKey } from '../../ui/session';
import { param, useUrlState, type UrlValues } from '../../ui/urlState';
import { AcoesEdital } from './AcoesEdital';
import { excluir, ITENS_POR_PAGINA, useCombo, useConsultaEditais } from './api';
import { CampoData } from '../../ui/CampoData';

/** §2 query params of consultar-edital, all in the URL: Back (ours and the browser's) returns to the same search. */
const URL = {
  pageNumber: param.page(),
  tipoConsulta: param.oneOf(['consultaInicial', 'situacao', 'demaisFiltros'] as const),
  numero: param.text(12),
  tipoEditalSelecionado: param.text(3),
  situacaoEditalSelecionada: param.text(1),
  caceal: param.text(8),
  dataInicial: param.day(),
  dataFinal: param.day(),
  dataEfeitoLegal: param.day(),
};
type Url = UrlValues<typeof URL>;

/** The "Consultar por" choice a URL stands for, and the query it sends. */
function modo(u: Url): TipoConsultaEdital | null {
  if (u.tipoConsulta === 'consultaInicial') return 'numeroEdital';
  if (u.tipoConsulta === 'situacao') return u.situacaoEditalSelecionada === '2' ? 'prontoParaPublicar' : 'emEdicao';
  return u.tipoConsulta === 'demaisFiltros' ? 'demaisFiltros' : null;
}
function consulta(u: Url): ConsultaEditalInput | null {
  const m = modo(u);
  if (!m) return null;
  const n = (v?: string) => (v ? Number(v) : null);
  return m === 'demaisFiltros'
    ? { tipoConsultaEdital: m, tipoEdital: n(u.tipoEditalSelecionado), situacao: n(u.situacaoEditalSelecionada), caceal: n(u.caceal), dataInicial: u.dataInicial ?? null, dataFinal: u.dataFinal ?? null, dataEfeitoLegal: u.dataEfeitoLegal ?? null }
    : { tipoConsultaEdital: m, numero: m === 'numeroEdital' ? (u.numero ?? '').replace('/', '') : null };
}

/** §2 consultar-edital (ROLE_CAD_CON_EDITAL): four query modes, actions per status, Novo for editors. */
export default function ConsultarEditalPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const qc = useQueryClient();
  const alerts = useAlerts();
  const userKey = useUserKey();
  const sessao = useSession();
  const editor = sessao.hasAnyAuthority([Authority.EDITAR_EDITAL]);
  const publicador = sessao.hasAnyAuthority([Authority.CON_EDITAL_PUBLI]);
  const [url, setUrl] = useUrlState(URL);
  const pagina = url.pageNumber ?? 1;
  const q = useConsultaEditais(consulta(url), pagina);
  const [excluindo, setExcluindo] = useState<EditalResumo | null>(null);
  const abrir = (id: number, confirmacao = false) => void navigate(`/edital/edicao/${id}${confirmacao ? '?ehConfirmacao=true' : ''}`, { state: { voltar: search } });

  const apagar = async () => {
    if (!excluindo) return;
    try {
      await excluir(excluindo.id);
      alerts.success(t('edital.acao.excluido'));
      await qc.invalidateQueries({ queryKey: userKey(['edital']) });
    } catch (e) {
      alerts.error(httpErrorMessage(e, t));
    } finally {
      setExcluindo(null);
    }
  };

  const columns: Column<EditalResumo>[] = [
    { key: 'numero', header: t('edital.col.numero'), render: (e) => e.numero },
    { key: 'titulo', header: t('edital.col.titulo'), render: (e) => e.tituloEdital },
    { key: 'tipo', header: t('edital.col.tipo'), render: (e) => e.tipoEdital },
    { key: 'situacao', header: t('edital.col.situacao'), render: (e) => e.situacaoEdital },
    { key: 'publicacao', header: t('edital.col.publicacao'), render: (e) => formatDay(e.dataPublicacao) },
    { key: 'efeito', header: t('edital.col.efeito'), render: (e) => formatDay(e.dataEfeitoLegal) },
    { key: 'acoes', header: t('edital.col.acoes'), render: (e) => <AcoesEdital e={e} editor={editor} publicador={publicador} onEditar={() => abrir(e.id)} onConfirmar={() => abrir(e.id, true)} onExcluir={() => setExcluindo(e)} /> },
  ];

  return (
    <Stack py="md">
      <Group justify="space-between">
        <Title order={1}>{t('edital.consulta.title')}</Title>
        {editor && <Button onClick={() => void navigate('/edital/cadastro', { state: { voltar: search } })} data-testid="edital-novo">{t('edital.consulta.novo')}</Button>}
      </Group>
      <Filtro key={search} url={url} onConsultar={(u) => void setUrl({ ...u, pageNumber: 1 }, { refresh: userKey(['edital']) })} />
      {q.data || q.isFetching || q.isError ? (
        <>
          <DataTable columns={columns} rows={q.data?.content} rowKey={(e) => e.id} loading={q.isFetching} error={q.isError} emptyText={t('global.noRecords')} caption={t('edital.consulta.title')} />
          {q.data && <ItemCount page={pagina} total={q.data.totalElements} pageSize={ITENS_POR_PAGINA} />}
          {q.data && <Pagination page={pagina} total={q.data.totalElements} pageSize={ITENS_POR_PAGINA} onChange={(p) => void setUrl({ pageNumber: p })} />}
        </>
      ) : null}
      <ConfirmDialog
        opened={!!excluindo}
        title={t('edital.acao.excluirTitulo')}
        message={t('edital.acao.excluirMensagem', { numero: excluindo?.numero ?? '' })}
        danger
        onConfirm={() => void apagar()}
        onDeny={() => setExcluindo(null)}
      />
    </Stack>
  );
}

/** The query form, keyed by the URL so Back puts the earlier query in its fields. */
function Filtro({ url, onConsultar }: { url: Url; onConsultar(u: Partial<Url>): void }) {
  const { t } = useTranslation();
  const tipos = useCombo('tipoEdital');
  const situacoes = useCombo('situacaoEdital');
  const [m, setM] = useState<TipoConsultaEdital | null>(modo(url));
  const [f, setF] = useState({ ...url });
  const set = (k: keyof Url) => (v: string | null) => setF((x) => ({ ...x, [k]: v ?? undefined }));
  const submit = () => {
    if (!m) return;
    if (m === 'numeroEdital') onConsultar({ tipoConsulta: 'consultaInicial', numero: f.numero, tipoEditalSelecionado: undefined, situacaoEditalSelecionada: undefined, caceal: undefined, dataInicial: undefined, dataFinal: undefined, dataEfeitoLegal: undefined });
    else if (m === 'emEdicao' || m === 'prontoParaPublicar') onConsultar({ tipoConsulta: 'situacao', situacaoEditalSelecionada: m === 'emEdicao' ? '1' : '2', numero: undefined, tipoEditalSelecionado: undefined, caceal: undefined, dataInicial: undefined, dataFinal: undefined, dataEfeitoLegal: undefined });
    else if (!erroCacealDigitado(f.caceal, t)) onConsultar({ ...f, tipoConsulta: 'demaisFiltros', numero: undefined });
  };
  return (
    <Paper withBorder p="md">
      <form onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <Stack>
          <Group align="flex-end">
            <Select
              label={t('edital.consulta.consultarPor')}
              placeholder={t('global.select')}
              data={TIPOS_CONSULTA_EDITAL.map((v) => ({ value: v, label: t(`edital.consulta.modos.${v}`) }))}
              value={m}
              onChange={(v) => setM(v as TipoConsultaEdital | null)}
              data-testid="edital-consultar-por"
              allowDeselect={false}
              w={260}
            />
            {m === 'numeroEdital' && <TextInput label={t('edital.consulta.numero')} value={f.numero ?? ''} onChange={(e) => set('numero')(e.currentTarget.value)} maxLength={12} data-testid="edital-numero" />}
            <Button type="submit" disabled={!m} data-testid="edital-consultar">{t('edital.consulta.consultar')}</Button>
          </Group>
          {m === 'demaisFiltros' && (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select label={t('edital.consulta.tipo')} placeholder={t('edital.consulta.todos')} clearable data={(tipos.data ?? []).map((o) => ({ value: String(o.id), label: o.descricao }))} value={f.tipoEditalSelecionado ?? null} onChange={set('tipoEditalSelecionado')} />
              <Select label={t('edital.consulta.situacao')} placeholder={t('edital.consulta.todos')} clearable data={(situacoes.data ?? []).map((o) => ({ value: String(o.id), label: o.descricao }))} value={f.situacaoEditalSelecionada ?? null} onChange={set('situacaoEditalSelecionada')} />
              <TextInput label={t('edital.consulta.caceal')} value={f.caceal ?? ''} onChange={(e) => set('caceal')(e.currentTarget.value.replace(/\D/g, '').slice(0, 8))} inputMode="numeric" error={erroCacealDigitado(f.caceal, t)} />
              <CampoData label={t('edital.consulta.dataInicial')} value={f.dataInicial ?? null} onChange={set('dataInicial')} clearable />
              <CampoData label={t('edital.consulta.dataFinal')} value={f.dataFinal ?? null} onChange={set('dataFinal')} clearable />
              <CampoData label={t('edital.consulta.dataEfeitoLegal')} value={f.dataEfeitoLegal ?? null} onChange={set('dataEfeitoLegal')} clearable />
            </SimpleGrid>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
