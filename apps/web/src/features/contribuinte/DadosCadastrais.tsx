import type { ReactNode } from 'react';
import { Badge, Group, Paper, Popover, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DadosCadastrais } from '@cadastro/domain';
import { abreviarNomeFantasia, documentKind, formatCep, formatDocumento, formatMoeda, formatNaturezaJuridica, sublimiteAplicavel } from '@cadastro/domain';
import { Campo } from '../../ui/Campo';
import { StatusBadge } from '../../ui/StatusBadge';
import { formatDay } from '../../ui/format';
import { EnderecosButton, Telefones } from './Enderecos';
import { Caceal } from '../../ui/Caceal';

export function Secao({ titulo, acao, children }: { titulo: string; acao?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">{titulo}</Title>
        {acao}
      </Group>
      {children}
    </Paper>
  );
}

/** §5: the fantasy name is cut at 23 characters plus an ellipsis when longer than 26, with a popover. */
function NomeFantasia({ nome }: { nome: string | null }) {
  if (!nome) return null;
  const { texto, abreviado } = abreviarNomeFantasia(nome);
  if (!abreviado) return <>{texto}</>;
  return (
    <Popover withArrow shadow="md">
      <Popover.Target>
        <UnstyledButton title={nome} style={{ textDecoration: 'underline dotted' }}>{texto}</UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>{nome}</Popover.Dropdown>
    </Popover>
  );
}

/**
 * What the registration tab shows but no block of the supertela edits (natureza, start, type, head
 * office, MEI, Simples): the reading view and the editing form both show it (issue 32: editing never
 * hides what reading shows).
 */
/**
 * What a registration held by a CPF (a produtor rural pessoa física) cannot have — capital, porte (LC 123 is for
 * empresários and sociedades), a CNPJ's status — reads "Não se aplica." when empty, not "Não informado".
 */
export function useSeAplica(d: DadosCadastrais) {
  const { t } = useTranslation();
  const pf = documentKind(d.identificacao.cnpj) === 'CPF';
  return <T,>(v: T) => (pf && (v === null || v === undefined || v === '') ? t('contribuinte.naoSeAplica') : v);
}

export function IdentificacaoFixa({ d }: { d: DadosCadastrais }) {
  const { t } = useTranslation();
  const simNao = (v: boolean | null) => (v === null ? t('contribuinte.naoInformado') : v ? t('entity.action.yes') : t('entity.action.no'));
  const id = d.identificacao;
  const seAplica = useSeAplica(d);
  return (
    <>
      <Campo rotulo={t('contribuinte.naturezaJuridica')} valor={seAplica(id.naturezaJuridica && formatNaturezaJuridica(id.naturezaJuridica.codigoNaturezaJuridica, id.naturezaJuridica.descricao))} />
      <Campo rotulo={t('contribuinte.inicioAtividade')} valor={formatDay(id.dataInicioAtividade)} />
      <Campo rotulo={t('contribuinte.tipoContribuinte')} valor={id.tipoContribuinte.descricao} />
      <Campo rotulo={t('contribuinte.matrizFilial')} valor={t(`contribuinte.${id.indicadorMatriz === 'Matriz' ? 'matriz' : 'filial'}`)} />
      <Campo rotulo={t('contribuinte.mei')} valor={simNao(id.ehMei)} />
      <Campo rotulo={t('contribuinte.simples')} valor={simNao(id.ehOptanteDoSimples)} />
      <Campo rotulo={t('contribuinte.sublimite')} valor={id.ehOptanteDoSimples && sublimiteAplicavel(id.porte?.id) ? simNao(d.sublimiteSN) : t('contribuinte.naoSeAplica')} />
    </>
  );
}

/** The registration's status (changed by its own screen, never by the supertela): shown while editing too. */
export function SituacaoSecao({ d }: { d: DadosCadastrais }) {
  const { t } = useTranslation();
  const seAplica = useSeAplica(d);
  return (
    <Secao titulo={t('contribuinte.secao.situacao')}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <Campo rotulo={t('contribuinte.situacaoCaceal')} valor={<StatusBadge status={d.situacaoCadastral.situacaoCadastralContribuinte} />} />
        <Campo rotulo={t('contribuinte.motivo')} valor={d.situacaoCadastral.descricaoMotivoSituacaoCadastral} />
        <Campo rotulo={t('contribuinte.dataSituacao')} valor={formatDay(d.situacaoCadastral.dataSituacao)} />
        <Campo rotulo={t('contribuinte.situacaoPj')} valor={seAplica(d.situacaoCadastral.situacaoCadastralPj)} />
      </SimpleGrid>
    </Secao>
  );
}

