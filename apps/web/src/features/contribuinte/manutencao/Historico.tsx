import { useState } from 'react';
import { Alert, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REGISTRY_API_BASE, type Alteracao, type PaginaEventos } from '@cadastro/domain';
import { campoTexto, chaveTexto, valorTexto } from './historicoTexto';
import { Carregando } from '../../../ui/Carregando';
import { ItemCount, Pagination } from '../../../ui/Pagination';
import { formatDay, formatInstant } from '../../../ui/format';
import { httpErrorMessage } from '../../../ui/errors';
import { http } from '../../../ui/http';
import { useUserKey } from '../../../ui/session';

const TAMANHO = 10;

/** 'Histórico de alterações': every saved event of the registration, newest first, paged, field by field. */
export function HistoricoAba({ numeroCaceal }: { numeroCaceal: number }) {
  const { t } = useTranslation();
  const userKey = useUserKey();
  const [page, setPage] = useState(1);
  const valor = (a: Alteracao, v: string | null) => valorTexto(t, a, v);
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
            {/* The author by name, the login after it (an account since removed keeps its login only). */}
            <Text size="sm" c="dimmed" data-testid="evento-autor">
              {e.nomeUsuario
                ? t('manutencao.historico.quemNome', { nome: e.nomeUsuario, usuario: e.usuario, quando: formatInstant(e.registradoEm) })
                : t('manutencao.historico.quem', { usuario: e.usuario, quando: formatInstant(e.registradoEm) })}
            </Text>
          </Group>
          {(e.dataEvento || e.dataLegal) && (
            <Text size="sm" mb="xs">
              {[e.dataEvento && `${t('manutencao.processo.dataEvento')}: ${formatDay(e.dataEvento)}`, e.dataLegal && `${t('manutencao.processo.dataLegal')}: ${formatDay(e.dataLegal)}`].filter(Boolean).join(' · ')}
            </Text>
          )}
          {e.atoDeclaratorio && <Text size="sm" mb="xs" style={{ whiteSpace: 'pre-wrap' }}>{e.atoDeclaratorio}</Text>}
          <Table withTableBorder striped aria-label={t('manutencao.historico.alteracoes', { id: e.processo })}>
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
                  <Table.Td>{campoTexto(t, a)}{chaveTexto(t, a)}</Table.Td>
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
