import { useState, type ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Anchor, Button, Group, Paper, Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Authority, documentKind, formatDocumento, type DadosCadastrais } from '@cadastro/domain';
import { Campo } from '../../ui/Campo';
import { StatusBadge } from '../../ui/StatusBadge';
import { RecordState } from '../../ui/NotFound';
import { isNotFound } from '../../ui/queries';
import { useDadosCadastrais } from './api';
import { DadosCadastraisAba } from './DadosCadastrais';
import { AtividadesAba, ContadorAba, EditaisAba, ProcuradoresAba, RegimesAba, ResponsavelAba, SociosAba } from './Abas';
import { PendenciasAba } from './pendencias/PendenciasAba';
import { SolicitacoesAba } from './solicitacoes/SolicitacoesAba';
import { useSession } from '../../ui/session';
import { ManutencaoProvider, MarcaNaoSalvo } from './manutencao/contexto';
import { SalvarEventoBotao } from './manutencao/Salvar';
import { HistoricoAba } from './manutencao/Historico';
import { AtividadesEditor } from './manutencao/Atividades';
import { DadosEditor } from './manutencao/Dados';
import { SociosEditor } from './manutencao/Socios';
import { ProcuradoresEditor } from './manutencao/Procuradores';
import { ContadorEditor } from './manutencao/Contador';
import { ResponsavelEditor } from './manutencao/Responsavel';
import { RegimesEditor } from './manutencao/Regimes';
import { ExcluirInscricao } from './manutencao/Exclusao';
import { Caceal } from '../../ui/Caceal';

type AbaProps = { numeroPessoa: number; caceal: number | undefined; verEnderecos?: boolean };

/** The call each tab reads (a part of its query key): meu-cadastro reloads one tab by it (§2). */
const CHAMADA: Record<string, string> = {
  dados: 'dados', atividades: 'obterAtividades', contador: 'obterContador', procuradores: 'obterProcuradores', editais: 'obterEditais',
  responsavel: 'obterResponsavel', socios: 'obterSocios', regimes: 'obterRegimesEspeciais', pendencias: 'pendencia', solicitacoes: 'solicitacao',
};

/** §2 meu-cadastro: each tab can reload its own data from the server (the others keep theirs). */
function RecarregarAba({ aba }: { aba: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [ocupado, setOcupado] = useState(false);
  const recarregar = async () => {
    setOcupado(true);
    try {
      await qc.refetchQueries({ predicate: (q) => q.queryKey.includes(CHAMADA[aba]), type: 'active' });
    } finally {
      setOcupado(false);
    }
  };
  return <Group justify="flex-end" mb="xs"><Button size="xs" variant="light" loading={ocupado} onClick={() => void recarregar()}>{t('contribuinte.meuCadastro.recarregar')}</Button></Group>;
}

/** The tabs after Dados Cadastrais, in the order of §2; each loads by its own call. */
const ABAS: [string, string, ComponentType<AbaProps>][] = [
  ['atividades', 'contribuinte.abas.atividades', AtividadesAba],
  ['contador', 'contribuinte.abas.contador', ContadorAba],
  ['procuradores', 'contribuinte.abas.procuradores', ProcuradoresAba],
  ['editais', 'contribuinte.abas.editais', EditaisAba],
  ['responsavel', 'contribuinte.abas.responsavel', ResponsavelAba],
  ['socios', 'contribuinte.abas.socios', SociosAba],
  ['regimes', 'contribuinte.abas.regimes', RegimesAba],
  ['pendencias', 'pendencia.aba', PendenciasAba],
  ['solicitacoes', 'solicitacao.aba', SolicitacoesAba],
];

/** With the "supertela" role (§6) these tabs are the editable ones (Editar unlocks them). */
const EDITORES: Partial<Record<string, ComponentType<AbaProps>>> = {
  atividades: AtividadesEditor,
  contador: ContadorEditor,
  procuradores: ProcuradoresEditor,
  responsavel: ResponsavelEditor,
  socios: SociosEditor,
  regimes: RegimesEditor,
};

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
  // A registration gone (404) offers no sheet either, even with its old data in the cache.
  const d = isNotFound(q.error) ? undefined : q.data;
  return (
    <Stack py="md">
      <Group justify="space-between">
        <Title order={1}>{t(novaConsulta ? 'contribuinte.detalhe.title' : 'contribuinte.meuCadastro.title')}</Title>
        <Group>
          {d && (
            <Button component={Link} to={`/fichaimprimivel/${d.numeroCaceal}`} variant="light">{t('contribuinte.ficha.abrir')}</Button>
          )}
          {novaConsulta && <Anchor component={Link} to="/contribuinte">{t('contribuinte.detalhe.novaConsulta')}</Anchor>}
        </Group>
      </Group>
      <RecordState query={q}>
        {(d) => (novaConsulta ? (
          // The staff page is the maintenance page: drafts per tab, the page's Salvar, the timeline.
          <ManutencaoProvider version={d.version} versoes={d.versoes} situacao={d.situacaoCadastral.situacaoCadastralContribuinte}>
            <Registro d={d} manutencao />
          </ManutencaoProvider>
        ) : <Registro d={d} manutencao={false} />)}
      </RecordState>
    </Stack>
  );
}

