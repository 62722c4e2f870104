import { sql, type SQL } from 'drizzle-orm';

/**
 * The "CACEAL, CNPJ or name" filter of the long company lists (#32), as an `and …` fragment: digits
 * (dots, dashes, slashes and spaces dropped) match the CACEAL with its digit or the CNPJ as a prefix,
 * anything else a part of the name, accents and case ignored as in the name search ("COMERCIO" finds
 * "COMÉRCIO", issue 40 §7; LIKE wildcards typed by the user taken literally). Empty: no filter.
 */
export function filtroEmpresa(texto: string | undefined, col: { caceal: string; digito: string; documento: string; nome: string }): SQL {
  const termo = (texto ?? '').trim();
  if (!termo) return sql``;
  const digitos = termo.replace(/[.\-/\s]/g, '');
  if (/^\d+$/.test(digitos)) {
    return sql`and (${sql.raw(col.caceal)}::text || coalesce(${sql.raw(col.digito)}::text, '') like ${`${digitos}%`} or ${sql.raw(col.documento)} like ${`${digitos}%`})`;
  }
  return sql`and cadastro_normaliza(${sql.raw(col.nome)}) like '%' || cadastro_normaliza(${termo.replace(/[\\%_]/g, (x) => `\\${x}`)}) || '%'`;
}
