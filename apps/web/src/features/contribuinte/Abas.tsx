import type { ReactNode } from 'react';
import { Alert, Anchor, Badge, Group, Paper, SimpleGrid } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Carregando } from '../../ui/Carregando';
import { Campo } from '../../ui/Campo';
import type { Atividade, Contador, EditalDoContribuinte, Procurador, RegimeEspecial, Responsavel, Socio } from '@cadastro/domain';
import { enderecoEmLinha, formatCnae, formatCrcContador, formatDocumento, formatPercentual, SITUACAO_REGIME, telefonesEmLinha } from '@cadastro/domain';
import { DataTable } from '../../ui/DataTable';
import { formatDay } from '../../ui/format';
import { httpErrorMessage } from '../../ui/errors';
import { useAba } from './api';
import { EnderecosButton } from './Enderecos';
import { useAbrirPdf } from '../../ui/documentos';
import { REGISTRY_API_BASE } from '@cadastro/domain';

/**
 * verEnderecos: staff may open every address of partners and the responsible (pessoa/obterEnderecos);
 * the taxpayer's own view (meu-cadastro) shows the main address each tab call already carries.
 */
type Props = { numeroPessoa: number; caceal: number | undefined; verEnderecos?: boolean };
const documento = formatDocumento;

/** Each tab's own loading, error and empty states (§2: every block has its own loading flag). */
function Estado<T>({ q, vazio, children }: { q: UseQueryResult<T>; vazio: (d: T) => boolean; children: (d: T) => ReactNode }) {
  const { t } = useTranslation();
  if (q.isPending) {
    return (
      <Carregando h={100} />
    );
  }
  if (q.isError) return <Alert color="red" role="alert">{httpErrorMessage(q.error, t)}</Alert>;
  if (vazio(q.data)) return <Alert color="gray">{t('contribuinte.busca.vazio')}</Alert>;
  return <>{children(q.data)}</>;
}

export function AtividadesAba({ numeroPessoa, caceal }: Props) {
  const { t } = useTranslation();
  const q = useAba<Atividade[]>('obterAtividades', numeroPessoa, caceal);
  return (
    <Estado q={q} vazio={(d) => d.length === 0}>
      {(d) => (
        <DataTable
          rows={d}
          rowKey={(a) => a.codigoCnae}
          emptyText={t('contribuinte.busca.vazio')}
          columns={[
            { key: 'cnae', header: t('contribuinte.atividade.cnae'), render: (a) => <span style={{ whiteSpace: 'nowrap' }}>{formatCnae(a.codigoCnae)}</span> },
            { key: 'descricao', header: t('contribuinte.atividade.descricao'), render: (a) => a.descricao },
            { key: 'principal', header: t('contribuinte.atividade.principal'), render: (a) => (a.ehAtividadePrincipal ? <Badge color="govbr">{t('contribuinte.atividade.principalSim')}</Badge> : t('contribuinte.atividade.secundaria')) },
            { key: 'interesse', header: t('contribuinte.atividade.interesse'), render: (a) => (a.ehInteresse ? t('entity.action.yes') : t('entity.action.no')) },
          ]}
        />
      )}
    </Estado>
  );
}

export function SociosAba({ numeroPessoa, caceal, verEnderecos }: Props) {
  const { t } = useTranslation();
  const naoInformado = t('contribuinte.naoInformado');
  const q = useAba<Socio[]>('obterSocios', numeroPessoa, caceal);
  return (
    <Estado q={q} vazio={(d) => d.length === 0}>
      {(d) => (
        <DataTable
          rows={d}
          rowKey={(s) => s.numeroPessoaSocio}
          emptyText={t('contribuinte.busca.vazio')}
          columns={[
            { key: 'doc', header: t('contribuinte.socio.documento'), render: (s) => <span style={{ whiteSpace: 'nowrap' }}>{documento(s.numeroDocumentoSocio)}</span> },
            { key: 'nome', header: t('contribuinte.socio.nome'), render: (s) => s.nomeSocio },
            { key: 'qualif', header: t('contribuinte.socio.qualificacao'), render: (s) => s.qualificacao.descricao },
            { key: 'perc', header: t('contribuinte.socio.percentual'), render: (s) => (s.percentualParticipacao === null ? naoInformado : formatPercentual(s.percentualParticipacao)) },
            { key: 'inclusao', header: t('contribuinte.socio.inclusao'), render: (s) => formatDay(s.dataInclusao) },
            { key: 'resp', header: t('contribuinte.socio.responsavel'), render: (s) => (s.ehResponsavel ? t('entity.action.yes') : t('entity.action.no')) },
            { key: 'impedido', header: t('contribuinte.responsavel.impedido'), render: (s) => (s.ehImpedido ? t('entity.action.yes') : t('entity.action.no')) },
            { key: 'rep', header: t('contribuinte.socio.representante'), render: (s) => (s.nomeRepresentanteLegal
              ? `${s.nomeRepresentanteLegal} (${documento(s.documentoRepresentanteLegal ?? '')})${s.qualificacaoRepresentanteLegal ? ` · ${s.qualificacaoRepresentanteLegal}` : ''}` : '') },
            {
              key: 'end',
              header: t('contribuinte.endereco.contato'),
              render: (s: Socio) =>
                verEnderecos
                  ? <EnderecosButton numeroPessoa={s.numeroPessoaSocio} nome={s.nomeSocio} telefones={s.contatos} />
                  : <EnderecosButton enderecos={s.endereco ? [s.endereco] : []} nome={s.nomeSocio} telefones={s.contatos} rotulo={t('contribuinte.endereco.botao')} />,
            },
          ]}
        />
      )}
    </Estado>
  );
}