function Registro({ d, manutencao }: { d: DadosCadastrais; manutencao: boolean }) {
  const { t } = useTranslation();
  const { hasAnyAuthority } = useSession();
  const supertela = manutencao && hasAnyAuthority([Authority.MAN_DADOS_CONTRI]);
  const cpf = documentKind(d.identificacao.cnpj) === 'CPF';
  return (
    <>
      <Paper withBorder p="md" bg="gray.0" data-testid="cabecalho-contribuinte">
        <Group justify="space-between">
          <Group gap="xl" wrap="wrap">
            <Campo rotulo={t('contribuinte.caceal')} valor={<Caceal numero={d.numeroCaceal} digito={d.identificacao.digitoCaceal} />} />
            <Campo rotulo={cpf ? t('contribuinte.cpf') : t('contribuinte.cnpj')} valor={formatDocumento(d.identificacao.cnpj)} />
            <Campo rotulo={cpf ? t('contribuinte.nome') : t('contribuinte.razaoSocial')} valor={d.identificacao.razaoSocial} />
            <StatusBadge status={d.situacaoCadastral.situacaoCadastralContribuinte} />
          </Group>
          {supertela && <SalvarEventoBotao d={d} />}
        </Group>
      </Paper>
      <Tabs defaultValue="dados" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="dados">{t('contribuinte.abas.dadosCadastrais')}<MarcaNaoSalvo aba="dadosCadastrais" /></Tabs.Tab>
          {ABAS.map(([valor, rotulo]) => (
            <Tabs.Tab key={valor} value={valor}>{t(rotulo)}<MarcaNaoSalvo aba={valor} /></Tabs.Tab>
          ))}
          {manutencao && <Tabs.Tab value="historico">{t('manutencao.aba.historico')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="dados" pt="md">
          {!manutencao && <RecarregarAba aba="dados" />}
          {supertela ? <DadosEditor d={d} /> : <DadosCadastraisAba d={d} />}
        </Tabs.Panel>
        {ABAS.map(([valor, , Aba]) => {
          const Editor = supertela ? EDITORES[valor] : undefined;
          return (
            <Tabs.Panel key={valor} value={valor} pt="md">
              {!manutencao && <RecarregarAba aba={valor} />}
              {Editor ? <Editor numeroPessoa={d.numeroPessoa} caceal={d.numeroCaceal} verEnderecos={manutencao} />
                : <Aba numeroPessoa={d.numeroPessoa} caceal={d.numeroCaceal} verEnderecos={manutencao} />}
            </Tabs.Panel>
          );
        })}
        {manutencao && (
          <Tabs.Panel value="historico" pt="md">
            <HistoricoAba numeroCaceal={d.numeroCaceal} />
          </Tabs.Panel>
        )}
      </Tabs>
      {/* Issue 40 §7: the destructive action away from Salvar, at the foot of the page, not one mis-click from it. */}
      {supertela && (
        <Group justify="flex-end" mt="xl" pt="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }} data-testid="zona-exclusao">
          <ExcluirInscricao numeroCaceal={d.numeroCaceal} digito={d.identificacao.digitoCaceal} />
        </Group>
      )}
    </>
  );
}
