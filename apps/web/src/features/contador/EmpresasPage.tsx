import { useState } from 'react';
import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { REGISTRY_API_BASE, type ContribuinteManifestacao } from '@cadastro/domain';
import { Caceal } from '../../ui/Caceal';
import { CampoData } from '../../ui/CampoData';
import { DataTable } from '../../ui/DataTable';
import { ItemCount, Pagination } from '../../ui/Pagination';
import { useAlerts } from '../../ui/alerts';
import { useAbrirPdf } from '../../ui/documentos';
import { formatDay } from '../../ui/format';
import { useUserKey } from '../../ui/session';
import { param, useUrlState } from '../../ui/urlState';
import { dataHora, diaSeguinte, POR_PAGINA_MANIFESTACOES, useComNegacao, useSemManifestacao } from './api';

const TAMANHO_SEM = 10;
const URL = {
  tipoConsulta: param.withDefault(param.oneOf(['semManifestacao', 'comManifestacao'] as const), 'semManifestacao' as const),
  dataInicial: param.day(),
  dataFinal: param.day(),
  page: param.page(),
  filtro: param.text(100),
};
const CHAVE = ['contador'] as const;

/**
 * §2 manifestacao-contador/empresas: 'Empresas sem Manifestação' (server pages of 10) or 'Empresas
 * com Manifestação de Negação' (server pages of 20 filtered by CACEAL, CNPJ or name, #32). Both days
 * required; a final day before the initial one is cleared and refused; the final day goes to the
 * server as the day after. The totals sit above the list.
 */
