import type { ComponentType, ReactNode } from 'react';
import { Alert, Anchor, Badge, Center, Group, Loader, Paper, Popover, SimpleGrid, Stack, Tabs, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Campo } from './Campo';
import { Link, useParams, useSearchParams } from 'react-router';
import type { DadosCadastrais } from '@cadastro/domain';
import { formatCaceal, formatCep, formatCnpj } from '@cadastro/domain';
import { StatusBadge } from '../../ui/StatusBadge';
import { formatDay, formatMoney } from '../../ui/format';
import { httpErrorMessage } from '../../ui/errors';
import { useDadosCadastrais } from './api';
import { AtividadesAba, ContadorAba, EditaisAba, ProcuradoresAba, RegimesAba, ResponsavelAba, SociosAba } from './Abas';

/** The tabs after Dados Cadastrais, in the order of §2; each loads by its own call. */
const ABAS: [string, string, ComponentType<{ numeroPessoa: number; caceal: number | undefined }>][] = [
  ['atividades', 'contribuinte.abas.atividades', AtividadesAba],
  ['contador', 'contribuinte.abas.contador', ContadorAba],
  ['procuradores', 'contribuinte.abas.procuradores', ProcuradoresAba],
  ['editais', 'contribuinte.abas.editais', EditaisAba],
  ['responsavel', 'contribuinte.abas.responsavel', ResponsavelAba],
  ['socios', 'contribuinte.abas.socios', SociosAba],
  ['regimes', 'contribuinte.abas.regimes', RegimesAba],
];

/** contribuinte/{numeroPessoa}(?caceal=) and contribuinte/{caceal}/{numeroPessoa}: 'Dados do Contribuinte'. */
export default function ContribuinteDetailPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const numeroPessoa = Number(params.numeroPessoa);
  const caceal = params.caceal ? Number(params.caceal) : search.get('caceal') ? Number(search.get('caceal')) : undefined;
  return <ContribuinteDetalhe numeroPessoa={numeroPessoa} caceal={caceal} novaConsulta />;
}

