import { useState } from 'react';
import { Alert, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Pendencia } from '@cadastro/domain';
import { formatDocumento, ORIGEM_CADASTRO, REGULARIZACAO, SITUACAO_PENDENCIA, violacaoCompetencia, violacaoData } from '@cadastro/domain';
import { alterarPendencia, mensagemErroPendencia, useComboPendencia } from './api';
import { CompetenciaInput, competenciaDia, erroCompetencia, type Competencia } from './CompetenciaInput';
import { CampoData } from '../../../ui/CampoData';
import { chaveRotuloDocumentos } from '../../../ui/format';
import { RodapeDialogo } from '../../../ui/RodapeDialogo';

/**
 * 'Alterar Pendência' (§2, §4 alter payload): competence, criticality, situation, regularization
 * date and text of a registry-origin pendência. Carries the version it loaded (stale → 409).
 */
export function AlterarPendenciaModal({ pendencia: p, onClose, onSaved }: { pendencia: Pendencia; onClose(): void; onSaved(p: Pendencia): void }) {
  const { t } = useTranslation();
  const criticidades = useComboPendencia('criticidadeIrregularidade').data ?? [];
  const situacoes = useComboPendencia('situacaoIrregularidade').data ?? [];
  const [competencia, setCompetencia] = useState<Competencia>({ mes: p.competencia.slice(5, 7), ano: p.competencia.slice(0, 4) });
  const [criticidade, setCriticidade] = useState(String(p.criticidade.sequencial));
  const [situacao, setSituacao] = useState(String(p.situacao.sequencial));
  const [dataRegularizacao, setDataRegularizacao] = useState<string | null>(p.dataRegularizacao);
  const [descricao, setDescricao] = useState(p.pendencia);
  const [enviado, setEnviado] = useState(false);
  const [problema, setProblema] = useState<string | null>(null);
  const [salvando, setSalvando] = useState(false);

  const regularizada = Number(situacao) === SITUACAO_PENDENCIA.REGULARIZADA;
  const erros = {
    competencia: erroCompetencia(competencia, true),
    data: regularizada && !dataRegularizacao ? 'pendencia.alterar.dataObrigatoria' : null,
    descricao: descricao.trim() ? (descricao.length > 1000 ? 'validation.maxlength' : null) : 'pendencia.alterar.descricaoObrigatoria',
  };
  // Issue 30: the server's rule (packages/domain), shown as the date is typed: a regularization is not
  // after today nor before the pendência's competência.
  const regraData = regularizada && !erros.competencia
    ? violacaoData(dataRegularizacao, 'dataRegularizacao', { dia: competenciaDia(competencia), regra: 'dataAntesCompetencia' })
    : null;
  // Issue 39 §7: the server's rule too — a month the registration lived, from its start to the current month.
  const regraCompetencia = erros.competencia ? null : violacaoCompetencia(competenciaDia(competencia), p.inicioAtividade);
  const valido = !erros.competencia && !erros.data && !erros.descricao && !regraData && !regraCompetencia;
  const mostrar = (k: keyof typeof erros) => (enviado && erros[k] ? t(erros[k]!, { n: 1000 }) : null);

  const salvar = async () => {
    setEnviado(true);
    if (!valido) return;
    setSalvando(true);
    setProblema(null);
    try {
      onSaved(await alterarPendencia({
        sequencial: p.sequencial,
        competencia: `${competencia.ano}-${competencia.mes.padStart(2, '0')}`,
        dataRegularizacao: regularizada ? dataRegularizacao : null,
        dataCancelamento: p.dataCancelamento,
        sequencialCriticidade: Number(criticidade),
        sequencialSituacao: Number(situacao),
        sequencialOrigem: ORIGEM_CADASTRO,
        sequencialMotivo: REGULARIZACAO.sequencialMotivo,
        aplicacao: 'CADASTRO',
        idDocumentoOrigem: p.cnpj.slice(0, 8),
        tipoDocumentoOrigem: 'RAIZ',
        descricao: descricao.trim(),
        version: p.version,
      }));
    } catch (e) {
      setProblema(mensagemErroPendencia(e, t));
    } finally {
      setSalvando(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('pendencia.alterar.titulo')} size="lg">
      <form onSubmit={(e) => { e.preventDefault(); void salvar(); }} noValidate>
        <Stack>
          {problema && <Alert color="red" role="alert">{problema}</Alert>}
          <Text size="sm"><strong>{t(chaveRotuloDocumentos([p.cnpj]))}:</strong> {formatDocumento(p.cnpj)} — {p.classificacao.nome}</Text>
          <CompetenciaInput id="alterar-competencia" rotulo={t('pendencia.alterar.competencia')} valor={competencia} onChange={setCompetencia} erro={mostrar('competencia') ?? (regraCompetencia && t(`validation.${regraCompetencia.regra}`, { n: regraCompetencia.n }))} obrigatoria />
          <Group grow>
            <Select label={t('pendencia.coluna.criticidade')} withAsterisk allowDeselect={false} data={criticidades.map((c) => ({ value: String(c.id), label: c.descricao }))} value={criticidade} onChange={(v) => v && setCriticidade(v)} />
            <Select label={t('pendencia.coluna.situacao')} withAsterisk allowDeselect={false} data={situacoes.map((c) => ({ value: String(c.id), label: c.descricao }))} value={situacao} onChange={(v) => v && setSituacao(v)} />
          </Group>
          <CampoData
            label={t('pendencia.alterar.dataRegularizacao')}
            withAsterisk={regularizada}
            disabled={!regularizada}
            value={regularizada ? dataRegularizacao : null}
            onChange={setDataRegularizacao}
            clearable
            error={mostrar('data') ?? (regraData && t(`validation.${regraData.regra}`, { n: regraData.n }))}
          />
          <Textarea label={t('pendencia.alterar.descricao')} withAsterisk autosize minRows={3} maxLength={1000} value={descricao} onChange={(e) => setDescricao(e.currentTarget.value)} error={mostrar('descricao')} />
          <RodapeDialogo onClose={onClose} salvando={salvando} />
        </Stack>
      </form>
    </Modal>
  );
}