export default function EmpresasPage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const abrirPdf = useAbrirPdf();
  const userKey = useUserKey();
  const [url, setUrl] = useUrlState(URL);
  const [ini, setIni] = useState(url.dataInicial ?? '');
  const [fim, setFim] = useState(url.dataFinal ?? '');
  const [aviso, setAviso] = useState<string | null>(null);
  const [imprimindo, setImprimindo] = useState(false);
  const com = url.tipoConsulta === 'comManifestacao';
  const periodo = url.dataInicial && url.dataFinal ? { dataInicial: url.dataInicial, dataFinal: diaSeguinte(url.dataFinal) } : null;
  const page = url.page ?? 1;
  const sem = useSemManifestacao(!com && periodo ? { ...periodo, page } : null);
  const neg = useComNegacao(com && periodo ? { ...periodo, page, filtro: url.filtro } : null);
  const e = 'contador.empresas';

  /** §5 both days required; final before initial clears the final and fails. */
  const validar = (informe: string): boolean => {
    if (!ini || !fim) {
      setAviso(t(informe));
      return false;
    }
    if (fim < ini) {
      setFim('');
      setAviso(t(`${e}.finalAntes`));
      return false;
    }
    setAviso(null);
    return true;
  };
  const consultar = () => {
    if (validar(com ? `${e}.informeNegacao` : `${e}.informe`)) void setUrl({ dataInicial: ini, dataFinal: fim, page: 1, filtro: undefined }, { refresh: userKey(CHAVE) });
  };
  const imprimir = async () => {
    if (!validar(`${e}.informeRelatorio`)) return;
    setImprimindo(true);
    const p = { dataInicial: ini, dataFinal: diaSeguinte(fim) };
    const ok = com
      ? await abrirPdf(`${REGISTRY_API_BASE}/contribuinte/relatorioEmpresasNegativadas`, {}, 'empresas-negativadas.pdf', p, `${e}.erroRelNegativadas`)
      : await abrirPdf(`${REGISTRY_API_BASE}/contribuinte/relatorioEmpresasSemManifestacoes`, p, 'empresas-sem-manifestacao.pdf', undefined, `${e}.erroRelSem`);
    if (ok) alerts.show('success', t('contador.manifestacao.relatorioGerado'));
    setImprimindo(false);
  };
  const q = com ? neg : sem;
  const tamanho = com ? POR_PAGINA_MANIFESTACOES : TAMANHO_SEM;
  // `total`: what the filter matches (the pages); `doPeriodo`: every company of the period (the summary).
  const total = (com ? neg.data?.totalElements : sem.data?.totalElements) ?? 0;
  const doPeriodo = (com ? neg.data?.total : sem.data?.totalElements) ?? 0;
  const linhas: ContribuinteManifestacao[] | undefined = com ? neg.data?.content : sem.data?.content;
  const paginas = Math.max(1, Math.ceil(total / tamanho));
  return (
    <Stack py="md">
      <Title order={1}>{t(com ? `${e}.comTitle` : `${e}.semTitle`)}</Title>
      <SegmentedControl
        w="fit-content"
        value={url.tipoConsulta}
        onChange={(v) => { setAviso(null); void setUrl({ tipoConsulta: v as 'semManifestacao' | 'comManifestacao', page: undefined, filtro: undefined }); }}
        data={[{ value: 'semManifestacao', label: t(`${e}.semTitle`) }, { value: 'comManifestacao', label: t(`${e}.comTitle`) }]}
      />
      {aviso && <Alert color="yellow" role="alert" data-testid="aviso-periodo">{aviso}</Alert>}
      {q.isError && <Alert color="red" role="alert">{t(com ? `${e}.erroNegacao` : `${e}.erroSem`)}</Alert>}
      <Paper withBorder p="lg">
        <form onSubmit={(ev) => { ev.preventDefault(); consultar(); }} noValidate>
          <Group align="flex-end">
            <CampoData label={t(`${e}.dataInicial`)} withAsterisk value={ini || null} onChange={(v) => setIni(v ?? '')} clearable w={170} />
            <CampoData label={t(`${e}.dataFinal`)} withAsterisk value={fim || null} onChange={(v) => setFim(v ?? '')} clearable w={170} />
            <Button type="submit" loading={q.isFetching}>{t(`${e}.consultar`)}</Button>
            <Button variant="default" onClick={() => void imprimir()} loading={imprimindo} disabled={com && !neg.data?.total}>{t(`${e}.imprimir`)}</Button>
          </Group>
        </form>
      </Paper>
      {periodo && (
        <>
          {doPeriodo > 0 && (
            <Group justify="space-between">
              <Text size="sm" fw={600} data-testid="total-empresas">{t(`${e}.total`, { total: doPeriodo })}</Text>
              {total > tamanho && <Text size="sm" data-testid="pagina">{t(`${e}.pagina`, { page, pages: paginas })}</Text>}
            </Group>
          )}
          {com && (url.filtro || doPeriodo > tamanho) && <FiltroEmpresas key={url.filtro ?? ''} filtro={url.filtro} onFiltro={(f) => void setUrl({ filtro: f || undefined, page: undefined })} />}
          <DataTable
            rows={linhas}
            loading={q.isLoading}
            rowKey={(c) => c.numeroCaceal}
            emptyText={t(`${e}.vazio`)}
            columns={[
              { key: 'caceal', header: t('contador.manifestacao.caceal'), render: (c) => <Caceal numero={c.numeroCaceal} digito={c.digitoCaceal} /> },
              { key: 'razao', header: t('contador.manifestacao.razaoSocial'), render: (c) => c.razaoSocial },
              { key: 'situacao', header: t(`${e}.situacao`), render: (c) => c.situacaoCadastral },
              com
                ? { key: 'ultima', header: t(`${e}.ultima`), render: (c) => dataHora(c.ultimaManifestacao) }
                : { key: 'inicio', header: t(`${e}.inicio`), render: (c) => formatDay(c.dataInicioAtividade) },
            ]}
          />
          <ItemCount page={page} total={total} pageSize={tamanho} />
          <Pagination page={page} total={total} pageSize={tamanho} onChange={(p) => void setUrl({ page: p })} />
        </>
      )}
    </Stack>
  );
}

/** The denial list's filter by CACEAL, CNPJ or name (its own form: Enter filters, the period form stays as typed). */
function FiltroEmpresas({ filtro, onFiltro }: { filtro?: string; onFiltro(filtro: string): void }) {
  const { t } = useTranslation();
  const [texto, setTexto] = useState(filtro ?? '');
  return (
    <form onSubmit={(ev) => { ev.preventDefault(); onFiltro(texto.trim()); }}>
      <Group align="flex-end">
        <TextInput label={t('contador.lista.filtro')} placeholder={t('contador.lista.filtroDica')} value={texto} onChange={(ev) => setTexto(ev.currentTarget.value)} maxLength={100} w={360} data-testid="filtro-empresas" />
        <Button type="submit" variant="default">{t('contador.lista.filtrar')}</Button>
      </Group>
    </form>
  );
}
