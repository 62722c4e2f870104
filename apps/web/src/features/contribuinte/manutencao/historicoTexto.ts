import type { TFunction } from 'i18next';
import { formatCep, formatCnae, formatDocumento, formatMoeda, formatPercentual, type Alteracao } from '@cadastro/domain';
import { formatDay } from '../../../ui/format';

const DIA = /^\d{4}-\d{2}-\d{2}$/;
const CEP = /^\d{8}$/;
const CODIGOS = new Set(['PRINCIPAL', 'SECUNDARIA']);
const DE_ENDERECO = /(^|\.)endereco(\.|$)/;

/**
 * A stored value as the user reads it: days dd/mm/aaaa, S/N as Sim/Não, money R$ 1.234,56, shares 50,00%,
 * CEP 57020-000, codes in words, nothing as a dash. An item added or removed is stored as its fields
 * joined by ' · ': each is formatted alone (events saved before this read the same way).
 */
export function valorTexto(t: TFunction, a: Alteracao, v: string | null): string {
  if (v === null) return '—';
  const peca = (x: string) => {
    if (a.campo.endsWith('valorCapitalSocial')) return formatMoeda(x);
    if (a.campo.endsWith('percentual')) return formatPercentual(x);
    if (a.campo.endsWith('cep') || (DE_ENDERECO.test(a.campo) && CEP.test(x))) return formatCep(x);
    if (CODIGOS.has(x)) return t(`manutencao.historico.codigo.${x}`);
    return DIA.test(x) ? formatDay(x) : x === 'S' ? t('entity.action.yes') : x === 'N' ? t('entity.action.no') : x;
  };
  return v.split(' · ').map(peca).join(' · ');
}

/** The field's name in the user's language: 'socio.percentual' → 'Sócio · Participação'. */
export const campoTexto = (t: TFunction, a: Alteracao) => a.campo.split('.').map((p) => t(`manutencao.campo.${p}`, { defaultValue: p })).join(' · ');

/**
 * The item a change concerns, formatted as the tabs show it (CNAE 9999-9/99, CPF/CNPJ masked); internal
 * keys (an address's row id, a reference table's id) are not shown: the value names the item.
 */
export function chaveTexto(t: TFunction, a: Alteracao): string {
  if (!a.chave) return '';
  if (a.aba === 'atividades') return ` (${formatCnae(a.chave)})`;
  if (DE_ENDERECO.test(a.campo)) {
    // 'documento #id' or 'documento novo-n' (a partner's), '#id' or 'novo-n' (the registration's)
    const [, doc, novo] = /^(\S*?)\s*(?:#\d+|(novo)-\d+)$/.exec(a.chave) ?? [];
    const partes = [doc ? formatDocumento(doc) : '', novo ? t('manutencao.historico.novo') : ''].filter(Boolean);
    return partes.length ? ` (${partes.join(', ')})` : '';
  }
  if (a.aba === 'socios') return ` (${formatDocumento(a.chave)})`;
  if (a.aba === 'procuradores') return ` (${formatDocumento(a.chave.slice(0, 11))})`;
  if (a.campo === 'formaAtuacao' || a.campo === 'tipoUnidade') return '';
  return ` (${a.chave})`;
}
