import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Radio, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AtividadesEdicao, formatCnae, REGISTRY_API_BASE, type Atividade } from '@cadastro/domain';
import { Carregando } from '../../../ui/Carregando';
import { Pagination } from '../../../ui/Pagination';
import { http } from '../../../ui/http';
import { httpErrorMessage } from '../../../ui/errors';
import { useAba } from '../api';
import { useAbaEditavel } from './contexto';
import { BarraEdicao } from './Salvar';

const paraBloco = (l: Atividade[]) => l.map((a) => ({ codigoCnae: a.codigoCnae, ehAtividadePrincipal: a.ehAtividadePrincipal }));

/** Atividade Econômica, editable: add through the activity dialog, choose the one principal, remove (§5). */
export function AtividadesEditor({ numeroPessoa, caceal }: { numeroPessoa: number; caceal: number | undefined }) {
  const { t } = useTranslation();
  const q = useAba<Atividade[]>('obterAtividades', numeroPessoa, caceal);
  const aba = useAbaEditavel('atividades', q.data, paraBloco);
  const [dialogo, setDialogo] = useState(false);
  if (q.isPending) return <Carregando h={100} />;
  if (q.isError) return <Alert color="red" role="alert">{httpErrorMessage(q.error, t)}</Alert>;
  const lista = aba.atual ?? [];
  const ed = aba.editando;
  const regra = aba.alterado ? AtividadesEdicao.safeParse(paraBloco(lista)) : null;
  const principal = (cnae: string) => aba.alterar(lista.map((a) => ({ ...a, ehAtividadePrincipal: a.codigoCnae === cnae })));
  return (
    <Stack>
      <BarraEdicao aba={aba}>
        <Button size="xs" disabled={!ed} onClick={() => setDialogo(true)}>{t('manutencao.atividade.adicionar')}</Button>
      </BarraEdicao>
      {regra && !regra.success && <Alert color="orange" role="alert">{t('manutencao.atividade.regra')}</Alert>}
      {!lista.length ? (
        <Alert color="gray">{t('contribuinte.busca.vazio')}</Alert>
      ) : (
        <Radio.Group value={lista.find((a) => a.ehAtividadePrincipal)?.codigoCnae ?? ''} onChange={principal} aria-label={t('contribuinte.atividade.principal')}>
          <Table withTableBorder striped data-testid="atividades">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('contribuinte.atividade.cnae')}</Table.Th>
                <Table.Th>{t('contribuinte.atividade.descricao')}</Table.Th>
                <Table.Th>{t('contribuinte.atividade.principal')}</Table.Th>
                <Table.Th>{t('manutencao.acoes')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lista.map((a) => (
                <Table.Tr key={a.codigoCnae}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCnae(a.codigoCnae)}</Table.Td>
                  <Table.Td>{a.descricao}</Table.Td>
                  <Table.Td>
                    {ed ? <Radio value={a.codigoCnae} aria-label={t('manutencao.atividade.tornarPrincipal', { cnae: formatCnae(a.codigoCnae) })} />
                      : a.ehAtividadePrincipal ? <Badge color="govbr">{t('contribuinte.atividade.principalSim')}</Badge> : t('contribuinte.atividade.secundaria')}
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="subtle" color="red" disabled={!ed} onClick={() => aba.alterar(lista.filter((x) => x.codigoCnae !== a.codigoCnae))}
                      aria-label={t('manutencao.atividade.remover', { cnae: formatCnae(a.codigoCnae) })}>
                      {t('manutencao.remover')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Radio.Group>
      )}
      <EscolherAtividade
        opened={dialogo}
        onClose={() => setDialogo(false)}
        jaTem={new Set(lista.map((a) => a.codigoCnae))}
        onEscolher={(c) => {
          aba.alterar([...lista, { ...c, ehAtividadePrincipal: lista.length === 0, ehInteresse: true, ehVistoriaPrevia: false }]);
          setDialogo(false);
        }}
      />
    </Stack>
  );
}

type PaginaCnae = { content: { codigoCnae: string; descricao: string }[]; totalElements: number; totalPages: number };
const TAMANHO = 10;

/** §2 activity dialog: search by CNAE code or description (1–100 characters), paged; a row adds the activity. */
function EscolherAtividade({ opened, onClose, onEscolher, jaTem }: { opened: boolean; onClose(): void; onEscolher(c: { codigoCnae: string; descricao: string }): void; jaTem: Set<string> }) {
  const { t } = useTranslation();
  const [texto, setTexto] = useState('');
  const [busca, setBusca] = useState<{ termo: string; page: number } | null>(null);
  const q = useQuery({
    enabled: !!busca,
    queryKey: ['atividade', 'consultar', busca],
    queryFn: ({ signal }) => http.get<PaginaCnae>(`${REGISTRY_API_BASE}/atividade/consultar`, { query: { termo: busca!.termo, page: busca!.page - 1, size: TAMANHO }, silent: true, signal }),
    retry: false,
  });
  const termo = texto.trim();
  return (
    <Modal opened={opened} onClose={onClose} title={t('manutencao.atividade.dialogo')} size="xl">
      <form onSubmit={(e) => { e.preventDefault(); if (termo) setBusca({ termo, page: 1 }); }}>
        <Group align="flex-end">
          <TextInput label={t('manutencao.atividade.termo')} value={texto} onChange={(e) => setTexto(e.currentTarget.value)} maxLength={100} style={{ flex: 1 }} data-autofocus />
          <Button type="submit" disabled={!termo || termo.length > 100}>{t('manutencao.pesquisar')}</Button>
        </Group>
      </form>
      {busca && q.isPending && <Carregando h={80} />}
      {q.isError && <Alert color="red" role="alert" mt="sm">{httpErrorMessage(q.error, t)}</Alert>}
      {q.data && !q.data.totalElements && <Alert color="gray" mt="sm">{t('contribuinte.busca.vazio')}</Alert>}
      {q.data && q.data.totalElements > 0 && (
        <Stack mt="sm">
          <Table striped highlightOnHover withTableBorder>
            <Table.Tbody>
              {q.data.content.map((c) => (
                <Table.Tr key={c.codigoCnae}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCnae(c.codigoCnae)}</Table.Td>
                  <Table.Td>{c.descricao}</Table.Td>
                  <Table.Td>
                    <Button size="xs" disabled={jaTem.has(c.codigoCnae)} onClick={() => onEscolher(c)} aria-label={t('manutencao.atividade.escolher', { cnae: formatCnae(c.codigoCnae) })}>
                      {t('manutencao.escolher')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="sm" c="dimmed" ta="center">{t('contribuinte.busca.exibindo', { n: q.data.totalElements })}</Text>
          <Pagination page={busca!.page} total={q.data.totalElements} pageSize={TAMANHO} maxLinks={10} onChange={(p) => setBusca({ ...busca!, page: p })} />
        </Stack>
      )}
    </Modal>
  );
}
