import { useState } from 'react';
import { Alert, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { z } from 'zod';
import { AlterarPessoaFisica, formatCpf, onlyDigits, type PessoaFisica } from '@cadastro/domain';
import { Campo } from '../../ui/Campo';
import { fieldMessage } from '../../ui/form';
import { alterarPessoaFisica, usePessoaFisica } from './api';
import { Bloco, PaginaPessoa, ContadorLeitura, ContatoBloco, EnderecosBloco, mensagemPessoa, Editaveis, RodapeSalvar, usePodeEditarPessoa } from './Blocos';
import { EmpresasTabela } from './EmpresasVinculadas';

const Form = AlterarPessoaFisica.omit({ version: true });
type Input = z.input<typeof Form>;
type Output = z.output<typeof Form>;

/** §2 pessoa/{cpf}: the individual's page; name and e-mail editable, Salvar only when they differ. */
export default function PessoaFisicaPage() {
  const { t } = useTranslation();
  const cpf = onlyDigits(useParams().cpf ?? '');
  const q = usePessoaFisica(cpf);
  return <PaginaPessoa titulo={t('pessoa.fisica.title')} q={q}>{(p) => <Detalhe p={p} />}</PaginaPessoa>;
}

function Detalhe({ p }: { p: PessoaFisica }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const id = p.identificacaoPessoaFisica;
  const pode = usePodeEditarPessoa();
  const [version, setVersion] = useState(p.version);
  const [salvo, setSalvo] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const { register, handleSubmit, reset, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(Form),
    mode: 'onChange',
    defaultValues: { nome: id.nome, email: id.email ?? '' },
  });
  const salvar = async (v: Output) => {
    setErro(null);
    setSalvo(false);
    try {
      const r = await alterarPessoaFisica(p.numeroPessoa, { version, nome: v.nome, email: v.email || null });
      setVersion(r.version);
      // The saved data is the new original: Salvar is disabled again.
      reset({ nome: v.nome.toUpperCase(), email: v.email ?? '' });
      setSalvo(true);
      await qc.invalidateQueries({ queryKey: ['pessoa'], refetchType: 'none' });
    } catch (e) {
      setErro(mensagemPessoa(e, t));
    }
  };
  return (
    <form onSubmit={handleSubmit(salvar)} noValidate>
      <Stack>
        {salvo && <Alert color="green" role="status" data-testid="pessoa-salva">{t('pessoa.alteracaoRealizada')}</Alert>}
        {erro && <Alert color="red" role="alert">{erro}</Alert>}
        <Editaveis pode={pode}>
          <Bloco titulo={t('pessoa.fisica.dadosBasicos')} testId="bloco-basico">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Campo rotulo={t('pessoa.fisica.cpf')} valor={formatCpf(id.numeroDocumento)} />
              <TextInput label={t('pessoa.fisica.nome')} withAsterisk maxLength={150} error={fieldMessage(t, formState.errors.nome)} {...register('nome')} />
            </SimpleGrid>
          </Bloco>
          <EnderecosBloco enderecos={id.enderecos} />
          <ContatoBloco telefones={id.telefones}>
            <TextInput label={t('pessoa.contato.email')} type="email" maxLength={100} maw={420} error={fieldMessage(t, formState.errors.email)} {...register('email')} />
          </ContatoBloco>
          {p.contador && <ContadorLeitura c={p.contador} />}
        </Editaveis>
        <EmpresasTabela titulo={t('pessoa.empresas.socio')} numeroPessoa={p.numeroPessoa} vinculo="socio" testId="empresas-socio" />
        <EmpresasTabela titulo={t('pessoa.empresas.responsavel')} numeroPessoa={p.numeroPessoa} vinculo="responsavel" testId="empresas-responsavel" />
        {(p.contador || p.empresaResponsavelContabil.length > 0) && (
          <EmpresasTabela titulo={t('pessoa.empresas.contabil')} numeroPessoa={p.numeroPessoa} vinculo="contador" testId="empresas-contabil" qualificacao={false} />
        )}
        <RodapeSalvar pode={pode} sujo={formState.isDirty} salvando={formState.isSubmitting} />
      </Stack>
    </form>
  );
}
