import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Loader, Modal, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AtividadeSolicitacao, ContabilistaSolicitacao, DetalheSolicitacao, IdentificacaoSolicitacao, MensagemSolicitacao, SocioSolicitacao } from '@cadastro/domain';
import { corSituacaoSolicitacao, DEFAULT_PAGE_SIZE, formatCnae, formatCrcTexto, formatDocumento, formatMoeda, formatNaturezaJuridica } from '@cadastro/domain';
import { Campo } from '../../../ui/Campo';
import { CINZA_SELO } from '../../../ui/StatusBadge';
import { Pagination } from '../../../ui/Pagination';
import { chaveRotuloDocumentos, formatInstant } from '../../../ui/format';
import { useBloco } from './api';
import { StatusSolicitacao } from './SolicitacoesAba';

/**
 * One section of the modal with its own call: 'Realizando consulta...' while it loads; a block whose
 * call fails stays empty and stops loading (§2), the others are unaffected.
 */
function Secao<T>({ titulo, q, vazio, children, testid }: { titulo: string; q: UseQueryResult<T>; vazio?: (d: T) => boolean; children: (d: T) => ReactNode; testid: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" data-testid={testid}>
      <Title order={3} size="h5" mb="xs">{titulo}</Title>
      {q.isPending ? (
        <Group gap="xs"><Loader size="xs" /><Text size="sm">{t('solicitacao.modal.carregando')}</Text></Group>
      ) : q.isError || q.data === null || (vazio && vazio(q.data)) ? (
        <Text size="sm" c="dimmed">{t('solicitacao.modal.vazio')}</Text>
      ) : (
        children(q.data)
      )}
    </Paper>
  );
}

const lista = (v: readonly string[]) => (v.length ? v.join(', ') : '—');

