import { formatCaceal } from '@cadastro/domain';

/**
 * A CACEAL as the offices write it (24.813.367-0), kept on one line: a squeezed table column or a
 * narrow card broke it after the hyphen or anywhere inside (issue 40 §7), and a number read in two
 * pieces is misread.
 */
export function Caceal({ numero, digito }: { numero: number; digito?: number | null }) {
  return <span style={{ whiteSpace: 'nowrap', overflowWrap: 'normal' }}>{formatCaceal(numero, digito ?? undefined)}</span>;
}
