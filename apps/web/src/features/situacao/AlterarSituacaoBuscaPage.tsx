import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isValidCnpj, onlyCnpjChars, REGISTRY_API_BASE } from '@cadastro/domain';
import { HttpError, http } from '../../ui/http';
import { httpErrorMessage } from '../../ui/errors';
import { mascarar, PLACEHOLDER } from '../../ui/mascaras';
import { param, useUrlState } from '../../ui/urlState';

/** The CNPJ sent, in the URL: Back from the company's page shows it in the form. */
const BUSCA_CNPJ_URL = { cnpj: param.text(30) };

/** §2 alterarSituacaoCnpj: find the company by CNPJ, then its status page. */
export default function AlterarSituacaoBuscaPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [url, setUrl] = useUrlState(BUSCA_CNPJ_URL);
  const [cnpj, setCnpj] = useState(mascarar('CNPJ', url.cnpj ?? ''));
  const [erro, setErro] = useState<string | null>(null);
  const [carregando, setCarregando] = useState(false);
  const completo = onlyCnpjChars(cnpj).length === 14;
  const valido = completo && isValidCnpj(cnpj);
  const consultar = async () => {
    if (!valido) return;
    setCarregando(true);
    setErro(null);
    await setUrl({ cnpj }, { replace: true });
    try {
      const r = await http.get<{ numeroPessoa: number }>(`${REGISTRY_API_BASE}/pessoa/obter-numero-pessoa/${onlyCnpjChars(cnpj)}`, { silent: true });
      void navigate(`/alterarSituacaoCnpj/${r.numeroPessoa}`);
    } catch (e) {
      setErro(e instanceof HttpError && e.status === 404 ? t('global.noRecords') : httpErrorMessage(e, t));
    } finally {
      setCarregando(false);
    }
  };
  return (
    <Stack py="md" maw={640}>
      <Title order={1}>{t('situacao.alterar.title')}</Title>
      <Paper withBorder p="md">
        <form onSubmit={(e) => { e.preventDefault(); void consultar(); }}>
          <Group align="flex-start">
            <TextInput
              label="CNPJ"
              placeholder={PLACEHOLDER.CNPJ}
              required
              value={cnpj}
              onChange={(e) => { setCnpj(mascarar('CNPJ', e.currentTarget.value)); setErro(null); }}
              error={completo && !valido ? t('situacao.alterar.cnpjInvalido') : undefined}
              autoFocus
            />
            <Button type="submit" mt={25} disabled={!valido} loading={carregando}>{t('contribuinte.busca.consultar')}</Button>
          </Group>
        </form>
      </Paper>
      {erro && <Alert color="red" role="alert">{erro}</Alert>}
    </Stack>
  );
}
