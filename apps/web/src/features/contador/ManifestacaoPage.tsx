import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { HttpError } from '../../ui/http';
import { param, useUrlState } from '../../ui/urlState';
import { mensagemContador, useManifestacoes, useManifestacoesDoUsuario } from './api';
import { listaDaUrl, ManifestacoesPaginadas } from './ManifestacoesTabela';
import { NovaManifestacao } from './NovaManifestacao';
import { CRC_URL, LISTA_URL } from './urlCrc';
import { FAZENDARIO_CONTADOR, formatCrcTexto, type ManifestacoesContador } from '@cadastro/domain';
import { useSession } from '../../ui/session';

const URL = { ...CRC_URL, ...LISTA_URL, modo: param.oneOf(['nova'] as const) };
const CONFIRMACAO = '/manifestacao-contador/contador';
const m = 'contador.manifestacao';

/**
 * §2 manifestacao-contador/manifestacao: the accountant's statements and the new-statement screen.
 * Reached from the Confirmação with CRC + classification in the URL; the server answers only the
 * signed-in account's own accountant (else the §8 not-found text). Without a CRC in the URL it shows
 * the signed-in accountant's own statements (consultarPorUsuario).
 */
export default function ManifestacaoPage() {
  const { t } = useTranslation();
  const [url, setUrl] = useUrlState(URL);
  const crc = url.crc && url.classificacao ? { crc: url.crc, classificacao: url.classificacao } : null;
  const q = useManifestacoes(crc, { page: url.page ?? 1, filtro: url.filtro });
  const doUsuario = useManifestacoesDoUsuario(!crc, { page: url.page ?? 1, filtro: url.filtro });
  const fazendario = useSession().hasAnyAuthority(FAZENDARIO_CONTADOR);
  if (!crc) {
    // An account linked to no accountant: tax staff are told where they may look (the Fazendário query: a CRC
    // confirmed here would be refused as not theirs); an accountant's account confirms a CRC first, as before.
    if (doUsuario.error instanceof HttpError && doUsuario.error.status === 404) {
      return fazendario ? <SoParaContador /> : <Navigate to={CONFIRMACAO} replace />;
    }
    return (
      <Stack py="md">
        <Title order={1}>{t(`${m}.title`)}</Title>
        {doUsuario.isError && <Alert color="red" role="alert">{mensagemContador(doUsuario.error, t, `${m}.erroContadorLogado`)}</Alert>}
        {doUsuario.data && <Cabecalho nome={doUsuario.data.nomeContador} total={doUsuario.data.total} ativas={doUsuario.data.ativas} />}
        <Group><Button variant="default" component={Link} to={CONFIRMACAO}>{t(`${m}.confirmarCrc`)}</Button></Group>
        {!doUsuario.isError && <ManifestacoesPaginadas key={url.filtro ?? ''} {...listaDaUrl(url, setUrl, doUsuario)} />}
      </Stack>
    );
  }
  return (
    <Stack py="md">
      <Title order={1}>{t(url.modo === 'nova' ? 'contador.nova.title' : `${m}.title`)}</Title>
      {q.isError && <Alert color="red" role="alert">{mensagemContador(q.error, t, `${m}.erro`)}</Alert>}
      {q.data && <Cabecalho nome={q.data.nomeContador} crc={crc.crc} total={q.data.total} ativas={q.data.ativas} />}
      {url.modo === 'nova' ? (
        <NovaManifestacao crc={crc} onCancel={() => void setUrl({ modo: undefined })} />
      ) : (
        <>
          <Group>
            <Button onClick={() => void setUrl({ modo: 'nova' })} disabled={!q.data}>{t(`${m}.nova`)}</Button>
            <Button variant="default" component={Link} to={CONFIRMACAO}>{t(`${m}.sair`)}</Button>
          </Group>
          {!q.isError && (
            <ManifestacoesPaginadas key={url.filtro ?? ''} {...listaDaUrl(url, setUrl, q)} />
          )}
        </>
      )}
    </Stack>
  );
}

/** Staff on the accountant's own screen: what it is for, and the screen that answers them (never a bare 404). */
function SoParaContador() {
  const { t } = useTranslation();
  return (
    <Stack py="md">
      <Title order={1}>{t(`${m}.title`)}</Title>
      <Alert color="blue" role="status" title={t(`${m}.soContadorTitulo`)} data-testid="so-contador">{t(`${m}.soContador`)}</Alert>
      <Group><Button component={Link} to="/manifestacao-contador/fazendario">{t(`${m}.irFazendario`)}</Button></Group>
    </Stack>
  );
}

/** The accountant and the summary, on top of the list (#32: it sat under hundreds of rows), counted by the server over every statement. */
function Cabecalho({ nome, crc, total, ativas }: { nome: string; crc?: string; total: number; ativas?: ManifestacoesContador['ativas'] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" data-testid="resumo-manifestacoes">
      <Group gap="xl">
        <Text><b>{t(`${m}.contador`)}:</b> {nome}</Text>
        {crc && <Text><b>{t(`${m}.crc`)}:</b> {formatCrcTexto(crc)}</Text>}
        <Text data-testid="total-manifestacoes"><b>{t(`${m}.total`)}:</b> {total}</Text>
        {ativas && <Text c="green.8" fw={600}>{t('contador.nova.confirmacoes', { n: ativas.confirmacoes })}</Text>}
        {ativas && <Text c="red.8" fw={600}>{t('contador.nova.negacoes', { n: ativas.negacoes })}</Text>}
      </Group>
    </Paper>
  );
}
