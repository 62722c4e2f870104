import { useState } from 'react';
import { Alert, Anchor, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { ContadorEdicao, formatCnpj, formatDocumento, onlyCnpjChars, type PessoaJuridica } from '@cadastro/domain';
import { Campo } from '../../ui/Campo';
import { fieldMessage } from '../../ui/form';
import { StatusBadge } from '../../ui/StatusBadge';
import { alterarPessoaJuridica, useCombo, usePessoaJuridica } from './api';
import { Bloco, PaginaPessoa, ContatoBloco, EnderecosBloco, mensagemPessoa, Editaveis, RodapeSalvar, usePodeEditarPessoa } from './Blocos';
import { EmpresasTabela } from './EmpresasVinculadas';
import { Caceal } from '../../ui/Caceal';
import { caminhoPessoa } from './documento';

type Input = z.input<typeof ContadorEdicao>;
type Output = z.output<typeof ContadorEdicao>;

/** §2 pessoa-juridica/{cnpj}: identification read-only; accountant data editable (PUT). */
export default function PessoaJuridicaPage() {
  const { t } = useTranslation();
  const cnpj = onlyCnpjChars(useParams().cnpj ?? '');
  const q = usePessoaJuridica(cnpj);
  return <PaginaPessoa titulo={t('pessoa.juridica.title')} q={q}>{(p) => <Detalhe p={p} />}</PaginaPessoa>;
}

const APTO = ['', 'true', 'false'] as const;

function Detalhe({ p }: { p: PessoaJuridica }) {
  const { t } = useTranslation();
  const id = p.identificacaoPessoaJuridica;
  const pode = usePodeEditarPessoa();
  const [version, setVersion] = useState(p.version);
  const [salvo, setSalvo] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const [cadastrarContador, setCadastrarContador] = useState(false);
  const ufs = useCombo('uf').data ?? [];
  const categorias = useCombo('categoria').data ?? [];
  const classificacoes = useCombo('classificacao').data ?? [];
  const tipos = useCombo('tipoInscricao').data ?? [];
  const c = p.dadosContabilista;
  const inicial = (): Input => ({
    numeroCrc: c?.numeroCrc ?? '', digitoVerificadorCrc: c?.digitoVerificadorCrc ?? null, codigoTipoInscricao: (c?.codigoTipoInscricao ?? 'O') as Input['codigoTipoInscricao'],
    codigoUfCrc: c?.codigoUfCrc ?? 'AL', categoriaId: c?.categoriaId ?? 0, classificacaoId: c?.classificacaoId ?? 0, apto: c?.apto ?? null,
  });
  const { register, control, handleSubmit, reset, formState } = useForm<Input, unknown, Output>({ resolver: zodResolver(ContadorEdicao), mode: 'onChange', defaultValues: inicial() });
  const salvar = async (v: Output) => {
    setErro(null);
    setSalvo(false);
    try {
      const r = await alterarPessoaJuridica(p.numeroPessoa, { version, contador: v });
      setVersion(r.version);
      reset(v);
      setSalvo(true);
    } catch (e) {
      setErro(mensagemPessoa(e, t));
    }
  };
  const opcoes = (xs: { id: string | number; descricao: string }[], comId = false) => xs.map((x) => ({ value: String(x.id), label: comId ? `${x.id} - ${x.descricao}` : x.descricao }));
  const numero = (v: string | null) => (v ? Number(v) : 0);
  return (
    <form onSubmit={handleSubmit(salvar)} noValidate>
      <Stack>
        {salvo && <Alert color="green" role="status" data-testid="pessoa-salva">{t('pessoa.alteracaoRealizada')}</Alert>}
        {erro && <Alert color="red" role="alert">{erro}</Alert>}
        <Editaveis pode={pode}>
          <Bloco titulo={t('pessoa.juridica.identificacao')} testId="bloco-basico">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Campo rotulo={t('pessoa.juridica.cnpj')} valor={formatCnpj(id.numeroDocumento)} />
              <Campo rotulo={t('pessoa.juridica.razaoSocial')} valor={id.razaoSocial} />
              <Campo rotulo={t('pessoa.juridica.nomeFantasia')} valor={id.nomeFantasia} />
              <Campo rotulo={t('pessoa.juridica.naturezaJuridica')} valor={id.naturezaJuridica} />
              <Campo
                rotulo={t('pessoa.juridica.caceal')}
                valor={id.cacealList.length ? (
                  <Group gap="xs">{id.cacealList.map((x) => (
                    <Group key={x.numeroCaceal} gap={4}>
                      <Anchor component={Link} to={`/contribuinte/${x.numeroCaceal}/${p.numeroPessoa}`}><Caceal numero={x.numeroCaceal} digito={x.digitoCaceal} /></Anchor>
                      <StatusBadge status={x.situacaoCadastral} />
                    </Group>
                  ))}</Group>
                ) : t('pessoa.juridica.semCaceal')}
              />
            </SimpleGrid>
          </Bloco>
          <EnderecosBloco enderecos={id.enderecos} />
          <ContatoBloco telefones={id.telefones}><Campo rotulo={t('pessoa.contato.email')} valor={id.email} /></ContatoBloco>
          <Bloco titulo={t('pessoa.contador.title')} testId="bloco-contador">
            {/* A company that is no accountant says so; the empty CRC form only opens when asked for. */}
            {!c && !cadastrarContador && (
              <Group justify="space-between" data-testid="contador-vazio">
                <Text c="dimmed">{t('pessoa.contador.naoContadorPj')}</Text>
                {pode && <Button variant="light" onClick={() => setCadastrarContador(true)}>{t('pessoa.contador.cadastrarBotao')}</Button>}
              </Group>
            )}
            {!c && cadastrarContador && <Text c="dimmed">{t('pessoa.contador.cadastrarDados')}</Text>}
            {(c || cadastrarContador) && <SimpleGrid cols={{ base: 1, sm: 4 }}>
              <TextInput label={t('pessoa.contador.crc')} withAsterisk maxLength={6} error={fieldMessage(t, formState.errors.numeroCrc)} {...register('numeroCrc')} />
              <Controller control={control} name="digitoVerificadorCrc" render={({ field }) => (
                <TextInput label={t('pessoa.contador.digito')} maxLength={1} value={field.value === null || field.value === undefined ? '' : String(field.value)}
                  onChange={(e) => { const d = e.currentTarget.value.replace(/\D/g, ''); field.onChange(d ? Number(d) : null); }} />
              )} />
              <Controller control={control} name="codigoTipoInscricao" render={({ field }) => (
                <Select label={t('pessoa.contador.tipoInscricao')} withAsterisk data={opcoes(tipos, true)} value={field.value} onChange={(v) => field.onChange(v ?? 'O')} allowDeselect={false} />
              )} />
              <Controller control={control} name="codigoUfCrc" render={({ field }) => (
                <Select label={t('pessoa.contador.uf')} withAsterisk searchable data={ufs.map((u) => ({ value: String(u.id), label: String(u.id) }))} value={field.value} onChange={(v) => field.onChange(v ?? 'AL')} allowDeselect={false} />
              )} />
              <Controller control={control} name="categoriaId" render={({ field, fieldState }) => (
                <Select label={t('pessoa.contador.categoria')} withAsterisk data={opcoes(categorias)} value={field.value ? String(field.value) : null} onChange={(v) => field.onChange(numero(v))}
                  error={fieldState.error ? t('validation.required') : undefined} allowDeselect={false} />
              )} />
              <Controller control={control} name="classificacaoId" render={({ field, fieldState }) => (
                <Select label={t('pessoa.contador.classificacao')} withAsterisk data={opcoes(classificacoes, true)} value={field.value ? String(field.value) : null} onChange={(v) => field.onChange(numero(v))}
                  error={fieldState.error ? t('validation.required') : undefined} allowDeselect={false} />
              )} />
              <Controller control={control} name="apto" render={({ field }) => (
                <Select label={t('pessoa.contador.apto')} data={APTO.map((a) => ({ value: a, label: a === '' ? t('pessoa.contador.naoInformado') : t(a === 'true' ? 'pessoa.contador.sim' : 'pessoa.contador.nao') }))}
                  value={field.value === null || field.value === undefined ? '' : String(field.value)} onChange={(v) => field.onChange(v === 'true' ? true : v === 'false' ? false : null)} allowDeselect={false} />
              )} />
            </SimpleGrid>}
          </Bloco>
        </Editaveis>
        {p.responsavelOrganizacaoContabil && (
          <Bloco titulo={t('pessoa.juridica.responsavelOrganizacao')} testId="bloco-resp-contabil">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Campo rotulo={t('pessoa.fisica.cpf')} valor={formatDocumento(p.responsavelOrganizacaoContabil.numeroDocumento)} />
              <Campo rotulo={t('pessoa.fisica.nome')} valor={p.responsavelOrganizacaoContabil.nome} />
            </SimpleGrid>
          </Bloco>
        )}
        <Bloco titulo={t('pessoa.juridica.responsavelLegal')} testId="bloco-responsavel">
          {p.dadosResponsavel ? (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Campo rotulo={t('pessoa.busca.documento')} valor={<Anchor component={Link} to={caminhoPessoa(p.dadosResponsavel.numeroDocumento)}>{formatDocumento(p.dadosResponsavel.numeroDocumento)}</Anchor>} />
              <Campo rotulo={t('pessoa.fisica.nome')} valor={p.dadosResponsavel.nome} />
              <Campo rotulo={t('pessoa.juridica.qualificacao')} valor={p.dadosResponsavel.qualificacao} />
            </SimpleGrid>
          ) : <Text c="dimmed">{t('pessoa.empresas.vazio')}</Text>}
        </Bloco>
        <EmpresasTabela titulo={t('pessoa.empresas.socio')} numeroPessoa={p.numeroPessoa} vinculo="socio" testId="empresas-socio" />
        <EmpresasTabela titulo={t('pessoa.empresas.contabil')} numeroPessoa={p.numeroPessoa} vinculo="contador" testId="empresas-contabil" qualificacao={false} />
        <RodapeSalvar pode={pode} sujo={formState.isDirty} salvando={formState.isSubmitting} />
      </Stack>
    </form>
  );
}
