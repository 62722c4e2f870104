import { useState } from 'react';
import { Alert, Button, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TIPOS_DOCUMENTO_GESTOR, validarTermoBusca } from '@cadastro/domain';
import { erroCacealDigitado } from '../../ui/caceal';
import { mascarar, PLACEHOLDER } from '../../ui/mascaras';
import { consultarGestor } from './api';
import { gestorErro } from './palavras';
import { param, useUrlState } from '../../ui/urlState';

type Tipo = (typeof TIPOS_DOCUMENTO_GESTOR)[number];
/** The last query, in the URL: Back from the manager's record shows the form as it was sent. */
const GESTOR_URL = { tipoDocumento: param.oneOf(TIPOS_DOCUMENTO_GESTOR), numeroDocumento: param.text(30) };

/** §2 gestor: CACEAL or CNPJ, then the manager system's record (gestor/sinc). */
export default function GestorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [url, setUrl] = useUrlState(GESTOR_URL);
  const [tipo, setTipo] = useState<Tipo | null>(url.tipoDocumento ?? null);
  const [numero, setNumero] = useState(url.tipoDocumento ? mascarar(url.tipoDocumento, url.numeroDocumento ?? '') : '');
  const [erro, setErro] = useState<string | null>(null);
  const [carregando, setCarregando] = useState(false);
  const valido = !!tipo && validarTermoBusca(tipo, numero) === null;
  const consultar = async () => {
    if (!valido || !tipo) return;
    setCarregando(true);
    setErro(null);
    await setUrl({ tipoDocumento: tipo, numeroDocumento: numero }, { replace: true });
    try {
      await consultarGestor(tipo, numero);
      void navigate(`/gestor/sinc?tipoDocumento=${tipo}&numeroDocumento=${encodeURIComponent(numero)}`);
    } catch (e) {
      setErro(gestorErro(t, e, tipo, numero));
    } finally {
      setCarregando(false);
    }
  };
  return (
    <Stack py="md" maw={760}>
      <Title order={1}>{t('gestor.title')}</Title>
      {erro && <Alert color="yellow" role="alert">{erro}</Alert>}
      <Paper withBorder p="lg">
        <form onSubmit={(e) => { e.preventDefault(); void consultar(); }} noValidate>
          <Group align="flex-end">
            <Select
              label={t('gestor.tipo')}
              placeholder={t('global.select')}
              withAsterisk
              data={TIPOS_DOCUMENTO_GESTOR.map((v) => ({ value: v, label: t(`contribuinte.busca.tipo.${v}`) }))}
              value={tipo}
              onChange={(v) => { setTipo(v as Tipo | null); setNumero(''); setErro(null); }}
              allowDeselect={false}
              w={180}
            />
            <TextInput
              label={t('contribuinte.busca.numero')}
              withAsterisk
              value={numero}
              onChange={(e) => setNumero(mascarar(tipo, e.currentTarget.value))}
              placeholder={tipo ? PLACEHOLDER[tipo] : ''}
              disabled={!tipo}
              error={tipo === 'CACEAL' ? erroCacealDigitado(numero, t) : undefined}
              w={240}
            />
            <Button type="submit" disabled={!valido} loading={carregando}>{t('contribuinte.busca.consultar')}</Button>
          </Group>
        </form>
      </Paper>
    </Stack>
  );
}
