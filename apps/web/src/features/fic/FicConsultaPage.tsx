import { useState } from 'react';
import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isValidCacealNumber } from '@cadastro/domain';
import { erroCacealDigitado } from '../../ui/caceal';
import { param, useUrlState } from '../../ui/urlState';

/** The CACEAL sent, in the URL: Back from the certificate shows it in the form. */
const FIC_URL = { caceal: param.text(8) };

/** §2 fic: the public lookup of a registration certificate by CACEAL (digits only). */
export default function FicConsultaPage() {
  return <FicConsulta />;
}

/** The lookup of either variant: the FIC (printed with a verification code) or the temporary FIC. */
export function FicConsulta({ temporaria = false }: { temporaria?: boolean }) {
  const base = temporaria ? '/fic-temporaria' : '/fic';
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [url, setUrl] = useUrlState(FIC_URL);
  const [caceal, setCaceal] = useState(url.caceal?.replace(/\D/g, '') ?? '');
  const valido = isValidCacealNumber(caceal);
  return (
    <Stack py="md" maw={640}>
      <Title order={1}>{t(temporaria ? 'fic.temporaria.title' : 'fic.title')}</Title>
      <Text c="dimmed">{t(temporaria ? 'fic.temporaria.ajuda' : 'fic.consulta.ajuda')}</Text>
      <Paper withBorder p="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (valido) void setUrl({ caceal }, { replace: true }).then(() => navigate(`${base}/${caceal}`));
          }}
        >
          <Group align="flex-end">
            <TextInput
              label={t('contribuinte.caceal')}
              description={t('fic.consulta.formato')}
              required
              inputMode="numeric"
              maxLength={8}
              value={caceal}
              onChange={(e) => setCaceal(e.currentTarget.value.replace(/\D/g, ''))}
              error={erroCacealDigitado(caceal, t)}
              autoFocus
            />
            <Button type="submit" disabled={!valido}>{t('contribuinte.busca.consultar')}</Button>
          </Group>
        </form>
      </Paper>
      {!temporaria && <Anchor component={Link} to="/fic/verificar">{t('fic.verificar.link')}</Anchor>}
    </Stack>
  );
}
