import { Anchor, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import type { HistoricoRazaoSocial, HistoricoSituacao } from '@cadastro/domain';
import { formatDocumento, REGISTRY_API_BASE } from '@cadastro/domain';
import { Campo } from '../../ui/Campo';
import { DataTable } from '../../ui/DataTable';
import { StatusBadge } from '../../ui/StatusBadge';
import { formatDay, chaveRotuloDocumentos } from '../../ui/format';
import { http } from '../../ui/http';
import { RecordState } from '../../ui/NotFound';
import { Caceal } from '../../ui/Caceal';

/** historico-situacao-cadastral-detail/{caceal} and historico-razao-social-detail/{caceal}. */
export default function HistoricoDetalhePage() {
  const { t } = useTranslation();
  const situacao = useLocation().pathname.startsWith('/historico-situacao');
  const caceal = Number(useParams().numeroDocumento);
  const [sp] = useSearchParams();
  const corpo = { caceal, dataInicial: sp.get('dataInicial') ?? undefined, dataFinal: sp.get('dataFinal') ?? undefined };
  const q = useQuery({
    queryKey: ['historico', situacao, corpo],
    queryFn: () =>
      http.post<HistoricoSituacao | HistoricoRazaoSocial>(`${REGISTRY_API_BASE}/historico/consultar/${situacao ? 'situacao-cadastral' : 'razao-social'}/por-caceal`, corpo, { silent: true }),
  });
  return (
    <Stack py="md">
      <Group justify="space-between">
        <Title order={1}>{t(situacao ? 'historico.detalheSituacao' : 'historico.detalheRazao')}</Title>
        <Anchor component={Link} to="/historico">{t('contribuinte.detalhe.novaConsulta')}</Anchor>
      </Group>
      <RecordState query={q}>
        {(dados) => (
          <>
            {dados.contribuinte && (
              <Paper withBorder p="md" bg="gray.0">
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <Campo rotulo={t('contribuinte.caceal')} valor={<Caceal numero={dados.contribuinte.numeroCaceal} digito={dados.contribuinte.digitoCaceal} />} />
                  <Campo rotulo={t(chaveRotuloDocumentos([dados.contribuinte.cnpj]))} valor={formatDocumento(dados.contribuinte.cnpj)} />
                  <Campo rotulo={t('contribuinte.razaoSocial')} valor={dados.contribuinte.razaoSocial} />
                </SimpleGrid>
              </Paper>
            )}
            {situacao && (
              <DataTable
                rows={(dados as HistoricoSituacao).content}
                rowKey={(_, i) => i}
                emptyText={t('global.noRecords')}
                columns={[
                  { key: 'situacao', header: t('fic.situacao'), render: (r) => <StatusBadge status={r.descricaoSituacaoCadastralHistorico} /> },
                  { key: 'motivo', header: t('contribuinte.motivo'), render: (r) => `${r.descricaoMotivoHistorico ?? t('contribuinte.naoInformado')}${r.numeroEdital ? ` (${t('edital.historico', { numero: r.numeroEdital })})` : ''}` },
                  { key: 'data', header: t('historico.dataAlteracao'), render: (r) => formatDay(r.dataAlteracao) },
                ]}
              />
            )}
            {!situacao && (
              <DataTable
                rows={(dados as HistoricoRazaoSocial).content}
                rowKey={(_, i) => i}
                emptyText={t('global.noRecords')}
                columns={[
                  { key: 'nome', header: t('historico.nomeAlterado'), render: (r) => r.nomeRazaoSocial },
                  { key: 'data', header: t('historico.dataAlteracao'), render: (r) => formatDay(r.dataAlteracao) },
                ]}
              />
            )}
          </>
        )}
      </RecordState>
    </Stack>
  );
}
