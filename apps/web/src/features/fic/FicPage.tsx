import { useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Carregando } from '../../ui/Carregando';
import { Link, useParams } from 'react-router';
import { formatCodigoVerificacao } from '@cadastro/domain';
import { useAbrirPdf } from '../../ui/documentos';
import { FIC_PDF_URL, useFic } from './api';
import { FicCertificado, FicFalha } from './FicCertificado';

/** §2 fic/{numeroDocumento}: the certificate, Imprimir (PDF with a verification code), 'Como regularizar?'. */
export default function FicPage() {
  const { t } = useTranslation();
  const { numeroDocumento = '' } = useParams();
  const q = useFic(numeroDocumento);
  const abrirPdf = useAbrirPdf();
  const [instrucoes, setInstrucoes] = useState(false);
  const [imprimindo, setImprimindo] = useState(false);
  const [codigo, setCodigo] = useState<string | null>(null);
  const f = q.data;
  const imprimir = async () => {
    if (!f) return;
    setImprimindo(true);
    const headers = await abrirPdf(FIC_PDF_URL, { caceal: f.numeroCaceal, numeroPessoaRaiz: f.numeroPessoaRaiz }, `fic-${f.numeroCaceal}.pdf`);
    setCodigo(headers?.get('X-Codigo-Verificacao') ?? null);
    setImprimindo(false);
  };
  return (
    <Stack py="md">
      <Group justify="space-between">
        <Title order={1}>{t('fic.title')}</Title>
        <Group>
          {f?.textoRegularizacao && <Button variant="default" onClick={() => setInstrucoes(true)}>{t('fic.comoRegularizar')}</Button>}
          {f && <Button onClick={() => void imprimir()} loading={imprimindo}>{t('fic.imprimir')}</Button>}
          <Anchor component={Link} to="/fic">{t('contribuinte.detalhe.novaConsulta')}</Anchor>
        </Group>
      </Group>
      {q.isPending && (
        <Carregando h={160} />
      )}
      {q.isError && <FicFalha error={q.error} caceal={numeroDocumento} />}
      {codigo && (
        <Alert color="green" role="status" data-testid="fic-emitida">
          {t('fic.emitida', { codigo: formatCodigoVerificacao(codigo) })}{' '}
          <Anchor component={Link} to={`/fic/verificar/${codigo}`}>{t('fic.verificar.title')}</Anchor>
        </Alert>
      )}
      {f && <FicCertificado fic={f} />}
      <Modal opened={instrucoes} onClose={() => setInstrucoes(false)} title={t('fic.comoRegularizar')} size="lg">
        <Stack>
          <Text>{t('fic.instrucoes')}</Text>
          {f?.textoRegularizacao?.split('\n').map((linha, i) => <Text key={i}>• {linha}</Text>)}
          <Group justify="flex-end"><Button onClick={() => setInstrucoes(false)}>{t('global.close')}</Button></Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
