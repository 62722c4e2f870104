import { documentKind, validarDocumentoPessoa } from '@cadastro/domain';

/** null when valid; else the i18n key of the hint (shown once the length is complete). */
export function erroDocumento(v: string): string | null {
  const r = validarDocumentoPessoa(v);
  if (r === 'cpf' || r === 'cnpj') return null;
  return r === 'checkDigit' ? 'pessoa.busca.digito' : 'pessoa.busca.invalido';
}

/** A person's page (§2): pessoa/{cpf} or pessoa-juridica/{cnpj}, by the document's kind. */
export const caminhoPessoa = (numeroDocumento: string) => (documentKind(numeroDocumento) === 'CPF' ? `/pessoa/${numeroDocumento}` : `/pessoa-juridica/${numeroDocumento}`);
