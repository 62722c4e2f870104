import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  ABAS_EVENTO, enquadramentoDe, ProcessoEvento, REGISTRY_API_BASE, violacaoAtividadesMeiNoEvento, violacaoData, violacaoNovoPorte, violacaoSociedadeSimples, type Atividade, type AtividadesEdicao,
  type DadosCadastrais, type DadosCadastraisEdicao, type EventoSalvo, type SalvarEvento, type Violacao,
} from '@cadastro/domain';
import { fieldMessage } from '../../../ui/form';
import { CampoData } from '../../../ui/CampoData';
import { http, HttpError } from '../../../ui/http';
import { httpErrorMessage } from '../../../ui/errors';
import { useAba } from '../api';
import { useManutencao } from './contexto';
import { versoesEnderecosSocios } from './Socios';

/** Editar (a switch: the tab's lock) and 'Resetar dados', shown only when the tab changed (§4). */
/** What the bar needs of a tab (useAbaEditavel). */
interface Trava { pode: boolean; editando: boolean; alterado: boolean; alternar(): void; resetar(): void }

export function BarraEdicao({ aba, children }: { aba: Trava; children?: ReactNode }) {
  const { t } = useTranslation();
  if (!aba.pode) return null;
  return (
    <Group justify="space-between" mb="sm">
      <Group>
        <Switch label={t('manutencao.editar')} checked={aba.editando} onChange={aba.alternar} data-testid="editar" />
        {aba.alterado && <Button size="xs" variant="default" onClick={aba.resetar}>{t('manutencao.resetar')}</Button>}
      </Group>
      <Group>{children}</Group>
    </Group>
  );
}

/** A 409: a part shared with the company's other registrations (named, with the registration that changed it) or the registration itself. */
function conflito(e: HttpError, t: TFunction): string {
  if (e.problem?.message !== 'error.evento.compartilhadoAlterado') return t('manutencao.cadastroAlterado');
  const [parte, inscricao, socio] = (e.problem.params ?? '').split(',');
  const naInscricao = inscricao ? t('manutencao.compartilhado.naInscricao', { inscricao }) : '';
  return t(`manutencao.compartilhado.${parte}`, { inscricao: naInscricao, socio, defaultValue: e.problem.detail ?? t('manutencao.cadastroAlterado') });
}

type Processo = { processo: string; atoDeclaratorio: string | null; protocoloRedesim: string | null; dataEvento: string | null; dataLegal: string | null };

/**
 * The page's Salvar (§2): disabled while no tab has a change; opens the confirm-process dialog, sends
 * POST eventos with every changed block, then 'Aviso' with the answer and Continuar → every tab reloads.
 */