/** 'Detalhe da Solicitação RDS' (§2): large, static backdrop; every section by its own call; Fechar clears the outlet. */
export function DetalheSolicitacaoModal({ protocolo, onClose }: { protocolo: string; onClose(): void }) {
  const { t } = useTranslation();
  const sol = useBloco<DetalheSolicitacao>('solicitacao', protocolo);
  const ident = useBloco<IdentificacaoSolicitacao>('identificacao', protocolo);
  const ativ = useBloco<AtividadeSolicitacao[]>('atividade-economica', protocolo);
  const cont = useBloco<ContabilistaSolicitacao | null>('contabilista', protocolo);
  const qsa = useBloco<SocioSolicitacao[]>('qsa', protocolo);
  const msg = useBloco<MensagemSolicitacao[]>('mensagem', protocolo);
  const [pagina, setPagina] = useState(1);
  const nao = t('entity.action.no');
  const sim = t('entity.action.yes');
  return (
    <Modal opened onClose={onClose} title={t('solicitacao.modal.titulo')} size="xl" closeOnClickOutside={false}>
      <Stack gap="sm">
        <Secao testid="sec-solicitacao" titulo={t('solicitacao.modal.protocoloData')} q={sol}>
          {(d) => (
            <Stack gap="xs">
              <Group gap="xl">
                <Campo rotulo={t('solicitacao.protocolo')} valor={d.numProtocoloRedesim} />
                <Campo rotulo={t('solicitacao.data')} valor={formatInstant(d.dthSolicitacao)} />
                <div>
                  <Text size="xs" c="dimmed">{t('solicitacao.status')}</Text>
                  <StatusSolicitacao sistema="RDS" codigo={d.codTipoStatusProcessamento} descricao={d.dscTipoStatusProcessamento} />
                </div>
              </Group>
              <Title order={4} size="h6">{t('solicitacao.modal.dadosProduto', { produto: d.produto })}</Title>
              <Group gap="xl">
                <Campo rotulo={t('solicitacao.modal.produto')} valor={d.produto} />
                <div>
                  <Text size="xs" c="dimmed">{t('solicitacao.modal.situacao')}</Text>
                  {d.situacao ? (
                    <Badge color={corSituacaoSolicitacao(d.situacao) ?? CINZA_SELO} variant={corSituacaoSolicitacao(d.situacao) ? 'filled' : 'outline'} autoContrast data-testid="situacao-solicitacao">
                      {d.situacao}
                    </Badge>
                  ) : '—'}
                </div>
              </Group>
              <Title order={4} size="h6">{t('solicitacao.eventos')}</Title>
              {d.solicitacaoEventos.length ? (
                <ul style={{ margin: 0 }}>{d.solicitacaoEventos.map((e) => <li key={e.codEvento}>{e.codEvento}{e.dscEvento ? ` - ${e.dscEvento}` : ''}</li>)}</ul>
              ) : <Text size="sm" c="dimmed">{t('solicitacao.modal.vazio')}</Text>}
            </Stack>
          )}
        </Secao>
        <Secao testid="sec-identificacao" titulo={t('solicitacao.modal.identificacao')} q={ident}>
          {(d) => (
            <Stack gap="xs">
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <Campo rotulo={t('solicitacao.modal.nomeEmpresarial')} valor={d.nomeEmpresarial} />
                <Campo rotulo={t('solicitacao.modal.nomeFantasia')} valor={d.nomFantasia ?? '—'} />
                <Campo rotulo={t(chaveRotuloDocumentos([d.numCnpj]))} valor={formatDocumento(d.numCnpj)} />
                <Campo rotulo={t('solicitacao.modal.naturezaJuridica')} valor={d.naturezaJuridicaCad ? formatNaturezaJuridica(d.naturezaJuridicaCad) : '—'} />
                <Campo rotulo={t('solicitacao.modal.mei')} valor={d.porteEnquadramento === 3 ? sim : nao} />
                <Campo rotulo={t('solicitacao.modal.capitalSocial')} valor={formatMoeda(d.valorCapitalSocial) || '—'} />
                <Campo rotulo={t('solicitacao.modal.simples')} valor={d.simplesNacional.indSimplesNacional === 'S' ? sim : nao} />
              </SimpleGrid>
              <Campo rotulo={t('solicitacao.modal.endereco')} valor={d.endereco ?? '—'} />
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <Campo rotulo={t('solicitacao.modal.formaAtuacao')} valor={lista(d.formaAtuacaoEmpresas)} />
                <Campo rotulo={t('solicitacao.modal.tipoUnidade')} valor={lista(d.tiposUnidades)} />
                <Campo rotulo={t('solicitacao.modal.responsavel')} valor={d.responsavelLegal ? `${d.responsavelLegal.nome} (${formatDocumento(d.responsavelLegal.numCpf)})` : '—'} />
              </SimpleGrid>
            </Stack>
          )}
        </Secao>
        <Secao testid="sec-atividades" titulo={t('solicitacao.modal.atividades')} q={ativ} vazio={(d) => d.length === 0}>
          {(d) => (
            <Stack gap="xs">
              <Table withTableBorder striped>
                <Table.Thead><Table.Tr><Table.Th>CNAE</Table.Th><Table.Th>{t('solicitacao.modal.atividades')}</Table.Th><Table.Th>{t('solicitacao.modal.principal')}</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>
                  {d.slice((pagina - 1) * DEFAULT_PAGE_SIZE, pagina * DEFAULT_PAGE_SIZE).map((a) => (
                    <Table.Tr key={a.codigoCnae}><Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCnae(a.codigoCnae)}</Table.Td><Table.Td>{a.descricao}</Table.Td><Table.Td>{a.principal ? t('solicitacao.modal.principal') : t('solicitacao.modal.secundaria')}</Table.Td></Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Text size="sm" c="dimmed" ta="center">{t('solicitacao.modal.exibindo', { n: d.length })}</Text>
              <Pagination page={pagina} total={d.length} pageSize={DEFAULT_PAGE_SIZE} onChange={setPagina} />
            </Stack>
          )}
        </Secao>
        <Secao testid="sec-contador" titulo={t('solicitacao.modal.contador')} q={cont}>
          {(d) => d && (
            <Group gap="xl">
              <Campo rotulo={t('solicitacao.modal.nome')} valor={d.nome} />
              <Campo rotulo={t('solicitacao.modal.documento')} valor={formatDocumento(d.numDocumento)} />
              <Campo rotulo={t('solicitacao.modal.crc')} valor={d.crc ? formatCrcTexto(d.crc) : '—'} />
            </Group>
          )}
        </Secao>
        <Secao testid="sec-qsa" titulo={t('solicitacao.modal.qsa')} q={qsa} vazio={(d) => d.length === 0}>
          {(d) => (
            <Table withTableBorder striped>
              <Table.Thead><Table.Tr><Table.Th>{t('solicitacao.modal.documento')}</Table.Th><Table.Th>{t('solicitacao.modal.nome')}</Table.Th><Table.Th>{t('solicitacao.modal.qualificacao')}</Table.Th></Table.Tr></Table.Thead>
              <Table.Tbody>
                {d.map((s) => <Table.Tr key={s.numDocumento}><Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDocumento(s.numDocumento)}</Table.Td><Table.Td>{s.nome}</Table.Td><Table.Td>{s.qualificacaoSocioList.join(', ')}</Table.Td></Table.Tr>)}
              </Table.Tbody>
            </Table>
          )}
        </Secao>
        <Secao testid="sec-mensagens" titulo={t('solicitacao.modal.mensagens')} q={msg} vazio={(d) => d.length === 0}>
          {(d) => (
            <Stack gap={4}>
              {d.map((m, i) => <Text key={i} size="sm"><strong>{formatInstant(m.dthProcessamento)}</strong> — {m.dscMensagem}</Text>)}
            </Stack>
          )}
        </Secao>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('solicitacao.modal.fechar')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
