import { useState } from 'react';
import { ActionIcon, Alert, Anchor, Badge, Box, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConsultaPendencias, Pendencia } from '@cadastro/domain';
import { Caceal } from '../../../ui/Caceal';
import { Authority, COR_CRITICIDADE, DEFAULT_PAGE_SIZE, formatCompetencia, formatDocumento, SITUACAO_PENDENCIA } from '@cadastro/domain';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { DataTable } from '../../../ui/DataTable';
import { ItemCount, Pagination } from '../../../ui/Pagination';
import { useAlerts } from '../../../ui/alerts';
import { chaveRotuloDocumentos, formatDay } from '../../../ui/format';
import { useSession } from '../../../ui/session';
import { mensagemErroPendencia, PENDENCIAS_KEY, regularizarPendencia, useClassificacoesOrigemCadastro, usePendencias } from './api';
import { AlterarPendenciaModal } from './AlterarPendenciaModal';

interface Props {
  /** consultar: the Pendências screen; aba: the taxpayer's tab (contribuinte/obterPendencias). */
  origem: 'consultar' | 'aba';
  /** The query without its page; undefined = nothing asked yet. */
  consulta: Omit<ConsultaPendencias, 'pagina' | 'tamanho'> | undefined;
  /** 1-based. */
  page: number;
  onPage(page: number): void;
  /** §2/§8: the screen's empty text ('Não houve resultado para a consulta.' / 'Nenhum registro encontrado.'). */
  vazio: string;
}

/** §2 criticality dot (Baixa yellow, Média orange, Alta red) with its name: colour is never the only signal. */
function Criticidade({ p }: { p: Pendencia }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box component="span" aria-hidden w={12} h={12} style={{ borderRadius: '50%', flexShrink: 0, background: `var(--mantine-color-${COR_CRITICIDADE[p.criticidade.sequencial] ?? 'gray'}-filled)` }} />
      <span>{p.criticidade.nome}</span>
    </Group>
  );
}

/**
 * The list of pendências (§2), the same on the Pendências screen and the taxpayer's tab. With
 * ROLE_CAD_MAN_PEND_OFICIO the CNPJ opens 'Alterar Pendência' (registry-origin classifications only)
 * and an open registry-origin row offers 'Regularizar Pendência'; the row is then replaced by the answer.
 */
// A badge's label may shrink to an ellipsis; in a narrow column the word must stay whole.
const SELO_INTEIRO = { label: { overflow: 'visible' } } as const;

