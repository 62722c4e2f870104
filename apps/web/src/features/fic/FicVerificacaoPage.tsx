import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Carregando } from '../../ui/Carregando';
import { useNavigate, useParams } from 'react-router';
import { CodigoVerificacaoFic, formatCodigoVerificacao } from '@cadastro/domain';
import { HttpError } from '../../ui/http';
import { httpErrorMessage } from '../../ui/errors';
import { formatInstant } from '../../ui/format';
import { useVerificacaoFic } from './api';
import { FicCertificado } from './FicCertificado';
import { NotFoundState } from '../../ui/NotFound';

/** Beyond the original: anyone checks a printed FIC's code and sees exactly what it certified. */
export default function FicVerificacaoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { codigo } = useParams();
  const [texto, setTexto] = useState(codigo ? formatCodigoVerificacao(codigo) : '');
  const lido = CodigoVerificacaoFic.safeParse(texto);
  const q = useVerificacaoFic(codigo);
  return (
    <Stack py="md">
      <Title order={1}>{t('fic.verificar.title')}</Title>
      <Paper withBorder p="md" maw={640}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (lido.success) void navigate(`/fic/verificar/${lido.data}`);
          }}
        >
          <Group align="flex-end">
            <TextInput
              label={t('fic.verificar.codigo')}
              description={t('fic.verificar.formato')}
              required
              maxLength={16}
              value={texto}
              onChange={(e) => setTexto(e.currentTarget.value.toUpperCase())}
              autoFocus={!codigo}
            />
            <Button type="submit" disabled={!lido.success}>{t('fic.verificar.botao')}</Button>
          </Group>
        </form>
      </Paper>
      {q.isFetching && <Carregando h={120} />}
      {q.error instanceof HttpError && (q.error.status === 404 || q.error.status === 400) ? (
        <NotFoundState message={t('fic.verificar.naoEncontrado')} />
      ) : (
        q.isError && <Alert color="red" role="alert">{httpErrorMessage(q.error, t)}</Alert>
      )}
      {q.data && (
        <>
          <Alert color="green" role="status" title={t('fic.verificar.autentica')}>
            {t('fic.verificar.emitidaEm', { codigo: formatCodigoVerificacao(q.data.codigo), quando: formatInstant(q.data.emitidaEm) })}
          </Alert>
          <FicCertificado fic={q.data.fic} />
        </>
      )}
    </Stack>
  );
}
