import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useUrlState } from '../../ui/urlState';
import { mensagemContador, useManifestacoes } from './api';
import { listaDaUrl, ManifestacoesPaginadas } from './ManifestacoesTabela';
import { CRC_URL, LISTA_URL } from './urlCrc';

/**
 * §2 manifestacao-ativa: the accountant, the total and the active statements with their counts.
 * Read back from the server (not carried in the URL as the original's JSON), so reload and Back work.
 */
export default function ManifestacaoAtivaPage() {
  const { t } = useTranslation();
  const [url, setUrl] = useUrlState({ ...CRC_URL, ...LISTA_URL });
  const crc = url.crc && url.classificacao ? { crc: url.crc, classificacao: url.classificacao } : null;
  const q = useManifestacoes(crc, { page: url.page ?? 1, filtro: url.filtro, somenteAtivas: true });
  if (!crc) return <Navigate to="/manifestacao-contador/contador" replace />;
  const m = 'contador.manifestacao';
  const ativas = q.data?.ativas;
  return (
    <Stack py="md">
      <Title order={1}>{t('contador.ativa.title')}</Title>
      {q.isError && <Alert color="red" role="alert">{mensagemContador(q.error, t, `${m}.erro`)}</Alert>}
      {/* The summary on top (#32: it sat under hundreds of rows). */}
      {q.data && ativas && (
        <Paper withBorder p="sm" aria-label={t('contador.ativa.resumo')} data-testid="resumo-ativas">
          <Group gap="xl">
            <Text><b>{t(`${m}.contador`)}:</b> {q.data.nomeContador}</Text>
            <Text data-testid="total-ativas"><b>{t(`${m}.total`)}:</b> {ativas.confirmacoes + ativas.negacoes}</Text>
            <Text c="green.8" fw={600}>{t('contador.nova.confirmacoes', { n: ativas.confirmacoes })}</Text>
            <Text c="red.8" fw={600}>{t('contador.nova.negacoes', { n: ativas.negacoes })}</Text>
          </Group>
        </Paper>
      )}
      {!q.isError && (
        <ManifestacoesPaginadas key={url.filtro ?? ''} {...listaDaUrl(url, setUrl, q)} />
      )}
      <Group>
        <Button variant="default" component={Link} to={`/manifestacao-contador/manifestacao?crc=${encodeURIComponent(crc.crc)}&classificacao=${crc.classificacao}`}>
          {t(`${m}.voltar`)}
        </Button>
      </Group>
    </Stack>
  );
}
