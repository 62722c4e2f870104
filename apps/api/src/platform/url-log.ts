/**
 * URLs as they go to the request log (LGPD): search terms travel in the path, so CPFs, CNPJs and
 * names would otherwise sit in clear in every log line. Route literals, record ids, codes and paging
 * stay readable; any other value is masked: documents keep their first 3 and last 2 characters
 * (enough to correlate with a complaint), anything else becomes '***'.
 */
const PATH_PARAMS_KEPT = new Set(['docType', 'page0', 'size', 'id', 'uf', 'codigo', 'caceal', 'numeroPessoa', 'cnae']);
const QUERY_KEPT = new Set(['page', 'size', 'sort', 'sistema', 'codigoInicial', 'codigoFinal', 'id', 'caceal', 'numeroPessoaRaiz', 'fromDate', 'toDate', 'dataInicial', 'dataFinal', 'tipo', 'lang']);
const MAX = 300;

function safeDecode(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

/** A document (CPF 11, CNPJ 14 incl. alphanumeric) partly shown; any other value hidden. */
export function maskValue(raw: string): string {
  const v = safeDecode(raw).replace(/[.\-/\s]/g, '');
  if ((v.length === 11 || v.length === 14) && /^[0-9A-Za-z]+$/.test(v) && /\d{2}$/.test(v)) return `${v.slice(0, 3)}${'*'.repeat(v.length - 5)}${v.slice(-2)}`;
  return raw === '' ? '' : '***';
}

export function urlForLog(url: string, routeTemplate?: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q + 1);
  const segs = path.split('/');
  const tpl = routeTemplate?.split('/');
  const maskedPath = segs
    .map((s, i) => {
      const t = tpl && tpl.length === segs.length ? tpl[i] : undefined;
      if (t === undefined) return /^\d{11}$|^\d{14}$/.test(s) ? maskValue(s) : s.length > 60 ? '***' : s;
      if (!t.startsWith(':')) return s;
      return PATH_PARAMS_KEPT.has(t.slice(1)) ? s : maskValue(s);
    })
    .join('/');
  const maskedQuery = query
    .split('&')
    .filter(Boolean)
    .map((kv) => {
      const eq = kv.indexOf('=');
      const k = eq < 0 ? kv : kv.slice(0, eq);
      const v = eq < 0 ? '' : kv.slice(eq + 1);
      return QUERY_KEPT.has(safeDecode(k)) ? kv : `${k}=${maskValue(v)}`;
    })
    .join('&');
  const out = maskedQuery ? `${maskedPath}?${maskedQuery}` : maskedPath;
  return out.length > MAX ? `${out.slice(0, MAX)}…` : out;
}
