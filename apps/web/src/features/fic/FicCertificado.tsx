import type { ReactNode } from 'react';
import { Alert, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Fic } from '@cadastro/domain';
import { formatCnae, formatDocumento } from '@cadastro/domain';
import { Campo } from '../../ui/Campo';
import { StatusBadge } from '../../ui/StatusBadge';
import { formatDay } from '../../ui/format';
import { HttpError } from '../../ui/http';
import { httpErrorMessage } from '../../ui/errors';
import { NotFoundState } from '../../ui/NotFound';
import { Caceal } from '../../ui/Caceal';

/** A certificate that could not be read. 400 (not a CACEAL at all) is, for the public, the same as one that does not exist. */
export function FicFalha({ error, caceal }: { error: unknown; caceal: string }) {
  const { t } = useTranslation();
  if (error instanceof HttpError && (error.status === 404 || error.status === 400)) return <NotFoundState message={t('fic.naoEncontrada', { caceal })} />;
  return <Alert color="red" role="alert">{httpErrorMessage(error, t)}</Alert>;
}

function Bloco({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">{titulo}</Title>
      {children}
    </Paper>
  );
}

/** §2 FIC: the certificate as the public sees it (the PDF prints the same fields). */
export function FicCertificado({ fic: f }: { fic: Fic }) {
  const { t } = useTranslation();
  const naoHa = t('fic.naoHa');
  const lista = (xs: string[]) => (xs.length ? <List size="sm">{xs.map((x, i) => <List.Item key={i}>{x}</List.Item>)}</List> : <Text>{naoHa}</Text>);
  return (
    <Stack data-testid="fic-certificado">
      <Bloco titulo={t('fic.secao.identificacao')}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <Campo rotulo={t('contribuinte.caceal')} valor={<Caceal numero={f.numeroCaceal} digito={f.digitoCaceal} />} />
          {/* A CPF arrives masked (LGPD) unless the reader is the registry's staff or the registration's own account: shown as it came. */}
          <Campo rotulo={f.cnpj.length < 12 || f.cnpj.includes('*') ? 'CPF' : 'CNPJ'} valor={f.cnpj.includes('*') ? f.cnpj : formatDocumento(f.cnpj)} />
          <Campo rotulo={t('contribuinte.inicioAtividade')} valor={formatDay(f.dataInicioAtividade)} />
          <Campo rotulo={t('contribuinte.razaoSocial')} valor={f.razaoSocial} />
          <Campo rotulo={t('contribuinte.nomeFantasia')} valor={f.nomeFantasia} />
          <Campo rotulo={t('contribuinte.naturezaJuridica')} valor={f.naturezaJuridica} />
          <Campo rotulo={t('contribuinte.simples')} valor={f.ehOptanteDoSimples ? t('fic.sim') : t('fic.nao')} />
          {/* §5: on the FIC an unknown sublimit reads NÃO. */}
          <Campo rotulo={t('contribuinte.sublimite')} valor={f.sublimiteSN ? t('fic.sim') : t('fic.nao')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
          <Campo rotulo={t('contribuinte.secao.formasAtuacao')} valor={f.formasAtuacao.length ? f.formasAtuacao.join('; ') : naoHa} />
          <Campo rotulo={t('contribuinte.secao.tiposUnidade')} valor={f.tiposUnidade.length ? f.tiposUnidade.join('; ') : naoHa} />
        </SimpleGrid>
      </Bloco>
      <Bloco titulo={t('fic.secao.endereco')}>
        <Text>{f.endereco ?? t('contribuinte.naoInformado')}</Text>
      </Bloco>
      <Bloco titulo={t('contribuinte.secao.situacao')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Campo rotulo={t('fic.situacao')} valor={<StatusBadge status={f.descricaoSituacaoCadastral} />} />
          <Campo rotulo={t('contribuinte.dataSituacao')} valor={formatDay(f.dataAlteracaoSituacaoCadastral)} />
          <Campo rotulo={t('contribuinte.motivo')} valor={f.motivoSituacaoCadastral} />
          <Campo
            rotulo={t('fic.situacaoRecente')}
            valor={f.situacaoCadastralRecente && t('fic.situacaoRecenteValor', { situacao: f.situacaoCadastralRecente.situacaoCadastral, data: formatDay(f.situacaoCadastralRecente.dataAlteracaoSituacaoCadastral) })}
          />
        </SimpleGrid>
      </Bloco>
      <Bloco titulo={t('fic.secao.atividades')}>
        {f.atividadesEconomicas.length ? (
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr><Table.Th>{t('contribuinte.atividade.cnae')}</Table.Th><Table.Th>{t('contribuinte.atividade.descricao')}</Table.Th><Table.Th>{t('fic.tipoAtividade')}</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {f.atividadesEconomicas.map((a) => (
                <Table.Tr key={a.codigoCnae}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCnae(a.codigoCnae)}</Table.Td>
                  <Table.Td>{a.descricao}</Table.Td>
                  <Table.Td fw={700}>{a.principal ? t('contribuinte.atividade.principalSim') : ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : <Text>{naoHa}</Text>}
      </Bloco>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Bloco titulo={t('fic.secao.socios')}>{lista(f.nomeDosSocios)}</Bloco>
        <Bloco titulo={t('fic.secao.responsaveis')}>{lista(f.nomeDosResponsaveis)}</Bloco>
      </SimpleGrid>
      <Bloco titulo={t('fic.secao.regimes')}>
        {f.regimeEspecial.length ? (
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr><Table.Th>{t('contribuinte.regime.regime')}</Table.Th><Table.Th>{t('contribuinte.regime.inicio')}</Table.Th><Table.Th>{t('contribuinte.regime.fim')}</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {f.regimeEspecial.map((r, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{r.descricao}</Table.Td>
                  <Table.Td>{formatDay(r.dataInicio)}</Table.Td>
                  <Table.Td>{r.dataFim ? formatDay(r.dataFim) : '---'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : <Text>{naoHa}</Text>}
      </Bloco>
    </Stack>
  );
}
