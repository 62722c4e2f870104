import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ALERT_TIMEOUT_MS, formatInteiro } from '@cadastro/domain';
import { useAlerts } from './alerts';
import { HttpError, request } from './http';

/**
 * Opens a server PDF (GET, or POST when `corpo` is given) in a new window (§7 "PDFs open in a new window"). The window is opened before
 * the request so pop-up blockers allow it; when it cannot open, the file is downloaded instead.
 * Resolves to the response headers, or null on failure. A failure shows an alert that disappears after 5 s (§8) and closes the empty window.
 */
export function useAbrirPdf() {
  const alerts = useAlerts();
  const { t } = useTranslation();
  return useCallback(
    /** textoErro: the report's own §8 failure text (an i18n key), else the generic print error. */
    async (url: string, query: Record<string, string | number | undefined>, arquivo: string, corpo?: unknown, textoErro = 'documento.erroImpressao') => {
      const janela = window.open('', '_blank');
      try {
        const { data: blob, headers } = await request<Blob>(corpo === undefined ? 'GET' : 'POST', url, corpo, { query, silent: true, responseType: 'blob' });
        const href = URL.createObjectURL(blob);
        if (janela) janela.location.href = href;
        else baixar(href, arquivo);
        setTimeout(() => URL.revokeObjectURL(href), 60_000);
        return headers;
      } catch (e) {
        janela?.close();
        // §8: the server's own explanation (a blob call's error is still JSON problem text) goes along.
        const servidor = e instanceof HttpError ? (e.problem?.detail ?? e.problem?.message) : undefined;
        const detalhe = servidor ? ` ${servidor}` : e instanceof HttpError && e.status === 404 ? ` ${t('global.noRecords')}` : '';
        alerts.show('danger', t(textoErro) + detalhe, ALERT_TIMEOUT_MS);
        return null;
      }
    },
    [alerts, t],
  );
}

export function baixar(href: string, arquivo: string) {
  const a = document.createElement('a');
  a.href = href;
  a.download = arquivo;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** The spreadsheet refusals the server names by code (its detail is in Portuguese only). */
const RECUSAS_PLANILHA = new Set(['relatorio.planilhaGrandeDemais', 'relatorio.planilhasOcupadas']);

/** Why a spreadsheet download failed, in the session's language: a refusal the server names by code, else its detail. */
export function erroDaPlanilha(e: unknown, t: TFunction): string {
  const problema = e instanceof HttpError ? e.problem : undefined;
  const detalhe = problema?.message && RECUSAS_PLANILHA.has(problema.message)
    ? t(problema.message, { n: formatInteiro(Number(problema.params ?? 0)) })
    : (problema?.detail ?? '');
  return `${t('relatorio.erroPlanilha')} ${detalhe}`.trim();
}
