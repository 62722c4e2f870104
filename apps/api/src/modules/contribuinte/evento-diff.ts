import type { AbaEvento, Alteracao } from '@cadastro/domain';

/** A value as the timeline keeps it: text, or null for "nothing". */
export type Valor = string | null;
/** The fields of one item of a tab (a partner, an activity, …) or of the tab itself. */
export type Campos = Record<string, Valor>;

export const texto = (v: unknown): Valor => (v === null || v === undefined || v === '' ? null : String(v));
export const simNao = (v: boolean | null | undefined): Valor => (v === null || v === undefined ? null : v ? 'S' : 'N');
/** Array parameter for `= any(...)`: one statement whatever the number of items (values are digits only). */
export const arr = (xs: readonly (number | string)[]) => `{${[...new Set(xs)].join(',')}}`;

/** Field by field difference of one item (chave null = the tab's own fields). */
export function diffCampos(aba: AbaEvento, prefixo: string, chave: Valor, antes: Campos, depois: Campos): Alteracao[] {
  const out: Alteracao[] = [];
  for (const campo of new Set([...Object.keys(antes), ...Object.keys(depois)])) {
    const a = antes[campo] ?? null;
    const d = depois[campo] ?? null;
    if (a !== d) out.push({ aba, campo: prefixo ? `${prefixo}.${campo}` : campo, chave, antes: a, depois: d });
  }
  return out;
}

/**
 * Difference of a list keyed by `chave`: an item only before is removed (its summary before, null after),
 * only after is added, in both is compared field by field.
 */
export function diffLista(aba: AbaEvento, campo: string, antes: Map<string, Campos>, depois: Map<string, Campos>): Alteracao[] {
  const resumo = (c: Campos) => Object.values(c).filter((v) => v !== null).join(' · ') || null;
  const out: Alteracao[] = [];
  for (const [k, a] of antes) {
    const d = depois.get(k);
    if (!d) out.push({ aba, campo, chave: k, antes: resumo(a), depois: null });
    else out.push(...diffCampos(aba, campo, k, a, d));
  }
  for (const [k, d] of depois) if (!antes.has(k)) out.push({ aba, campo, chave: k, antes: null, depois: resumo(d) });
  return out;
}
