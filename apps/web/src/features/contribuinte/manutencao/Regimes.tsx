import { useMemo, useState } from 'react';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Table, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REGISTRY_API_BASE, type RegimeEspecial, type RegimeEspecialEdicao } from '@cadastro/domain';
import { Carregando } from '../../../ui/Carregando';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { formatDay } from '../../../ui/format';
import { http } from '../../../ui/http';
import { httpErrorMessage } from '../../../ui/errors';
import { useAba } from '../api';
import { useAbaEditavel } from './contexto';
import { useCombo } from './Dados';
import { BarraEdicao } from './Salvar';
import { CampoData } from '../../../ui/CampoData';
import { RodapeDialogo } from '../../../ui/RodapeDialogo';

/** A regime as the tab edits it: the block's fields plus the names the table shows (`seq` = a stored one). */
type Linha = RegimeEspecialEdicao & { tipoRegimeId: number; descRegimeEspecial: string; descTipoRegime: string; descAtoConcessorio: string };

const doOriginal = (l: RegimeEspecial[]): Linha[] => l.map((r) => ({
  seq: r.seqSujeitoPassivo, regimeId: r.regimeId, tipoRegimeId: r.tipoRegimeId, tipoAtoConcessorioId: r.tipoAtoConcessorioId, processo: r.processo,
  dtInicio: r.dtInicio, dtFim: r.dtFim, situacao: r.situacao, indAtivo: r.indAtivo,
  descRegimeEspecial: r.descRegimeEspecial, descTipoRegime: r.descTipoRegime, descAtoConcessorio: r.descAtoConcessorio,
}));
const paraBloco = (l: Linha[]) => l.map(({ seq, regimeId, tipoAtoConcessorioId, processo, dtInicio, dtFim, situacao, indAtivo }) =>
  ({ ...(seq ? { seq } : {}), regimeId, tipoAtoConcessorioId, processo, dtInicio, dtFim, situacao, indAtivo }));

