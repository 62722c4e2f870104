import { useState } from 'react';
import { Alert, Button, Group, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatCaceal, type ContribuinteManifestacao, type CrcClassificacao } from '@cadastro/domain';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable } from '../../ui/DataTable';
import { ItemCount, Pagination } from '../../ui/Pagination';
import { useAlerts } from '../../ui/alerts';
import { useUserKey } from '../../ui/session';
import { formatDay } from '../../ui/format';
import { dataHora, gerarManifestacoes, mensagemContador, useContribuintesDoContador } from './api';

const POR_PAGINA = 20;

/**
 * §2 new statements: every client company starts as Confirmação (green); a click on the row (or its
 * button) marks Negação (red) and back; 'Gerar Manifestações' writes them all in one transaction.
 */
export function NovaManifestacao({ crc, onCancel }: { crc: CrcClassificacao; onCancel(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const alerts = useAlerts();
  const userKey = useUserKey();
  const q = useContribuintesDoContador(crc);
  const [negadas, setNegadas] = useState<ReadonlySet<number>>(new Set());
  const [confirmar, setConfirmar] = useState(false);
  const [gerando, setGerando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  // A busy accountant keeps hundreds of companies: shown a page at a time, marks kept across pages.
  const [pagina, setPagina] = useState(1);
  const [filtro, setFiltro] = useState('');
  const linhas = q.data ?? [];
  // The whole list is generated at once (marks kept across pages), so the filter narrows what is shown here.
  const termo = filtro.trim().toLowerCase();
  const digitos = termo.replace(/[.\-/\s]/g, '');
  const visiveis = !termo ? linhas
    : linhas.filter((c) => (/^\d+$/.test(digitos) ? `${c.numeroCaceal}${c.digitoCaceal ?? ''}`.startsWith(digitos) : c.razaoSocial.toLowerCase().includes(termo)));
  const negacoes = linhas.filter((c) => negadas.has(c.numeroCaceal)).length;
  const confirmacoes = linhas.length - negacoes;
  const alternar = (c: ContribuinteManifestacao) => {
    const s = new Set(negadas);
    if (!s.delete(c.numeroCaceal)) s.add(c.numeroCaceal);
    setNegadas(s);
  };
  const pedirGeracao = () => {
    if (!linhas.length) return setErro(t('contador.nova.semContribuinte'));
    setErro(null);
    setConfirmar(true);
  };
  const gerar = async () => {
    setGerando(true);
    try {
      await gerarManifestacoes({ ...crc, manifestacoes: linhas.map((c) => ({ caceal: c.numeroCaceal, tipoManifestacao: negadas.has(c.numeroCaceal) ? 2 : 1 })) });
      // Statements and companies changed: the next screens read them again.
      await qc.invalidateQueries({ queryKey: userKey(['contador']), refetchType: 'none' });
      alerts.show('success', t('contador.nova.sucesso'));
      void navigate(`/manifestacao-contador/manifestacao-ativa?crc=${encodeURIComponent(crc.crc)}&classificacao=${crc.classificacao}`);
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
      <Group>
        <Text c="green.8" fw={600} data-testid="confirmacoes">{t(`${n}.confirmacoes`, { n: confirmacoes })}</Text>
        <Text c="red.8" fw={600} data-testid="negacoes">{t(`${n}.negacoes`, { n: negacoes })}</Text>
      </Group>
      <TextInput label={t('contador.lista.filtroNova')} placeholder={t('contador.lista.filtroNovaDica')} value={filtro} onChange={(e) => { setFiltro(e.currentTarget.value); setPagina(1); }} maxLength={100} w={360} data-testid="filtro-empresas" />
      <DataTable
        rows={q.data && visiveis.slice((pagina - 1) * POR_PAGINA, pagina * POR_PAGINA)}
        loading={q.isLoading}
        rowKey={(c) => c.numeroCaceal}
        emptyText={t(`${n}.vazio`)}
        onRowClick={alternar}
        columns={[
          { key: 'caceal', header: t(`${m}.caceal`), render: (c) => formatCaceal(c.numeroCaceal, c.digitoCaceal ?? undefined) },
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
      <ItemCount page={pagina} total={visiveis.length} pageSize={POR_PAGINA} />
      <Pagination page={pagina} total={visiveis.length} pageSize={POR_PAGINA} onChange={setPagina} />
      <Group>
        <Button onClick={pedirGeracao} disabled={q.isLoading}>{t(`${n}.gerar`)}</Button>
        <Button variant="default" onClick={onCancel}>{t(`${n}.cancelar`)}</Button>
      </Group>
      <ConfirmDialog
        opened={confirmar}
        title={t(`${n}.confirmarTitulo`)}
        message={t(`${n}.confirmarTexto`, { total: linhas.length, confirmacoes, negacoes })}
        confirmLabel={t(`${n}.gerar`)}
        loading={gerando}
        onConfirm={() => void gerar()}
        onDeny={() => setConfirmar(false)}
      />
    </>
  );
}
