import type { ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { DadosContador, Endereco, Telefone } from '@cadastro/domain';
import { Authority, formatCep, formatCrcContador, formatTelefoneDdd } from '@cadastro/domain';
import { Campo } from '../../ui/Campo';
import { Carregando } from '../../ui/Carregando';
import { httpErrorMessage } from '../../ui/errors';
import { HttpError } from '../../ui/http';
import { useSession } from '../../ui/session';

/** A person's page (§2 pessoa/{cpf}, pessoa-juridica/{cnpj}): its title and Nova Consulta, then its data once read. */
export function PaginaPessoa<T>({ titulo, q, children }: { titulo: string; q: UseQueryResult<T>; children(dados: T): ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack py="md">
      <Group justify="space-between">
        <Title order={1}>{titulo}</Title>
        <Anchor component={Link} to="/pessoa">{t('pessoa.novaConsulta')}</Anchor>
      </Group>
      {q.isPending && <Carregando h={160} />}
      {q.isError && <Alert color="red" role="alert" data-testid="pessoa-erro">{mensagemPessoa(q.error, t)}</Alert>}
      {q.data !== undefined && children(q.data)}
    </Stack>
  );
}

/**
 * §6: the "supertela" role gates every edit of registry data, a person's included (the server checks
 * the same role); without it the page is read-only.
 */
export const usePodeEditarPessoa = () => useSession().hasAnyAuthority([Authority.MAN_DADOS_CONTRI]);

/** The editable blocks, disabled as a whole for a read-only user (tables stay outside: their pagers must work). */
export function Editaveis({ pode, children }: { pode: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={!pode} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Stack>{children}</Stack>
    </fieldset>
  );
}

/** Salvar, only for who may save; enabled once something changed. */
export function RodapeSalvar({ pode, sujo, salvando }: { pode: boolean; sujo: boolean; salvando: boolean }) {
  const { t } = useTranslation();
  if (!pode) return null;
  return (
    <Paper p="sm">
      <Group justify="flex-end">
        <Button type="submit" disabled={!sujo} loading={salvando}>{t('pessoa.salvar')}</Button>
      </Group>
    </Paper>
  );
}

export function Bloco({ titulo, children, testId }: { titulo: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder p="lg" data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h4">{titulo}</Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** The person's errors in words: server codes (error.pessoa.*) become the pessoa section's texts. */
export function mensagemPessoa(err: unknown, t: TFunction): string {
  if (err instanceof HttpError) {
    const code = err.problem?.message;
    if (code?.startsWith('error.pessoa.')) return t(`pessoa.erro.${code.slice('error.pessoa.'.length)}`);
    if (err.status === 404) return t('pessoa.erro.naoEncontrado');
    if (err.status === 409) return t('pessoa.erro.desatualizado');
  }
  return httpErrorMessage(err, t);
}

const linhaEndereco = (e: Endereco) =>
  [[e.tipoLogradouro, e.logradouro].filter(Boolean).join(' '), e.numeroImovel, e.complemento, e.bairro, e.municipio ? `${e.municipio.nome}/${e.uf ?? ''}` : e.uf, formatCep(e.cep)]
    .filter(Boolean)
    .join(', ');

/** Addresses, read-only (§2). */
export function EnderecosBloco({ enderecos }: { enderecos: Endereco[] }) {
  const { t } = useTranslation();
  return (
    <Bloco titulo={t('pessoa.endereco.title')} testId="bloco-endereco">
      {enderecos.length === 0 && <Text c="dimmed">{t('pessoa.endereco.vazio')}</Text>}
      {enderecos.map((e) => (
        <Text key={e.id}>
          <Text span fw={700}>{e.tipoEndereco}{e.ehPrincipal ? ` (${t('pessoa.endereco.principal')})` : ''}: </Text>
          {linhaEndereco(e)}
        </Text>
      ))}
    </Bloco>
  );
}

/** Phones, read-only; the e-mail comes as a child (editable on the individual page). */
export function ContatoBloco({ telefones, children }: { telefones: Telefone[]; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Bloco titulo={t('pessoa.contato.title')} testId="bloco-contato">
      {children}
      <Text size="sm" fw={700}>{t('pessoa.contato.telefones')}</Text>
      {telefones.length === 0 ? (
        <Text c="dimmed">{t('pessoa.contato.vazio')}</Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr><Table.Th>{t('pessoa.contato.tipo')}</Table.Th><Table.Th>{t('pessoa.contato.numero')}</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {telefones.map((f) => (
              <Table.Tr key={f.id}><Table.Td>{f.descricaoTipoTelefone}</Table.Td><Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTelefoneDdd(f.ddd, f.numeroTelefone)}</Table.Td></Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Bloco>
  );
}

export const aptoTexto = (t: TFunction, apto: boolean | null) => (apto === null ? t('pessoa.contador.naoInformado') : t(apto ? 'pessoa.contador.sim' : 'pessoa.contador.nao'));

/** CRC data, read-only (individual page). */
export function ContadorLeitura({ c }: { c: DadosContador }) {
  const { t } = useTranslation();
  return (
    <Bloco titulo={t('pessoa.contador.title')} testId="bloco-contador">
      <SimpleGrid cols={{ base: 1, sm: 4 }}>
        {/* The CRC the way the councils write it (CRC-AL 179190/O-9), as everywhere else in the app. */}
        <Campo rotulo={t('pessoa.contador.crcCompleto')} valor={formatCrcContador(c)} />
        <Campo rotulo={t('pessoa.contador.tipoInscricao')} valor={`${c.codigoTipoInscricao} - ${c.tipoInscricao}`} />
        <Campo rotulo={t('pessoa.contador.categoria')} valor={c.categoria} />
        <Campo rotulo={t('pessoa.contador.classificacao')} valor={c.classificacao} />
        <Campo rotulo={t('pessoa.contador.apto')} valor={aptoTexto(t, c.apto)} />
      </SimpleGrid>
    </Bloco>
  );
}
