import { useState } from 'react';
import { Alert, Anchor, Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { DadosGestor, ResultadoSincronizacao } from '@cadastro/domain';
import { documentKind, formatCaceal, formatDocumento } from '@cadastro/domain';
import { Campo } from '../../ui/Campo';
import { Carregando } from '../../ui/Carregando';
import { chaveRotuloDocumentos } from '../../ui/format';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { StatusBadge } from '../../ui/StatusBadge';
import { consultarGestor, sincronizarGestor } from './api';
import { diferencaText, gestorErro } from './palavras';

const porEdital = (d: DadosGestor | undefined) => d?.diferencas.filter((x) => x.origem?.edital) ?? [];

/** §2 gestor/sinc: the manager system's record, the differences, and Sincronizar. */
export default function GestorSincPage() {
  const { t } = useTranslation();
  const [sp] = useSearchParams();
  const tipo = sp.get('tipoDocumento') ?? '';
  const numero = sp.get('numeroDocumento') ?? '';
  const q = useQuery({ queryKey: ['gestor', tipo, numero], queryFn: () => consultarGestor(tipo, numero), retry: false });
  const [resultado, setResultado] = useState<ResultadoSincronizacao | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [sincronizando, setSincronizando] = useState(false);
  const [confirmando, setConfirmando] = useState(false);
  const sincronizar = async () => {
    setSincronizando(true);
    setErro(null);
    try {
      setResultado(await sincronizarGestor(tipo, numero));
      await q.refetch();
    } catch (e) {
      setErro(gestorErro(t, e, tipo, numero));
    } finally {
      setSincronizando(false);
      setConfirmando(false);
    }
  };
  const d = q.data;
  return (
    <Stack py="md" maw={900}>
      <Group justify="space-between">
        <Title order={1}>{t('gestor.title')}</Title>
        <Anchor component={Link} to="/gestor">{t('contribuinte.detalhe.novaConsulta')}</Anchor>
      </Group>
      {q.isPending && <Carregando h={160} />}
      {q.isError && <Alert color="yellow" role="alert">{gestorErro(t, q.error, tipo, numero)}</Alert>}
      {resultado && (
        <Alert color="green" role="status" data-testid="sincronizado" title={t('gestor.sincronizado', { tipo: documentKind(resultado.cnpj), tipoMinusculo: documentKind(resultado.cnpj).toLowerCase(), documento: formatDocumento(resultado.cnpj) })}>
          {resultado.alteracoes.length ? <List size="sm">{resultado.alteracoes.map((a) => <List.Item key={a.campo}>{diferencaText(t, a)}</List.Item>)}</List> : t('gestor.semAlteracoes')}
        </Alert>
      )}
      {erro && <Alert color="red" role="alert">{erro}</Alert>}
      {d && (
        <Paper withBorder p="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Campo rotulo={t('contribuinte.caceal')} valor={d.caceal ? formatCaceal(d.caceal) : null} />
            <Campo rotulo={t(chaveRotuloDocumentos([d.cnpj]))} valor={formatDocumento(d.cnpj)} />
            <Campo rotulo={t('contribuinte.razaoSocial')} valor={d.razaoSocial} />
            <Campo rotulo={t('gestor.situacaoPessoa')} valor={<StatusBadge status={d.situacaoPessoa} />} />
          </SimpleGrid>
          <Title order={2} size="h5" mt="md" mb="xs">{t('gestor.diferencas')}</Title>
          {d.diferencas.length ? (
            <List size="sm" data-testid="diferencas">{d.diferencas.map((x) => <List.Item key={x.campo}>{diferencaText(t, x)}</List.Item>)}</List>
          ) : (
            <Text size="sm" c="dimmed">{t('gestor.igual')}</Text>
          )}
          <Group justify="flex-end" mt="md">
            {/* It overwrites the registry's name and statuses: asked first. */}
            <Button onClick={() => setConfirmando(true)} loading={sincronizando}>{t('gestor.sincronizar')}</Button>
          </Group>
        </Paper>
      )}
      <ConfirmDialog
        opened={confirmando}
        title={t('confirmacao.sincronizarGestor.title')}
        message={t('confirmacao.sincronizarGestor.message', { documento: d ? formatDocumento(d.cnpj) : numero })}
        details={porEdital(d).length ? (
          <Alert color="orange" data-testid="sobrepoe-edital">
            <Text size="sm" mb={4}>{t('gestor.sobrepoeEdital')}</Text>
            <List size="sm">{porEdital(d).map((x) => <List.Item key={x.campo}>{diferencaText(t, x)}</List.Item>)}</List>
          </Alert>
        ) : undefined}
        confirmLabel={t('gestor.sincronizar')}
        onConfirm={() => void sincronizar()}
        onDeny={() => setConfirmando(false)}
        loading={sincronizando}
      />
    </Stack>
  );
}
