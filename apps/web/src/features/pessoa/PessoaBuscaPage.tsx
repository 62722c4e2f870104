import { useState } from 'react';
import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Authority, onlyCnpjChars, validarDocumentoPessoa } from '@cadastro/domain';
import { HttpError } from '../../ui/http';
import { useSession } from '../../ui/session';
import { buscarPessoa } from './api';
import { mensagemPessoa } from './Blocos';
import { mascararDocumento } from '../../ui/mascaras';
import { caminhoPessoa, erroDocumento } from './documento';
import { FormularioDocumento } from './FormularioDocumento';

/** §2 pessoa: CPF or CNPJ → pessoa/{cpf} or pessoa-juridica/{cnpj}; unknown → 'Registro não encontrado.' (+ Cadastrar). */
export default function PessoaBuscaPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const [search, setSearch] = useSearchParams();
  // The typed document lives in the URL: Back returns to the same search.
  const [documento, setDocumento] = useState(() => mascararDocumento(search.get('documento') ?? ''));
  const [naoEncontrado, setNaoEncontrado] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const [carregando, setCarregando] = useState(false);
  const chars = onlyCnpjChars(documento);
  const invalido = erroDocumento(documento);
  const completo = chars.length === 11 || chars.length === 14;
  const podeCadastrar = session.hasAnyAuthority([Authority.CAD_PESSOA_INFOC]);

  const consultar = async () => {
    if (invalido) return;
    setCarregando(true);
    setErro(null);
    setNaoEncontrado(false);
    setSearch({ documento: chars }, { replace: true });
    try {
      const [p] = await buscarPessoa(chars);
      if (!p) setNaoEncontrado(true);
      else void navigate(caminhoPessoa(p.numeroDocumento));
    } catch (e) {
      if (e instanceof HttpError && e.status === 404) setNaoEncontrado(true);
      else setErro(mensagemPessoa(e, t));
    } finally {
      setCarregando(false);
    }
  };
  return (
    <Stack py="md" maw={760}>
      <Title order={1}>{t('pessoa.busca.title')}</Title>
      {erro && <Alert color="red" role="alert">{erro}</Alert>}
      {naoEncontrado && (
        <Alert color="yellow" role="alert" data-testid="pessoa-nao-encontrada">
          <Group justify="space-between">
            {t('pessoa.busca.naoEncontrado')}
            {podeCadastrar && (
              <Button component={Link} to={`/cadastra-pessoa?documento=${chars}`} size="xs">{t('pessoa.busca.cadastrar')}</Button>
            )}
          </Group>
        </Alert>
      )}
      <FormularioDocumento
        documento={documento}
        onChange={(d) => { setDocumento(d); setNaoEncontrado(false); }}
        erro={completo && invalido && validarDocumentoPessoa(chars) === 'checkDigit' ? t(invalido) : undefined}
        botao={t('pessoa.busca.consultar')}
        carregando={carregando}
        onConsultar={() => void consultar()}
      />
    </Stack>
  );
}