/** The tabbed registration view, shared by the staff detail and meu-cadastro. */
export function ContribuinteDetalhe({ numeroPessoa, caceal, novaConsulta = false }: { numeroPessoa: number; caceal: number | undefined; novaConsulta?: boolean }) {
  const { t } = useTranslation();
  const q = useDadosCadastrais(numeroPessoa, caceal);
  const d = q.data;
  return (
    <Stack py="md">
      <Group justify="space-between">
        <Title order={1}>{t(novaConsulta ? 'contribuinte.detalhe.title' : 'contribuinte.meuCadastro.title')}</Title>
        {novaConsulta && <Anchor component={Link} to="/contribuinte">{t('contribuinte.detalhe.novaConsulta')}</Anchor>}
      </Group>
      {q.isPending && (
        <Center h={160}>
          <Group gap="xs"><Loader size="sm" /><Text>{t('global.loading')}</Text></Group>
        </Center>
      )}
      {q.isError && <Alert color="red" role="alert">{httpErrorMessage(q.error, t)}</Alert>}
      {d && (
        <>
          <Paper withBorder p="md" bg="gray.0" data-testid="cabecalho-contribuinte">
            <Group gap="xl" wrap="wrap">
              <Campo rotulo={t('contribuinte.caceal')} valor={formatCaceal(d.numeroCaceal, d.identificacao.digitoCaceal)} />
              <Campo rotulo={t('contribuinte.cnpj')} valor={formatCnpj(d.identificacao.cnpj)} />
              <Campo rotulo={t('contribuinte.razaoSocial')} valor={d.identificacao.razaoSocial} />
              <StatusBadge status={d.situacaoCadastral.situacaoCadastralContribuinte} />
            </Group>
          </Paper>
          <Tabs defaultValue="dados" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="dados">{t('contribuinte.abas.dadosCadastrais')}</Tabs.Tab>
              {ABAS.map(([valor, rotulo]) => (
                <Tabs.Tab key={valor} value={valor}>{t(rotulo)}</Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="dados" pt="md">
              <DadosCadastraisAba d={d} />
            </Tabs.Panel>
            {ABAS.map(([valor, , Aba]) => (
              <Tabs.Panel key={valor} value={valor} pt="md">
                <Aba numeroPessoa={d.numeroPessoa} caceal={d.numeroCaceal} />
              </Tabs.Panel>
            ))}
          </Tabs>
        </>
      )}
    </Stack>
  );
}

function Secao({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">{titulo}</Title>
      {children}
    </Paper>
  );
}

/** §5: the fantasy name is cut at 23 characters plus an ellipsis when longer than 26, with a popover. */
function NomeFantasia({ nome }: { nome: string | null }) {
  if (!nome || nome.length <= 26) return <>{nome}</>;
  return (
    <Popover withArrow shadow="md">
      <Popover.Target>
        <UnstyledButton title={nome} style={{ textDecoration: 'underline dotted' }}>{nome.slice(0, 23)}…</UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>{nome}</Popover.Dropdown>
    </Popover>
  );
}

function DadosCadastraisAba({ d }: { d: DadosCadastrais }) {
  const { t } = useTranslation();
  const simNao = (v: boolean | null) => (v === null ? t('contribuinte.naoInformado') : v ? t('entity.action.yes') : t('entity.action.no'));
  const id = d.identificacao;
  const e = id.endereco;
  const p = d.processamentoDados;
  return (
    <Stack>
      <Secao titulo={t('contribuinte.secao.identificacao')}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <Campo rotulo={t('contribuinte.nomeFantasia')} valor={id.nomeFantasia ? <NomeFantasia nome={id.nomeFantasia} /> : null} />
          <Campo rotulo={t('contribuinte.naturezaJuridica')} valor={id.naturezaJuridica && `${id.naturezaJuridica.codigoNaturezaJuridica} - ${id.naturezaJuridica.descricao}`} />
          <Campo rotulo={t('contribuinte.capitalSocial')} valor={id.valorCapitalSocial && `R$ ${formatMoney(id.valorCapitalSocial)}`} />
          <Campo rotulo={t('contribuinte.inicioAtividade')} valor={formatDay(id.dataInicioAtividade)} />
          <Campo rotulo={t('contribuinte.tipoContribuinte')} valor={id.tipoContribuinte.descricao} />
          <Campo rotulo={t('contribuinte.porte')} valor={id.porte?.descricao} />
          <Campo rotulo={t('contribuinte.matrizFilial')} valor={t(`contribuinte.${id.indicadorMatriz === 'Matriz' ? 'matriz' : 'filial'}`)} />
          <Campo rotulo={t('contribuinte.mei')} valor={simNao(id.ehMei)} />
          <Campo rotulo={t('contribuinte.simples')} valor={simNao(id.ehOptanteDoSimples)} />
          <Campo rotulo={t('contribuinte.sublimite')} valor={id.ehOptanteDoSimples ? simNao(d.sublimiteSN) : t('contribuinte.naoSeAplica')} />
        </SimpleGrid>
      </Secao>
      <Secao titulo={t('contribuinte.secao.endereco')}>
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
          <Campo
            rotulo={t('contribuinte.telefones')}
            valor={id.telefones.length ? id.telefones.map((f) => `${f.descricaoTipoTelefone}: (${f.ddd}) ${f.numeroTelefone}`).join(' · ') : null}
          />
        </SimpleGrid>
      </Secao>
      <Secao titulo={t('contribuinte.secao.situacao')}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <Campo rotulo={t('contribuinte.situacaoCaceal')} valor={<StatusBadge status={d.situacaoCadastral.situacaoCadastralContribuinte} />} />
          <Campo rotulo={t('contribuinte.motivo')} valor={d.situacaoCadastral.descricaoMotivoSituacaoCadastral} />
          <Campo rotulo={t('contribuinte.dataSituacao')} valor={formatDay(d.situacaoCadastral.dataSituacao)} />
          <Campo rotulo={t('contribuinte.situacaoPj')} valor={d.situacaoCadastral.situacaoCadastralPj} />
        </SimpleGrid>
      </Secao>
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
