import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { param, useUrlState } from '../../ui/urlState';
import { mensagemContador, useManifestacoes } from './api';
import { listaDaUrl, ManifestacoesPaginadas } from './ManifestacoesTabela';
import { NovaManifestacao } from './NovaManifestacao';
import { CRC_URL, LISTA_URL } from './urlCrc';
import { formatCrcTexto } from '@cadastro/domain';

const URL = { ...CRC_URL, ...LISTA_URL, modo: param.oneOf(['nova'] as const) };

/**
 * §2 manifestacao-contador/manifestacao: the accountant's statements and the new-statement screen.
 * Reached from the Confirmação with CRC + classification in the URL; the server answers only the
 * signed-in account's own accountant (else the §8 not-found text).
 */
export default function ManifestacaoPage() {
  const { t } = useTranslation();
  const [url, setUrl] = useUrlState(URL);
  const crc = url.crc && url.classificacao ? { crc: url.crc, classificacao: url.classificacao } : null;
  const q = useManifestacoes(crc, { page: url.page ?? 1, filtro: url.filtro });
  if (!crc) return <Navigate to="/manifestacao-contador/contador" replace />;
  const m = 'contador.manifestacao';
  return (
    <Stack py="md">
      <Title order={1}>{t(url.modo === 'nova' ? 'contador.nova.title' : `${m}.title`)}</Title>
      {q.isError && <Alert color="red" role="alert">{mensagemContador(q.error, t, `${m}.erro`)}</Alert>}
      {q.data && (
        <Paper withBorder p="sm">
          <Group gap="xl">
            <Text><b>{t(`${m}.contador`)}:</b> {q.data.nomeContador}</Text>
            <Text><b>{t(`${m}.crc`)}:</b> {formatCrcTexto(crc.crc)}</Text>
            <Text data-testid="total-manifestacoes"><b>{t(`${m}.total`)}:</b> {q.data.total}</Text>
          </Group>
        </Paper>
      )}
      {url.modo === 'nova' ? (
        <NovaManifestacao crc={crc} onCancel={() => void setUrl({ modo: undefined })} />
      ) : (
        <>
          <Group>
            <Button onClick={() => void setUrl({ modo: 'nova' })} disabled={!q.data}>{t(`${m}.nova`)}</Button>
            <Button variant="default" component={Link} to="/manifestacao-contador/contador">{t(`${m}.sair`)}</Button>
          </Group>
          {!q.isError && (
            <ManifestacoesPaginadas key={url.filtro ?? ''} {...listaDaUrl(url, setUrl, q)} />
          )}
        </>
      )}
    </Stack>
  );
}
