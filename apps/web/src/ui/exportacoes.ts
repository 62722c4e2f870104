/**
 * The exports under way and the ones refused, for the page to show (ExportacoesEmCurso): every PDF
 * and spreadsheet the SPA fetches reports here, so a clerk sees progress from the first moment (a
 * report's PDF reads its rows and is laid out on the server for seconds) and a refusal in the page.
 * A tiny store, like progress.ts: subscribers get the current state.
 */
export type FaseExportacao = 'consultando' | 'montando' | 'baixando';
export interface Exportacao {
  id: number;
  tipo: 'pdf' | 'xlsx';
  fase: FaseExportacao;
  /** Bytes rendered (on the server) or received (in the browser) so far. */
  bytes: number;
  /** Rows read, once the server tells them. */
  linhas?: number;
  inicio: number;
}
/** A refusal shown in the page; a PDF too big offers its spreadsheet (the server's URL and a file name). */
export interface RecusaExportacao {
  id: number;
  texto: string;
  planilha?: { href: string; arquivo: string };
}
export interface EstadoExportacoes {
  emCurso: readonly Exportacao[];
  recusas: readonly RecusaExportacao[];
}

type Ouvinte = (e: EstadoExportacoes) => void;
let estado: EstadoExportacoes = { emCurso: [], recusas: [] };
let proximo = 1;
const ouvintes = new Set<Ouvinte>();
const mudar = (f: (e: EstadoExportacoes) => EstadoExportacoes) => {
  estado = f(estado);
  for (const o of ouvintes) o(estado);
};

export const exportacoes = {
  subscribe(o: Ouvinte) {
    ouvintes.add(o);
    return () => void ouvintes.delete(o);
  },
  atual: () => estado,
  /** An export starts: what it learns goes to `atualizar`; `fim` takes it off the page (once). */
  iniciar(tipo: Exportacao['tipo'], fase: FaseExportacao = 'baixando') {
    const id = proximo++;
    mudar((e) => ({ ...e, emCurso: [...e.emCurso, { id, tipo, fase, bytes: 0, inicio: Date.now() }] }));
    return {
      atualizar: (p: Partial<Pick<Exportacao, 'fase' | 'bytes' | 'linhas'>>) => mudar((e) => ({ ...e, emCurso: e.emCurso.map((x) => (x.id === id ? { ...x, ...p } : x)) })),
      fim: () => mudar((e) => ({ ...e, emCurso: e.emCurso.filter((x) => x.id !== id) })),
    };
  },
  /** The same text already shown is not repeated (like the alerts). */
  recusar(r: Omit<RecusaExportacao, 'id'>) {
    mudar((e) => (e.recusas.some((x) => x.texto === r.texto) ? e : { ...e, recusas: [...e.recusas, { ...r, id: proximo++ }] }));
  },
  dispensar(id: number) {
    mudar((e) => ({ ...e, recusas: e.recusas.filter((x) => x.id !== id) }));
  },
  /** Another screen: its refusals go (the exports under way stay, their files still arrive). */
  limparRecusas() {
    if (estado.recusas.length) mudar((e) => ({ ...e, recusas: [] }));
  },
};
