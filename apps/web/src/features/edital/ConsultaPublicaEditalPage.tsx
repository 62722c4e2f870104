import { useState } from 'react';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EditalResumo } from '@cadastro/domain';
import { erroCacealDigitado } from '../../ui/caceal';
import { DataTable, type Column } from '../../ui/DataTable';
import { formatDay } from '../../ui/format';
import { ItemCount, Pagination } from '../../ui/Pagination';
import { param, useUrlState, type UrlValues } from '../../ui/urlState';
import { BotaoPdf } from './AcoesEdital';
import { ITENS_POR_PAGINA, useCombo, useConsultaPublica, type ConsultaPublica } from './api';
import { CampoData } from '../../ui/CampoData';

const URL = { pageNumber: param.page(), numero: param.text(12), tipoEdital: param.text(3), caceal: param.text(8), dataInicial: param.day(), dataFinal: param.day() };
type Url = UrlValues<typeof URL>;

function consulta(u: Url): ConsultaPublica | null {
  const q: ConsultaPublica = {
    numero: u.numero?.replace('/', ''), tipoEdital: u.tipoEdital ? Number(u.tipoEdital) : undefined, caceal: u.caceal ? Number(u.caceal) : undefined,
    dataInicioPublicacao: u.dataInicial, dataFimPublicacao: u.dataFinal,
  };
  return Object.values(q).some((v) => v !== undefined) ? q : null;
}

/** §2 consulta-publica-edital (no sign-in): published notices by number, type, CACEAL or period; at least one filter. */
export default function ConsultaPublicaEditalPage() {
  const { t } = useTranslation();
  const [url, setUrl] = useUrlState(URL);
  const pagina = url.pageNumber ?? 1;
  const q = useConsultaPublica(consulta(url), pagina);
  const columns: Column<EditalResumo>[] = [
    { key: 'numero', header: t('edital.col.numero'), render: (e) => e.numero },
    { key: 'titulo', header: t('edital.col.titulo'), render: (e) => e.tituloEdital },
    { key: 'tipo', header: t('edital.col.tipo'), render: (e) => e.tipoEdital },
    { key: 'publicacao', header: t('edital.col.publicacao'), render: (e) => formatDay(e.dataPublicacao) },
    { key: 'efeito', header: t('edital.col.efeito'), render: (e) => formatDay(e.dataEfeitoLegal) },
    { key: 'pdf', header: t('edital.col.acoes'), render: (e) => <BotaoPdf e={e} /> },
  ];
  return (
    <Stack py="md">
      <Title order={1}>{t('edital.publica.title')}</Title>
      <Filtro key={JSON.stringify(url)} url={url} onConsultar={(u) => void setUrl({ ...u, pageNumber: 1 }, { refresh: ['edital', 'publica'] })} />
      {consulta(url) && (
        <>
          <DataTable columns={columns} rows={q.data?.content} rowKey={(e) => e.id} loading={q.isFetching} error={q.isError} emptyText={t('global.noRecords')} caption={t('edital.publica.title')} />
          {q.data && <ItemCount page={pagina} total={q.data.totalElements} pageSize={ITENS_POR_PAGINA} />}
          {q.data && <Pagination page={pagina} total={q.data.totalElements} pageSize={ITENS_POR_PAGINA} onChange={(p) => void setUrl({ pageNumber: p })} />}
        </>
      )}
    </Stack>
  );
}

function Filtro({ url, onConsultar }: { url: Url; onConsultar(u: Partial<Url>): void }) {
  const { t } = useTranslation();
  const tipos = useCombo('tipoEdital');
  const [f, setF] = useState<Url>(url);
  const [tentou, setTentou] = useState(false);
  const set = (k: keyof Url) => (v: string | null) => setF((x) => ({ ...x, [k]: v || undefined }));
  const vazio = !consulta(f);
  return (
    <Paper withBorder p="md">
      <form onSubmit={(e) => { e.preventDefault(); setTentou(true); if (!vazio && !erroCacealDigitado(f.caceal, t)) onConsultar(f); }}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t('edital.consulta.numero')} value={f.numero ?? ''} onChange={(e) => set('numero')(e.currentTarget.value)} maxLength={12} data-testid="publica-numero" />
            <Select label={t('edital.consulta.tipo')} placeholder={t('edital.consulta.todos')} clearable data={(tipos.data ?? []).map((o) => ({ value: String(o.id), label: o.descricao }))} value={f.tipoEdital ?? null} onChange={set('tipoEdital')} />
            <TextInput label={t('edital.consulta.caceal')} value={f.caceal ?? ''} onChange={(e) => set('caceal')(e.currentTarget.value.replace(/\D/g, '').slice(0, 8))} inputMode="numeric" data-testid="publica-caceal" error={erroCacealDigitado(f.caceal, t)} />
            <CampoData label={t('edital.consulta.dataInicial')} value={f.dataInicial ?? null} onChange={set('dataInicial')} clearable />
            <CampoData label={t('edital.consulta.dataFinal')} value={f.dataFinal ?? null} onChange={set('dataFinal')} clearable />
          </SimpleGrid>
          {tentou && vazio && <Alert color="yellow" role="alert">{t('edital.publica.umFiltro')}</Alert>}
          <Group>
            <Button type="submit" data-testid="publica-consultar">{t('edital.consulta.consultar')}</Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
