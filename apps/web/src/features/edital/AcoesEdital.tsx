import { Button, Group, Tooltip } from '@mantine/core';
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
      <Button size="compact-sm" variant="light" aria-label={label} onClick={() => void abrirPdf(`${REGISTRY_API_BASE}/relatorio/edital/pdf`, { id: e.id }, `edital-${e.numero.replace('/', '-')}.pdf`)}>
        {t('edital.acao.pdfCurto')}
      </Button>
    </Tooltip>
  );
}

/**
 * §2 actions per status: Editar (editors; not PRONTO PARA PUBLICAR nor REPUBLICADO), Publicar (confirm
 * publication; PRONTO PARA PUBLICAR; the publisher, ROLE_CAD_CON_EDITAL_PUBLI), PDF (PRONTO, PUBLICADO,
 * REPUBLICADO), Excluir (EM EDIÇÃO or PRONTO).
 */
export function AcoesEdital({ e, editor, publicador, onEditar, onConfirmar, onExcluir }: {
  e: EditalResumo; editor: boolean; publicador: boolean; onEditar(): void; onConfirmar(): void; onExcluir(): void;
}) {
  const { t } = useTranslation();
  const s = e.idSituacao;
  // Named actions, not glyphs: the short word is visible, the full name (which starts with it) is the
  // accessible name and the tooltip.
  const botao = (label: string, texto: string, onClick: () => void, color?: string, testid?: string) => (
    <Tooltip label={label}>
      <Button size="compact-sm" variant="light" color={color} aria-label={label} onClick={onClick} data-testid={testid}>
        {texto}
      </Button>
    </Tooltip>
  );
  return (
    <Group gap={4} wrap="nowrap">
      {editor && s !== S.PRONTO_PARA_PUBLICAR && s !== S.REPUBLICADO && botao(t('edital.acao.editar', { numero: e.numero }), t('edital.acao.editarCurto'), onEditar, undefined, 'edital-editar')}
      {publicador && s === S.PRONTO_PARA_PUBLICAR && botao(t('edital.acao.confirmar', { numero: e.numero }), t('edital.acao.confirmarCurto'), onConfirmar, 'green', 'edital-confirmar')}
      {s !== S.EM_EDICAO && <BotaoPdf e={e} />}
      {editor && (s === S.EM_EDICAO || s === S.PRONTO_PARA_PUBLICAR) && botao(t('edital.acao.excluir', { numero: e.numero }), t('edital.acao.excluirCurto'), onExcluir, 'red', 'edital-excluir')}
    </Group>
  );
}
