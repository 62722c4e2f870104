import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { ContribuinteResumo, PaginaContribuintes, TipoBuscaContribuinte } from '@cadastro/domain';
import { DEFAULT_PAGE_SIZE, formatCaceal, formatDocumento, onlyCnpjChars, onlyDigits, TIPOS_BUSCA_CONTRIBUINTE, validarTermoBusca } from '@cadastro/domain';
import { DataTable, type Column } from '../../ui/DataTable';
import { Pagination } from '../../ui/Pagination';
import { StatusBadge } from '../../ui/StatusBadge';
import { HttpError } from '../../ui/http';
import { httpErrorMessage } from '../../ui/errors';
import { buscarContribuintes } from './api';
import { mascarar, PLACEHOLDER } from '../../ui/mascaras';

/**
 * Where a registration opens (§2): from the modal, or a single result of a CACEAL search,
 * contribuinte/{caceal}/{numeroPessoa}; a single result of the other kinds,
 * contribuinte/{numeroPessoa}?caceal=.
 */
export const detalheUrl = (c: Pick<ContribuinteResumo, 'numeroCaceal' | 'numeroPessoa'>, porCaceal = true) =>
  porCaceal ? `/contribuinte/${c.numeroCaceal}/${c.numeroPessoa}` : `/contribuinte/${c.numeroPessoa}?caceal=${c.numeroCaceal}`;

