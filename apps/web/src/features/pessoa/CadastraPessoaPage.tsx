import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDocumento, onlyCnpjChars, type PessoaCadastrada } from '@cadastro/domain';
import { cadastrarPessoa } from './api';
import { mensagemPessoa } from './Blocos';
import { mascararDocumento } from '../../ui/mascaras';
import { caminhoPessoa, erroDocumento } from './documento';
import { FormularioDocumento } from './FormularioDocumento';

/** §2 cadastra-pessoa: CPF or CNPJ → the federal registry → created or updated → the success modal. */
export default function CadastraPessoaPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // The person lookup's 'Cadastrar' arrives with the document already typed.
  const [documento, setDocumento] = useState(() => mascararDocumento(search.get('documento') ?? ''));
  const [erro, setErro] = useState<string | null>(null);
  const [carregando, setCarregando] = useState(false);
  const [feito, setFeito] = useState<PessoaCadastrada | null>(null);
  const invalido = erroDocumento(documento);
  const chars = onlyCnpjChars(documento);

  const consultar = async () => {
    if (invalido) return;
    setCarregando(true);
    setErro(null);
    try {
      setFeito(await cadastrarPessoa(chars));
    } catch (e) {
      setErro(mensagemPessoa(e, t));
    } finally {
      setCarregando(false);
    }
  };
  const verDados = () => {
    if (!feito) return;
    void navigate(caminhoPessoa(feito.numeroDocumento));
  };
  return (
    <Stack py="md" maw={760}>
      <Title order={1}>{t('pessoa.cadastro.title')}</Title>
      <Text>{t('pessoa.cadastro.ajuda')}</Text>
      {erro && <Alert color="red" role="alert" data-testid="cadastro-erro">{erro}</Alert>}
      <FormularioDocumento
        documento={documento}
        onChange={(d) => { setDocumento(d); setErro(null); }}
        erro={(chars.length === 11 || chars.length === 14) && invalido ? t(invalido) : undefined}
        botao={t('pessoa.cadastro.consultar')}
        carregando={carregando}
        onConsultar={() => void consultar()}
      />
      <Modal opened={!!feito} onClose={() => setFeito(null)} title={t('pessoa.cadastro.sucesso')} size="lg" centered>
        {feito && (
          <Stack data-testid="cadastro-sucesso">
            <Text>
              <Text span fw={700}>{t(feito.codigoTipoDocumento === 'CPF' ? 'pessoa.cadastro.nome' : 'pessoa.cadastro.razaoSocial')}: </Text>
              {feito.nome ?? feito.razaoSocial}
            </Text>
            <Text><Text span fw={700}>{t('pessoa.cadastro.documento')}: </Text>{formatDocumento(feito.numeroDocumento)}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setFeito(null)}>{t('pessoa.cadastro.fechar')}</Button>
              <Button onClick={verDados}>{t('pessoa.cadastro.verDados')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