export function ResponsavelAba({ numeroPessoa, caceal, verEnderecos }: Props) {
  const { t } = useTranslation();
  const q = useAba<Responsavel | null>('obterResponsavel', numeroPessoa, caceal);
  return (
    <Estado q={q} vazio={(d) => d === null}>
      {(r) => (
        <Paper withBorder p="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <Campo rotulo={t('contribuinte.socio.documento')} valor={documento(r!.numeroDocumento)} />
            <Campo rotulo={t('contribuinte.socio.nome')} valor={r!.razaoSocial} />
            <Campo rotulo={t('contribuinte.socio.qualificacao')} valor={r!.qualificacao.descricao} />
            <Campo rotulo={t('contribuinte.responsavel.impedido')} valor={r!.possuiImpedimento ? t('entity.action.yes') : t('entity.action.no')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
            <Campo rotulo={t('contribuinte.secao.endereco')} valor={r!.endereco && enderecoEmLinha(r!.endereco)} />
            <Campo rotulo={t('contribuinte.telefones')} valor={telefonesEmLinha(r!.contatos) || null} />
          </SimpleGrid>
          {verEnderecos && <Group mt="sm"><EnderecosButton numeroPessoa={r!.numeroPessoa} nome={r!.razaoSocial} /></Group>}
        </Paper>
      )}
    </Estado>
  );
}

export function ContadorAba({ numeroPessoa, caceal }: Props) {
  const q = useAba<Contador | null>('obterContador', numeroPessoa, caceal);
  return <Estado q={q} vazio={(d) => d === null}>{(k) => <ContadorDetalhe k={k!} />}</Estado>;
}

/**
 * The accountant as the read-only tab and the supertela show it: CRC as the offices write it
 * (CRC-AL 179190/O-9), categoria, classificação, apto, e-mail, address, phones. A draft not saved yet
 * may lack address and phones (read again after Salvar).
 */
export function ContadorDetalhe({ k }: { k: Omit<Contador, 'endereco' | 'contatos'> & Partial<Pick<Contador, 'endereco' | 'contatos'>> }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" data-testid="contador">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <Campo rotulo={t('contribuinte.socio.documento')} valor={documento(k.numeroDocumento)} />
        <Campo rotulo={t('contribuinte.socio.nome')} valor={k.nome} />
        <Campo rotulo={t('contribuinte.contador.crc')} valor={formatCrcContador(k)} />
        <Campo rotulo={t('contribuinte.contador.tipoInscricao')} valor={k.tipoInscricao} />
        <Campo rotulo={t('contribuinte.contador.categoria')} valor={k.categoria} />
        <Campo rotulo={t('contribuinte.contador.classificacao')} valor={k.classificacao} />
        <Campo rotulo={t('contribuinte.contador.apto')} valor={k.apto === null ? null : k.apto ? t('entity.action.yes') : t('entity.action.no')} />
        <Campo rotulo={t('contribuinte.email')} valor={k.email} />
        <Campo rotulo={t('contribuinte.contador.desde')} valor={formatDay(k.dataInicio)} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
        <Campo rotulo={t('contribuinte.secao.endereco')} valor={k.endereco && enderecoEmLinha(k.endereco)} />
        <Campo rotulo={t('contribuinte.telefones')} valor={telefonesEmLinha(k.contatos ?? []) || null} />
      </SimpleGrid>
    </Paper>
  );
}

