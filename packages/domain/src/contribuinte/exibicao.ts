/** §5: the fantasy name is cut to 23 characters plus an ellipsis when longer than 26 (the whole name in a popover). */
export function abreviarNomeFantasia(nome: string): { texto: string; abreviado: boolean } {
  return nome.length > 26 ? { texto: `${nome.slice(0, 23)}…`, abreviado: true } : { texto: nome, abreviado: false };
}
