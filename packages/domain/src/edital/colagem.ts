import { cacealCheckDigit, TIPOS_CACEAL, validarNumeroCaceal } from '../documents/caceal.js';
import { LIMITE_OBSERVACAO_EDITAL } from './contracts.js';

/** Document types a linked row may cite (ref_tipo_documento_vinculado). */
export const TIPOS_DOCUMENTO_VINCULADO = [
  { id: 1, descricao: 'CPF', digitos: /^\d{11}$/ },
  { id: 2, descricao: 'CNPJ', digitos: /^[0-9A-Z]{12}\d{2}$/ },
  { id: 3, descricao: 'CACEAL', digitos: new RegExp(`^24[${TIPOS_CACEAL.join('')}]\\d{5}$`) },
] as const;

/** Why a pasted row cannot be linked (the dialog paints it red and says which). */
export type ErroColagem = 'colunas' | 'cacealAusente' | 'cacealInvalido' | 'cacealTipo' | 'documentoPar' | 'tipoInvalido' | 'documentoInvalido';

export interface LinhaColada {
  /** The row as pasted, for the dialog. */
  texto: string;
  numeroCaceal: number | null;
  numeroDocumentoVinculado: string | null;
  tipoDocumentoVinculado: number | null;
  observacao: string | null;
  erro: ErroColagem | null;
}

const celula = (v: string | undefined) => {
  const s = v?.trim();
  return s ? s : null;
};

/**
 * 8 digits "24" + company type + 5, or 9 with its check digit (masked or not); else why not (a wrong
 * type digit is said apart: the number looks right but no registration can have it).
 */
function caceal(v: string): number | 'cacealInvalido' | 'cacealTipo' {
  const d = v.replace(/[.\-\s]/g, '');
  const numero = d.length === 9 && cacealCheckDigit(d.slice(0, 8)) === Number(d[8]) ? d.slice(0, 8) : d;
  const erro = validarNumeroCaceal(numero);
  return erro === null ? Number(numero) : erro === 'cacealTipo' ? 'cacealTipo' : 'cacealInvalido';
}

function tipo(v: string): number | null {
  const s = v.trim().toUpperCase();
  const t = TIPOS_DOCUMENTO_VINCULADO.find((x) => x.descricao === s || String(x.id) === s);
  return t ? t.id : null;
}

/** One pasted line: tab-separated CACEAL, Documento, Tipo Documento, Observação (§5; empty cells null). */
export function lerLinhaColada(texto: string): LinhaColada {
  const cols = texto.split('\t');
  const [c, d, t, o] = cols.map((x) => celula(x));
  const linha: LinhaColada = {
    texto,
    numeroCaceal: null,
    numeroDocumentoVinculado: d ? d.replace(/[.\-/\s]/g, '').toUpperCase() : null,
    tipoDocumentoVinculado: null,
    observacao: o ? o.slice(0, LIMITE_OBSERVACAO_EDITAL) : null,
    erro: null,
  };
  if (cols.length > 4) return { ...linha, erro: 'colunas' };
  if (!c) return { ...linha, erro: 'cacealAusente' };
  const numero = caceal(c);
  if (typeof numero === 'string') return { ...linha, erro: numero };
  linha.numeroCaceal = numero;
  if (!d !== !t) return { ...linha, erro: 'documentoPar' };
  if (t) {
    linha.tipoDocumentoVinculado = tipo(t);
    if (linha.tipoDocumentoVinculado === null) return { ...linha, erro: 'tipoInvalido' };
    const regra = TIPOS_DOCUMENTO_VINCULADO.find((x) => x.id === linha.tipoDocumentoVinculado)!;
    if (!regra.digitos.test(linha.numeroDocumentoVinculado!)) return { ...linha, erro: 'documentoInvalido' };
  }
  return linha;
}

/** The identity of a linked row: the same (CACEAL, document, type) is added once. */
export const chaveVinculo = (r: { numeroCaceal: number | null; numeroDocumentoVinculado: string | null; tipoDocumentoVinculado: number | null }) =>
  `${r.numeroCaceal ?? ''}|${r.numeroDocumentoVinculado ?? ''}|${r.tipoDocumentoVinculado ?? ''}`;

/**
 * A paste (one row per line, blank lines skipped) added to the rows already listed: duplicates of a
 * listed or an earlier pasted row are left out; invalid rows stay, marked, so the user sees them.
 */
export function colarLinhas(existentes: readonly LinhaColada[], colado: string): LinhaColada[] {
  const vistos = new Set(existentes.filter((r) => !r.erro).map(chaveVinculo));
  const novas: LinhaColada[] = [];
  for (const l of colado.split(/\r?\n/)) {
    if (!l.trim()) continue;
    const r = lerLinhaColada(l);
    if (!r.erro) {
      const k = chaveVinculo(r);
      if (vistos.has(k)) continue;
      vistos.add(k);
    }
    novas.push(r);
  }
  return [...existentes, ...novas];
}

/** §5: OK is disabled while the list is empty or any row is invalid. */
export const listaColadaValida = (linhas: readonly LinhaColada[]) => linhas.length > 0 && linhas.every((l) => !l.erro);
