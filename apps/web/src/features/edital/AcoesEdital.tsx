import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EditalResumo } from '@cadastro/domain';
import { REGISTRY_API_BASE, SITUACAO_EDITAL } from '@cadastro/domain';
import { useAbrirPdf } from '../../ui/documentos';

const S = SITUACAO_EDITAL;

/** The PDF button of a notice row (internal and public lists). */
export function BotaoPdf({ e }: { e: EditalResumo }) {
  const { t } = useTranslation();
  const abrirPdf = useAbrirPdf();
  const label = t('edital.acao.pdf', { numero: e.numero });
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" aria-label={label} onClick={() => void abrirPdf(`${REGISTRY_API_BASE}/relatorio/edital/pdf`, { id: e.id }, `edital-${e.numero.replace('/', '-')}.pdf`)}>
        <span aria-hidden>PDF</span>
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * §2 actions per status: pencil (editors; not PRONTO PARA PUBLICAR nor REPUBLICADO), check (confirm
 * publication; PRONTO PARA PUBLICAR; the publisher, ROLE_CAD_CON_EDITAL_PUBLI), PDF (PRONTO, PUBLICADO,
 * REPUBLICADO), X (delete; EM EDIÇÃO or PRONTO).
 */
export function AcoesEdital({ e, editor, publicador, onEditar, onConfirmar, onExcluir }: {
  e: EditalResumo; editor: boolean; publicador: boolean; onEditar(): void; onConfirmar(): void; onExcluir(): void;
}) {
  const { t } = useTranslation();
  const s = e.idSituacao;
  const botao = (label: string, simbolo: string, onClick: () => void, color?: string, testid?: string) => (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick} data-testid={testid}>
        <span aria-hidden>{simbolo}</span>
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Group gap={4} wrap="nowrap">
      {editor && s !== S.PRONTO_PARA_PUBLICAR && s !== S.REPUBLICADO && botao(t('edital.acao.editar', { numero: e.numero }), '✎', onEditar, undefined, 'edital-editar')}
      {publicador && s === S.PRONTO_PARA_PUBLICAR && botao(t('edital.acao.confirmar', { numero: e.numero }), '✓', onConfirmar, 'green', 'edital-confirmar')}
      {s !== S.EM_EDICAO && <BotaoPdf e={e} />}
      {editor && (s === S.EM_EDICAO || s === S.PRONTO_PARA_PUBLICAR) && botao(t('edital.acao.excluir', { numero: e.numero }), '✕', onExcluir, 'red', 'edital-excluir')}
    </Group>
  );
}