/** Regime Especial: add / alter / delete ('Deseja realmente excluir o regime especial?'), situations I/D/R/S (§4, §5). */
export function RegimesEditor({ numeroPessoa, caceal }: { numeroPessoa: number; caceal: number | undefined }) {
  const { t } = useTranslation();
  const q = useAba<RegimeEspecial[]>('obterRegimesEspeciais', numeroPessoa, caceal);
  const original = useMemo(() => (q.data ? doOriginal(q.data) : undefined), [q.data]);
  const aba = useAbaEditavel<Linha[]>('regimesEspeciais', original, paraBloco);
  const [dialogo, setDialogo] = useState<{ indice: number | null } | null>(null);
  const [excluir, setExcluir] = useState<number | null>(null);
  if (q.isPending) return <Carregando h={100} />;
  if (q.isError) return <Alert color="red" role="alert">{httpErrorMessage(q.error, t)}</Alert>;
  const lista = aba.atual ?? [];
  const ed = aba.editando;
  return (
    <Stack>
      <BarraEdicao aba={aba}>
        <Button size="xs" disabled={!ed} onClick={() => setDialogo({ indice: null })}>{t('manutencao.regime.adicionar')}</Button>
      </BarraEdicao>
      {!lista.length ? <Alert color="gray">{t('contribuinte.busca.vazio')}</Alert> : (
        <Table withTableBorder striped data-testid="regimes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('contribuinte.regime.tipo')}</Table.Th><Table.Th>{t('contribuinte.regime.regime')}</Table.Th><Table.Th>{t('contribuinte.regime.ato')}</Table.Th>
              <Table.Th>{t('contribuinte.edital.processo')}</Table.Th><Table.Th>{t('contribuinte.regime.inicio')}</Table.Th><Table.Th>{t('contribuinte.regime.fim')}</Table.Th>
              <Table.Th>{t('contribuinte.edital.situacao')}</Table.Th><Table.Th>{t('contribuinte.regime.ativo')}</Table.Th><Table.Th>{t('manutencao.acoes')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lista.map((r, i) => (
              <Table.Tr key={r.seq ?? `novo-${i}`}>
                <Table.Td>{r.descTipoRegime}</Table.Td><Table.Td>{r.descRegimeEspecial}</Table.Td><Table.Td>{r.descAtoConcessorio}</Table.Td>
                <Table.Td>{r.processo ?? t('contribuinte.naoInformado')}</Table.Td><Table.Td>{formatDay(r.dtInicio)}</Table.Td><Table.Td>{r.dtFim ? formatDay(r.dtFim) : '---'}</Table.Td>
                <Table.Td>{t(`manutencao.regime.situacao.${r.situacao}`)}</Table.Td><Table.Td>{r.indAtivo === 'S' ? t('entity.action.yes') : t('entity.action.no')}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="xs" variant="subtle" disabled={!ed} onClick={() => setDialogo({ indice: i })}>{t('manutencao.regime.alterar')}</Button>
                    <Button size="xs" variant="subtle" color="red" disabled={!ed} onClick={() => setExcluir(i)}>{t('manutencao.regime.excluir')}</Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmDialog opened={excluir !== null} danger title={t('manutencao.regime.excluir')} message={t('manutencao.regime.excluirPergunta')}
        confirmLabel={t('entity.action.yes')} denyLabel={t('entity.action.no')}
        onConfirm={() => { aba.alterar(lista.filter((_, j) => j !== excluir)); setExcluir(null); }} onDeny={() => setExcluir(null)} />
      {dialogo && (
        <RegimeDialogo regime={dialogo.indice === null ? null : lista[dialogo.indice]!} onClose={() => setDialogo(null)}
          onSalvar={(r) => { aba.alterar(dialogo.indice === null ? [...lista, r] : lista.map((x, j) => (j === dialogo.indice ? r : x))); setDialogo(null); }} />
      )}
    </Stack>
  );
}

type Combo = { id: number; descricao: string }[];

/** §5 special regime dialog: tipo, regime especial, tipo de ato concessório, situação, indicador ativo and data início required. */
function RegimeDialogo({ regime, onClose, onSalvar }: { regime: Linha | null; onClose(): void; onSalvar(r: Linha): void }) {
  const { t } = useTranslation();
  const tipos = useCombo('tipoRegimeEspecial/obterAtivos');
  const atos = useCombo('tipoAtoConcessorio/obterAtivos');
  const [f, setF] = useState({
    tipo: regime ? String(regime.tipoRegimeId) : null as string | null, regime: regime ? String(regime.regimeId) : null as string | null,
    ato: regime ? String(regime.tipoAtoConcessorioId) : null as string | null, processo: regime?.processo ?? '', inicio: regime?.dtInicio ?? null as string | null,
    fim: regime?.dtFim ?? null as string | null, situacao: regime?.situacao ?? null as string | null, ativo: regime?.indAtivo ?? null as string | null,
  });
  const regimes = useQuery({
    enabled: !!f.tipo,
    queryKey: ['combo', 'regimeEspecial', f.tipo],
    queryFn: ({ signal }) => http.get<Combo>(`${REGISTRY_API_BASE}/regimeEspecial/obterPorIdTipoRegime/${f.tipo}`, { silent: true, signal }),
    staleTime: Infinity,
  });
  const opcoes = (c: Combo | undefined) => (c ?? []).map((x) => ({ value: String(x.id), label: x.descricao }));
  const fimAntes = !!f.fim && !!f.inicio && f.fim < f.inicio;
  const valido = !!(f.tipo && f.regime && f.ato && f.inicio && f.situacao && f.ativo) && !fimAntes;
  const desc = (c: Combo | undefined, id: string | null) => c?.find((x) => String(x.id) === id)?.descricao ?? '';
  const salvar = () => {
    if (!valido) return;
    onSalvar({
      ...(regime?.seq ? { seq: regime.seq } : {}),
      regimeId: Number(f.regime), tipoRegimeId: Number(f.tipo), tipoAtoConcessorioId: Number(f.ato), processo: f.processo.trim() || null,
      dtInicio: f.inicio!, dtFim: f.fim, situacao: f.situacao as Linha['situacao'], indAtivo: f.ativo as Linha['indAtivo'],
      descTipoRegime: desc(tipos.data, f.tipo), descRegimeEspecial: desc(regimes.data, f.regime), descAtoConcessorio: desc(atos.data, f.ato),
    });
  };
  return (
    <Modal opened onClose={onClose} title={t('contribuinte.abas.regimes')} size="lg">
      <Stack>
        <SimpleGrid cols={2}>
          <Select label={t('manutencao.regime.tipoRegime')} withAsterisk data={opcoes(tipos.data)} value={f.tipo} onChange={(v) => setF({ ...f, tipo: v, regime: null })} />
          <Select label={t('contribuinte.regime.regime')} withAsterisk searchable disabled={!f.tipo} data={opcoes(regimes.data)} value={f.regime} onChange={(v) => setF({ ...f, regime: v })} />
          <Select label={t('contribuinte.regime.ato')} withAsterisk data={opcoes(atos.data)} value={f.ato} onChange={(v) => setF({ ...f, ato: v })} />
          <TextInput label={t('contribuinte.edital.processo')} maxLength={20} value={f.processo} onChange={(e) => setF({ ...f, processo: e.currentTarget.value })} />
          <Select label={t('contribuinte.edital.situacao')} withAsterisk value={f.situacao} onChange={(v) => setF({ ...f, situacao: v })}
            data={(['I', 'D', 'R', 'S'] as const).map((s) => ({ value: s, label: t(`manutencao.regime.situacao.${s}`) }))} />
          <Select label={t('contribuinte.regime.ativo')} withAsterisk value={f.ativo} onChange={(v) => setF({ ...f, ativo: v })}
            data={[{ value: 'S', label: t('entity.action.yes') }, { value: 'N', label: t('entity.action.no') }]} />
          <CampoData label={t('contribuinte.regime.inicio')} withAsterisk value={f.inicio} onChange={(v) => setF({ ...f, inicio: v })} />
          <CampoData label={t('contribuinte.regime.fim')} clearable value={f.fim} onChange={(v) => setF({ ...f, fim: v })}
            error={fimAntes ? t('manutencao.dados.invalido') : undefined} />
        </SimpleGrid>
        <RodapeDialogo onClose={onClose} onSalvar={salvar} desabilitado={!valido} />
      </Stack>
    </Modal>
  );
}