/** §2 /contribuinte: the search clerks use most. */
export default function ContribuinteSearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [tipo, setTipo] = useState<TipoBuscaContribuinte | null>(null);
  const [termo, setTermo] = useState('');
  const [busca, setBusca] = useState<{ tipo: TipoBuscaContribuinte; termo: string } | null>(null);
  const [pagina, setPagina] = useState<{ page: number; data: PaginaContribuintes } | null>(null);
  const [loading, setLoading] = useState(false);
  const [vazio, setVazio] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const invalido = !tipo || validarTermoBusca(tipo, termo) !== null;
  // A whole CNPJ or CPF that fails its check digits is said in words, not only by the disabled button.
  const completo = (tipo === 'CNPJ' && onlyCnpjChars(termo).length === 14) || (tipo === 'CPF' && onlyDigits(termo).length === 11);
  const digitoInvalido = completo && invalido ? t('contribuinte.busca.digitoInvalido', { doc: tipo }) : undefined;
  const [params, setParams] = useSearchParams();

  const carregar = async (b: { tipo: TipoBuscaContribuinte; termo: string }, page: number) => {
    setLoading(true);
    setErro(null);
    try {
      const data = await buscarContribuintes(b.tipo, b.termo, page - 1, DEFAULT_PAGE_SIZE);
      if (page === 1 && data.totalElements === 0) {
        setVazio(true);
        setPagina(null);
      } else if (page === 1 && data.totalElements === 1 && data.content[0]) {
        void navigate(detalheUrl(data.content[0], b.tipo === 'CACEAL'));
      } else {
        setPagina({ page, data });
      }
    } catch (e) {
      if (!(e instanceof HttpError) || e.status !== 401) setErro(httpErrorMessage(e, t));
    } finally {
      setLoading(false);
    }
  };

  const consultar = () => {
    if (invalido || !tipo) return;
    const b = { tipo, termo: termo.trim() };
    setVazio(false);
    setBusca(b);
    void carregar(b, 1);
  };

  const iniciar = (b: { tipo: TipoBuscaContribuinte; termo: string }) => {
    setTipo(b.tipo);
    setTermo(mascarar(b.tipo, b.termo));
    setVazio(false);
    setBusca(b);
    void carregar(b, 1);
  };

  // The navbar quick search arrives as ?tipo=&termo=: run it once, then drop the parameters so the
  // browser's back button does not search (and navigate) again.
  useEffect(() => {
    const tp = params.get('tipo') as TipoBuscaContribuinte | null;
    const tm = (params.get('termo') ?? '').trim();
    if (!tp || !(TIPOS_BUSCA_CONTRIBUINTE as readonly string[]).includes(tp)) return;
    setParams({}, { replace: true });
    if (validarTermoBusca(tp, tm) === null) void Promise.resolve().then(() => iniciar({ tipo: tp, termo: tm }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the URL brings a search
  }, [params]);

  const columns: Column<ContribuinteResumo>[] = [
    { key: 'caceal', header: t('contribuinte.caceal'), render: (c) => <Anchor component="button" type="button" style={{ whiteSpace: 'nowrap' }} onClick={() => void navigate(detalheUrl(c))}>{formatCaceal(c.numeroCaceal, c.digitoCaceal)}</Anchor> },
    { key: 'cnpj', header: t('contribuinte.cnpj'), render: (c) => <span style={{ whiteSpace: 'nowrap' }}>{formatDocumento(c.cnpj)}</span> },
    { key: 'razao', header: t('contribuinte.razaoSocial'), render: (c) => c.razaoSocial },
    { key: 'situacao', header: t('contribuinte.situacaoCaceal'), render: (c) => <StatusBadge status={c.situacaoCadastral} /> },
  ];
  const total = pagina?.data.totalElements ?? 0;

  return (
    <Stack py="md" maw={900}>
      <Title order={1}>{t('contribuinte.busca.title')}</Title>
      {erro && <Alert color="red" role="alert">{erro}</Alert>}
      {vazio && <Alert color="yellow" role="status" data-testid="busca-vazia">{t('contribuinte.busca.vazio')}</Alert>}
      <Paper withBorder p="lg">
        <form onSubmit={(e) => { e.preventDefault(); consultar(); }} noValidate>
          <Group align="flex-end" wrap="wrap">
            <Select
              label={t('contribuinte.busca.consultarPor')}
              placeholder={t('global.select')}
              withAsterisk
              data={TIPOS_BUSCA_CONTRIBUINTE.map((v) => ({ value: v, label: t(`contribuinte.busca.tipo.${v}`) }))}
              value={tipo}
              onChange={(v) => { setTipo(v as TipoBuscaContribuinte | null); setTermo(''); setVazio(false); }}
              allowDeselect={false}
              data-testid="busca-tipo"
              w={220}
            />
            <TextInput
              label={t('contribuinte.busca.numero')}
              withAsterisk
              value={termo}
              onChange={(e) => setTermo(mascarar(tipo, e.currentTarget.value))}
              placeholder={tipo ? PLACEHOLDER[tipo] : ''}
              disabled={!tipo}
              data-testid="busca-termo"
              style={{ flex: 1, minWidth: 260 }}
              description={tipo === 'RAZAO_SOCIAL' ? t('contribuinte.busca.dicaRazao') : undefined}
              error={digitoInvalido}
            />
            <Button type="submit" disabled={invalido} loading={loading} data-testid="busca-consultar">
              {t('contribuinte.busca.consultar')}
            </Button>
          </Group>
        </form>
      </Paper>
      <Modal opened={!!pagina} onClose={() => setPagina(null)} title={t('contribuinte.busca.encontrados')} size="xl">
        {pagina && busca && (
          <Stack>
            <DataTable columns={columns} rows={pagina.data.content} rowKey={(c) => c.numeroCaceal} loading={loading} emptyText={t('contribuinte.busca.vazio')} onRowClick={(c) => void navigate(detalheUrl(c))} />
            <Text size="sm" c="dimmed" ta="center" data-testid="busca-total">
              {pagina.data.totalIsLowerBound ? t('contribuinte.busca.maisDe', { n: total.toLocaleString('pt-BR') }) : t('contribuinte.busca.exibindo', { n: total.toLocaleString('pt-BR') })}
            </Text>
            <Pagination page={pagina.page} total={total} pageSize={DEFAULT_PAGE_SIZE} onChange={(p) => void carregar(busca, p)} />
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