export function ProcuradoresAba({ numeroPessoa, caceal }: Props) {
  const { t } = useTranslation();
  const q = useAba<Procurador[]>('obterProcuradores', numeroPessoa, caceal);
  return (
    <Estado q={q} vazio={(d) => d.length === 0}>
      {(d) => (
        <DataTable
          rows={d}
          rowKey={(p) => `${p.numeroDocumento}-${p.dataInicioValidade}`}
          emptyText={t('contribuinte.busca.vazio')}
          columns={[
            { key: 'cpf', header: 'CPF', render: (p) => <span style={{ whiteSpace: 'nowrap' }}>{documento(p.numeroDocumento)}</span> },
            { key: 'nome', header: t('contribuinte.socio.nome'), render: (p) => p.razaoSocial },
            { key: 'inicio', header: t('contribuinte.procurador.inicio'), render: (p) => formatDay(p.dataInicioValidade) },
            { key: 'endereco', header: t('contribuinte.secao.endereco'), render: (p) => (p.endereco ? enderecoEmLinha(p.endereco) : t('contribuinte.naoInformado')) },
            { key: 'telefones', header: t('contribuinte.telefones'), render: (p) => telefonesEmLinha(p.contatos) || t('contribuinte.naoInformado') },
          ]}
        />
      )}
    </Estado>
  );
}

export function EditaisAba({ numeroPessoa, caceal }: Props) {
  const { t } = useTranslation();
  const naoInformado = t('contribuinte.naoInformado');
  const abrirPdf = useAbrirPdf();
  const q = useAba<EditalDoContribuinte[]>('obterEditais', numeroPessoa, caceal);
  return (
    <Estado q={q} vazio={(d) => d.length === 0}>
      {(d) => (
        <DataTable
          rows={d}
          rowKey={(e) => e.id}
          emptyText={t('contribuinte.busca.vazio')}
          columns={[
            {
              key: 'numero',
              header: t('contribuinte.edital.numero'),
              render: (e) => (
                <Anchor component="button" type="button" onClick={() => void abrirPdf(`${REGISTRY_API_BASE}/relatorio/edital/pdf`, { id: e.id }, `edital-${e.numero.replace('/', '-')}.pdf`)} aria-label={t('contribuinte.edital.abrirPdf', { numero: e.numero })}>
                  {e.numero}
                </Anchor>
              ),
            },
            { key: 'tipo', header: t('contribuinte.edital.tipo'), render: (e) => e.tipo },
            { key: 'motivo', header: t('contribuinte.motivo'), render: (e) => e.motivo ?? naoInformado },
            { key: 'processo', header: t('contribuinte.edital.processo'), render: (e) => e.processo ?? naoInformado },
            { key: 'publicacao', header: t('contribuinte.edital.publicacao'), render: (e) => formatDay(e.dataPublicacao) },
            { key: 'situacao', header: t('contribuinte.edital.situacao'), render: (e) => e.situacao },
          ]}
        />
      )}
    </Estado>
  );
}

/** Read-only here; add/alter/delete come with the supertela edits. */
export function RegimesAba({ numeroPessoa, caceal }: Props) {
  const { t } = useTranslation();
  const naoInformado = t('contribuinte.naoInformado');
  const q = useAba<RegimeEspecial[]>('obterRegimesEspeciais', numeroPessoa, caceal);
  return (
    <Estado q={q} vazio={(d) => d.length === 0}>
      {(d) => (
        <DataTable
          rows={d}
          rowKey={(r) => r.seqSujeitoPassivo}
          emptyText={t('contribuinte.busca.vazio')}
          columns={[
            { key: 'tipo', header: t('contribuinte.regime.tipo'), render: (r) => r.descTipoRegime },
            { key: 'regime', header: t('contribuinte.regime.regime'), render: (r) => r.descRegimeEspecial },
            { key: 'ato', header: t('contribuinte.regime.ato'), render: (r) => r.descAtoConcessorio },
            { key: 'processo', header: t('contribuinte.edital.processo'), render: (r) => r.processo ?? naoInformado },
            { key: 'inicio', header: t('contribuinte.regime.inicio'), render: (r) => formatDay(r.dtInicio) },
            { key: 'fim', header: t('contribuinte.regime.fim'), render: (r) => (r.dtFim ? formatDay(r.dtFim) : '---') },
            { key: 'situacao', header: t('contribuinte.edital.situacao'), render: (r) => SITUACAO_REGIME[r.situacao] },
            { key: 'ativo', header: t('contribuinte.regime.ativo'), render: (r) => (r.indAtivo === 'S' ? 'SIM' : 'NÃO') },
          ]}
        />
      )}
    </Estado>
  );
}
