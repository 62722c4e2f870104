import { useState } from 'react';
import { Alert, Badge, Button, Group, MultiSelect, NumberInput, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { EditalDetalhe, EditalForm } from '@cadastro/domain';
import {
  Authority, formatarNumeroEdital, hojeEmMaceio, LIMITE_OBSERVACAO_EDITAL, LIMITE_TEXTO_EDITAL, SITUACAO, SITUACAO_EDITAL, TIPO_EDITAL_CONVOCACAO, violacaoData,
} from '@cadastro/domain';
import { CARRY_ALERTS, useAlerts } from '../../ui/alerts';
import { Carregando } from '../../ui/Carregando';
import { httpErrorMessage } from '../../ui/errors';
import { RecordState } from '../../ui/NotFound';
import { useSession, useUserKey } from '../../ui/session';
import { assinar, cadastrar, confirmar, editar, republicar, useCombo, useEdital, useEhResponsavel } from './api';
import { Vinculados, type Vinculado } from './Vinculados';
import { CampoData } from '../../ui/CampoData';

interface Estado {
  numero: string; tituloEdital: string; idTipoEdital: string | null; texto: string; observacao: string; prazoConvocacao: number | null;
  numeroProcesso: string; numeroPessoaResponsavel: string | null; dataEfeitoLegal: string | null; indicadorMeioComunicacao: 'E' | 'I';
  numeroDiario: string; idSituacaoCadastralFutura: string | null; motivos: string[]; vinculados: Vinculado[]; dataPublicacao: string | null;
}
const VAZIO: Estado = {
  numero: '', tituloEdital: '', idTipoEdital: null, texto: '', observacao: '', prazoConvocacao: null, numeroProcesso: '', numeroPessoaResponsavel: null,
  dataEfeitoLegal: null, indicadorMeioComunicacao: 'E', numeroDiario: '', idSituacaoCadastralFutura: null, motivos: [], vinculados: [], dataPublicacao: null,
};
const deDetalhe = (e: EditalDetalhe): Estado => ({
  numero: e.numero, tituloEdital: e.tituloEdital, idTipoEdital: String(e.idTipoEdital), texto: e.texto, observacao: e.observacao ?? '', prazoConvocacao: e.prazoConvocacao,
  numeroProcesso: e.numeroProcesso ?? '', numeroPessoaResponsavel: e.numeroPessoaResponsavel === null ? null : String(e.numeroPessoaResponsavel),
  dataEfeitoLegal: e.dataEfeitoLegal, indicadorMeioComunicacao: e.indicadorMeioComunicacao, numeroDiario: e.numeroDiario ?? '',
  idSituacaoCadastralFutura: e.idSituacaoCadastralFutura === null ? null : String(e.idSituacaoCadastralFutura), motivos: e.motivos.map((m) => String(m.id)),
  vinculados: e.vinculados, dataPublicacao: e.dataPublicacao ?? hojeEmMaceio(),
});

/** §2 cadastro (new notice) and edicao/{id} (edit, sign, and with ehConfirmacao the confirmation of publication). */
export default function EditalFormPage() {
  const { id } = useParams();
  const q = useEdital(id ? Number(id) : null);
  if (!id) return <Formulario key="novo" />;
  return <RecordState query={q}>{(e) => <Formulario key={`${e.id}-${e.version}`} edital={e} />}</RecordState>;
}

function Formulario({ edital }: { edital?: EditalDetalhe }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const alerts = useAlerts();
  const qc = useQueryClient();
  const userKey = useUserKey();
  // §6: publishing (confirming, republishing) is the publisher's (ROLE_CAD_CON_EDITAL_PUBLI); the server checks it too.
  const publicador = useSession().hasAnyAuthority([Authority.CON_EDITAL_PUBLI]);
  const confirmacao = publicador && params.get('ehConfirmacao') === 'true' && edital?.codigoSituacao === SITUACAO_EDITAL.PRONTO_PARA_PUBLICAR;
  // A published notice may be republished (a new publication date; its effect is not applied again).
  const republicacao = publicador && edital?.codigoSituacao === SITUACAO_EDITAL.PUBLICADO;
  const editavel = !edital || edital.codigoSituacao === SITUACAO_EDITAL.EM_EDICAO;
  // Signed and not yet published: the next step (confirming the publication) is offered here, not only from a new search.
  const publicavel = !confirmacao && edital?.codigoSituacao === SITUACAO_EDITAL.PRONTO_PARA_PUBLICAR && publicador;
  const [f, setF] = useState<Estado>(edital ? deDetalhe(edital) : VAZIO);
  const [tentou, setTentou] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const [ocupado, setOcupado] = useState(false);
  const tipos = useCombo('tipoEdital');
  const responsaveis = useCombo<{ numeroPessoa: number; razaoSocial: string }>('responsaveis-edital');
  const situacoes = useCombo('situacaoCadastral');
  const motivos = useCombo<{ id: number; descricao: string; ativo: boolean }>(`motivosPessoa/${f.idSituacaoCadastralFutura}`, !!f.idSituacaoCadastralFutura);
  const responsavel = useEhResponsavel(edital && edital.codigoSituacao === SITUACAO_EDITAL.EM_EDICAO ? edital.id : null);
  const set = <K extends keyof Estado>(k: K, v: Estado[K]) => setF((x) => ({ ...x, [k]: v }));
  // §4 "status combo on edit excludes current status": a status some linked registration already has
  // is not offered (the server refuses it too); a choice made before pasting such a registration stays
  // visible, marked as an error, until the user changes one or the other.
  const atuais = new Set(f.vinculados.map((v) => v.situacaoCadastral).filter(Boolean));
  const opcoesFutura = (situacoes.data ?? []).filter((s) => s.id !== SITUACAO.NAO_CADASTRADO && (!atuais.has(s.descricao) || String(s.id) === f.idSituacaoCadastralFutura));
  const futuraAtual = editavel && opcoesFutura.some((s) => String(s.id) === f.idSituacaoCadastralFutura && atuais.has(s.descricao));
  const obrigatorio = (v: unknown) => (tentou && (v === null || v === '' || (Array.isArray(v) && !v.length)) ? t('edital.form.obrigatorio') : undefined);
  // Back to the search the user came from, with its params (and, after a confirmation, its alerts).
  const voltar = (alertas = false) => void navigate(`/consultar-edital${(location.state as { voltar?: string } | null)?.voltar ?? ''}`, alertas ? { state: CARRY_ALERTS } : {});

  const corpo = (): EditalForm | null => {
    if (!f.idTipoEdital || !f.tituloEdital.trim() || !f.texto.trim() || !f.numeroPessoaResponsavel || !f.idSituacaoCadastralFutura || !f.motivos.length || futuraAtual) return null;
    return {
      numero: f.numero ? formatarNumeroEdital(f.numero) : null, tituloEdital: f.tituloEdital, idTipoEdital: Number(f.idTipoEdital), texto: f.texto,
      observacao: f.observacao || null, prazoConvocacao: Number(f.idTipoEdital) === TIPO_EDITAL_CONVOCACAO ? f.prazoConvocacao : null,
      numeroProcesso: f.numeroProcesso || null, numeroPessoaResponsavel: Number(f.numeroPessoaResponsavel), dataEfeitoLegal: f.dataEfeitoLegal,
      indicadorMeioComunicacao: f.indicadorMeioComunicacao, numeroDiario: f.numeroDiario || null, idSituacaoCadastralFutura: Number(f.idSituacaoCadastralFutura),
      motivos: f.motivos.map(Number),
      vinculados: f.vinculados.map((v) => ({ numeroCaceal: v.numeroCaceal, numeroDocumentoVinculado: v.numeroDocumentoVinculado, tipoDocumentoVinculado: v.tipoDocumentoVinculado, observacao: v.observacao })),
    };
  };
  const executar = async (acao: () => Promise<void>) => {
    setErro(null);
    setOcupado(true);
    try {
      await acao();
      await qc.invalidateQueries({ queryKey: userKey(['edital']) });
    } catch (e) {
      setErro(httpErrorMessage(e, t));
    } finally {
      setOcupado(false);
    }
  };
  const salvar = () => {
    setTentou(true);
    const b = corpo();
    if (!b) return;
    void executar(async () => {
      if (!edital) {
        const r = await cadastrar(b);
        alerts.success(t('edital.form.salvo'));
        void navigate(`/edital/edicao/${r.edital.id}`, { replace: true, state: location.state });
      } else {
        await editar({ ...b, id: edital.id, version: edital.version });
        alerts.success(t('edital.form.salvo'));
      }
    });
  };
  const assinarEdital = () => void executar(async () => {
    await assinar(edital!.id, edital!.version);
    alerts.success(t('edital.form.assinado'));
  });
  // The server's date rules (packages/domain regras), shown before sending: a publication is not dated in
  // the future, and the notice's legal effect (kept, or the publication day) does not come before it.
  const regraData = !(confirmacao || republicacao) || !f.dataPublicacao ? null
    : violacaoData(f.dataPublicacao, 'dataPublicacao')
      ?? (confirmacao ? violacaoData(edital?.dataEfeitoLegal, 'dataEfeitoLegal', { dia: f.dataPublicacao, regra: 'dataEfeitoAntesPublicacao' }, '9999-12-31') : null);
  const textoRegraData = regraData ? t(`validation.${regraData.regra}`, { n: regraData.n }) : undefined;
  const confirmarPublicacao = () => {
    setTentou(true);
    if (!f.dataPublicacao || regraData) return;
    void executar(async () => {
      const r = await confirmar({ id: edital!.id, version: edital!.version, dataPublicacao: f.dataPublicacao!, numeroDiario: f.numeroDiario || null });
      alerts.success(t('edital.form.publicado', { n: r.alterados }));
      if (r.inalterados.length) alerts.show('warning', t('edital.form.inalterados', { lista: r.detalheInalterados.map((d) => `${d.numeroCaceal} (${d.situacaoCadastral})`).join(', ') }), 15_000);
      voltar(true);
    });
  };

  const republicarEdital = () => {
    setTentou(true);
    if (!f.dataPublicacao || regraData) return;
    void executar(async () => {
      await republicar(edital!.id, f.dataPublicacao!);
      alerts.success(t('edital.form.republicado'));
    });
  };

  const titulo = !edital ? t('edital.form.cadastroTitle') : confirmacao ? t('edital.form.confirmacaoTitle') : t('edital.form.edicaoTitle');
  if (tipos.isLoading) return <Carregando />;
  return (
    <Stack py="md">
      <Group justify="space-between">
        <Title order={1}>{titulo}</Title>
        {edital && <Badge size="lg" variant="light" data-testid="edital-situacao">{t('edital.form.situacaoAtual', { situacao: edital.situacaoEdital })}</Badge>}
      </Group>
      {erro && <Alert color="red" role="alert" data-testid="edital-erro">{erro}</Alert>}
      <form onSubmit={(e) => { e.preventDefault(); if (confirmacao) confirmarPublicacao(); else if (editavel) salvar(); }}>
        <Stack>
          <Paper withBorder p="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label={t('edital.form.numero')} description={editavel ? t('edital.form.numeroAjuda') : undefined} value={f.numero} onChange={(e) => set('numero', e.currentTarget.value.slice(0, 9))} onBlur={() => set('numero', formatarNumeroEdital(f.numero))} disabled={!editavel} />
              <Select label={t('edital.form.tipo')} withAsterisk data={(tipos.data ?? []).map((o) => ({ value: String(o.id), label: o.descricao }))} value={f.idTipoEdital} onChange={(v) => setF((x) => ({ ...x, idTipoEdital: v, prazoConvocacao: Number(v) === TIPO_EDITAL_CONVOCACAO ? x.prazoConvocacao : null }))} error={obrigatorio(f.idTipoEdital)} disabled={!editavel} data-testid="edital-tipo" />
              <NumberInput label={t('edital.form.prazo')} value={f.prazoConvocacao ?? ''} onChange={(v) => set('prazoConvocacao', typeof v === 'number' ? v : null)} min={1} max={365} disabled={!editavel || Number(f.idTipoEdital) !== TIPO_EDITAL_CONVOCACAO} />
            </SimpleGrid>
            <TextInput mt="sm" label={t('edital.form.titulo')} withAsterisk value={f.tituloEdital} onChange={(e) => set('tituloEdital', e.currentTarget.value)} maxLength={200} error={obrigatorio(f.tituloEdital.trim())} disabled={!editavel} data-testid="edital-titulo" />
            <Textarea mt="sm" label={t('edital.form.texto')} withAsterisk value={f.texto} onChange={(e) => set('texto', e.currentTarget.value)} maxLength={LIMITE_TEXTO_EDITAL} autosize minRows={4} description={`${f.texto.length}/${LIMITE_TEXTO_EDITAL}`} error={obrigatorio(f.texto.trim())} disabled={!editavel} data-testid="edital-texto" />
            <Textarea mt="sm" label={t('edital.form.observacao')} value={f.observacao} onChange={(e) => set('observacao', e.currentTarget.value.slice(0, LIMITE_OBSERVACAO_EDITAL))} autosize minRows={2} description={`${f.observacao.length}/${LIMITE_OBSERVACAO_EDITAL}`} disabled={!editavel} />
            <SimpleGrid mt="sm" cols={{ base: 1, sm: 3 }}>
              <TextInput label={t('edital.form.processo')} value={f.numeroProcesso} onChange={(e) => set('numeroProcesso', e.currentTarget.value)} maxLength={20} disabled={!editavel} />
              <Select label={t('edital.form.responsavel')} withAsterisk searchable data={(responsaveis.data ?? []).map((p) => ({ value: String(p.numeroPessoa), label: p.razaoSocial }))} value={f.numeroPessoaResponsavel} onChange={(v) => set('numeroPessoaResponsavel', v)} error={obrigatorio(f.numeroPessoaResponsavel)} disabled={!editavel} data-testid="edital-responsavel" />
              <CampoData label={t('edital.form.efeito')} value={f.dataEfeitoLegal} onChange={(v) => set('dataEfeitoLegal', v)} clearable disabled={!editavel} />
              <Stack gap={4}>
                <Text size="sm" fw={500} id="edital-meio">{t('edital.form.meio')}</Text>
                <SegmentedControl aria-labelledby="edital-meio" value={f.indicadorMeioComunicacao} onChange={(v) => set('indicadorMeioComunicacao', v as 'E' | 'I')} data={[{ value: 'E', label: t('edital.form.meioE') }, { value: 'I', label: t('edital.form.meioI') }]} disabled={!editavel} />
              </Stack>
              <TextInput label={t('edital.form.diario')} value={f.numeroDiario} onChange={(e) => set('numeroDiario', e.currentTarget.value)} maxLength={20} disabled={!editavel && !confirmacao} />
              {republicacao && <CampoData label={t('edital.form.novaDataPublicacao')} withAsterisk value={f.dataPublicacao === edital?.dataPublicacao ? null : f.dataPublicacao} onChange={(v) => set('dataPublicacao', v)} error={obrigatorio(f.dataPublicacao === edital?.dataPublicacao ? null : f.dataPublicacao) ?? textoRegraData} />}
              {confirmacao && <CampoData label={t('edital.form.dataPublicacao')} withAsterisk value={f.dataPublicacao} onChange={(v) => set('dataPublicacao', v)} error={obrigatorio(f.dataPublicacao) ?? textoRegraData} data-testid="edital-data-publicacao" />}
              {!confirmacao && !editavel && edital?.dataPublicacao && <TextInput label={t('edital.form.dataPublicacao')} value={edital.dataPublicacao.split('-').reverse().join('/')} disabled />}
            </SimpleGrid>
            <SimpleGrid mt="sm" cols={{ base: 1, sm: 2 }}>
              <Select label={t('edital.form.situacaoFutura')} withAsterisk data={opcoesFutura.map((o) => ({ value: String(o.id), label: o.descricao }))} value={f.idSituacaoCadastralFutura} onChange={(v) => setF((x) => ({ ...x, idSituacaoCadastralFutura: v, motivos: [] }))} error={futuraAtual ? t('edital.form.situacaoFuturaAtual') : obrigatorio(f.idSituacaoCadastralFutura)} disabled={!editavel} data-testid="edital-situacao-futura" />
              <MultiSelect label={t('edital.form.motivos')} withAsterisk data={(motivos.data ?? []).filter((m) => m.ativo || f.motivos.includes(String(m.id))).map((m) => ({ value: String(m.id), label: `${m.id} - ${m.descricao}` }))} value={f.motivos} onChange={(v) => set('motivos', v)} disabled={!editavel || !f.idSituacaoCadastralFutura || motivos.isLoading} error={f.idSituacaoCadastralFutura ? obrigatorio(f.motivos) : undefined} data-testid="edital-motivos" />
            </SimpleGrid>
          </Paper>
          <Vinculados linhas={f.vinculados} editavel={editavel} onChange={(v) => set('vinculados', v)} />
          <Group>
            <Button variant="default" onClick={() => voltar()}>{t('edital.form.voltar')}</Button>
            {editavel && <Button type="submit" loading={ocupado} data-testid="edital-salvar">{t('edital.form.salvar')}</Button>}
            {edital && editavel && responsavel.data === true && <Button color="teal" onClick={assinarEdital} loading={ocupado} data-testid="edital-assinar">{t('edital.form.assinar')}</Button>}
            {republicacao && <Button color="green" onClick={republicarEdital} loading={ocupado} disabled={!f.dataPublicacao || f.dataPublicacao === edital?.dataPublicacao}>{t('edital.form.republicar')}</Button>}
            {publicavel && <Button color="green" onClick={() => void navigate('?ehConfirmacao=true', { replace: true, state: location.state })} data-testid="edital-ir-publicacao">{t('edital.form.confirmarPublicacao')}</Button>}
            {confirmacao && <Button type="submit" color="green" loading={ocupado} data-testid="edital-confirmar-publicacao">{t('edital.form.confirmarPublicacao')}</Button>}
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
