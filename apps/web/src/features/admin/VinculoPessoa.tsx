import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AREA_CONTADOR, Authority, formatCrcTexto, formatDocumento, onlyCnpjChars, validarDocumentoPessoa, type VinculoConta, type VinculoPessoa } from '@cadastro/domain';
import { HttpError, http } from '../../ui/http';
import { mascararDocumento } from '../../ui/mascaras';
import { useVinculo } from './api';

/**
 * user-management: the registry person an account stands for (CPF or CNPJ), what the server grants through
 * it, link and unlink. Each acts at once (audited), apart from the user form's Save.
 */
export function VinculoPessoaPanel({ login }: { login: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useVinculo(login);
  const [documento, setDocumento] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [ocupado, setOcupado] = useState(false);
  const chars = onlyCnpjChars(documento);
  const validade = validarDocumentoPessoa(chars);
  const completo = chars.length === 11 || chars.length === 14;
  const invalido = validade === 'cpf' || validade === 'cnpj' ? null : validade === 'checkDigit' ? 'userManagement.vinculo.digito' : 'userManagement.vinculo.invalido';

  const enviar = async (acao: () => Promise<unknown>) => {
    setErro(null);
    setOcupado(true);
    try {
      await acao();
      setDocumento('');
      await qc.invalidateQueries({ queryKey: ['admin', 'vinculo', login] });
    } catch (e) {
      const p = e instanceof HttpError ? e.problem : undefined;
      setErro(
        p?.message === 'userManagement.vinculo.jaVinculada'
          ? t(p.message, { login: p.params ?? '' })
          : p?.message?.startsWith('userManagement.')
            ? t(p.message)
            : p?.fieldErrors?.length
              ? t('userManagement.vinculo.digito')
              : t('error.generic'),
      );
    } finally {
      setOcupado(false);
    }
  };
  const vincular = () => enviar(() => http.put<VinculoConta>(`/api/users/${encodeURIComponent(login)}/pessoa`, { numeroDocumento: chars }, { silent: true }));
  const desvincular = () => enviar(() => http.delete(`/api/users/${encodeURIComponent(login)}/pessoa`, { silent: true }));

  const v = q.data?.vinculo;
  return (
    <Paper withBorder p="md" data-testid="vinculo-pessoa" aria-labelledby="vinculo-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="vinculo-title">{t('userManagement.vinculo.title')}</Title>
        <Text size="sm" c="dimmed">{t('userManagement.vinculo.intro')}</Text>
        {erro && <Alert color="red" role="alert" data-testid="vinculo-erro">{erro}</Alert>}
        {q.isError && <Alert color="red" role="alert">{t('error.generic')}</Alert>}
        {q.data && !v && <Text data-testid="vinculo-nenhum">{t('userManagement.vinculo.nenhum')}</Text>}
        {v && (
          <>
            <Group justify="space-between" align="flex-start">
              <div>
                <Text fw={700} data-testid="vinculo-nome">{v.nome}</Text>
                <Text size="sm">{formatDocumento(v.numeroDocumento)}</Text>
              </div>
              <Button color="red" variant="light" loading={ocupado} onClick={() => void desvincular()} data-testid="vinculo-desvincular">
                {t('userManagement.vinculo.desvincular')}
              </Button>
            </Group>
            <Concessoes v={v} />
          </>
        )}
        {q.data && !v && (
          <form onSubmit={(e) => { e.preventDefault(); if (!invalido) void vincular(); }} noValidate>
            <Group align="flex-start">
              <TextInput
                label={t('userManagement.vinculo.documento')}
                value={documento}
                onChange={(e) => { setDocumento(mascararDocumento(e.currentTarget.value)); setErro(null); }}
                error={completo && invalido ? t(invalido) : undefined}
                placeholder="000.000.000-00"
                w={260}
                data-testid="vinculo-documento"
              />
              <Button type="submit" mt={25} disabled={!!invalido} loading={ocupado} data-testid="vinculo-vincular">{t('userManagement.vinculo.vincular')}</Button>
            </Group>
          </form>
        )}
      </Stack>
    </Paper>
  );
}

/** Exactly what the server grants through the person, each with the role its routes also ask for. */
function Concessoes({ v }: { v: VinculoPessoa }) {
  const { t } = useTranslation();
  const semPapel = (papel: boolean, nome: string): ReactNode => !papel && <Text size="sm" c="orange.8">{t('userManagement.vinculo.semPapel', { papel: nome })}</Text>;
  const m = v.meuCadastro;
  const caceais = m.cacealList.join(', ');
  return (
    <>
      <Text size="sm" fw={700}>{t('userManagement.vinculo.concede')}</Text>
      <List size="sm" spacing={4} data-testid="vinculo-concede">
        <List.Item>
          {m.total === 0
            ? t('userManagement.vinculo.meuCadastroNenhuma')
            : t('userManagement.vinculo.meuCadastro', {
                total: m.total,
                caceais: m.total > m.cacealList.length ? t('userManagement.vinculo.meuCadastroMais', { caceais, n: m.total - m.cacealList.length }) : caceais,
              })}
          {m.total > 0 && semPapel(m.papel, Authority.MEU_CADASTRO)}
        </List.Item>
        <List.Item>
          {v.contador ? t('userManagement.vinculo.contador', { crc: formatCrcTexto(v.contador.crc), classificacao: v.contador.classificacao }) : t('userManagement.vinculo.contadorNao')}
          {v.contador && semPapel(v.contador.papel, AREA_CONTADOR.join(' / '))}
        </List.Item>
        <List.Item>
          {t('userManagement.vinculo.edital', { n: v.edital.responsavelEmEdicao })}{' '}
          {v.edital.equipeGestorEdital === null
            ? t('userManagement.vinculo.equipeIndisponivel')
            : v.edital.equipeGestorEdital ? t('userManagement.vinculo.equipeSim') : t('userManagement.vinculo.equipeNao')}
          {semPapel(v.edital.papel, Authority.EDITAR_EDITAL)}
        </List.Item>
      </List>
    </>
  );
}
