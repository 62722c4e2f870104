import { Alert, Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { hojeEmMaceio } from '@cadastro/domain';
import { Carregando } from '../../ui/Carregando';
import { formatDay } from '../../ui/format';
import { useFic } from './api';
import { FicCertificado, FicFalha } from './FicCertificado';
import { FicConsulta } from './FicConsultaPage';

/**
 * §2 FIC temporária (the menu's FIC → FIC temporária): the same certificate, read on screen and
 * printed by the browser. No verification code is issued for it (nothing is recorded), so it says
 * it is provisional and holds only on the day shown; the FIC proper is the one printed with a code.
 */
export default function FicTemporariaPage() {
  const { numeroDocumento } = useParams();
  return numeroDocumento ? <FicTemporaria caceal={numeroDocumento} /> : <FicConsulta temporaria />;
}

function FicTemporaria({ caceal }: { caceal: string }) {
  const { t } = useTranslation();
  const q = useFic(caceal);
  const f = q.data;
  return (
    <Stack py="md">
      <Group justify="space-between">
        <Title order={1}>{t('fic.temporaria.title')}</Title>
        <Group>
          {f && <Button onClick={() => window.print()}>{t('fic.imprimir')}</Button>}
          <Anchor component={Link} to="/fic-temporaria">{t('contribuinte.detalhe.novaConsulta')}</Anchor>
        </Group>
      </Group>
      {q.isPending && <Carregando h={160} />}
      {q.isError && <FicFalha error={q.error} caceal={caceal} />}
      {f && (
        <Alert color="yellow" data-testid="fic-temporaria-aviso">
          {t('fic.temporaria.aviso', { data: formatDay(hojeEmMaceio()) })}{' '}
          <Anchor component={Link} to={`/fic/${f.numeroCaceal}`}>{t('fic.temporaria.emitirFic')}</Anchor>
        </Alert>
      )}
      {f && <FicCertificado fic={f} />}
    </Stack>
  );
}