export function SalvarEventoBotao({ d }: { d: DadosCadastrais }) {
  const { numeroPessoa, numeroCaceal } = d;
  const { t } = useTranslation();
  const ctx = useManutencao();
  const qc = useQueryClient();
  const [aberto, setAberto] = useState(false);
  const [aviso, setAviso] = useState<EventoSalvo | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const form = useForm<Processo>({
    resolver: zodResolver(ProcessoEvento),
    mode: 'onChange',
    defaultValues: { processo: '', atoDeclaratorio: '', protocoloRedesim: '', dataEvento: null, dataLegal: null },
  });
  const [dataEvento, dataLegal] = useWatch({ control: form.control, name: ['dataEvento', 'dataLegal'] });
  const blocoDados = ctx?.blocos.dadosCadastrais as DadosCadastraisEdicao | null | undefined;
  const blocoAtividades = ctx?.blocos.atividades as AtividadesEdicao | null | undefined;
  // A new MEI's stored activities are judged too: read only when the porte changes and the tab was not edited.
  const porteMuda = !!blocoDados && blocoDados.porteId !== (d.identificacao.porte?.id ?? null);
  const atuais = useAba<Atividade[]>('obterAtividades', numeroPessoa, numeroCaceal, porteMuda && !blocoAtividades);
  if (!ctx) return null;
  const pendentes = ABAS_EVENTO.filter((a) => ctx.blocos[a]);
  // Issue 30: the rules the server applies to this event (packages/domain), shown before sending: its dates
  // are not after today nor before the company started; a new porte fits the nature and the Simples.
  const desde = { dia: d.identificacao.inicioEmpresa, regra: 'dataAntesInicioAtividade' } as const;
  const regraEvento = violacaoData(dataEvento, 'dataEvento', desde);
  const regraLegal = violacaoData(dataLegal, 'dataLegal', desde);
  const regraPorte = violacaoNovoPorte(enquadramentoDe(d), blocoDados?.porteId);
  // A MEI carries only the occupations of Anexo XI (CGSN 140/2018), the activities sent or, when it becomes one, its own.
  const regraMei = violacaoAtividadesMeiNoEvento(enquadramentoDe(d), blocoDados ? blocoDados.porteId : undefined,
    blocoAtividades?.map((a) => a.codigoCnae), atuais.data?.map((a) => a.codigoCnae))?.violacao ?? null;
  // A Sociedade Simples Limitada (224-0) carries no empresário's activity (CC art. 982).
  const regraSimples = blocoAtividades ? violacaoSociedadeSimples(d.identificacao.naturezaJuridica?.id, blocoAtividades.map((a) => a.codigoCnae)) : null;
  const texto = (v: Violacao | null) => (v ? t(`validation.${v.regra}`, { n: v.n }) : undefined);
  const recusado = !!(regraEvento ?? regraLegal ?? regraPorte ?? regraMei ?? regraSimples);
  const salvar = async (p: Processo) => {
    if (recusado) return;
    setErro(null);
    const corpo: SalvarEvento = {
      ...p, atoDeclaratorio: p.atoDeclaratorio || null, protocoloRedesim: p.protocoloRedesim || null,
      numeroPessoa, numeroCaceal, version: ctx.version,
      versoes: { ...ctx.versoes, enderecosSocios: versoesEnderecosSocios(ctx.rascunho.socios) },
      ...Object.fromEntries(pendentes.map((a) => [a, ctx.blocos[a]])),
    };
    try {
      const r = await http.post<EventoSalvo>(`${REGISTRY_API_BASE}/eventos`, corpo, { silent: true });
      setAberto(false);
      form.reset();
      setAviso(r);
    } catch (e) {
      setErro(e instanceof HttpError && e.status === 409 ? conflito(e, t) : httpErrorMessage(e, t));
    }
  };
  const continuar = async () => {
    setAviso(null);
    ctx.limpar();
    // Every tab and the timeline read again (§4: success reloads every tab).
    await qc.invalidateQueries({ predicate: (q) => q.queryKey.includes('contribuinte') || q.queryKey.includes('eventos') });
  };
  const e = form.formState.errors;
  return (
    <>
      <Button onClick={() => { setErro(null); setAberto(true); }} disabled={!pendentes.length} data-testid="salvar-evento">{t('manutencao.salvar')}</Button>
      <Modal opened={aberto} onClose={() => setAberto(false)} title={t('manutencao.processo.titulo')} size="lg">
        <form onSubmit={form.handleSubmit(salvar)} noValidate>
          <Stack>
            <Text size="sm">{t('manutencao.processo.abas', { abas: pendentes.map((a) => t(`manutencao.aba.${a}`)).join(', ') })}</Text>
            {erro && <Alert color="red" role="alert">{erro}</Alert>}
            {regraPorte && <Alert color="red" role="alert" data-testid="processo-regra-porte">{texto(regraPorte)}</Alert>}
            {regraMei && <Alert color="red" role="alert" data-testid="processo-regra-mei">{texto(regraMei)}</Alert>}
            {regraSimples && <Alert color="red" role="alert" data-testid="processo-regra-sociedade-simples">{texto(regraSimples)}</Alert>}
            <TextInput label={t('manutencao.processo.processo')} withAsterisk maxLength={15} data-autofocus error={fieldMessage(t, e.processo)} {...form.register('processo')} />
            <Textarea label={t('manutencao.processo.ato')} maxLength={800} autosize minRows={2} error={fieldMessage(t, e.atoDeclaratorio)} {...form.register('atoDeclaratorio')} />
            <TextInput label={t('manutencao.processo.redesim')} maxLength={20} error={fieldMessage(t, e.protocoloRedesim)} {...form.register('protocoloRedesim')} />
            <SimpleGrid cols={2}>
              <Controller control={form.control} name="dataEvento" render={({ field }) => (
                <CampoData label={t('manutencao.processo.dataEvento')} clearable value={field.value ?? null} onChange={field.onChange} error={fieldMessage(t, e.dataEvento) ?? texto(regraEvento)} />
              )} />
              <Controller control={form.control} name="dataLegal" render={({ field }) => (
                <CampoData label={t('manutencao.processo.dataLegal')} clearable value={field.value ?? null} onChange={field.onChange} error={fieldMessage(t, e.dataLegal) ?? texto(regraLegal)} />
              )} />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAberto(false)}>{t('entity.action.cancel')}</Button>
              <Button type="submit" loading={form.formState.isSubmitting} disabled={!form.formState.isValid || recusado}>{t('manutencao.salvar')}</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal opened={aviso !== null} onClose={() => void continuar()} title={t('manutencao.aviso.titulo')} withCloseButton={false}>
        {aviso && (
          <Stack>
            <Text role="status">{t(`manutencao.aviso.${aviso.mensagem}`, { id: aviso.id })}</Text>
            {aviso.portePropagado > 0 && <Text size="sm">{t('manutencao.aviso.porte', { count: aviso.portePropagado })}</Text>}
            <Group justify="flex-end"><Button onClick={() => void continuar()} data-autofocus>{t('manutencao.aviso.continuar')}</Button></Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