/** `completa`: the sheet repeats CACEAL, document and name (the detail shows them in its header strip). */
export function DadosCadastraisAba({ d, completa = false }: { d: DadosCadastrais; completa?: boolean }) {
  const { t } = useTranslation();
  const simNao = (v: boolean | null) => (v === null ? t('contribuinte.naoInformado') : v ? t('entity.action.yes') : t('entity.action.no'));
  const id = d.identificacao;
  const e = id.endereco;
  const p = d.processamentoDados;
  const seAplica = useSeAplica(d);
  return (
    <Stack>
      <Secao titulo={t('contribuinte.secao.identificacao')}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {completa && (
            <>
              <Campo rotulo={t('contribuinte.caceal')} valor={<Caceal numero={d.numeroCaceal} digito={id.digitoCaceal} />} />
              <Campo rotulo={id.cnpj.length < 12 ? 'CPF' : t('contribuinte.cnpj')} valor={formatDocumento(id.cnpj)} />
              <Campo rotulo={t('contribuinte.razaoSocial')} valor={id.razaoSocial} />
            </>
          )}
          <Campo rotulo={t('contribuinte.nomeFantasia')} valor={id.nomeFantasia ? <NomeFantasia nome={id.nomeFantasia} /> : null} />
          <Campo rotulo={t('contribuinte.capitalSocial')} valor={seAplica(formatMoeda(id.valorCapitalSocial))} />
          <Campo rotulo={t('contribuinte.porte')} valor={seAplica(id.porte?.descricao)} />
          <IdentificacaoFixa d={d} />
        </SimpleGrid>
      </Secao>
      <Secao titulo={t('contribuinte.secao.endereco')} acao={id.enderecos.length ? <EnderecosButton enderecos={id.enderecos} /> : undefined}>
        {e ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <Campo rotulo={t('contribuinte.logradouro')} valor={[e.tipoLogradouro, e.logradouro, e.numeroImovel].filter(Boolean).join(' ')} />
            <Campo rotulo={t('contribuinte.complemento')} valor={e.complemento} />
            <Campo rotulo={t('contribuinte.bairro')} valor={e.bairro} />
            <Campo rotulo={t('contribuinte.municipio')} valor={e.municipio && `${e.municipio.nome} - ${e.municipio.codigoUf}`} />
            <Campo rotulo={t('contribuinte.cep')} valor={formatCep(e.cep)} />
            <Campo rotulo={t('contribuinte.pais')} valor={e.pais.nome} />
          </SimpleGrid>
        ) : (
          <Text c="dimmed">{t('contribuinte.naoInformado')}</Text>
        )}
      </Secao>
      <Secao titulo={t('contribuinte.secao.contato')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Campo rotulo={t('contribuinte.email')} valor={id.email} />
          <div>
            <Text size="sm" fw={700}>{t('contribuinte.telefones')}</Text>
            <Telefones telefones={id.telefones} />
          </div>
        </SimpleGrid>
      </Secao>
      <SituacaoSecao d={d} />
      <Secao titulo={t('contribuinte.secao.processamento')}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <Campo rotulo={t('contribuinte.livroEletronico')} valor={`${simNao(p.opcaoLivroEletronico)} ${formatDay(p.dataAutorizacaoLivroEletronico)}`.trim()} />
          <Campo rotulo={t('contribuinte.documentoEletronico')} valor={`${simNao(p.opcaoDocumentoEletronico)} ${formatDay(p.dataAutorizacaoDocumentoEletronico)}`.trim()} />
          <Campo rotulo={t('contribuinte.livrosFiscais')} valor={`${simNao(p.opcaoLivrosFiscais)} ${formatDay(p.dataAutorizacaoLivrosFiscais)}`.trim()} />
          <Campo rotulo={t('contribuinte.sped')} valor={simNao(p.usoObrigatorioDoSped)} />
        </SimpleGrid>
      </Secao>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Secao titulo={t('contribuinte.secao.formasAtuacao')}>
          <Group gap={4}>{d.formasAtuacao.length ? d.formasAtuacao.map((f) => <Badge key={f.id} variant="light" tt="none">{f.descricao}</Badge>) : <Text c="dimmed">{t('contribuinte.naoInformado')}</Text>}</Group>
        </Secao>
        <Secao titulo={t('contribuinte.secao.tiposUnidade')}>
          <Group gap={4}>{d.tipoUnidade.length ? d.tipoUnidade.map((f) => <Badge key={f.id} variant="light" tt="none">{f.descricao}</Badge>) : <Text c="dimmed">{t('contribuinte.naoInformado')}</Text>}</Group>
        </Secao>
      </SimpleGrid>
    </Stack>
  );
}
