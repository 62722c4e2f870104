import { useState } from 'react';
import { Alert, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatCnae, formatDocumento, formatMoeda, formatPercentual, REGISTRY_API_BASE, type Alteracao, type PaginaEventos } from '@cadastro/domain';
import { Carregando } from '../../../ui/Carregando';
import { ItemCount, Pagination } from '../../../ui/Pagination';
import { formatDay, formatInstant } from '../../../ui/format';
import { httpErrorMessage } from '../../../ui/errors';
import { http } from '../../../ui/http';
import { useUserKey } from '../../../ui/session';

const TAMANHO = 10;
const DIA = /^\d{4}-\d{2}-\d{2}$/;

/** A stored value as the user reads it: days dd/mm/aaaa, S/N as Sim/Não, money R$ 1.234,56, shares 50,00%, nothing as a dash. */
function useValor() {
  const { t } = useTranslation();
  return (a: Alteracao, v: string | null) => {
    if (v === null) return '—';
    if (a.campo.endsWith('valorCapitalSocial')) return formatMoeda(v);
    if (a.campo.endsWith('percentual')) return formatPercentual(v);
    return DIA.test(v) ? formatDay(v) : v === 'S' ? t('entity.action.yes') : v === 'N' ? t('entity.action.no') : v;
  };
}

/** The field's name in the user's language: 'socio.percentual' → 'Sócio · Participação'. */
function useCampo() {
  const { t } = useTranslation();
  return (a: Alteracao) => a.campo.split('.').map((p) => t(`manutencao.campo.${p}`, { defaultValue: p })).join(' · ');
}

/** The item a change concerns, formatted as the tabs show it (CNAE 9999-9/99, CPF/CNPJ masked). */
function chave(a: Alteracao): string {
  if (!a.chave) return '';
  if (a.aba === 'atividades') return ` (${formatCnae(a.chave)})`;
  if (a.aba === 'socios') return ` (${formatDocumento(a.chave)})`;
  if (a.aba === 'procuradores') return ` (${formatDocumento(a.chave.slice(0, 11))})`;
  return ` (${a.chave})`;
}

/** 'Histórico de alterações': every saved event of the registration, newest first, paged, field by field. */
export function HistoricoAba({ numeroCaceal }: { numeroCaceal: number }) {
  const { t } = useTranslation();
  const userKey = useUserKey();
  const [page, setPage] = useState(1);
  const valor = useValor();
  const campo = useCampo();
  const q = useQuery({
    queryKey: userKey(['contribuinte', 'eventos', numeroCaceal, page]),
    queryFn: ({ signal }) => http.get<PaginaEventos>(`${REGISTRY_API_BASE}/eventos/listar`, { query: { numeroCaceal, page: page - 1, size: TAMANHO }, silent: true, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  if (q.isPending) return <Carregando h={100} />;
  if (q.isError) return <Alert color="red" role="alert">{httpErrorMessage(q.error, t)}</Alert>;
  if (!q.data.totalElements) return <Alert color="gray">{t('manutencao.historico.vazio')}</Alert>;
  return (
    <Stack data-testid="historico">
      {q.data.content.map((e) => (
        <Paper key={e.id} withBorder p="md" data-testid="evento">
          <Group justify="space-between" mb="xs">
            <Group gap="xs">
              <Text fw={700}>{t('manutencao.historico.processo', { processo: e.processo })}</Text>
              {e.protocoloRedesim && <Badge variant="light" tt="none">REDESIM {e.protocoloRedesim}</Badge>}
            </Group>
            <Text size="sm" c="dimmed">{t('manutencao.historico.quem', { usuario: e.usuario, quando: formatInstant(e.registradoEm) })}</Text>
          </Group>
          {(e.dataEvento || e.dataLegal) && (
            <Text size="sm" mb="xs">
              {[e.dataEvento && `${t('manutencao.processo.dataEvento')}: ${formatDay(e.dataEvento)}`, e.dataLegal && `${t('manutencao.processo.dataLegal')}: ${formatDay(e.dataLegal)}`].filter(Boolean).join(' · ')}
            </Text>
          )}
          {e.atoDeclaratorio && <Text size="sm" mb="xs" style={{ whiteSpace: 'pre-wrap' }}>{e.atoDeclaratorio}</Text>}
          <Table withTableBorder striped aria-label={t('manutencao.historico.alteracoes', { id: e.id })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('manutencao.historico.aba')}</Table.Th>
                <Table.Th>{t('manutencao.historico.campo')}</Table.Th>
                <Table.Th>{t('manutencao.historico.antes')}</Table.Th>
                <Table.Th>{t('manutencao.historico.depois')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {e.alteracoes.map((a, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{t(`manutencao.aba.${a.aba}`)}</Table.Td>
                  <Table.Td>{campo(a)}{chave(a)}</Table.Td>
                  <Table.Td>{valor(a, a.antes)}</Table.Td>
                  <Table.Td>{valor(a, a.depois)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ))}
      <ItemCount page={page} total={q.data.totalElements} pageSize={TAMANHO} />
      <Pagination page={page} total={q.data.totalElements} pageSize={TAMANHO} onChange={setPage} />
    </Stack>
  );
}
