import type {
  AtividadeSolicitacao, ContabilistaSolicitacao, DetalheSolicitacao, IdentificacaoSolicitacao, MensagemSolicitacao, SocioSolicitacao, SolicitacaoPublica,
  SolicitacoesEncontradas,
} from '@cadastro/domain';

/** A filter of the requests (§3 request query): a CNPJ, a day (Alagoas time), a status code. */
export interface FiltroSolicitacoes {
  cnpj?: string;
  dataSolicitacao?: string;
  situacao?: number;
}

/**
 * The REDESIM / Simples Nacional requests system (§7 "Requests"). Each detail block is its own call,
 * so a block that fails leaves the others on screen. `null` = that request is unknown there.
 */
export interface RedesimPort {
  readonly uri: string;
  readonly mode: 'simulator' | 'remote';
  consultar(filtro: FiltroSolicitacoes): Promise<SolicitacoesEncontradas>;
  /** The CNPJ a REDESIM protocol is about (to check who may read it), null when unknown. */
  cnpjDe(protocolo: string): Promise<string | null>;
  solicitacao(protocolo: string): Promise<DetalheSolicitacao | null>;
  identificacao(protocolo: string): Promise<IdentificacaoSolicitacao | null>;
  atividades(protocolo: string): Promise<AtividadeSolicitacao[] | null>;
  contabilista(protocolo: string): Promise<ContabilistaSolicitacao | null>;
  qsa(protocolo: string): Promise<SocioSolicitacao[] | null>;
  mensagens(protocolo: string): Promise<MensagemSolicitacao[] | null>;
  /** Public: the requests of a protocol (either source) or of a CNPJ on a day — status and messages only. */
  publica(q: { protocolo?: string; cnpj?: string; dataSolicitacao: string }): Promise<SolicitacaoPublica[]>;
  ping(): Promise<boolean>;
}

/** The port could not answer (down, timed out, error status): the block says so and nothing else breaks. */
export class RedesimIndisponivel extends Error {
  constructor(cause?: unknown) {
    super('REDESIM unavailable', { cause });
  }
}

/**
 * The real system over HTTP, the same paths as §7 under `{base}`: GET solicitacao/consultar?…,
 * solicitacao/{p}, identificacao/{p}, atividade-economica/{p}, contabilista/{p}, qsa/{p},
 * mensagem/{p}, publica?…, health. 404 = unknown.
 */
export function redesimHttp(base: string, timeoutMs = 5000): RedesimPort {
  const url = (path: string) => new URL(path, base.endsWith('/') ? base : base + '/');
  async function get<T>(path: string): Promise<T | null> {
    let r: Response;
    try {
      r = await fetch(url(path), { signal: AbortSignal.timeout(timeoutMs) });
    } catch (e) {
      throw new RedesimIndisponivel(e);
    }
    if (r.status === 404) return null;
    if (!r.ok) throw new RedesimIndisponivel(`REDESIM answered ${r.status}`);
    return (await r.json()) as T;
  }
  const qs = (o: Record<string, string | number | undefined>) =>
    new URLSearchParams(Object.entries(o).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString();
  const p = encodeURIComponent;
  return {
    uri: base,
    mode: 'remote',
    consultar: async (f) => (await get<SolicitacoesEncontradas>(`solicitacao/consultar?${qs({ ...f })}`)) ?? { rds: [], csn: [] },
    cnpjDe: async (protocolo) => (await get<DetalheSolicitacao>(`solicitacao/${p(protocolo)}`))?.numCnpj ?? null,
    solicitacao: (protocolo) => get(`solicitacao/${p(protocolo)}`),
    identificacao: (protocolo) => get(`identificacao/${p(protocolo)}`),
    atividades: (protocolo) => get(`atividade-economica/${p(protocolo)}`),
    contabilista: (protocolo) => get(`contabilista/${p(protocolo)}`),
    qsa: (protocolo) => get(`qsa/${p(protocolo)}`),
    mensagens: (protocolo) => get(`mensagem/${p(protocolo)}`),
    publica: async (q) => (await get<SolicitacaoPublica[]>(`publica?${qs(q)}`)) ?? [],
    ping: async () => {
      try {
        return (await fetch(url('health'), { signal: AbortSignal.timeout(timeoutMs) })).ok;
      } catch {
        return false;
      }
    },
  };
}

