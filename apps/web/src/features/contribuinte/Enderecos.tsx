import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Carregando } from '../../ui/Carregando';
import type { Endereco, Telefone } from '@cadastro/domain';
import { formatCep, formatTelefone, REGISTRY_API_BASE } from '@cadastro/domain';
import { Campo } from '../../ui/Campo';
import { http } from '../../ui/http';
import { useUserKey } from '../../ui/session';
import { httpErrorMessage } from '../../ui/errors';

/** One address with every field of §2's address form, read-only. */
function EnderecoCompleto({ e }: { e: Endereco }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md">
      <Group mb="xs">
        <Text fw={700}>{e.tipoEndereco}</Text>
        {e.ehPrincipal && <Badge color="govbr">{t('contribuinte.endereco.principal')}</Badge>}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <Campo rotulo={t('contribuinte.pais')} valor={e.pais.nome} />
        <Campo rotulo={t('contribuinte.endereco.uf')} valor={e.uf} />
        <Campo rotulo={t('contribuinte.municipio')} valor={e.municipio?.nome} />
        <Campo rotulo={t('contribuinte.bairro')} valor={e.bairro} />
        <Campo rotulo={t('contribuinte.endereco.tipoLogradouro')} valor={e.tipoLogradouro} />
        <Campo rotulo={t('contribuinte.logradouro')} valor={e.logradouro} />
        <Campo rotulo={t('contribuinte.endereco.numero')} valor={e.numeroImovel} />
        <Campo rotulo={t('contribuinte.cep')} valor={formatCep(e.cep)} />
        <Campo rotulo={t('contribuinte.complemento')} valor={e.complemento} />
        <Campo rotulo={t('contribuinte.endereco.referencia')} valor={e.referencia} />
        <Campo rotulo={t('contribuinte.endereco.eletronico')} valor={e.enderecoEletronico} />
        <Campo rotulo={t('contribuinte.endereco.coordenadas')} valor={e.numeroLatitude && e.numeroLongitude ? `${e.numeroLatitude}, ${e.numeroLongitude}` : null} />
      </SimpleGrid>
    </Paper>
  );
}

function ListaEnderecos({ enderecos }: { enderecos: Endereco[] }) {
  const { t } = useTranslation();
  if (!enderecos.length) return <Alert color="gray">{t('contribuinte.busca.vazio')}</Alert>;
  return <Stack>{enderecos.map((e) => <EnderecoCompleto key={e.id} e={e} />)}</Stack>;
}

/**
 * The address viewer: the addresses given (already loaded), or all of a person's (pessoa/obterEnderecos,
 * staff only); with `telefones`, the person's phones below them (§3 endereco + contatos).
 */
export function EnderecosButton({ enderecos, numeroPessoa, nome, telefones, rotulo }: {
  enderecos?: Endereco[]; numeroPessoa?: number; nome?: string; telefones?: Telefone[]; rotulo?: string;
}) {
  const { t } = useTranslation();
  const [aberto, setAberto] = useState(false);
  const titulo = telefones ? t('contribuinte.endereco.contato') : t('contribuinte.endereco.titulo');
  return (
    <>
      <Button size="xs" variant="light" onClick={() => setAberto(true)}>
        {rotulo ?? (enderecos ? t('contribuinte.endereco.verTodos', { n: enderecos.length }) : t('contribuinte.endereco.botao'))}
      </Button>
      <Modal opened={aberto} onClose={() => setAberto(false)} size="xl" title={nome ? `${titulo} · ${nome}` : titulo}>
        {aberto && (enderecos ? <ListaEnderecos enderecos={enderecos} /> : <EnderecosDaPessoa numeroPessoa={numeroPessoa!} />)}
        {aberto && telefones && (
          <Stack gap="xs" mt="md">
            <Text fw={700}>{t('contribuinte.telefones')}</Text>
            <Telefones telefones={telefones} />
          </Stack>
        )}
        <Group justify="flex-end" mt="md"><Button variant="default" onClick={() => setAberto(false)}>{t('global.close')}</Button></Group>
      </Modal>
    </>
  );
}

function EnderecosDaPessoa({ numeroPessoa }: { numeroPessoa: number }) {
  const { t } = useTranslation();
  const userKey = useUserKey();
  const q = useQuery({
    // By user: staff read any person's addresses, a taxpayer only their own person's.
    queryKey: userKey(['pessoa', 'enderecos', numeroPessoa]),
    queryFn: ({ signal }) => http.get<Endereco[]>(`${REGISTRY_API_BASE}/pessoa/obterEnderecos/${numeroPessoa}`, { silent: true, signal }),
    retry: false,
  });
  if (q.isPending) return <Carregando h={100} />;
  if (q.isError) return <Alert color="red" role="alert">{httpErrorMessage(q.error, t)}</Alert>;
  return <ListaEnderecos enderecos={q.data} />;
}

/** §2 phones list: type, DDD and number (read-only on the consultation screens). */
export function Telefones({ telefones }: { telefones: Telefone[] }) {
  const { t } = useTranslation();
  if (!telefones.length) return <Text c="dimmed">{t('contribuinte.naoInformado')}</Text>;
  return (
    <Table withTableBorder striped maw={480} aria-label={t('contribuinte.telefones')}>
      <Table.Thead>
        <Table.Tr><Table.Th>{t('contribuinte.telefone.tipo')}</Table.Th><Table.Th>{t('contribuinte.telefone.ddd')}</Table.Th><Table.Th>{t('contribuinte.telefone.numero')}</Table.Th></Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {telefones.map((f) => (
          <Table.Tr key={f.id}><Table.Td>{f.descricaoTipoTelefone}</Table.Td><Table.Td>{f.ddd}</Table.Td><Table.Td>{formatTelefone(f.numeroTelefone)}</Table.Td></Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
