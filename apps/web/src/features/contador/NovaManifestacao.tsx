import { useState } from 'react';
import { Alert, Button, Group, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ContribuinteManifestacao, CrcClassificacao } from '@cadastro/domain';
import { Caceal } from '../../ui/Caceal';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable } from '../../ui/DataTable';
import { Pagination } from '../../ui/Pagination';
import { CARRY_ALERTS, useAlerts } from '../../ui/alerts';
import { useUserKey } from '../../ui/session';
import { formatDay } from '../../ui/format';
import { dataHora, gerarManifestacoes, mensagemContador, POR_PAGINA_MANIFESTACOES, useContribuintesDoContador } from './api';

/**
 * §2 new statements: every client company starts as Confirmação (green); a click on the row (or its
 * button) marks Negação (red) and back; 'Gerar Manifestações' writes them all in one transaction.
 * Issue 40 §1: the companies come a page at a time from the server (thousands for a busy accountant),
 * and the statements are generated there for every one of them ("todas"), only the Negações listed.
 */
export function NovaManifestacao({ crc, onCancel }: { crc: CrcClassificacao; onCancel(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const alerts = useAlerts();
  const userKey = useUserKey();
  // A busy accountant keeps thousands of companies: shown a page at a time, marks kept across pages.
  const [pagina, setPagina] = useState(1);
  const [filtro, setFiltro] = useState('');
  const q = useContribuintesDoContador(crc, { page: pagina, filtro });
  const [negadas, setNegadas] = useState<ReadonlySet<number>>(new Set());
  const [confirmar, setConfirmar] = useState(false);
  const [gerando, setGerando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  // Every company is generated (the filter only finds rows to mark): the totals are the accountant's, not the page's.
  const total = q.data?.total ?? 0;
  const negacoes = negadas.size;
  const confirmacoes = total - negacoes;
  const alternar = (c: ContribuinteManifestacao) => {
    const s = new Set(negadas);
    if (!s.delete(c.numeroCaceal)) s.add(c.numeroCaceal);
    setNegadas(s);
  };
  const pedirGeracao = () => {
    if (!total) return setErro(t('contador.nova.semContribuinte'));
    setErro(null);
    setConfirmar(true);
  };
  const gerar = async () => {
    setGerando(true);
    try {
      await gerarManifestacoes({ ...crc, todas: { negacoes: [...negadas] } });
      // Statements and companies changed: the next screens read them again.
      await qc.invalidateQueries({ queryKey: userKey(['contador']), refetchType: 'none' });
      alerts.show('success', t('contador.nova.sucesso'));
      // The success alert speaks of the next screen: carried there (a route change clears the alerts otherwise).
      void navigate(`/manifestacao-contador/manifestacao-ativa?crc=${encodeURIComponent(crc.crc)}&classificacao=${crc.classificacao}`, { state: CARRY_ALERTS });
    } catch (e) {
      setConfirmar(false);
      setErro(mensagemContador(e, t, 'contador.nova.erro'));
    } finally {
      setGerando(false);
    }
  };
  const n = 'contador.nova';
  const m = 'contador.manifestacao';
  return (
    <>
      {q.isError && <Alert color="red" role="alert">{mensagemContador(q.error, t, `${n}.erroContribuintes`)}</Alert>}
      {erro && <Alert color="red" role="alert">{erro}</Alert>}
      <Text size="sm">{t(`${n}.ajuda`)}</Text>
      {/* One total (issue 40 §7: three were shown): what 'Gerar' writes. */}
      {q.data && (
        <Text fw={600} data-testid="resumo-nova">
          {t(`${n}.resumo`, { total: total.toLocaleString('pt-BR'), confirmacoes: confirmacoes.toLocaleString('pt-BR'), negacoes: negacoes.toLocaleString('pt-BR') })}
        </Text>
      )}
      <TextInput
        label={t('contador.lista.filtroNova')}
        placeholder={t('contador.lista.filtroNovaDica')}
        description={filtro.trim() && q.data ? t(`${n}.encontradas`, { n: q.data.totalElements.toLocaleString('pt-BR') }) : undefined}
        value={filtro}
        onChange={(e) => { setFiltro(e.currentTarget.value); setPagina(1); }}
        maxLength={100}
        // At most 360 px, never wider than a phone's screen (a fixed width pushed the page sideways).
        w="100%"
        maw={360}
        data-testid="filtro-empresas"
      />
      <DataTable
        rows={q.data?.content}
        loading={q.isFetching}
        rowKey={(c) => c.numeroCaceal}
        emptyText={t(`${n}.vazio`)}
        onRowClick={alternar}
        columns={[
          { key: 'caceal', header: t(`${m}.caceal`), render: (c) => <Caceal numero={c.numeroCaceal} digito={c.digitoCaceal} /> },
          { key: 'razao', header: t(`${m}.razaoSocial`), render: (c) => c.razaoSocial },
          { key: 'situacao', header: t(`${n}.situacao`), render: (c) => c.situacaoCadastral },
          { key: 'inicio', header: t(`${n}.inicio`), render: (c) => formatDay(c.dataInicioAtividade) },
          { key: 'ultima', header: t(`${n}.ultima`), render: (c) => dataHora(c.ultimaManifestacao) },
          {
            key: 'tipo', header: t(`${n}.manifestacao`),
            render: (c) => {
              const negada = negadas.has(c.numeroCaceal);
              return (
                <Button size="compact-xs" color={negada ? 'red' : 'green'} aria-pressed={negada} onClick={(e) => { e.stopPropagation(); alternar(c); }}>
                  {t(negada ? `${m}.negacao` : `${m}.confirmacao`)}
                </Button>
              );
            },
          },
        ]}
      />
      <Pagination page={pagina} total={q.data?.totalElements ?? 0} pageSize={POR_PAGINA_MANIFESTACOES} onChange={setPagina} />
      <Group>
        <Button onClick={pedirGeracao} disabled={q.isLoading}>{t(`${n}.gerar`)}</Button>
        <Button variant="default" onClick={onCancel}>{t(`${n}.cancelar`)}</Button>
      </Group>
      <ConfirmDialog
        opened={confirmar}
        title={t(`${n}.confirmarTitulo`)}
        message={t(`${n}.confirmarTexto`, { total: total.toLocaleString('pt-BR'), confirmacoes: confirmacoes.toLocaleString('pt-BR'), negacoes: negacoes.toLocaleString('pt-BR') })}
        confirmLabel={t(`${n}.gerar`)}
        loading={gerando}
        onConfirm={() => void gerar()}
        onDeny={() => setConfirmar(false)}
      />
    </>
  );
}
