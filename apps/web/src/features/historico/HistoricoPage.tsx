import { useState } from 'react';
import { Alert, Button, Group, Modal, Paper, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ContribuinteResumo, PaginaContribuintes, TipoDocumentoHistorico } from '@cadastro/domain';
import { DEFAULT_PAGE_SIZE, formatCaceal, formatDocumento, periodo, REGISTRY_API_BASE, TIPOS_DOCUMENTO_HISTORICO, validarTermoBusca } from '@cadastro/domain';
import { Pagination } from '../../ui/Pagination';
import { DataTable } from '../../ui/DataTable';
import { StatusBadge } from '../../ui/StatusBadge';
import { http } from '../../ui/http';
import { httpErrorMessage } from '../../ui/errors';
import { mascarar, PLACEHOLDER } from '../../ui/mascaras';

type Tipo = 'SITUACAO_CADASTRAL' | 'RAZAO_SOCIAL';
const ROTA: Record<Tipo, string> = { SITUACAO_CADASTRAL: 'historico-situacao-cadastral-detail', RAZAO_SOCIAL: 'historico-razao-social-detail' };

/** §2 historico: which history, which registration (several → picker) and the change-date period. */
export default function HistoricoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [tipo, setTipo] = useState<Tipo>('SITUACAO_CADASTRAL');
  const [doc, setDoc] = useState<TipoDocumentoHistorico | null>(null);
  const [numero, setNumero] = useState('');
  const [inicio, setInicio] = useState<string | null>(null);
  const [fim, setFim] = useState<string | null>(null);
  // The picker pages on the server: a CNPJ root of a chain may hold many registrations.
  const [opcoes, setOpcoes] = useState<{ page: number; data: PaginaContribuintes } | null>(null);
  const pagina = (page: number) =>
    http.get<PaginaContribuintes>(`${REGISTRY_API_BASE}/historico/obterListaHistorico/${doc}/${encodeURIComponent(numero)}/${page - 1}/${DEFAULT_PAGE_SIZE}`, { silent: true });
  const [aviso, setAviso] = useState<string | null>(null);
  const [carregando, setCarregando] = useState(false);
  const periodoInvalido = !!inicio && !!fim && fim < inicio;
  const valido = !!doc && validarTermoBusca(doc, numero) === null && !periodoInvalido;

  const abrir = (c: ContribuinteResumo) => {
    const p = periodo(inicio ?? undefined, fim ?? undefined);
    const qs = p.dataInicial ? `?dataInicial=${p.dataInicial}&dataFinal=${p.dataFinal}` : '';
    void navigate(`/${ROTA[tipo]}/${c.numeroCaceal}${qs}`);
  };
  const consultar = async () => {
    if (!valido || !doc) return;
    setCarregando(true);
    setAviso(null);
    try {
      const r = await pagina(1);
      if (r.content.length === 0) setAviso(t('global.noRecords'));
      else if (r.totalElements === 1) abrir(r.content[0]!);
      else setOpcoes({ page: 1, data: r });
    } catch (e) {
      setAviso(httpErrorMessage(e, t));
    } finally {
      setCarregando(false);
    }
  };
  return (
    <Stack py="md" maw={900}>
      <Title order={1}>{t('historico.title')}</Title>
      {aviso && <Alert color="yellow" role="alert">{aviso}</Alert>}
      <Paper withBorder p="lg">
        <form onSubmit={(e) => { e.preventDefault(); void consultar(); }} noValidate>
          <Stack>
            <SegmentedControl
              aria-label={t('historico.tipo')}
              value={tipo}
              onChange={(v) => setTipo(v as Tipo)}
              data={[{ value: 'SITUACAO_CADASTRAL', label: t('historico.situacao') }, { value: 'RAZAO_SOCIAL', label: t('historico.razaoSocial') }]}
              w="fit-content"
            />
            <Group align="flex-start" wrap="wrap">
              <Select
                label={t('contribuinte.busca.consultarPor')}
                placeholder={t('global.select')}
                withAsterisk
                data={TIPOS_DOCUMENTO_HISTORICO.map((v) => ({ value: v, label: t(`contribuinte.busca.tipo.${v}`) }))}
                value={doc}
                onChange={(v) => { setDoc(v as TipoDocumentoHistorico | null); setNumero(''); }}
                allowDeselect={false}
                w={200}
              />
              <TextInput
                label={t('contribuinte.busca.numero')}
                withAsterisk
                value={numero}
                onChange={(e) => setNumero(mascarar(doc, e.currentTarget.value))}
                placeholder={doc ? PLACEHOLDER[doc] : ''}
                description={doc === 'CACEAL' || !doc ? t('historico.apenasNumeros') : t('historico.cnpjAlfanumerico')}
                disabled={!doc}
                w={240}
              />
              <DateInput label={t('historico.de')} value={inicio} onChange={setInicio} valueFormat="DD/MM/YYYY" placeholder="dd/mm/aaaa" clearable w={150} />
              <DateInput
                label={t('historico.ate')}
                value={fim}
                onChange={setFim}
                valueFormat="DD/MM/YYYY"
                placeholder="dd/mm/aaaa"
                clearable
                w={150}
                error={periodoInvalido ? t('historico.periodoInvalido') : undefined}
              />
            </Group>
            <Group>
              <Button type="submit" disabled={!valido} loading={carregando}>{t('contribuinte.busca.consultar')}</Button>
              <Text size="sm" c="dimmed">{t('historico.dicaPeriodo')}</Text>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Modal opened={!!opcoes} onClose={() => setOpcoes(null)} title={t('contribuinte.busca.encontrados')} size="xl">
        <DataTable
          rows={opcoes?.data.content ?? []}
          rowKey={(c) => c.numeroCaceal}
          emptyText={t('global.noRecords')}
          onRowClick={abrir}
          columns={[
            { key: 'caceal', header: t('contribuinte.caceal'), render: (c) => <span style={{ whiteSpace: 'nowrap' }}>{formatCaceal(c.numeroCaceal, c.digitoCaceal)}</span> },
            { key: 'cnpj', header: t('contribuinte.cnpj'), render: (c) => <span style={{ whiteSpace: 'nowrap' }}>{formatDocumento(c.cnpj)}</span> },
            { key: 'razao', header: t('contribuinte.razaoSocial'), render: (c) => c.razaoSocial },
            { key: 'situacao', header: t('contribuinte.situacaoCaceal'), render: (c) => <StatusBadge status={c.situacaoCadastral} /> },
          ]}
        />
        {opcoes && (
          <Stack mt="sm" gap="xs">
            <Text size="sm" c="dimmed" ta="center">{t('contribuinte.busca.exibindo', { n: opcoes.data.totalElements.toLocaleString('pt-BR') })}</Text>
            <Pagination
              page={opcoes.page}
              total={opcoes.data.totalElements}
              pageSize={DEFAULT_PAGE_SIZE}
              onChange={(p) => void pagina(p).then((data) => setOpcoes({ page: p, data }), (e: unknown) => setAviso(httpErrorMessage(e, t)))}
            />
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
