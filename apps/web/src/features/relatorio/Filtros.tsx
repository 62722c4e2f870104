import { useState, type ReactNode } from 'react';
import { Button, Group, MultiSelect, Radio, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DATAS_REFERENCIA, REGISTRY_API_BASE, TIPOS_CONSULTA_ATIVOS } from '@cadastro/domain';
import { http } from '../../ui/http';
import { CampoData } from '../../ui/CampoData';

export interface ValoresFiltro {
  dataInicial?: string;
  dataFinal?: string;
  tipoConsulta?: (typeof TIPOS_CONSULTA_ATIVOS)[number];
  tipoContribuinte?: string;
  situacaoCadastral?: string;
  dataReferencia?: (typeof DATAS_REFERENCIA)[number];
}
interface Props {
  inicial: ValoresFiltro;
  onConsultar(v: ValoresFiltro): void;
}

/**
 * §2/§5 period filter: both dates required (the multiple-live report: the start only, an empty end
 * takes the start); the end may not come before the start; Consultar disabled while invalid; Enter submits.
 */
export function FiltroPeriodoForm({ inicial, finalOpcional, onConsultar, extra }: Props & { finalOpcional: boolean; extra?: { campos: ReactNode; valores: ValoresFiltro } }) {
  const { t } = useTranslation();
  const [inicio, setInicio] = useState<string | null>(inicial.dataInicial ?? null);
  const [fim, setFim] = useState<string | null>(inicial.dataFinal ?? null);
  const invertido = !!inicio && !!fim && fim < inicio;
  const valido = !!inicio && (finalOpcional || !!fim) && !invertido;
  return (
    <form onSubmit={(e) => { e.preventDefault(); if (valido) onConsultar({ ...extra?.valores, dataInicial: inicio!, dataFinal: fim ?? undefined }); }} noValidate>
      {extra?.campos}
      <Group align="flex-start">
        <CampoData label={t('relatorio.filtro.dataInicial')} value={inicio} onChange={setInicio} withAsterisk clearable w={170} />
        <CampoData
          label={t(finalOpcional ? 'relatorio.filtro.dataFinalOpcional' : 'relatorio.filtro.dataFinal')}
          value={fim}
          onChange={setFim}
          withAsterisk={!finalOpcional}
          clearable
          error={invertido ? t('relatorio.filtro.periodoInvalido') : undefined}
          w={190}
        />
        <Button type="submit" mt={25} disabled={!valido}>{t('relatorio.consultar')}</Button>
      </Group>
      {!valido && !invertido && <p style={{ margin: '8px 0 0', fontSize: 13 }}>{t('relatorio.filtro.periodo')}</p>}
    </form>
  );
}

/** §2 active taxpayers: by taxpayer type or by Simples Nacional / MEI (required). */
export function FiltroAtivosForm({ inicial, onConsultar }: Props) {
  const { t } = useTranslation();
  const [tipo, setTipo] = useState<string>(inicial.tipoConsulta ?? '');
  return (
    <form onSubmit={(e) => { e.preventDefault(); if (tipo) onConsultar({ tipoConsulta: tipo as ValoresFiltro['tipoConsulta'] }); }} noValidate>
      <Group align="flex-end">
        <Radio.Group label={t('relatorio.filtro.tipoConsulta')} withAsterisk value={tipo} onChange={setTipo}>
          <Group mt="xs">
            {TIPOS_CONSULTA_ATIVOS.map((v) => <Radio key={v} value={v} label={t(`relatorio.filtro.tiposConsulta.${v}`)} />)}
          </Group>
        </Radio.Group>
        <Button type="submit" disabled={!tipo}>{t('relatorio.consultar')}</Button>
      </Group>
    </form>
  );
}

type Opcao = { id: number; descricao: string };
const useCombo = (nome: string) =>
  useQuery({ queryKey: ['combo', nome], queryFn: () => http.get<Opcao[]>(`${REGISTRY_API_BASE}/${nome}`), staleTime: 3_600_000 });

/** §2 activities outside the State's interest: taxpayer types and registry statuses (none chosen: all). */
export function FiltroForaInteresseForm({ inicial, onConsultar }: Props) {
  const { t } = useTranslation();
  const tipos = useCombo('tipoContribuinte');
  const situacoes = useCombo('situacaoCadastral');
  const [tipo, setTipo] = useState<string[]>(inicial.tipoContribuinte?.split(',').filter(Boolean) ?? []);
  const [situacao, setSituacao] = useState<string[]>(inicial.situacaoCadastral?.split(',').filter(Boolean) ?? []);
  const opcoes = (l: Opcao[] | undefined) => (l ?? []).map((o) => ({ value: String(o.id), label: o.descricao }));
  return (
    <form onSubmit={(e) => { e.preventDefault(); onConsultar({ tipoContribuinte: tipo.join(',') || undefined, situacaoCadastral: situacao.join(',') || undefined }); }} noValidate>
      <Stack>
        <Group align="flex-start" grow>
          <MultiSelect label={t('relatorio.filtro.tipoContribuinte')} placeholder={t('relatorio.filtro.todos')} data={opcoes(tipos.data)} value={tipo} onChange={setTipo} clearable />
          <MultiSelect label={t('relatorio.filtro.situacaoCadastral')} placeholder={t('relatorio.filtro.todos')} data={opcoes(situacoes.data)} value={situacao} onChange={setSituacao} clearable />
        </Group>
        <Group><Button type="submit">{t('relatorio.consultar')}</Button></Group>
      </Stack>
    </form>
  );
}

/**
 * §2 general report: the period (both dates required) and, beyond the spec, the statuses and the day the
 * period applies to (the activity start, or the day of the current status) — what a slice or bar of
 * the home page's picture opens.
 */
export function FiltroGeralForm({ inicial, onConsultar }: Props) {
  const { t } = useTranslation();
  const situacoes = useCombo('situacaoCadastral');
  const [situacao, setSituacao] = useState<string[]>(inicial.situacaoCadastral?.split(',').filter(Boolean) ?? []);
  const [referencia, setReferencia] = useState<string>(inicial.dataReferencia ?? 'inicio');
  const campos = (
    // One column on a phone: side by side, the statuses' field was squeezed to a third of the width.
    <SimpleGrid cols={{ base: 1, sm: 2 }} mb="sm">
      <Radio.Group label={t('relatorio.filtro.dataReferencia')} value={referencia} onChange={setReferencia}>
        <Group mt="xs">
          {DATAS_REFERENCIA.map((v) => <Radio key={v} value={v} label={t(`relatorio.filtro.datasReferencia.${v}`)} />)}
        </Group>
      </Radio.Group>
      <MultiSelect
        label={t('relatorio.filtro.situacaoCadastral')}
        placeholder={t('relatorio.filtro.todos')}
        data={(situacoes.data ?? []).map((o) => ({ value: String(o.id), label: o.descricao }))}
        value={situacao}
        onChange={setSituacao}
        clearable
      />
    </SimpleGrid>
  );
  const valores: ValoresFiltro = {
    situacaoCadastral: situacao.join(',') || undefined,
    dataReferencia: referencia === 'situacao' ? 'situacao' : undefined,
  };
  return <FiltroPeriodoForm inicial={inicial} finalOpcional={false} onConsultar={onConsultar} extra={{ campos, valores }} />;
}
