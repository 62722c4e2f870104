import { Alert, Anchor, Badge, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { corStatusSolicitacao, formatDocumento } from '@cadastro/domain';
import { Carregando } from '../../../ui/Carregando';
import { CINZA_SELO } from '../../../ui/StatusBadge';
import { DataTable } from '../../../ui/DataTable';
import { httpErrorMessage } from '../../../ui/errors';
import { chaveRotuloDocumentos, formatDay, formatInstant } from '../../../ui/format';
import { useDadosCadastrais } from '../api';
import { caminhoDetalhe, SAIDA_DETALHAMENTO, useSolicitacoes } from './api';

/** §4 status badge: the colour of the code's list, the text always shown; a status without colour is outlined. */
export function StatusSolicitacao({ sistema, codigo, descricao }: { sistema: 'RDS' | 'CSN'; codigo: number; descricao: string }) {
  const cor = corStatusSolicitacao(sistema, codigo);
  // Yellow carries dark text (white on yellow fails contrast).
  return (
    <Badge color={cor ?? CINZA_SELO} variant={cor ? 'filled' : 'outline'} autoContrast data-testid="status-solicitacao" style={{ maxWidth: 'none' }} styles={{ label: { overflow: 'visible' } }}>
      {descricao}
    </Badge>
  );
}

/** The taxpayer's Solicitações tab: REDESIM (RDS) and Simples Nacional (CSN) requests of its CNPJ. */
export function SolicitacoesAba({ numeroPessoa, caceal }: { numeroPessoa: number; caceal: number | undefined }) {
  const { t } = useTranslation();
  const [, setSearch] = useSearchParams();
  const cnpj = useDadosCadastrais(numeroPessoa, caceal).data?.identificacao.cnpj;
  const q = useSolicitacoes(cnpj);
  if (q.isPending) return <Carregando h={100} />;
  if (q.isError) return <Alert color="red" role="alert">{httpErrorMessage(q.error, t)}</Alert>;
  const abrir = (protocolo: string) =>
    setSearch((s) => {
      const n = new URLSearchParams(s);
      n.set(SAIDA_DETALHAMENTO, caminhoDetalhe(protocolo));
      return n;
    });
  return (
    <Stack data-testid="solicitacoes-aba">
      <Title order={2} size="h4">{t('solicitacao.rds')}</Title>
      <DataTable
        rows={q.data.rds}
        rowKey={(s) => s.numProtocoloRedesim}
        emptyText={t('solicitacao.vazioRds')}
        caption={t('solicitacao.rds')}
        columns={[
          {
            key: 'protocolo',
            header: t('solicitacao.protocolo'),
            render: (s) => (
              <Anchor component="button" type="button" onClick={() => abrir(s.numProtocoloRedesim)} aria-label={t('solicitacao.abrir', { protocolo: s.numProtocoloRedesim })}>
                {s.numProtocoloRedesim}
              </Anchor>
            ),
          },
          { key: 'data', header: t('solicitacao.data'), render: (s) => formatInstant(s.dthSolicitacao) },
          { key: 'cnpj', header: t(chaveRotuloDocumentos(q.data.rds.map((s) => s.numCnpj))), render: (s) => <span style={{ whiteSpace: 'nowrap' }}>{formatDocumento(s.numCnpj)}</span> },
          { key: 'nome', header: t('solicitacao.modal.nomeEmpresarial'), render: (s) => s.nomEmpresarial },
          { key: 'eventos', header: t('solicitacao.eventos'), render: (s) => s.codEventosUnificados ?? '' },
          { key: 'status', header: t('solicitacao.status'), render: (s) => <StatusSolicitacao sistema="RDS" codigo={s.codTipoStatusProcessamento} descricao={s.dscTipoStatusProcessamento} /> },
        ]}
      />
      <Title order={2} size="h4">{t('solicitacao.csn')}</Title>
      <DataTable
        rows={q.data.csn}
        rowKey={(s) => s.numReciboSolicitacao}
        emptyText={t('solicitacao.vazioCsn')}
        caption={t('solicitacao.csn')}
        columns={[
          { key: 'recibo', header: t('solicitacao.recibo'), render: (s) => s.numReciboSolicitacao },
          { key: 'ident', header: t('solicitacao.identificacao'), render: (s) => s.numIdentificacaoSolicitacao },
          { key: 'data', header: t('solicitacao.dataEvento'), render: (s) => formatDay(s.datEvento) },
          { key: 'nome', header: t('solicitacao.modal.nomeEmpresarial'), render: (s) => s.nomEmpresarial },
          { key: 'evento', header: t('solicitacao.evento'), render: (s) => s.codEvento ?? '' },
          { key: 'status', header: t('solicitacao.status'), render: (s) => <StatusSolicitacao sistema="CSN" codigo={s.codTipoStatusProcessamento} descricao={s.dscTipoStatusProcessamento} /> },
        ]}
      />
    </Stack>
  );
}
