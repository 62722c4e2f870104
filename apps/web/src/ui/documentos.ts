import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ALERT_TIMEOUT_MS, formatInteiro, REGISTRY_API_BASE, type EstadoTarefaPdf, type Problem } from '@cadastro/domain';
import { useAlerts } from './alerts';
import { exportacoes } from './exportacoes';
import { HttpError, request } from './http';

type Consulta = Record<string, string | number | undefined>;
/** How often a background PDF's state is asked for. */
const INTERVALO_TAREFA_MS = 400;
const dormir = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A PDF once its bytes are all here (§7 "PDFs open in a new window"): no window opens before — an empty
 * tab that stays blank for seconds, or opens and closes on a refusal, told the clerk nothing. Where the
 * browser will not open one (its pop-up blocker), the file is downloaded instead.
 */
function entregarPdf(blob: Blob, arquivo: string) {
  const href = URL.createObjectURL(blob);
  if (!window.open(href, '_blank')) baixar(href, arquivo);
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

export function baixar(href: string, arquivo: string) {
  const a = document.createElement('a');
  a.href = href;
  a.download = arquivo;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** The refusals the server names by code (its detail is in Portuguese only): the params are the most rows. */
const RECUSAS = new Set(['relatorio.planilhaGrandeDemais', 'relatorio.planilhasOcupadas', 'relatorio.pdfGrandeDemais']);

/** Why an export failed, in the session's language: a refusal the server names by code (numbers formatted), else its detail. */
function motivo(e: unknown, t: TFunction): string {
  const problema = e instanceof HttpError ? e.problem : undefined;
  if (problema?.message && RECUSAS.has(problema.message)) return t(problema.message, { n: formatInteiro(problema.limite ?? Number(problema.params ?? 0)) });
  return problema?.detail ?? '';
}

/** Why a document failed, in the session's language: the screen's own text (an i18n key), then the reason; a 404 is "no records". */
export function erroDoDocumento(e: unknown, t: TFunction, textoErro = 'documento.erroImpressao'): string {
  const razao = motivo(e, t) || (e instanceof HttpError && e.status === 404 ? t('global.noRecords') : '');
  return `${t(textoErro)} ${razao}`.trim();
}

/** Why a spreadsheet download failed, in the session's language. */
export function erroDaPlanilha(e: unknown, t: TFunction): string {
  return `${t('relatorio.erroPlanilha')} ${motivo(e, t)}`.trim();
}

/**
 * The page's export calls, each with its progress shown while it runs (ExportacoesEmCurso) and its
 * failure in the page: a PDF refused for size offers its spreadsheet there.
 */
export function useExportar() {
  const alerts = useAlerts();
  const { t } = useTranslation();

  const falhou = useCallback(
    (e: unknown, textoErro: string, arquivo: string) => {
      const alternativa = e instanceof HttpError ? e.problem?.alternativa : undefined;
      const texto = erroDoDocumento(e, t, textoErro);
      if (alternativa) exportacoes.recusar({ texto, planilha: { href: alternativa.href, arquivo: arquivo.replace(/\.pdf$/, '') + '.xlsx' } });
      else alerts.show('danger', texto, ALERT_TIMEOUT_MS);
    },
    [alerts, t],
  );

  /** A spreadsheet (the report's XLS button, or the one a refused PDF offers): streamed, its bytes counted as they come. */
  const baixarPlanilha = useCallback(
    /** query: the filter, or undefined when `url` carries it (the spreadsheet a refusal offers). */
    async (url: string, query: Consulta | undefined, arquivo: string) => {
      const ex = exportacoes.iniciar('xlsx');
      try {
        const { data } = await request<Blob>('GET', url, undefined, { query, silent: true, responseType: 'blob', onProgress: (bytes) => ex.atualizar({ bytes }) });
        const href = URL.createObjectURL(data);
        baixar(href, arquivo);
        setTimeout(() => URL.revokeObjectURL(href), 60_000);
        return true;
      } catch (e) {
        alerts.show('danger', erroDaPlanilha(e, t), ALERT_TIMEOUT_MS);
        return false;
      } finally {
        ex.fim();
      }
    },
    [alerts, t],
  );

  /**
   * Opens a server PDF (GET, or POST when `corpo` is given). Resolves to the response headers, or null
   * on failure. textoErro: the screen's own §8 failure text (an i18n key), else the generic print error.
   */
  const abrirPdf = useCallback(
    async (url: string, query: Consulta, arquivo: string, corpo?: unknown, textoErro = 'documento.erroImpressao') => {
      const ex = exportacoes.iniciar('pdf');
      try {
        const { data, headers } = await request<Blob>(corpo === undefined ? 'GET' : 'POST', url, corpo, { query, silent: true, responseType: 'blob', onProgress: (bytes) => ex.atualizar({ bytes }) });
        entregarPdf(data, arquivo);
        return headers;
      } catch (e) {
        falhou(e, textoErro, arquivo);
        return null;
      } finally {
        ex.fim();
      }
    },
    [falhou],
  );

  /**
   * A report's PDF (relatorio/<path>/imprimir): rendered in the background on the server, its phase,
   * rows and bytes shown while the page asks for its state, then opened. Refused at once past its rows.
   */
  const imprimirRelatorio = useCallback(
    async (url: string, query: Consulta, arquivo: string) => {
      const ex = exportacoes.iniciar('pdf', 'consultando');
      try {
        let tarefa = (await request<EstadoTarefaPdf>('POST', `${url}/tarefa`, {}, { query, silent: true })).data;
        while (tarefa.fase === 'consultando' || tarefa.fase === 'montando') {
          ex.atualizar({ fase: tarefa.fase, linhas: tarefa.linhas, bytes: tarefa.bytes });
          await dormir(INTERVALO_TAREFA_MS);
          tarefa = (await request<EstadoTarefaPdf>('GET', `${REGISTRY_API_BASE}/relatorio/tarefa-pdf/${tarefa.id}`, undefined, { silent: true })).data;
        }
        if (tarefa.erro) throw new HttpError(tarefa.erro.status, url, { type: '', title: '', ...tarefa.erro } as Problem, '', undefined);
        ex.atualizar({ fase: 'baixando', bytes: 0 });
        const { data } = await request<Blob>('GET', `${REGISTRY_API_BASE}/relatorio/tarefa-pdf/${tarefa.id}/arquivo`, undefined, {
          silent: true, responseType: 'blob', onProgress: (bytes) => ex.atualizar({ bytes }),
        });
        entregarPdf(data, arquivo);
        return true;
      } catch (e) {
        falhou(e, 'documento.erroImpressao', arquivo);
        return false;
      } finally {
        ex.fim();
      }
    },
    [falhou],
  );

  return { abrirPdf, imprimirRelatorio, baixarPlanilha };
}

/** The PDF call of the screens that print one document (FIC, notices, statements, the taxpayer's sheet). */
export const useAbrirPdf = () => useExportar().abrirPdf;