export function PendenciasLista({ origem, consulta, page, onPage, vazio }: Props) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const qc = useQueryClient();
  const { hasAnyAuthority } = useSession();
  const manutencao = hasAnyAuthority([Authority.MAN_PEND_OFICIO]);
  const q = usePendencias(origem, consulta && { ...consulta, pagina: page - 1, tamanho: DEFAULT_PAGE_SIZE });
  const origemCadastro = new Set((useClassificacoesOrigemCadastro(manutencao).data ?? []).map((c) => c.id));
  // Rows changed here, shown as the server answered until the list is fetched again (then the server's rows win).
  const [trocadas, setTrocadas] = useState<{ em: number; linhas: Record<number, Pendencia> }>({ em: 0, linhas: {} });
  const [regularizando, setRegularizando] = useState<Pendencia | null>(null);
  const [alterando, setAlterando] = useState<Pendencia | null>(null);
  const [enviando, setEnviando] = useState(false);

  const trocar = (p: Pendencia) => {
    setTrocadas((x) => ({ em: Date.now(), linhas: { ...(x.em >= q.dataUpdatedAt ? x.linhas : {}), [p.sequencial]: p } }));
    // Other lists holding this row (the screen, the tab) read it again when next shown.
    void qc.invalidateQueries({ queryKey: PENDENCIAS_KEY, refetchType: 'none' });
  };
  const regularizar = async () => {
    if (!regularizando) return;
    setEnviando(true);
    try {
      trocar(await regularizarPendencia(regularizando));
      alerts.success(t('pendencia.regularizar.sucesso'));
    } catch (e) {
      alerts.error(mensagemErroPendencia(e, t));
    } finally {
      setEnviando(false);
      setRegularizando(null);
    }
  };

  if (consulta === undefined) return null;
  if (q.isError) return <Alert color="red" role="alert">{mensagemErroPendencia(q.error, t)}</Alert>;
  const dados = q.data;
  const linhas = dados?.content.map((p) => (trocadas.em >= q.dataUpdatedAt ? trocadas.linhas[p.sequencial] : undefined) ?? p);
  const alteravel = (p: Pendencia) => origemCadastro.has(p.classificacao.sequencial);
  return (
    <Stack gap="sm" data-testid={`pendencias-${origem}`}>
      <DataTable
        rows={linhas}
        rowKey={(p) => p.sequencial}
        loading={q.isFetching}
        emptyText={vazio}
        caption={t('pendencia.aba')}
        columns={[
          {
            key: 'cnpj',
            // The list's document: a CPF-held registration's pendências carry its CPF (§3's `cnpj`).
            header: t(chaveRotuloDocumentos((linhas ?? []).map((p) => p.cnpj))),
            render: (p) =>
              manutencao && alteravel(p) ? (
                <Anchor component="button" type="button" onClick={() => setAlterando(p)} style={{ whiteSpace: 'nowrap' }} aria-label={`${formatDocumento(p.cnpj)} — ${t('pendencia.alterar.abrir', { competencia: formatCompetencia(p.competencia) })}`}>
                  {formatDocumento(p.cnpj)}
                </Anchor>
              ) : (
                <span style={{ whiteSpace: 'nowrap' }} title={manutencao ? t('pendencia.alterar.naoAlteravel') : undefined}>{formatDocumento(p.cnpj)}</span>
              ),
          },
          {
            key: 'contribuinte',
            header: t('pendencia.coluna.contribuinte'),
            render: (p) => (
              <span data-testid="contribuinte-pendencia">
                {p.caceal != null && <Caceal numero={p.caceal} digito={p.digitoCaceal} />}
                {p.razaoSocial && <Text size="xs" c="dimmed">{p.razaoSocial}</Text>}
              </span>
            ),
          },
          { key: 'classificacao', header: t('pendencia.coluna.classificacao'), render: (p) => p.classificacao.nome },
          { key: 'pendencia', header: t('pendencia.coluna.pendencia'), render: (p) => p.pendencia },
          { key: 'providencia', header: t('pendencia.coluna.providencia'), render: (p) => p.acoesRegularizadoras ?? '' },
          { key: 'competencia', header: t('pendencia.coluna.competencia'), render: (p) => formatCompetencia(p.competencia) },
          { key: 'criticidade', header: t('pendencia.coluna.criticidade'), render: (p) => <Criticidade p={p} /> },
          { key: 'prazo', header: t('pendencia.coluna.prazo'), render: (p) => formatDay(p.prazo) },
          {
            key: 'situacao',
            header: t('pendencia.coluna.situacao'),
            render: (p) => (
              <Stack gap={4} align="flex-start">
                <span data-testid="situacao-pendencia">{p.situacao.nome}</span>
                {p.vencida && <Badge color="red.8" variant="filled" styles={SELO_INTEIRO} title={t('pendencia.vencidaDica')} data-testid="pendencia-vencida">{t('pendencia.vencida')}</Badge>}
              </Stack>
            ),
          },
          ...(manutencao
            ? [{
                key: 'acoes',
                header: t('pendencia.coluna.acoes'),
                render: (p: Pendencia) =>
                  p.situacao.sequencial === SITUACAO_PENDENCIA.PENDENTE && alteravel(p) ? (
                    <ActionIcon variant="light" color="green" onClick={() => setRegularizando(p)} aria-label={t('pendencia.regularizar.botao', { competencia: formatCompetencia(p.competencia) })}>
                      ✓
                    </ActionIcon>
                  ) : null,
              }]
            : []),
        ]}
      />
      {dados && dados.totalElements > 0 && (
        <>
          <ItemCount page={page} total={dados.totalElements} pageSize={DEFAULT_PAGE_SIZE} />
          <Pagination page={page} total={dados.totalElements} pageSize={DEFAULT_PAGE_SIZE} onChange={onPage} />
        </>
      )}
      <ConfirmDialog
        opened={regularizando !== null}
        title={t('pendencia.regularizar.titulo')}
        message={t('pendencia.regularizar.mensagem', { pendencia: regularizando?.pendencia ?? '' })}
        confirmLabel={t('entity.action.yes')}
        denyLabel={t('entity.action.no')}
        loading={enviando}
        onConfirm={() => void regularizar()}
        onDeny={() => setRegularizando(null)}
      />
      {alterando && (
        <AlterarPendenciaModal
          pendencia={alterando}
          onClose={() => setAlterando(null)}
          onSaved={(p) => {
            trocar(p);
            setAlterando(null);
            alerts.success(t('pendencia.alterar.sucesso'));
          }}
        />
      )}
    </Stack>
  );
}
