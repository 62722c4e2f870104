import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUserKey } from '../../ui/session';
import { useUrlState } from '../../ui/urlState';
import { mensagemContador, useManifestacoes } from './api';
import { CrcForm } from './CrcForm';
import { listaDaUrl, ManifestacoesPaginadas } from './ManifestacoesTabela';
import { CRC_URL, LISTA_URL } from './urlCrc';
import { formatCrcTexto } from '@cadastro/domain';

const CHAVE = ['contador', 'manifestacoes'] as const;

/**
 * §2 manifestacao-contador/fazendario: the tax staff's query of any accountant's statements by CRC +
 * classification (the real query, not the original's placeholder). The form shows only without a result.
 */
export default function FazendarioPage() {
  const { t } = useTranslation();
  const userKey = useUserKey();
  const [url, setUrl] = useUrlState({ ...CRC_URL, ...LISTA_URL });
  const crc = url.crc && url.classificacao ? { crc: url.crc, classificacao: url.classificacao } : null;
  const q = useManifestacoes(crc, { page: url.page ?? 1, filtro: url.filtro });
  const m = 'contador.manifestacao';
  // The previous page stays on screen while the next loads, but not once the query is cleared (Nova Consulta).
  const dados = crc ? q.data : undefined;
  return (
    <Stack py="md">
      <Title order={1}>{t('contador.fazendario.title')}</Title>
      {q.isError && <Alert color="red" role="alert" data-testid="erro-fazendario">{mensagemContador(q.error, t, `${m}.erro`)}</Alert>}
      {!dados && (
        <CrcForm
          key={`${url.crc ?? ''}-${url.classificacao ?? ''}`}
          inicial={crc ?? undefined}
          botao={t('contador.fazendario.consultar')}
          informe="contador.fazendario.informe"
          carregando={q.isFetching}
          onSubmit={(p) => void setUrl(p, { refresh: userKey(CHAVE) })}
        />
      )}
      {dados && (
        <>
          <Paper withBorder p="sm">
            <Group gap="xl">
              <Text><b>{t(`${m}.contador`)}:</b> {dados.nomeContador}</Text>
              <Text><b>{t(`${m}.crc`)}:</b> {formatCrcTexto(url.crc)}</Text>
              <Text data-testid="total-manifestacoes"><b>{t(`${m}.total`)}:</b> {dados.total}</Text>
            </Group>
          </Paper>
          {dados.total === 0 && <Alert color="yellow" role="alert">{t('contador.fazendario.semManifestacao')}</Alert>}
          <ManifestacoesPaginadas key={url.filtro ?? ''} {...listaDaUrl(url, setUrl, q)} />
          <Group>
            <Button variant="default" onClick={() => void setUrl({ crc: undefined, classificacao: undefined, page: undefined, filtro: undefined })}>{t('contador.fazendario.novaConsulta')}</Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
